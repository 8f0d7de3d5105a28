import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Money, endNotBeforeStart } from './common.ts';
import { PROMOTION_STATUSES, PROMOTION_TYPES } from './promotions.ts';
import { msg } from './messages.ts';

const promotional = 'promotional';
const writers = ['admin', 'manager'] as const;

/** Longest period a metrics query may cover, so `per_day` stays a chart and not a dump. */
export const METRICS_MAX_DAYS = 366;

// ---------------------------------------------------------------------------------------------
// Metrics
// ---------------------------------------------------------------------------------------------

export const PromotionMetricsQuery = z
  .object({
    start_date: z.iso.date().optional().meta({ description: 'Primeiro dia (YYYY-MM-DD, horário de São Paulo). Padrão: 29 dias antes de end_date.' }),
    end_date: z.iso.date().optional().meta({ description: 'Último dia (YYYY-MM-DD, horário de São Paulo). Padrão: hoje.' }),
  })
  .superRefine((q, ctx) => {
    endNotBeforeStart(q, ctx);
    const days = q.start_date && q.end_date ? (Date.parse(q.end_date) - Date.parse(q.start_date)) / 86_400_000 + 1 : 0;
    if (days > METRICS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: msg('PERIOD_TOO_LONG', { days: METRICS_MAX_DAYS }) });
    }
  });
export type PromotionMetricsQuery = z.output<typeof PromotionMetricsQuery>;

const MetricsDay = z
  .object({
    date: z.iso.date(),
    uses: z.number().int(),
    customers: z.number().int(),
    discount: Money,
    revenue: Money,
  })
  .meta({ id: 'PromotionMetricsDay' });

export const PromotionMetricsTotals = z
  .object({
    uses: z.number().int().meta({ description: 'Usos aplicados (sem os liberados por pedidos cancelados).' }),
    customers: z.number().int().meta({ description: 'Clientes distintos entre os usos aplicados.' }),
    discount: Money.meta({ description: 'Desconto concedido, em reais.' }),
    revenue: Money.meta({ description: 'Soma dos totais dos pedidos que usaram a promoção, em reais.' }),
    released: z.number().int().meta({ description: 'Usos do período liberados depois por pedidos cancelados.' }),
  })
  .meta({ id: 'PromotionMetricsTotals' });

export const PromotionMetrics = z
  .object({
    promotion_id: z.number().int(),
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    totals: PromotionMetricsTotals,
    per_day: z.array(MetricsDay).meta({ description: 'Um item por dia do período (São Paulo), com zeros nos dias sem uso.' }),
  })
  .meta({ id: 'PromotionMetrics' });

export const TopCoupon = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string().nullable(),
    status: z.enum(PROMOTION_STATUSES),
    uses: z.number().int(),
    customers: z.number().int(),
    discount: Money,
    revenue: Money,
  })
  .meta({ id: 'TopCoupon' });

export const CouponMetrics = z
  .object({
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    totals: PromotionMetricsTotals,
    per_day: z.array(MetricsDay),
    top_coupons: z.array(TopCoupon).meta({ description: 'Os 10 cupons mais usados no período.' }),
  })
  .meta({ id: 'CouponMetrics' });

// ---------------------------------------------------------------------------------------------
// Pricing engine
// ---------------------------------------------------------------------------------------------

/** Customer ids are compared as the promotion customer lists store them: alphanumerics, upper case. */
export const cleanCustomer = (v: string): string => v.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

const CartItem = z.strictObject({
  sku: z.string().trim().min(1).max(64),
  quantity: z.number().int().min(1).max(100_000),
  unit_price: Money.min(0).max(1_000_000),
});

const EvaluateFields = z.strictObject({
  location_id: z.number().int().positive().optional(),
  customer: z
    .string()
    .max(120)
    .transform(cleanCustomer)
    .optional()
    .meta({ description: 'Identificador do cliente; comparado só por letras e números, em maiúsculas.' }),
  items: z.array(CartItem).min(1).max(500),
  shipping: Money.min(0).max(1_000_000).default(0),
  coupon_code: z.string().trim().max(40).optional().transform((v) => (v ? v : undefined)),
});

/** A cart lists each SKU once; the error points at the repeated line. */
function uniqueSkus(b: { items: { sku: string }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  b.items.forEach((item, i) => {
    if (seen.has(item.sku)) ctx.addIssue({ code: 'custom', path: ['items', i, 'sku'], message: msg('SKU_REPEATED', { sku: item.sku }) });
    seen.add(item.sku);
  });
}

export const EvaluatePromotionsBody = EvaluateFields.superRefine(uniqueSkus).meta({ id: 'EvaluatePromotionsBody' });
export type EvaluatePromotionsInput = z.output<typeof EvaluatePromotionsBody>;

const AppliedPromotion = z
  .object({
    promotion_id: z.number().int(),
    name: z.string(),
    promotion_type: z.enum(PROMOTION_TYPES),
    code: z.string().nullable(),
    discount: Money.meta({ description: 'Desconto total desta promoção (itens + frete).' }),
    items: z.array(z.object({ sku: z.string(), discount: Money })),
    shipping_discount: Money,
  })
  .meta({ id: 'AppliedPromotion' });

export const PricedItem = z
  .object({
    sku: z.string(),
    quantity: z.number().int(),
    unit_price: Money,
    subtotal: Money,
    discount: Money,
    total: Money,
  })
  .meta({ id: 'PricedItem' });

export const PromotionEvaluation = z
  .object({
    applied: z.array(AppliedPromotion),
    rejected_coupon: z.object({ code: z.string(), reason: z.string() }).optional(),
    items: z.array(PricedItem),
    subtotal: Money,
    items_discount: Money,
    shipping: Money,
    shipping_discount: Money,
    discount: Money,
    total: Money,
  })
  .meta({ id: 'PromotionEvaluation' });

export const RedeemPromotionsBody = EvaluateFields.extend({ order_id: z.string().trim().min(1).max(64) })
  .superRefine(uniqueSkus)
  .meta({ id: 'RedeemPromotionsBody' });
export type RedeemPromotionsInput = z.output<typeof RedeemPromotionsBody>;

export const PromotionRedemptionItem = z
  .object({
    id: z.number().int(),
    promotion_id: z.number().int(),
    order_id: z.string(),
    customer: z.string().nullable(),
    status: z.enum(['applied', 'released']),
    discount: Money,
    order_total: Money,
    redeemed_at: z.iso.datetime({ offset: true }),
    released_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'PromotionRedemption' });

export const PromotionRedemptionResult = z
  .object({
    order_id: z.string(),
    replayed: z.boolean().meta({ description: 'true quando o pedido já tinha sido resgatado: nada foi contado de novo.' }),
    redemptions: z.array(PromotionRedemptionItem),
    evaluation: PromotionEvaluation.optional().meta({ description: 'Cálculo do resgate; ausente numa repetição.' }),
  })
  .meta({ id: 'PromotionRedemptionResult' });

export const OrderIdParam = z.object({ order_id: z.string().trim().min(1).max(64) });

export const ReleaseRedemptionsResult = z
  .object({ order_id: z.string(), released: z.number().int(), redemptions: z.array(PromotionRedemptionItem) })
  .meta({ id: 'ReleaseRedemptionsResult' });

export const promotionPricingRoutes = {
  couponMetrics: defineRoute({
    method: 'GET',
    path: '/api/promotion/coupon-metrics',
    operationId: 'getCouponMetrics',
    summary: 'Métricas dos cupons da conta no período: totais, por dia e os mais usados',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional },
    access: { fixture: 'promotion' },
    querystring: PromotionMetricsQuery,
    responses: { 200: CouponMetrics },
  }),
  metrics: defineRoute({
    method: 'GET',
    path: '/api/promotion/:id/metrics',
    operationId: 'getPromotionMetrics',
    summary: 'Usos, clientes, desconto e receita de uma promoção no período, por dia',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional },
    access: { fixture: 'promotion' },
    params: IdParam,
    querystring: PromotionMetricsQuery,
    responses: { 200: PromotionMetrics },
    errors: [404],
  }),
  evaluate: defineRoute({
    method: 'POST',
    path: '/api/promotion/evaluate',
    operationId: 'evaluatePromotions',
    summary: 'Calcula as promoções que se aplicam a um carrinho, sem registrar uso',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional },
    access: { fixture: 'cart' },
    body: EvaluatePromotionsBody,
    responses: { 200: PromotionEvaluation },
  }),
  redeem: defineRoute({
    method: 'POST',
    path: '/api/promotion/redemptions',
    operationId: 'redeemPromotions',
    summary: 'Calcula e registra o uso das promoções de um pedido (idempotente por order_id)',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'order' },
    body: RedeemPromotionsBody,
    responses: { 200: PromotionRedemptionResult, 201: PromotionRedemptionResult },
    errors: [422],
  }),
  release: defineRoute({
    method: 'POST',
    path: '/api/promotion/redemptions/:order_id/release',
    operationId: 'releasePromotionRedemptions',
    summary: 'Libera os usos de promoções de um pedido cancelado (idempotente)',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'redeemedOrder', others: 'own' },
    params: OrderIdParam,
    responses: { 200: ReleaseRedemptionsResult },
  }),
} as const;
