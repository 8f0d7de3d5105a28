import { describe, expect, it } from 'vitest';
import { Money, fromCents, toCents } from '@backoffice/contracts';

describe('money at the API boundary', () => {
  it('converts decimal reais to integer cents without float drift', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1_234_567.89)).toBe(123_456_789);
    expect(fromCents(1999)).toBe(19.99);
    expect(fromCents(123_456_789n)).toBe(1_234_567.89);
    for (let cents = 0; cents < 10_000; cents += 7) expect(toCents(fromCents(cents))).toBe(cents);
  });

  it('accepts two decimal places and refuses more', () => {
    expect(Money.safeParse(10.5).success).toBe(true);
    expect(Money.safeParse(10.55).success).toBe(true);
    expect(Money.safeParse(10.555).success).toBe(false);
  });
});
