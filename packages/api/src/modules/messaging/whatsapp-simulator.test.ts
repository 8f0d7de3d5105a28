import { describe, expect, it } from 'vitest';
import type { ProviderMessage } from './message-provider.ts';
import type { ReportedStatus } from './messaging.service.ts';
import { createWhatsAppSimulator } from './whatsapp-simulator.ts';
import type { TemplateDecision } from './whatsapp.ts';

const message = (accountId: number, messageId: number): ProviderMessage => ({
  accountId,
  messageId,
  channel: 'whatsapp',
  to: '+5511987654321',
  body: 'Oi',
  content: { kind: 'text', text: 'Oi' },
  key: `${accountId}:${messageId}`,
});

function simulator(ratePerSecond: number) {
  const statuses: Array<{ status: ReportedStatus; delayMs: number }> = [];
  const decisions: Array<{ decision: TemplateDecision; delayMs: number }> = [];
  const provider = createWhatsAppSimulator({
    delayMs: 1500,
    ratePerSecond,
    reportStatuses: async (list, delayMs) => void statuses.push(...list.map((status) => ({ status, delayMs }))),
    reportTemplateDecision: async (decision, delayMs) => void decisions.push({ decision, delayMs }),
  });
  return { provider, statuses, decisions };
}

describe('the WhatsApp simulator', () => {
  it("takes an account's messages at its rate per second, each account at its own", async () => {
    const { provider } = simulator(20);
    const started = Date.now();
    await Promise.all(Array.from({ length: 9 }, (_, i) => provider.send(message(1, i))));
    const oneAccount = Date.now() - started;
    // 9 messages at 20/s: the 9th waits 8 × 50 ms.
    expect(oneAccount).toBeGreaterThanOrEqual(380);
    const again = Date.now();
    await Promise.all([2, 3, 4].map((accountId) => provider.send(message(accountId, 1))));
    expect(Date.now() - again).toBeLessThan(200);
  });

  it('takes a batch at the same rate: the next batch waits until the slots of the one before have passed', async () => {
    const { provider } = simulator(20);
    const answers = await provider.sendMany!(Array.from({ length: 5 }, (_, i) => message(1, i)));
    expect(new Set(answers.map((a) => ('providerMessageId' in a ? a.providerMessageId : a.error))).size).toBe(5);
    // 5 messages at 20/s take 250 ms of the number's throughput: the next batch's first slot comes then.
    const next = Date.now();
    await provider.sendMany!([message(1, 5), message(1, 6)]);
    expect(Date.now() - next).toBeGreaterThanOrEqual(200);
  });

  it('reports a sent message delivered after its delay, and decides templates later by their body', async () => {
    const { provider, statuses, decisions } = simulator(80);
    const { providerMessageId } = await provider.send(message(1, 1));
    expect(providerMessageId).toMatch(/^local-/);
    await provider.afterSent!([{ ...message(1, 1), providerMessageId }]);
    expect(statuses).toEqual([{ status: { provider: 'local', providerMessageId, status: 'delivered', at: expect.any(String), error: null }, delayMs: 1500 }]);
    expect(await provider.submitTemplate({ accountId: 1, name: 'ok', language: 'pt_BR', body: 'Olá {{1}}, tudo bem?', buttons: [] })).toEqual({ status: 'pending', reason: null });
    await provider.submitTemplate({ accountId: 1, name: 'ruim', language: 'pt_BR', body: 'Olá {{1}}{{2}}, tudo bem?', buttons: [] });
    expect(decisions.map((d) => [d.decision.name, d.decision.status, d.delayMs])).toEqual([
      ['ok', 'approved', 1500],
      ['ruim', 'rejected', 1500],
    ]);
    expect(decisions[1]!.decision.reason).toMatch(/lado a lado/);
  });
});
