import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartAbandonmentSearch } from './metrics-search';

describe('cart abandonment URL state', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T02:30:00Z') }));
  afterEach(() => vi.useRealTimers());
  const fallback = { from: '2026-10-24', to: '2026-11-22' };

  it('defaults to the last 30 São Paulo days, today included, and every store', () => {
    expect(CartAbandonmentSearch.parse({})).toEqual(fallback);
  });

  it('keeps a valid period and store from the URL', () => {
    expect(CartAbandonmentSearch.parse({ from: '2026-11-01', to: '2026-11-15', location_id: '7' })).toEqual({ from: '2026-11-01', to: '2026-11-15', location_id: 7 });
  });

  it('falls back for half, reversed, malformed or over-long periods and a bad store', () => {
    expect(CartAbandonmentSearch.parse({ from: '2026-11-01' })).toEqual(fallback);
    expect(CartAbandonmentSearch.parse({ from: '2026-11-15', to: '2026-11-01' })).toEqual(fallback);
    expect(CartAbandonmentSearch.parse({ from: '15/11/2026', to: '2026-11-20' })).toEqual(fallback);
    expect(CartAbandonmentSearch.parse({ from: '2024-01-01', to: '2026-11-20' })).toEqual(fallback);
    expect(CartAbandonmentSearch.parse({ location_id: 'loja' })).toEqual(fallback);
  });
});
