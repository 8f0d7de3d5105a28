import { describe, expect, it } from 'vitest';
import { splitCents } from './cart-pricing.ts';
import { createCartTokens } from './cart-token.ts';

describe('cart link tokens', () => {
  const tokens = createCartTokens('segredo-de-teste');

  it('round-trips what it signs', () => {
    const token = tokens.sign({ cartId: 1234, accountId: 7, version: 3 });
    expect(token).toMatch(/^[\w.-]+$/);
    expect(tokens.verify(token)).toEqual({ cartId: 1234, accountId: 7, version: 3 });
  });

  it('refuses a changed payload, a changed signature, another key and garbage', () => {
    const token = tokens.sign({ cartId: 1234, accountId: 7, version: 3 });
    const [cart, account, version, mac] = token.split('.');
    expect(tokens.verify(`${(1235).toString(36)}.${account}.${version}.${mac}`)).toBeNull();
    expect(tokens.verify(`${cart}.${account}.${version}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(createCartTokens('outro-segredo').verify(token)).toBeNull();
    for (const bad of ['', 'abc', 'a.b.c.d', `${token}.x`, '0.0.0.AAAAAAAAAAAAAAAAAAAAAA']) expect(tokens.verify(bad)).toBeNull();
  });
});

describe('splitCents', () => {
  it('splits in proportion and adds up exactly', () => {
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitCents(749, [998, 499])).toEqual([499, 250]);
    expect(splitCents(0, [5, 5])).toEqual([0, 0]);
    expect(splitCents(10, [0, 0])).toEqual([0, 0]);
  });
});
