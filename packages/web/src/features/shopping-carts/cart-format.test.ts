import { describe, expect, it } from 'vitest';
import { countByStatus, formatQuantity, formatUnitPrice, groupItems, onPromotion, productLabel } from './cart-format';
import { REVIEW_CART, product } from './cart-fixtures';
import { actionsFor } from './status';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('cart display helpers', () => {
  it('groups the items in the fixed order confirmed, pending, stock_out', () => {
    const groups = groupItems(REVIEW_CART.groups);
    expect(groups.map((g) => [g.status, g.items.length])).toEqual([
      ['confirmed', 2],
      ['pending', 1],
      ['stock_out', 1],
    ]);
    expect(countByStatus(REVIEW_CART.items)).toEqual({ confirmed: 2, pending: 1, stock_out: 1 });
  });

  it('shows packs as units and weighed items as units of their weight with the total (0,5 kg by default)', () => {
    expect(formatQuantity({ quantity: 3, unit_measurement: 'un' })).toBe('3 un');
    expect(formatQuantity({ quantity: 4, unit_measurement: 'kg', weight_per_unit: null })).toBe('4 × 500 g = 2 kg');
    expect(formatQuantity({ quantity: 3, unit_measurement: 'kg', weight_per_unit: 0.25 })).toBe('3 × 250 g = 750 g');
    expect(plain(formatUnitPrice(product(1, 'Banana', { unit_measurement: 'kg', price: 3.5 })))).toBe('R$ 3,50 / 500 g');
    expect(plain(formatUnitPrice(product(1, 'Leite', { price: 5.49 })))).toBe('R$ 5,49');
  });

  it('names a product with its pack unless the name says it, and tells a running promotion', () => {
    expect(productLabel({ name: 'Leite Integral', size_pack: '1L' })).toBe('Leite Integral 1L');
    expect(productLabel({ name: 'Café 500g', size_pack: '500g' })).toBe('Café 500g');
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(onPromotion(product(1, 'x', { price: 8, list_price: 10, start_promotion: '2026-05-01T00:00:00Z', end_promotion: '2026-07-01T00:00:00Z' }), now)).toBe(true);
    expect(onPromotion(product(1, 'x', { price: 8, list_price: 10, start_promotion: '2026-07-01T00:00:00Z', end_promotion: null }), now)).toBe(false);
    expect(onPromotion(product(1, 'x', { price: 10, list_price: 10 }), now)).toBe(false);
  });

  it('offers the actions each status allows (the API’s transitions)', () => {
    expect(actionsFor('in_review')).toEqual(['approve', 'cancel']);
    expect(actionsFor('approved')).toEqual(['sendLink', 'reopen', 'cancel']);
    expect(actionsFor('opened')).toContain('sendLink');
    expect(actionsFor('deleted')).toEqual(['restore']);
  });
});
