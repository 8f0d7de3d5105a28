import { describe, expect, it } from 'vitest';
import { evaluateCart, splitProportionally, type Cart, type EnginePromotion } from './pricing-engine.ts';

const NOW = new Date('2026-11-20T15:00:00Z');
const DAY = 86_400_000;
let nextId = 1;

/** A running, unlimited promotion of every store and customer; `over` changes what a test is about. */
const promo = (over: Partial<EnginePromotion>): EnginePromotion => ({
  id: nextId++,
  name: 'Promoção',
  promotionType: 'discount',
  code: null,
  startAt: new Date(NOW.getTime() - DAY),
  endAt: new Date(NOW.getTime() + DAY),
  active: true,
  disabledAt: null,
  benefits: { type: 'percent', value: 10 },
  trigger: { kind: 'quantity', quantity: 1 },
  limitTotal: null,
  limitPerCustomer: null,
  usesCount: 0,
  customerUses: 0,
  locationIds: [],
  customers: [],
  selectedOffers: [],
  priority: 0,
  exclusive: false,
  ...over,
});

// Leite R$ 5,49 × 6 = 32,94; Café R$ 18,90 × 2 = 37,80; Arroz R$ 27,50 × 1 = 27,50 → 98,24; frete 15,00.
const cart = (over: Partial<Cart> = {}): Cart => ({
  items: [
    { sku: 'LEITE', quantity: 6, unitPriceCents: 549 },
    { sku: 'CAFE', quantity: 2, unitPriceCents: 1890 },
    { sku: 'ARROZ', quantity: 1, unitPriceCents: 2750 },
  ],
  shippingCents: 1500,
  ...over,
});

const run = (promotions: EnginePromotion[], c: Cart = cart(), now = NOW) => evaluateCart(c, promotions, now);
const lineDiscounts = (r: ReturnType<typeof run>) => Object.fromEntries(r.items.map((l) => [l.sku, l.discountCents]));

describe('splitProportionally', () => {
  it('splits with largest remainders so the parts add up exactly', () => {
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitProportionally(1000, [3294, 3780, 2750])).toEqual([335, 385, 280]);
    expect(splitProportionally(0, [5, 5])).toEqual([0, 0]);
    expect(splitProportionally(7, [0, 10, 0])).toEqual([0, 7, 0]);
  });

  it('always sums to the whole and never exceeds a weight (many random carts)', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * n);
    };
    for (let round = 0; round < 2000; round++) {
      const weights = Array.from({ length: 1 + rnd(30) }, () => (rnd(5) === 0 ? 0 : rnd(5_000_000)));
      const sum = weights.reduce((s, w) => s + w, 0);
      const amount = rnd(sum + 1);
      const parts = splitProportionally(amount, weights);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(sum === 0 ? 0 : amount);
      parts.forEach((p, i) => {
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(weights[i]!);
      });
    }
  });
});

describe('every type × trigger, with worked totals', () => {
  it('buy_pay "leve 3 pague 2" with a quantity trigger gives floor(qty/3) free units per item', () => {
    const r = run([promo({ promotionType: 'buy_pay', benefits: { pay: 2 }, trigger: { kind: 'quantity', quantity: 3 }, selectedOffers: ['LEITE'] })]);
    // 6 leites: 2 free × 5,49 = 10,98.
    expect(lineDiscounts(r)).toEqual({ LEITE: 1098, CAFE: 0, ARROZ: 0 });
    expect(r).toMatchObject({ subtotalCents: 9824, itemsDiscountCents: 1098, shippingDiscountCents: 0, totalCents: 9824 - 1098 + 1500 });
  });

  it('buy_pay with take and an items trigger; not triggered below min_quantity', () => {
    const p = promo({ promotionType: 'buy_pay', benefits: { pay: 1, take: 2 }, trigger: { kind: 'items', offers_ids: ['CAFE'], min_quantity: 2 }, selectedOffers: ['CAFE'] });
    expect(run([p]).itemsDiscountCents).toBe(1890);
    const one = cart({ items: [{ sku: 'CAFE', quantity: 1, unitPriceCents: 1890 }] });
    expect(run([p], one).applied).toEqual([]);
  });

  it('buy_pay with a total trigger over the whole cart', () => {
    const p = promo({ promotionType: 'buy_pay', benefits: { pay: 4, take: 5 }, trigger: { kind: 'total', offers_ids: [], min_value: 9000 } });
    // Only LEITE has 5+ units: 1 free = 5,49.
    expect(run([p]).itemsDiscountCents).toBe(549);
    expect(run([{ ...p, trigger: { kind: 'total', offers_ids: [], min_value: 9825 } }]).applied).toEqual([]);
  });

  it('discount percent on selected offers with a quantity trigger', () => {
    const r = run([promo({ benefits: { type: 'percent', value: 15 }, trigger: { kind: 'quantity', quantity: 8 }, selectedOffers: ['LEITE', 'CAFE'] })]);
    // (32,94 + 37,80) × 15% = 10,611 → 10,61, split 32,94 : 37,80.
    expect(r.itemsDiscountCents).toBe(1061);
    expect(lineDiscounts(r)).toEqual({ LEITE: 494, CAFE: 567, ARROZ: 0 });
    expect(r.totalCents).toBe(9824 - 1061 + 1500);
  });

  it('discount fixed once per order, split across the whole cart, with a total trigger', () => {
    const r = run([promo({ benefits: { type: 'fixed', value: 1000 }, trigger: { kind: 'total', offers_ids: [], min_value: 9000 } })]);
    expect(lineDiscounts(r)).toEqual({ LEITE: 335, CAFE: 385, ARROZ: 280 });
    expect(r.totalCents).toBe(9824 - 1000 + 1500);
  });

  it('a fixed discount never exceeds what it applies to', () => {
    const r = run([promo({ benefits: { type: 'fixed', value: 50_000 }, selectedOffers: ['ARROZ'] })]);
    expect(lineDiscounts(r)).toEqual({ LEITE: 0, CAFE: 0, ARROZ: 2750 });
    expect(r.totalCents).toBe(9824 - 2750 + 1500);
  });

  it('fixed_price: each unit costs at most the price; a higher price gives nothing', () => {
    const r = run([promo({ promotionType: 'fixed_price', benefits: { price: 1500 }, trigger: { kind: 'items', offers_ids: ['CAFE'], min_quantity: 2 }, selectedOffers: ['CAFE'] })]);
    expect(lineDiscounts(r)).toEqual({ LEITE: 0, CAFE: 780, ARROZ: 0 });
    expect(run([promo({ promotionType: 'fixed_price', benefits: { price: 2000 }, selectedOffers: ['CAFE'] })]).applied).toEqual([]);
  });

  it('fixed_price with a total trigger on the offers', () => {
    const p = promo({ promotionType: 'fixed_price', benefits: { price: 499 }, trigger: { kind: 'total', offers_ids: ['LEITE'], min_value: 3000 }, selectedOffers: ['LEITE'] });
    expect(run([p]).itemsDiscountCents).toBe(6 * 50);
  });

  it('coupon applies only with its code, in any case', () => {
    const c = promo({ promotionType: 'coupon', code: 'Sextou15', benefits: { type: 'percent', value: 15 }, trigger: { kind: 'total', offers_ids: [], min_value: 8000 } });
    expect(run([c]).applied).toEqual([]);
    const r = run([c], cart({ couponCode: 'sEXTOU15' }));
    // 98,24 × 15% = 14,736 → 14,74.
    expect(r.itemsDiscountCents).toBe(1474);
    expect(r.applied[0]).toMatchObject({ discountCents: 1474, shippingDiscountCents: 0 });
    expect(r.rejectedCoupon).toBeUndefined();
  });

  it('coupon fixed with a quantity trigger; and with an items trigger not met', () => {
    const c = promo({ promotionType: 'coupon', code: 'DEZ', benefits: { type: 'fixed', value: 1000 }, trigger: { kind: 'quantity', quantity: 9 } });
    expect(run([c], cart({ couponCode: 'dez' })).totalCents).toBe(9824 - 1000 + 1500);
    const items = { ...c, trigger: { kind: 'items' as const, offers_ids: ['ARROZ'], min_quantity: 2 } };
    expect(run([items], cart({ couponCode: 'dez' })).rejectedCoupon).toEqual({ code: 'dez', reason: 'COUPON_CONDITIONS', params: { code: 'dez' } });
  });

  it('shipping_discount percent and fixed, never below zero', () => {
    const pct = run([promo({ promotionType: 'shipping_discount', benefits: { type: 'percent', value: 50 }, trigger: { kind: 'total', offers_ids: [], min_value: 5000 } })]);
    expect(pct).toMatchObject({ itemsDiscountCents: 0, shippingDiscountCents: 750, totalCents: 9824 + 750 });
    const fixed = run([promo({ promotionType: 'shipping_discount', benefits: { type: 'fixed', value: 2000 }, trigger: { kind: 'items', offers_ids: [], min_quantity: 9 } })]);
    expect(fixed).toMatchObject({ shippingDiscountCents: 1500, totalCents: 9824 });
    expect(fixed.applied[0]).toMatchObject({ items: [], shippingDiscountCents: 1500, discountCents: 1500 });
    expect(run([promo({ promotionType: 'shipping_discount', trigger: { kind: 'quantity', quantity: 1 } })]).shippingDiscountCents).toBe(150);
  });

  it('items_discount works on the items of its trigger offers', () => {
    const r = run([promo({ promotionType: 'items_discount', benefits: { type: 'percent', value: 20 }, trigger: { kind: 'items', offers_ids: ['CAFE', 'ARROZ'], min_quantity: 3 } })]);
    // (37,80 + 27,50) × 20% = 13,06; split 37,80 : 27,50 → 7,56 + 5,50.
    expect(lineDiscounts(r)).toEqual({ LEITE: 0, CAFE: 756, ARROZ: 550 });
    const fixed = run([promo({ promotionType: 'items_discount', benefits: { type: 'fixed', value: 300 }, trigger: { kind: 'total', offers_ids: ['LEITE'], min_value: 3000 } })]);
    expect(lineDiscounts(fixed)).toEqual({ LEITE: 300, CAFE: 0, ARROZ: 0 });
    const quantity = run([promo({ promotionType: 'items_discount', benefits: { type: 'fixed', value: 300 }, trigger: { kind: 'quantity', quantity: 2 }, selectedOffers: ['CAFE'] })]);
    expect(lineDiscounts(quantity)).toEqual({ LEITE: 0, CAFE: 300, ARROZ: 0 });
  });
});

describe('filters', () => {
  it('respects dates (computed status active at the clock) and the active flag', () => {
    const p = promo({});
    expect(run([p], cart(), new Date(p.startAt.getTime() - 1)).applied).toEqual([]);
    expect(run([p], cart(), p.startAt).applied).toHaveLength(1);
    expect(run([p], cart(), p.endAt).applied).toHaveLength(1);
    expect(run([p], cart(), new Date(p.endAt.getTime() + 1)).applied).toEqual([]);
    expect(run([promo({ active: false, disabledAt: NOW })]).applied).toEqual([]);
  });

  it('respects locations (empty = all) and customers (cleaned)', () => {
    const local = promo({ locationIds: [2, 3] });
    expect(run([local]).applied).toEqual([]);
    expect(run([local], cart({ locationId: 1 })).applied).toEqual([]);
    expect(run([local], cart({ locationId: 3 })).applied).toHaveLength(1);
    const vip = promo({ customers: ['cli-0001', 'CLI0002'] });
    expect(run([vip]).applied).toEqual([]);
    expect(run([vip], cart({ customer: 'CLI0001' })).applied).toHaveLength(1);
    expect(run([vip], cart({ customer: 'CLI0003' })).applied).toEqual([]);
  });

  it('an exhausted promotion does not apply: total and per customer', () => {
    expect(run([promo({ limitTotal: 5, usesCount: 5 })]).applied).toEqual([]);
    expect(run([promo({ limitTotal: 5, usesCount: 4 })]).applied).toHaveLength(1);
    const perCustomer = promo({ limitPerCustomer: 1 });
    expect(run([perCustomer]).applied).toEqual([]);
    expect(run([perCustomer], cart({ customer: 'ANA' })).applied).toHaveLength(1);
    expect(run([{ ...perCustomer, customerUses: 1 }], cart({ customer: 'ANA' })).applied).toEqual([]);
  });

  it('says why a coupon did not apply', () => {
    const base = { promotionType: 'coupon' as const, code: 'CUPOM', benefits: { type: 'percent' as const, value: 10 } };
    const reason = (p: EnginePromotion, c: Partial<Cart> = {}) => run([p], cart({ couponCode: 'cupom', ...c })).rejectedCoupon?.reason;
    expect(reason(promo({ ...base, code: 'OUTRO' }))).toBe('COUPON_NOT_FOUND');
    expect(reason(promo({ ...base, active: false }))).toBe('COUPON_INACTIVE');
    expect(reason(promo({ ...base, startAt: new Date(NOW.getTime() + DAY), endAt: new Date(NOW.getTime() + 2 * DAY) }))).toBe('COUPON_NOT_STARTED');
    expect(reason(promo({ ...base, endAt: new Date(NOW.getTime() - 1) }))).toBe('COUPON_EXPIRED');
    expect(reason(promo({ ...base, locationIds: [9] }), { locationId: 1 })).toBe('COUPON_LOCATION');
    expect(reason(promo({ ...base, customers: ['ANA'] }), { customer: 'BIA' })).toBe('COUPON_CUSTOMER');
    expect(reason(promo({ ...base, limitPerCustomer: 1 }))).toBe('COUPON_CUSTOMER_REQUIRED');
    expect(reason(promo({ ...base, limitTotal: 3, usesCount: 3 }))).toBe('COUPON_EXHAUSTED');
    expect(reason(promo({ ...base, limitPerCustomer: 1, customerUses: 1 }), { customer: 'ANA' })).toBe('COUPON_CUSTOMER_EXHAUSTED');
    const min = run([promo({ ...base, trigger: { kind: 'total', offers_ids: [], min_value: 15000 } })], cart({ couponCode: 'cupom' }));
    expect(min.rejectedCoupon).toEqual({ code: 'cupom', reason: 'COUPON_MIN_VALUE', params: { code: 'cupom', min: '150,00' } });
  });
});

describe('stacking and exclusivity', () => {
  it('stacks non-exclusive promotions in priority order on what is left', () => {
    const low = promo({ name: 'Fixo', benefits: { type: 'fixed', value: 1000 }, priority: 1 });
    const high = promo({ name: '10%', benefits: { type: 'percent', value: 10 }, priority: 5 });
    const r = run([low, high]);
    // 10% of 98,24 = 9,82 first (priority 5), then 10,00 fixed on the 88,42 left.
    expect(r.applied.map((a) => [a.promotion.name, a.discountCents])).toEqual([['10%', 982], ['Fixo', 1000]]);
    expect(r.totalCents).toBe(9824 - 982 - 1000 + 1500);
    // Same priority: the older id first.
    const a = promo({ name: 'A', benefits: { type: 'fixed', value: 9000 } });
    const b = promo({ name: 'B', benefits: { type: 'fixed', value: 9000 } });
    const ab = run([b, a]);
    expect(ab.applied.map((x) => [x.promotion.name, x.discountCents])).toEqual([['A', 9000], ['B', 824]]);
    expect(ab.items.every((l) => l.totalCents === 0)).toBe(true);
  });

  it('an exclusive promotion applies alone when it beats the stack', () => {
    const s1 = promo({ name: 'S1', benefits: { type: 'percent', value: 5 } });
    const s2 = promo({ name: 'S2', promotionType: 'shipping_discount', benefits: { type: 'fixed', value: 500 } });
    const ex = promo({ name: 'EX', exclusive: true, benefits: { type: 'percent', value: 20 } });
    const r = run([s1, s2, ex]);
    // Stack: 4,91 + 5,00 = 9,91; exclusive: 19,65 → exclusive wins alone.
    expect(r.applied.map((a) => a.promotion.name)).toEqual(['EX']);
    expect(r.totalCents).toBe(9824 - 1965 + 1500);
  });

  it('the stack wins over a weaker exclusive; the best of several exclusives is chosen', () => {
    const s1 = promo({ name: 'S1', benefits: { type: 'percent', value: 15 } });
    const weak = promo({ name: 'WEAK', exclusive: true, priority: 9, benefits: { type: 'percent', value: 10 } });
    expect(run([s1, weak]).applied.map((a) => a.promotion.name)).toEqual(['S1']);
    const strong = promo({ name: 'STRONG', exclusive: true, benefits: { type: 'fixed', value: 5000 } });
    expect(run([s1, weak, strong]).applied.map((a) => a.promotion.name)).toEqual(['STRONG']);
  });

  it('on a tie the stack wins, then the exclusive of higher priority', () => {
    const s = promo({ name: 'S', benefits: { type: 'fixed', value: 1000 } });
    const e1 = promo({ name: 'E1', exclusive: true, priority: 1, benefits: { type: 'fixed', value: 1000 } });
    const e2 = promo({ name: 'E2', exclusive: true, priority: 2, benefits: { type: 'fixed', value: 1000 } });
    expect(run([s, e1, e2]).applied.map((a) => a.promotion.name)).toEqual(['S']);
    expect(run([e1, e2]).applied.map((a) => a.promotion.name)).toEqual(['E2']);
  });

  it('a coupon that loses to an exclusive promotion is rejected as not stackable', () => {
    const coupon = promo({ promotionType: 'coupon', code: 'C5', benefits: { type: 'percent', value: 5 } });
    const ex = promo({ name: 'Black Friday', exclusive: true, benefits: { type: 'percent', value: 30 } });
    const r = run([coupon, ex], cart({ couponCode: 'c5' }));
    expect(r.applied.map((a) => a.promotion.name)).toEqual(['Black Friday']);
    expect(r.rejectedCoupon).toMatchObject({ reason: 'COUPON_NOT_STACKABLE', params: { name: 'Black Friday' } });
  });

  it('a promotion left with nothing to discount is not listed and the coupon says so', () => {
    const all = promo({ name: 'Tudo', priority: 9, benefits: { type: 'percent', value: 100 } });
    const coupon = promo({ promotionType: 'coupon', code: 'MAIS', benefits: { type: 'fixed', value: 500 } });
    const r = run([all, coupon], cart({ couponCode: 'mais' }));
    expect(r.applied.map((a) => a.promotion.name)).toEqual(['Tudo']);
    expect(r.rejectedCoupon?.reason).toBe('COUPON_NO_DISCOUNT');
    expect(r.totalCents).toBe(1500);
  });
});

describe('rounding: parts always add up (property-style)', () => {
  it('per-line, per-promotion and order totals agree in cents on many random carts', () => {
    let seed = 2026;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * n);
    };
    const promotions = [
      promo({ benefits: { type: 'percent', value: 12.5 }, priority: 3 }),
      promo({ benefits: { type: 'fixed', value: 777 }, priority: 2 }),
      promo({ promotionType: 'buy_pay', benefits: { pay: 2, take: 3 }, trigger: { kind: 'quantity', quantity: 3 }, priority: 4 }),
      promo({ promotionType: 'shipping_discount', benefits: { type: 'percent', value: 33 } }),
      promo({ promotionType: 'items_discount', benefits: { type: 'fixed', value: 1333 }, trigger: { kind: 'items', offers_ids: ['S0', 'S1', 'S2'], min_quantity: 1 } }),
    ];
    for (let round = 0; round < 500; round++) {
      const items = Array.from({ length: 1 + rnd(12) }, (_, i) => ({ sku: `S${i}`, quantity: 1 + rnd(7), unitPriceCents: rnd(20_000) }));
      const r = run(promotions, { items, shippingCents: rnd(3000) });
      const perLine = r.items.reduce((s, l) => s + l.discountCents, 0);
      const perPromotion = r.applied.reduce((s, a) => s + a.items.reduce((x, i) => x + i.discountCents, 0), 0);
      expect(perLine).toBe(r.itemsDiscountCents);
      expect(perPromotion).toBe(r.itemsDiscountCents);
      expect(r.applied.reduce((s, a) => s + a.discountCents, 0)).toBe(r.discountCents);
      expect(r.totalCents).toBe(r.subtotalCents - r.itemsDiscountCents + r.shippingCents - r.shippingDiscountCents);
      for (const l of r.items) {
        expect(l.totalCents).toBeGreaterThanOrEqual(0);
        expect(l.totalCents).toBe(l.subtotalCents - l.discountCents);
      }
      expect(r.shippingDiscountCents).toBeLessThanOrEqual(r.shippingCents);
    }
  });
});
