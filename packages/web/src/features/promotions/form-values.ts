import { CreatePromotionBody, type PromotionType } from '@backoffice/contracts';
import type { Promotion, PromotionBody } from './api';
import { dateHourToIso, isoToDateHour, todayInSaoPaulo } from '../../shared/ui/sao-paulo-time';

export type BenefitKind = 'percent' | 'fixed';

/**
 * The promotion form's state (spec §3 "Form defaults"): dates and hours apart, money as the
 * Brazilian text the person types, and switches for the optional rules.
 */
export interface PromotionFormValues {
  name: string;
  description: string;
  /** Applied automatically, or by a coupon code (promotion_type coupon). */
  promotion_trigger: 'auto' | 'coupon';
  promotion_type: PromotionType;
  code: string;
  /** All products, or only the selected SKUs (selected_offers). */
  promotion_target: 'all' | 'selected';
  selected_offers: string[];
  start_date: string;
  start_hour: string;
  end_date: string;
  end_hour: string;
  active: boolean;
  benefit_type: BenefitKind;
  /** Percent as a numeric string, or reais as currency text, by `benefit_type`. */
  benefit_value: string;
  benefit_take: number | '';
  benefit_pay: number | '';
  benefit_price: string;
  /** Units that trigger the promotion when no value/items rule is on. */
  trigger_quantity: number | '';
  trigger_min_value: string;
  trigger_min_quantity: number | '';
  trigger_offers: string[];
  promotionRules: { totalUsage: boolean; perCustomer: boolean; totalValue: boolean; orderItems: boolean };
  limit_total: number | '';
  limit_per_customer: number | '';
  customersCheck: 'all' | 'selected';
  customers_text: string;
  locationsCheck: 'all' | 'selected';
  location_ids: string[];
  priority: number | '';
  exclusive: boolean;
}


export function defaultFormValues(today = todayInSaoPaulo()): PromotionFormValues {
  return {
    name: '',
    description: '',
    promotion_trigger: 'auto',
    promotion_type: 'buy_pay',
    code: '',
    promotion_target: 'all',
    selected_offers: [],
    start_date: today,
    start_hour: '00:00',
    end_date: today,
    end_hour: '23:59',
    active: true,
    benefit_type: 'percent',
    benefit_value: '',
    benefit_take: 3,
    benefit_pay: 2,
    benefit_price: '',
    trigger_quantity: 1,
    trigger_min_value: '',
    trigger_min_quantity: 1,
    trigger_offers: [],
    promotionRules: { totalUsage: false, perCustomer: false, totalValue: false, orderItems: false },
    limit_total: '',
    limit_per_customer: '',
    customersCheck: 'all',
    customers_text: '',
    locationsCheck: 'all',
    location_ids: [],
    priority: 0,
    exclusive: false,
  };
}

/** "R$ 1.234,56" → 1234.56; blank → undefined; anything unreadable → NaN (the schema names the field). */
export function parseCurrency(text: string): number | undefined {
  const clean = text.replace(/R\$|\s/g, '');
  if (clean === '') return undefined;
  if (!/^-?[\d.]*(,\d*)?$/.test(clean)) return Number.NaN;
  return Number(clean.replace(/\./g, '').replace(',', '.'));
}

/** 1234.5 → "1.234,50" (the form shows "R$" beside it). */
export function formatCurrencyInput(value: number): string {
  return value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A percent typed as "15" or "12,5" → 15 / 12.5; blank → undefined. */
export function parsePercent(text: string): number | undefined {
  const clean = text.trim().replace('%', '').replace(',', '.');
  return clean === '' ? undefined : Number(clean);
}

/** Coupon customer list: split on comma, semicolon or newline, cleaned to alphanumerics. */
export function parseCustomerList(text: string): string[] {
  return text
    .split(/[,;\n\r]+/)
    .map((entry) => entry.replace(/[^A-Za-z0-9]/g, ''))
    .filter((entry) => entry !== '');
}

const optionalInt = (value: number | '') => (value === '' ? undefined : value);

function benefitsOf(v: PromotionFormValues): PromotionBody['benefits'] {
  if (v.promotion_type === 'buy_pay') return { take: optionalInt(v.benefit_take), pay: optionalInt(v.benefit_pay) };
  if (v.promotion_type === 'fixed_price') return { price: parseCurrency(v.benefit_price) };
  const value = v.benefit_type === 'percent' ? parsePercent(v.benefit_value) : parseCurrency(v.benefit_value);
  return { type: v.benefit_type, value };
}

function triggerOf(v: PromotionFormValues): PromotionBody['trigger'] {
  if (v.promotionRules.totalValue) {
    return { kind: 'total', offers_ids: v.trigger_offers, min_value: parseCurrency(v.trigger_min_value) as number };
  }
  if (v.promotionRules.orderItems) {
    return { kind: 'items', offers_ids: v.trigger_offers, min_quantity: optionalInt(v.trigger_min_quantity) as number };
  }
  // "Leve X pague Y" is triggered by taking X units.
  const quantity = v.promotion_type === 'buy_pay' ? v.benefit_take : v.trigger_quantity;
  return { kind: 'quantity', quantity: optionalInt(quantity) as number };
}

/** The form's values → the API's create/update body (spec §5 conversions). */
export function toPromotionBody(v: PromotionFormValues): PromotionBody {
  const isCoupon = v.promotion_type === 'coupon';
  return {
    name: v.name,
    description: v.description.trim() === '' ? null : v.description,
    promotion_type: v.promotion_type,
    code: isCoupon && v.code.trim() !== '' ? v.code.trim() : null,
    start_promotion: dateHourToIso(v.start_date, v.start_hour, 'start'),
    end_promotion: dateHourToIso(v.end_date, v.end_hour, 'end'),
    active: v.active,
    benefits: benefitsOf(v),
    trigger: triggerOf(v),
    limits: {
      total: v.promotionRules.totalUsage ? (optionalInt(v.limit_total) as number) : null,
      per_customer: v.promotionRules.perCustomer ? (optionalInt(v.limit_per_customer) as number) : null,
    },
    location_ids: v.locationsCheck === 'all' ? [] : v.location_ids.map(Number),
    customers: v.customersCheck === 'all' ? [] : parseCustomerList(v.customers_text),
    selected_offers: v.promotion_target === 'all' ? [] : v.selected_offers,
    priority: optionalInt(v.priority) as number,
    exclusive: v.exclusive,
  };
}

/** A saved promotion → form values (edit and duplicate): days and hours in São Paulo, money as text. */
export function toFormValues(p: Promotion): PromotionFormValues {
  const base = defaultFormValues();
  const start = isoToDateHour(p.start_promotion);
  const end = isoToDateHour(p.end_promotion);
  const b = p.benefits;
  const tr = p.trigger;
  const moneyText = (n: number | undefined) => (n === undefined ? '' : formatCurrencyInput(n));
  return {
    ...base,
    name: p.name,
    description: p.description ?? '',
    promotion_trigger: p.promotion_type === 'coupon' ? 'coupon' : 'auto',
    promotion_type: p.promotion_type,
    code: p.code ?? '',
    promotion_target: p.selected_offers.length ? 'selected' : 'all',
    selected_offers: p.selected_offers,
    start_date: start.date,
    start_hour: start.hour,
    end_date: end.date,
    end_hour: end.hour,
    active: p.active,
    benefit_type: b.type ?? 'percent',
    benefit_value: b.value === undefined ? '' : b.type === 'fixed' ? moneyText(b.value) : String(b.value).replace('.', ','),
    benefit_take: b.take ?? (tr.kind === 'quantity' ? tr.quantity : base.benefit_take),
    benefit_pay: b.pay ?? base.benefit_pay,
    benefit_price: moneyText(b.price),
    trigger_quantity: tr.kind === 'quantity' ? tr.quantity : 1,
    trigger_min_value: tr.kind === 'total' ? moneyText(Number(tr.min_value)) : '',
    trigger_min_quantity: tr.kind === 'items' ? tr.min_quantity : 1,
    trigger_offers: tr.kind === 'quantity' ? [] : tr.offers_ids,
    promotionRules: {
      totalUsage: p.limits.total != null,
      perCustomer: p.limits.per_customer != null,
      totalValue: tr.kind === 'total',
      orderItems: tr.kind === 'items',
    },
    limit_total: p.limits.total ?? '',
    limit_per_customer: p.limits.per_customer ?? '',
    customersCheck: p.customers.length ? 'selected' : 'all',
    customers_text: p.customers.join('\n'),
    locationsCheck: p.location_ids.length ? 'selected' : 'all',
    location_ids: p.location_ids.map(String),
    priority: p.priority,
    exclusive: p.exclusive,
  };
}

/** Where each field of the API body is edited in the form, so a schema or API issue lands beside it. */
const FIELD_OF: Record<string, keyof PromotionFormValues | 'promotionRules'> = {
  name: 'name',
  description: 'description',
  code: 'code',
  promotion_type: 'promotion_type',
  start_promotion: 'start_date',
  end_promotion: 'end_date',
  'benefits.take': 'benefit_take',
  'benefits.pay': 'benefit_pay',
  'benefits.type': 'benefit_type',
  'benefits.value': 'benefit_value',
  'benefits.price': 'benefit_price',
  'trigger.min_value': 'trigger_min_value',
  'trigger.min_quantity': 'trigger_min_quantity',
  'trigger.offers_ids': 'trigger_offers',
  'limits.total': 'limit_total',
  'limits.per_customer': 'limit_per_customer',
  location_ids: 'location_ids',
  customers: 'customers_text',
  selected_offers: 'selected_offers',
  priority: 'priority',
};

/** The form field for an API path ("benefits.value", "customers.3"); undefined when none fits. */
export function formFieldOf(path: string, type: PromotionType): string | undefined {
  const parts = path.replace(/^body\.?/, '').split('.');
  if (parts[0] === 'trigger' && parts[1] === 'quantity') return type === 'buy_pay' ? 'benefit_take' : 'trigger_quantity';
  return FIELD_OF[parts.slice(0, 2).join('.')] ?? FIELD_OF[parts[0]!];
}

/** Validates with the contracts' schema (the API's own rules), as form errors keyed by field. */
export function validatePromotionForm(v: PromotionFormValues): Record<string, string> {
  const result = CreatePromotionBody.safeParse(toPromotionBody(v));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = formFieldOf(issue.path.join('.'), v.promotion_type) ?? 'root';
    errors[field] ??= issue.message;
  }
  return errors;
}
