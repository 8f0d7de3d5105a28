import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../../lib/queue.ts';
import { createLocalMessageProvider, type MessageProvider } from './message-provider.ts';
import type { MessageRow, MessagingRepo, NewMessage } from './messaging.repo.ts';
import { createMessagingService } from './messaging.service.ts';

/** The repository's contract over a Map: one row per (account, dedup key). */
function memoryRepo(): MessagingRepo {
  const rows = new Map<number, MessageRow>();
  const update = (id: number, statuses: string[], data: Partial<MessageRow>) => {
    const row = rows.get(id);
    if (!row || !statuses.includes(row.status)) return Promise.resolve({ count: 0 });
    rows.set(id, { ...row, ...data });
    return Promise.resolve({ count: 1 });
  };
  return {
    async record(m: NewMessage) {
      const existing = [...rows.values()].find((r) => r.accountId === m.accountId && r.dedupKey === m.dedupKey);
      if (existing) return existing;
      const row: MessageRow = {
        id: rows.size + 1, accountId: m.accountId, channel: m.channel ?? 'whatsapp', to: m.to, body: m.body, status: 'queued', provider: m.provider,
        providerMessageId: null, subjectType: m.subjectType ?? null, subjectId: m.subjectId ?? null, dedupKey: m.dedupKey, error: null, createdAt: new Date(), sentAt: null,
        content: m.content ?? null, customerId: m.customerId ?? null, deliveredAt: null, readAt: null, failedAt: null,
      };
      rows.set(row.id, row);
      return row;
    },
    find: async (id: number) => rows.get(id) ?? null,
    markSent: (id: number, providerMessageId: string) => update(id, ['queued', 'failed'], { status: 'sent', providerMessageId, sentAt: new Date(), error: null }),
    markFailed: (id: number, error: string) => update(id, ['queued', 'failed'], { status: 'failed', error }),
    async latestFor(accountId: number, subjectType: string, ids: number[]) {
      const out = new Map<number, MessageRow>();
      for (const r of [...rows.values()].reverse()) if (r.accountId === accountId && r.subjectType === subjectType && r.subjectId !== null && ids.includes(r.subjectId) && !out.has(r.subjectId)) out.set(r.subjectId, r);
      return out;
    },
  } as unknown as MessagingRepo;
}

const queue = { add: async () => undefined } as unknown as JobQueue;
const message = { accountId: 1, to: '+5511987654321', body: 'Olá', subjectType: 'shopping_cart', subjectId: 9, dedupKey: 'shopping_cart:9:v1' };

describe('messaging service', () => {
  it('records a dedup key once and sends it once through the local provider', async () => {
    const messaging = createMessagingService({ repo: memoryRepo(), queue, provider: createLocalMessageProvider() });
    const a = await messaging.record(message);
    const b = await messaging.record({ ...message, body: 'outro texto' });
    expect(b.id).toBe(a.id);
    const sent = await messaging.deliver(a.id);
    expect(sent).toMatchObject({ status: 'sent', provider: 'local', body: 'Olá', error: null });
    expect(sent!.providerMessageId).toMatch(/^local-/);
    const again = await messaging.deliver(a.id);
    expect(again!.providerMessageId).toBe(sent!.providerMessageId);
  });

  it('records a failure with its error and sends on the retry', async () => {
    let calls = 0;
    const flaky: MessageProvider = {
      name: 'flaky',
      submitTemplate: async () => ({ status: 'pending', reason: null }),
      async send() {
        calls += 1;
        if (calls === 1) throw new Error('provedor fora do ar');
        return { providerMessageId: 'ok-2' };
      },
    };
    const messaging = createMessagingService({ repo: memoryRepo(), queue, provider: flaky });
    const row = await messaging.record(message);
    await expect(messaging.deliver(row.id)).rejects.toThrow('provedor fora do ar');
    expect((await messaging.latestFor(1, 'shopping_cart', [9])).get(9)).toMatchObject({ status: 'failed', error: 'provedor fora do ar' });
    expect(await messaging.deliver(row.id)).toMatchObject({ status: 'sent', providerMessageId: 'ok-2', error: null });
  });
});
