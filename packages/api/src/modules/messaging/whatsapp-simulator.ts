import { randomUUID } from 'node:crypto';
import type { MessageProvider, TemplateSubmission } from './message-provider.ts';
import type { ReportedStatus } from './messaging.service.ts';
import type { TemplateDecision } from './whatsapp.ts';

export const MAX_TEMPLATE_BODY = 1024;

/**
 * Why Meta would reject a template's body, in the words its manager shows (the code first, as the
 * webhook's `reason` carries it), or null when it passes: a variable at the start or the end,
 * variables side by side, variables not numbered {{1}} to {{n}} in order, more than 1024 characters.
 */
export function templateRejection(body: string): string | null {
  const text = body.trim();
  if (text.length > MAX_TEMPLATE_BODY) return `INVALID_FORMAT: o corpo da mensagem tem ${text.length} caracteres; o máximo é ${MAX_TEMPLATE_BODY}.`;
  const placeholders = [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]!);
  if (!placeholders.length) return null;
  if (/^\{\{[^{}]*\}\}/.test(text) || /\{\{[^{}]*\}\}[.!?…]?$/.test(text)) {
    return 'INVALID_FORMAT: o corpo da mensagem não pode começar nem terminar com uma variável ({{1}}). Escreva um texto antes e depois dela.';
  }
  if (/\}\}\s*\{\{/.test(text)) return 'INVALID_FORMAT: há variáveis lado a lado, sem texto entre elas. Separe cada variável com palavras.';
  const firstSeen: number[] = [];
  for (const p of placeholders) {
    if (!/^\d+$/.test(p)) return `INVALID_FORMAT: a variável {{${p}}} não é um número. Use {{1}}, {{2}} e assim por diante.`;
    const n = Number(p);
    if (!firstSeen.includes(n)) firstSeen.push(n);
  }
  if (firstSeen.some((n, i) => n !== i + 1)) {
    return `INVALID_FORMAT: as variáveis devem ser numeradas em sequência, de {{1}} a {{${firstSeen.length}}}, na ordem em que aparecem, sem pular números.`;
  }
  return null;
}

export interface SimulatorDeps {
  /** Milliseconds before the customer's phone reports a message delivered, and before a template is decided. */
  delayMs: number;
  /** Messages per second an account's number takes (Meta's throughput): sends beyond it wait their turn. */
  ratePerSecond: number;
  reportStatuses(statuses: ReportedStatus[], delayMs: number): Promise<void>;
  reportTemplateDecision(decision: TemplateDecision, delayMs: number): Promise<void>;
}

/**
 * The local WhatsApp simulator, the default provider: sends nothing outside, at most `ratePerSecond`
 * messages a second per account (per process), as Meta's throughput; a sent message appears in the
 * customer-side panel and is reported delivered a moment later (read when the panel shows it read);
 * a submitted template is decided a moment later by Meta's body rules.
 */
export function createWhatsAppSimulator(deps: SimulatorDeps): MessageProvider {
  const interval = 1000 / deps.ratePerSecond;
  /** When each account's number can take its next message (this process's sends). */
  const nextSlot = new Map<number, number>();
  /**
   * Takes `count` consecutive send slots of the account's number; resolves when the first one comes
   * (Meta takes a batch within its throughput at once: what is sent beyond it waits its turn).
   */
  async function slots(accountId: number, count: number) {
    const now = Date.now();
    const first = Math.max(now, nextSlot.get(accountId) ?? 0);
    nextSlot.set(accountId, first + count * interval);
    if (first > now) await new Promise((resolve) => setTimeout(resolve, first - now));
  }
  return {
    name: 'local',
    async send(message) {
      await slots(message.accountId, 1);
      return { providerMessageId: `local-${randomUUID()}` };
    },
    async sendMany(messages) {
      const perAccount = new Map<number, number>();
      for (const m of messages) perAccount.set(m.accountId, (perAccount.get(m.accountId) ?? 0) + 1);
      await Promise.all([...perAccount].map(([accountId, count]) => slots(accountId, count)));
      return messages.map(() => ({ providerMessageId: `local-${randomUUID()}` }));
    },
    async afterSent(messages) {
      const at = new Date(Date.now() + deps.delayMs).toISOString();
      await deps.reportStatuses(
        messages.map((m) => ({ provider: 'local', providerMessageId: m.providerMessageId, status: 'delivered' as const, at, error: null })),
        deps.delayMs,
      );
    },
    async submitTemplate(template: TemplateSubmission) {
      const reason = templateRejection(template.body);
      await deps.reportTemplateDecision(
        { accountId: template.accountId, name: template.name, status: reason ? 'rejected' : 'approved', reason },
        deps.delayMs,
      );
      return { status: 'pending', reason: null };
    },
  };
}
