import { describe, expect, it } from 'vitest';
import { attemptFor, createRechargeAttempts } from './idempotency';
import { counterpartId, formatSignedAmount, movementTypeLabel, movementUserLabel } from './wallet-format';
import { balancePoints } from './balance-chart';

describe('wallet formatting', () => {
  it('writes the user as "name {email}", or "Sistema" for automatic debits', () => {
    expect(movementUserLabel('Ana Paula Souza', 'admin@varejo.test')).toBe('Ana Paula Souza {admin@varejo.test}');
    expect(movementUserLabel(null, null)).toBe('Sistema');
  });

  it('signs credits + and debits −, whatever the sign the amount carries', () => {
    const plain = (s: string) => s.replace(/\s/g, ' ');
    expect(plain(formatSignedAmount(100, 'credit'))).toBe('+R$ 100,00');
    expect(plain(formatSignedAmount(-0.4, 'debit'))).toBe('−R$ 0,40');
  });

  it('names types and subtypes in Portuguese, keeping an unknown subtype', () => {
    expect(movementTypeLabel('credit', 'recharge')).toBe('Crédito · Recarga');
    expect(movementTypeLabel('debit', 'cpc')).toBe('Débito · Cliques (CPC)');
    expect(movementTypeLabel('debit', 'cpm')).toBe('Débito · Impressões (CPM)');
    expect(movementTypeLabel('debit', 'ajuste')).toBe('Débito · ajuste');
  });

  it('takes the counterpart account for rmid', () => {
    const w = { advertiser: { id: 2 }, publisher: { id: 1 } };
    expect(counterpartId(w, 1)).toBe(2);
    expect(counterpartId(w, 2)).toBe(1);
  });

  it('orders the balance line oldest first', () => {
    const points = balancePoints([
      { id: 2, created_at: '2026-11-23T17:05:00.000Z', balanceAfter: 10 },
      { id: 1, created_at: '2026-11-22T17:05:00.000Z', balanceAfter: 5 },
    ]);
    expect(points.map((p) => p.balance)).toEqual([5, 10]);
  });
});

describe('recharge idempotency keys', () => {
  let n = 0;
  const makeKey = () => `key-${++n}-abcdefgh`;

  it('keeps the key for the same submission and makes a new one for another', () => {
    const first = attemptFor(null, { amount: 10 }, makeKey);
    expect(attemptFor(first, { amount: 10 }, makeKey)).toBe(first);
    const other = attemptFor(first, { amount: 11 }, makeKey);
    expect(other.key).not.toBe(first.key);
  });

  it('uses crypto.randomUUID by default', () => {
    expect(attemptFor(null, {}).key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends nothing for a second click while the first is on its way, and starts over after a success', () => {
    const attempts = createRechargeAttempts(makeKey);
    const first = attempts.start({ amount: 10 });
    expect(first).not.toBeNull();
    expect(attempts.start({ amount: 10 })).toBeNull();
    attempts.finish(false);
    expect(attempts.start({ amount: 10 })).toBe(first);
    attempts.finish(true);
    expect(attempts.start({ amount: 10 })).not.toBe(first);
  });
});
