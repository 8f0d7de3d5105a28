import { describe, expect, it } from 'vitest';
import type { OfferMatch } from '../catalog/offer-matching.ts';
import { resolveLine } from './cart-matching.ts';

let nextId = 1;
const offer = (name: string, score: number, over: Partial<OfferMatch> = {}): OfferMatch => ({
  productId: nextId++,
  sku: name.toUpperCase().replace(/\W+/g, '-'),
  name,
  brand: null,
  gtin: null,
  imageUrl: null,
  categories: ['Mercearia'],
  unitMeasurement: 'un',
  sizePack: null,
  weightPerUnit: null,
  tags: [],
  priceCents: 1000,
  listPriceCents: 1000,
  promotionalPriceCents: null,
  promotionStartAt: null,
  promotionEndAt: null,
  stock: 10,
  available: true,
  score,
  ...over,
});
const count = { quantity: 1, unit: null };
const names = (r: ReturnType<typeof resolveLine>) => [r.status, r.product?.name ?? null, r.candidates.map((c) => c.name)];

describe('resolveLine', () => {
  it('confirms a relevant match clearly ahead of the others', () => {
    expect(names(resolveLine(count, [offer('Arroz Tio João 1kg', 0.99), offer('Feijão Tio João 1kg', 0.8)]))).toEqual(['confirmed', 'Arroz Tio João 1kg', []]);
  });

  it('confirms a typo that nothing else comes near ("aroz")', () => {
    expect(names(resolveLine(count, [offer('Arroz Branco 5kg', 0.57), offer('Feijão Carioca 1kg', 0.4)]))).toEqual(['confirmed', 'Arroz Branco 5kg', []]);
    expect(resolveLine(count, [offer('Arroz Branco 5kg', 0.5), offer('Arroz Integral 1kg', 0.44)]).status).toBe('pending');
  });

  it('leaves close matches pending with the available ones as candidates', () => {
    const r = resolveLine(count, [offer('Cerveja Pilsen', 0.99), offer('Cerveja IPA', 0.97, { available: false }), offer('Cerveja Puro Malte', 0.95), offer('Cervejeira', 0.5)]);
    expect(names(r)).toEqual(['pending', 'Cerveja Pilsen', ['Cerveja Pilsen', 'Cerveja Puro Malte']]);
  });

  it('marks a clear best match the store lacks stock_out', () => {
    expect(names(resolveLine(count, [offer('Café Pirilampo 500g', 0.99, { available: false, stock: 0 }), offer('Chá Mate', 0.6)]))).toEqual([
      'stock_out',
      'Café Pirilampo 500g',
      [],
    ]);
  });

  it('marks stock_out when every close match is missing', () => {
    const r = resolveLine(count, [offer('Papel A', 0.99, { available: false }), offer('Papel B', 0.98, { available: false })]);
    expect(names(r)).toEqual(['stock_out', 'Papel A', []]);
  });

  it('leaves a line with nothing relevant pending with no candidate', () => {
    expect(names(resolveLine(count, []))).toEqual(['pending', null, []]);
    expect(names(resolveLine(count, [offer('Algo', 0.3)]))).toEqual(['pending', null, []]);
  });

  it('picks, among close matches, the one the amount asked points at', () => {
    const sauce = offer('Molho de Tomate 340g', 0.99, { sizePack: '340g' });
    const tomato = offer('Tomate Italiano', 0.99, { unitMeasurement: 'kg' });
    expect(names(resolveLine({ quantity: 1.5, unit: 'kg' }, [sauce, tomato]))[1]).toBe('Tomate Italiano');
    const one = offer('Arroz Zumbelino 1kg', 0.99, { sizePack: '1kg' });
    const five = offer('Arroz Zumbelino 5kg', 0.99, { sizePack: '5kg' });
    expect(names(resolveLine({ quantity: 5, unit: 'kg' }, [one, five]))[1]).toBe('Arroz Zumbelino 5kg');
    expect(resolveLine({ quantity: 2, unit: 'kg' }, [one, five]).status).toBe('pending');
  });
});
