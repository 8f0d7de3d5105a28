import { describe, expect, it } from 'vitest';
import { CreatePromotionBody } from '@backoffice/contracts';
import type { Promotion } from './api';
import {
  defaultFormValues, formFieldOf, parseCurrency, parseCustomerList, parsePercent,
  toFormValues, toPromotionBody, validatePromotionForm, type PromotionFormValues,
} from './form-values';
import { dateHourToIso, isoToDateHour, todayInSaoPaulo } from '../../shared/ui/sao-paulo-time';

const values = (patch: Partial<PromotionFormValues> = {}): PromotionFormValues => ({
  ...defaultFormValues('2026-12-01'),
  name: 'Semana do café',
  end_date: '2026-12-07',
  ...patch,
});

const saved: Promotion = {
  id: 9,
  name: 'Sextou',
  description: null,
  promotion_type: 'coupon',
  code: 'SEXTOU15',
  // 00:00 and 23:59:59 in São Paulo.
  start_promotion: '2026-12-05T03:00:00.000Z',
  end_promotion: '2026-12-08T02:59:59.000Z',
  active: true,
  disabled_at: null,
  status: 'scheduled',
  benefits: { type: 'fixed', value: 1234.5 },
  trigger: { kind: 'total', offers_ids: ['cafe-500g'], min_value: 80 },
  limits: { total: 100, per_customer: null },
  uses_count: 12,
  location_ids: [3, 4],
  customers: ['12345678900'],
  selected_offers: ['cafe-500g', 'leite-1l'],
  priority: 5,
  exclusive: true,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
};

describe('form defaults (spec §3)', () => {
  it('start as an automatic "leve X pague Y" for the whole day, active, percent, every rule off, all customers and stores', () => {
    const v = defaultFormValues('2026-12-01');
    expect(v).toMatchObject({
      promotion_target: 'all',
      promotion_trigger: 'auto',
      promotion_type: 'buy_pay',
      start_date: '2026-12-01',
      start_hour: '00:00',
      end_hour: '23:59',
      active: true,
      benefit_type: 'percent',
      promotionRules: { totalUsage: false, perCustomer: false, totalValue: false, orderItems: false },
      customersCheck: 'all',
      locationsCheck: 'all',
    });
    expect(toPromotionBody(values()).location_ids).toEqual([]);
  });

  it('today is São Paulo’s day, not UTC’s', () => {
    // 01:30 UTC on the 2nd is still 22:30 on the 1st in São Paulo.
    expect(todayInSaoPaulo(new Date('2026-12-02T01:30:00Z'))).toBe('2026-12-01');
  });
});

describe('dates and hours', () => {
  it('combine to ISO with the São Paulo offset; the end hour covers its whole minute', () => {
    expect(dateHourToIso('2026-12-01', '00:00', 'start')).toBe('2026-12-01T00:00:00-03:00');
    expect(dateHourToIso('2026-12-07', '23:59', 'end')).toBe('2026-12-07T23:59:59-03:00');
    expect(dateHourToIso('2026-12-07', '', 'end')).toBe('2026-12-07T23:59:59-03:00');
    const body = toPromotionBody(values({ start_hour: '08:30', end_hour: '18:00' }));
    expect(body.start_promotion).toBe('2026-12-01T08:30:00-03:00');
    expect(body.end_promotion).toBe('2026-12-07T18:00:59-03:00');
  });

  it('load back as YYYY-MM-DD and HH:mm in São Paulo, whatever the instant’s UTC day', () => {
    expect(isoToDateHour('2026-12-08T02:59:59.000Z')).toEqual({ date: '2026-12-07', hour: '23:59' });
    expect(isoToDateHour('2026-12-05T03:00:00.000Z')).toEqual({ date: '2026-12-05', hour: '00:00' });
    const v = toFormValues(saved);
    expect([v.start_date, v.start_hour, v.end_date, v.end_hour]).toEqual(['2026-12-05', '00:00', '2026-12-07', '23:59']);
  });
});

describe('values', () => {
  it('percent from a numeric string, with comma or dot', () => {
    expect(parsePercent('15')).toBe(15);
    expect(parsePercent('12,5')).toBe(12.5);
    expect(parsePercent(' ')).toBeUndefined();
    const body = toPromotionBody(values({ promotion_type: 'discount', benefit_type: 'percent', benefit_value: '12,5' }));
    expect(body.benefits).toEqual({ type: 'percent', value: 12.5 });
  });

  it('fixed values from Brazilian currency text', () => {
    expect(parseCurrency('R$ 1.234,56')).toBe(1234.56);
    expect(parseCurrency('80')).toBe(80);
    expect(parseCurrency('0,5')).toBe(0.5);
    expect(parseCurrency('')).toBeUndefined();
    expect(parseCurrency('abc')).toBeNaN();
    const body = toPromotionBody(values({ promotion_type: 'shipping_discount', benefit_type: 'fixed', benefit_value: 'R$ 1.234,56' }));
    expect(body.benefits).toEqual({ type: 'fixed', value: 1234.56 });
    expect(toPromotionBody(values({ promotion_type: 'fixed_price', benefit_price: '59,90' })).benefits).toEqual({ price: 59.9 });
  });

  it('"leve X pague Y" sends take and pay, triggered by taking X units', () => {
    const body = toPromotionBody(values({ benefit_take: 3, benefit_pay: 2 }));
    expect(body.benefits).toEqual({ take: 3, pay: 2 });
    expect(body.trigger).toEqual({ kind: 'quantity', quantity: 3 });
  });

  it('minimum value and minimum items rules become the total and items triggers', () => {
    const total = toPromotionBody(values({ promotionRules: { ...values().promotionRules, totalValue: true }, trigger_min_value: '80,00', trigger_offers: ['a'] }));
    expect(total.trigger).toEqual({ kind: 'total', offers_ids: ['a'], min_value: 80 });
    const items = toPromotionBody(values({ promotionRules: { ...values().promotionRules, orderItems: true }, trigger_min_quantity: 4 }));
    expect(items.trigger).toEqual({ kind: 'items', offers_ids: [], min_quantity: 4 });
  });
});

describe('lists', () => {
  it('customers: split on comma, semicolon or newline and cleaned to alphanumerics', () => {
    expect(parseCustomerList('123.456.789-00, ana@x;  B-7\n\n c 9 ;,')).toEqual(['12345678900', 'anax', 'B7', 'c9']);
    expect(toPromotionBody(values({ customersCheck: 'all', customers_text: 'a,b' })).customers).toEqual([]);
    expect(toPromotionBody(values({ customersCheck: 'selected', customers_text: 'a,b' })).customers).toEqual(['a', 'b']);
  });

  it('"all" stores and products send empty lists; a selection sends its ids and SKUs', () => {
    expect(toPromotionBody(values({ locationsCheck: 'all', location_ids: ['3'] })).location_ids).toEqual([]);
    expect(toPromotionBody(values({ locationsCheck: 'selected', location_ids: ['3', '4'] })).location_ids).toEqual([3, 4]);
    expect(toPromotionBody(values({ promotion_target: 'all', selected_offers: ['x'] })).selected_offers).toEqual([]);
    expect(toPromotionBody(values({ promotion_target: 'selected', selected_offers: ['x'] })).selected_offers).toEqual(['x']);
  });

  it('limits only when their switch is on', () => {
    expect(toPromotionBody(values({ limit_total: 10 })).limits).toEqual({ total: null, per_customer: null });
    const on = values({ promotionRules: { ...values().promotionRules, totalUsage: true, perCustomer: true }, limit_total: 10, limit_per_customer: 1 });
    expect(toPromotionBody(on).limits).toEqual({ total: 10, per_customer: 1 });
  });
});

describe('a saved promotion round-trips through the form', () => {
  it('loads min value as a number-backed text, money as currency, selections as their checks', () => {
    const v = toFormValues(saved);
    expect(v).toMatchObject({
      promotion_trigger: 'coupon',
      code: 'SEXTOU15',
      benefit_type: 'fixed',
      benefit_value: '1.234,50',
      trigger_min_value: '80,00',
      promotionRules: { totalUsage: true, perCustomer: false, totalValue: true, orderItems: false },
      limit_total: 100,
      locationsCheck: 'selected',
      location_ids: ['3', '4'],
      customersCheck: 'selected',
      promotion_target: 'selected',
    });
    const body = toPromotionBody(v);
    expect(CreatePromotionBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      code: 'SEXTOU15',
      start_promotion: '2026-12-05T00:00:00-03:00',
      end_promotion: '2026-12-07T23:59:59-03:00',
      benefits: { type: 'fixed', value: 1234.5 },
      trigger: saved.trigger,
      limits: { total: 100, per_customer: null },
      location_ids: [3, 4],
      customers: ['12345678900'],
      selected_offers: saved.selected_offers,
      priority: 5,
      exclusive: true,
    });
  });
});

describe('validation with the contracts’ schema', () => {
  it('passes the defaults once named', () => {
    expect(validatePromotionForm(values())).toEqual({});
  });

  it('puts each issue beside its field', () => {
    const errors = validatePromotionForm(values({ name: '', promotion_type: 'coupon', code: '', benefit_value: '', end_date: '2026-11-30' }));
    expect(Object.keys(errors).sort()).toEqual(['benefit_value', 'code', 'end_date', 'name']);
    expect(errors.code).toBe('Cupons precisam de um código.');
    expect(validatePromotionForm(values({ benefit_take: 2, benefit_pay: 2 })).benefit_take).toBe('Em "leve X pague Y", X deve ser maior que Y.');
    expect(validatePromotionForm(values({ promotion_type: 'discount', benefit_value: '120' })).benefit_value).toBe('O percentual deve estar entre 0 e 100.');
  });

  it('maps the API’s 400 detail paths to form fields', () => {
    expect(formFieldOf('benefits.value', 'discount')).toBe('benefit_value');
    expect(formFieldOf('trigger.quantity', 'buy_pay')).toBe('benefit_take');
    expect(formFieldOf('trigger.quantity', 'discount')).toBe('trigger_quantity');
    expect(formFieldOf('customers.3', 'coupon')).toBe('customers_text');
    expect(formFieldOf('end_promotion', 'coupon')).toBe('end_date');
    expect(formFieldOf('nope', 'coupon')).toBeUndefined();
  });
});
