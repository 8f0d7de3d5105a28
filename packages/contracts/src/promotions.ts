import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, Money, OptionalText, PageQuery, Timestamp, endNotBeforeStart, paged } from './common.ts';
import { msg } from './messages.ts';

export const PROMOTION_TYPES = ['buy_pay', 'discount', 'fixed_price', 'coupon', 'shipping_discount', 'items_discount'] as const;
export const PROMOTION_STATUSES = ['scheduled', 'active', 'paused', 'finished', 'canceled'] as const;
export const PROMOTION_ACTIONS = ['cancel', 'finish', 'pause', 'reactivate'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

/** Types whose benefit is a percent or fixed amount off. */
const VALUE_TYPES: readonly PromotionType[] = ['discount', 'coupon', 'shipping_discount', 'items_discount'];

const OfferIds = z.array(z.string().trim().min(1).max(64)).max(1000);

/**
 * What the promotion gives. One flat object whose fields depend on `promotion_type`:
 * buy_pay {pay, take?} ("leve X pague Y"), fixed_price {price}, the others {type, value}.
 */
export const PromotionBenefits = z
  .strictObject({
    pay: z.number().int().min(1).max(1000).optional(),
    take: z.number().int().min(2).max(1000).optional(),
    type: z.enum(['percent', 'fixed']).optional(),
    value: z.number().min(0).optional().meta({ description: 'Percentual (0–100) ou valor em reais, conforme `type`.' }),
    price: Money.min(0).optional(),
  })
  .meta({ id: 'PromotionBenefits' });

export const PromotionTrigger = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('quantity'), quantity: z.number().int().min(1).max(100_000) }),
    z.strictObject({ kind: z.literal('total'), offers_ids: OfferIds, min_value: Money.min(0) }),
    z.strictObject({ kind: z.literal('items'), offers_ids: OfferIds, min_quantity: z.number().int().min(1).max(100_000) }),
  ])
  .meta({ id: 'PromotionTrigger' });

export const PromotionLimits = z
  .strictObject({
    total: z.number().int().min(1).nullable().optional(),
    per_customer: z.number().int().min(1).nullable().optional(),
  })
  .meta({ id: 'PromotionLimits' });

const PromotionFields = z.strictObject({
  name: z.string().trim().min(2).max(120),
  description: z.string().trim().max(2000).nullable().optional(),
  promotion_type: z.enum(PROMOTION_TYPES),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,40}$/, { message: msg('COUPON_CODE_FORMAT') })
    .nullable()
    .optional(),
  start_promotion: Timestamp,
  end_promotion: Timestamp,
  active: z.boolean().default(true),
  benefits: PromotionBenefits,
  trigger: PromotionTrigger,
  limits: PromotionLimits.optional(),
  location_ids: z.array(z.number().int().positive()).max(1000).default([]).meta({ description: 'Vazio: todas as lojas.' }),
  customers: z.array(z.string().trim().min(1).max(120)).max(10_000).default([]),
  selected_offers: OfferIds.default([]),
  priority: z.number().int().min(0).max(1000).default(0),
  exclusive: z.boolean().default(false),
});

type Fields = z.output<typeof PromotionFields>;

/** Cross-field rules, each reported at the field it concerns. */
function promotionRules(p: Fields, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (p.promotion_type === 'coupon' && !p.code) issue(['code'], msg('COUPON_CODE_REQUIRED'));
  if (p.promotion_type !== 'coupon' && p.code) issue(['code'], msg('CODE_ONLY_FOR_COUPONS'));
  if (Date.parse(p.end_promotion) <= Date.parse(p.start_promotion)) {
    issue(['end_promotion'], msg('PROMOTION_END_AFTER_START'));
  }

  const b = p.benefits;
  const present = (Object.keys(b) as (keyof typeof b)[]).filter((k) => b[k] !== undefined);
  const allowOnly = (allowed: string[]) => {
    for (const k of present) if (!allowed.includes(k)) issue(['benefits', k], msg('BENEFIT_FIELD_NOT_USED', { type: p.promotion_type }));
  };
  if (p.promotion_type === 'buy_pay') {
    allowOnly(['pay', 'take']);
    if (b.pay === undefined) issue(['benefits', 'pay'], msg('BUY_PAY_PAY_REQUIRED'));
    else if (b.take !== undefined && b.take <= b.pay) issue(['benefits', 'take'], msg('BUY_PAY_TAKE_ABOVE_PAY'));
  } else if (p.promotion_type === 'fixed_price') {
    allowOnly(['price']);
    if (b.price === undefined) issue(['benefits', 'price'], msg('FIXED_PRICE_REQUIRED'));
  } else if (VALUE_TYPES.includes(p.promotion_type)) {
    allowOnly(['type', 'value']);
    if (!b.type) issue(['benefits', 'type'], msg('BENEFIT_TYPE_REQUIRED'));
    if (b.value === undefined) issue(['benefits', 'value'], msg('BENEFIT_VALUE_REQUIRED'));
    else if (b.type === 'percent' && b.value > 100) issue(['benefits', 'value'], msg('PERCENT_RANGE'));
    else if (b.type === 'fixed' && Math.abs(Math.round(b.value * 100) - b.value * 100) > 1e-6) {
      issue(['benefits', 'value'], msg('CENTS_PRECISION'));
    }
  }
}

export const CreatePromotionBody = PromotionFields.superRefine(promotionRules);
/** PUT replaces the whole promotion: the same body and rules as creation. */
export const UpdatePromotionBody = PromotionFields.superRefine(promotionRules);
export type PromotionInput = z.output<typeof CreatePromotionBody>;

export const PromotionListQuery = PageQuery.extend({
  status: z.enum([...PROMOTION_STATUSES, 'running']).optional().meta({ description: '`running` é sinônimo de `active`.' }),
  promotion_type: z.enum(PROMOTION_TYPES).optional(),
  start_date: z.iso.date().optional().meta({ description: 'Promoções vigentes em algum dia a partir desta data (YYYY-MM-DD).' }),
  end_date: z.iso.date().optional().meta({ description: 'Promoções vigentes em algum dia até esta data (YYYY-MM-DD).' }),
  search: OptionalText.meta({ description: 'Parte do nome ou do código do cupom.' }),
}).superRefine(endNotBeforeStart);

export const Promotion = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    promotion_type: z.enum(PROMOTION_TYPES),
    code: z.string().nullable(),
    start_promotion: Timestamp,
    end_promotion: Timestamp,
    active: z.boolean(),
    disabled_at: Timestamp.nullable(),
    status: z.enum(PROMOTION_STATUSES),
    benefits: PromotionBenefits,
    trigger: PromotionTrigger,
    limits: z.object({ total: z.number().int().nullable(), per_customer: z.number().int().nullable() }),
    uses_count: z.number().int().meta({ description: 'Usos aplicados (pedidos cancelados liberam o uso).' }),
    location_ids: z.array(z.number().int()),
    customers: z.array(z.string()),
    selected_offers: z.array(z.string()),
    priority: z.number().int(),
    exclusive: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Promotion' });

export const PromotionActionParams = z.object({
  id: z.coerce.number().int().positive(),
  action: z.enum(PROMOTION_ACTIONS),
});

export const PromotionActionResult = z
  .object({ message: z.string(), promotion: Promotion })
  .meta({ id: 'PromotionActionResult' });

const promotional = 'promotional';
const writers = ['admin', 'manager'] as const;

export const promotionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/promotion',
    operationId: 'listPromotions',
    summary: 'Promoções da conta atual, paginadas e filtradas pelo status calculado',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional },
    access: { fixture: 'promotion' },
    querystring: PromotionListQuery,
    responses: { 200: paged(Promotion) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/promotion/:id',
    operationId: 'getPromotion',
    summary: 'Uma promoção da conta atual',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional },
    access: { fixture: 'promotion' },
    params: IdParam,
    responses: { 200: Promotion },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/promotion',
    operationId: 'createPromotion',
    summary: 'Cria uma promoção',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'newPromotion' },
    body: CreatePromotionBody,
    responses: { 201: Promotion },
    errors: [409],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/promotion/:id',
    operationId: 'updatePromotion',
    summary: 'Substitui os dados de uma promoção',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'promotionUpdate' },
    params: IdParam,
    body: UpdatePromotionBody,
    responses: { 200: Promotion },
    errors: [404, 409],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/promotion/:id',
    operationId: 'deletePromotion',
    summary: 'Exclui uma promoção',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'promotion' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404],
  }),
  action: defineRoute({
    method: 'POST',
    path: '/api/promotion/:id/actions/:action',
    operationId: 'runPromotionAction',
    summary: 'Cancela, finaliza, pausa ou reativa uma promoção',
    tags: ['Promotions'],
    permission: { kind: 'account', module: promotional, roles: writers },
    access: { fixture: 'promotionAction' },
    params: PromotionActionParams,
    responses: { 200: PromotionActionResult },
    errors: [404],
  }),
} as const;
