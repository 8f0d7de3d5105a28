import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Money, PageQuery, Timestamp, paged } from './common.ts';
import { msg } from './messages.ts';

export const TRADE_KINDS = ['shelf_space', 'end_cap', 'tasting', 'flyer_placement', 'other'] as const;
export const TRADE_STATUSES = ['draft', 'proposed', 'approved', 'rejected', 'running', 'done', 'canceled'] as const;
export const TRADE_ACTIONS = ['propose', 'approve', 'reject', 'revise', 'start', 'finish', 'cancel'] as const;
export type TradeKind = (typeof TRADE_KINDS)[number];
export type TradeStatus = (typeof TRADE_STATUSES)[number];
export type TradeAction = (typeof TRADE_ACTIONS)[number];

export type TradeSide = 'brand' | 'retailer';
/** Who may take a step: the side that wrote the agreement, the other one, the retailer, or either. */
export type TradeActor = 'author' | 'other' | 'retailer' | 'either';

/**
 * The status flow (one table for the API's checks and the screens' buttons): the author drafts,
 * edits and proposes; only the other side approves or rejects; a rejected one goes back to draft by
 * its author; the retailer starts it (or its period does); either side records it done. Before
 * approval only the author withdraws it; an approved one not yet running may be canceled by either
 * side; a running or finished one is never canceled. `by` is keyed by the status the step leaves.
 */
export const TRADE_FLOW: Record<TradeAction, { to: TradeStatus; by: Partial<Record<TradeStatus, TradeActor>> }> = {
  propose: { to: 'proposed', by: { draft: 'author' } },
  approve: { to: 'approved', by: { proposed: 'other' } },
  reject: { to: 'rejected', by: { proposed: 'other' } },
  revise: { to: 'draft', by: { rejected: 'author' } },
  start: { to: 'running', by: { approved: 'retailer' } },
  finish: { to: 'done', by: { running: 'either' } },
  cancel: { to: 'canceled', by: { draft: 'author', proposed: 'author', rejected: 'author', approved: 'either' } },
};

/** The side an actor of a step stands for (null: either side), given who wrote the agreement. */
export function tradeActorSide(actor: TradeActor, author: TradeSide): TradeSide | null {
  if (actor === 'author') return author;
  if (actor === 'other') return author === 'brand' ? 'retailer' : 'brand';
  return actor === 'retailer' ? 'retailer' : null;
}

/** The steps `me` may take on an agreement in `status` written by `author`, in the flow's order. */
export function tradeActionsFor(status: TradeStatus, me: TradeSide, author: TradeSide): TradeAction[] {
  return TRADE_ACTIONS.filter((action) => {
    const actor = TRADE_FLOW[action].by[status];
    if (!actor) return false;
    const side = tradeActorSide(actor, author);
    return side === null || side === me;
  });
}

/** Proof photos: images only, up to 10 MB each. */
export const TRADE_PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const TRADE_PROOF_MAX_BYTES = 10 * 1024 * 1024;

const TradeDate = z.iso.date().meta({ description: 'YYYY-MM-DD' });
const Ids = z.array(z.number().int().positive()).min(1).max(500);

const TradeFields = z.strictObject({
  title: z.string().trim().min(2).max(160),
  kind: z.enum(TRADE_KINDS),
  description: z.string().trim().max(4000).nullable().optional(),
  location_ids: Ids.meta({ description: 'Lojas do varejista.' }),
  product_ids: Ids.meta({ description: 'Produtos do varejista das marcas da indústria.' }),
  start_date: TradeDate,
  end_date: TradeDate,
  investment: Money.min(0).max(100_000_000),
});

function periodRule(f: { start_date: string; end_date: string }, ctx: z.RefinementCtx) {
  if (f.end_date < f.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: msg('END_BEFORE_START') });
}

export const CreateTradeBody = TradeFields.extend({
  counterpart_id: z.number().int().positive().meta({ description: 'A outra parte: o varejista (para a indústria) ou a indústria (para o varejista).' }),
}).superRefine(periodRule);
export const UpdateTradeBody = TradeFields.superRefine(periodRule);
export type CreateTradeInput = z.output<typeof CreateTradeBody>;
export type UpdateTradeInput = z.output<typeof UpdateTradeBody>;

export const TradeListQuery = PageQuery.extend({
  status: z.enum(TRADE_STATUSES).optional(),
  counterpart_id: z.coerce.number().int().positive().optional(),
});

export const TradeActionParams = z.object({ id: z.coerce.number().int().positive(), action: z.enum(TRADE_ACTIONS) });
export const TradeActionBody = z.strictObject({
  note: z.string().trim().max(1000).nullable().optional().meta({ description: 'Obrigatória ao recusar (o motivo).' }),
});

const Party = z.object({ id: z.number().int(), name: z.string() });

export const TradeEvent = z
  .object({
    from_status: z.enum(TRADE_STATUSES).nullable(),
    to_status: z.enum(TRADE_STATUSES),
    side: z.enum(['brand', 'retailer', 'system']),
    user_name: z.string().nullable(),
    note: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'TradeEvent' });

export const TradeAgreement = z
  .object({
    id: z.number().int(),
    title: z.string(),
    kind: z.enum(TRADE_KINDS),
    description: z.string().nullable(),
    brand: Party,
    retailer: Party,
    author_side: z.enum(['brand', 'retailer']),
    my_side: z.enum(['brand', 'retailer']),
    location_ids: z.array(z.number().int()),
    product_ids: z.array(z.number().int()),
    start_date: TradeDate,
    end_date: TradeDate,
    investment: z.number(),
    status: z.enum(TRADE_STATUSES),
    rejection_reason: z.string().nullable(),
    decided_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'TradeAgreement' });

export const TradeAgreementDetail = TradeAgreement.extend({ history: z.array(TradeEvent) }).meta({ id: 'TradeAgreementDetail' });
export const TradeActionResult = z.object({ message: z.string(), agreement: TradeAgreementDetail }).meta({ id: 'TradeActionResult' });

export const TradeProofUploadBody = z
  .object({
    location_id: z.string().meta({ description: 'Loja do acordo onde a ação foi executada.' }),
    note: z.string().optional().meta({ description: 'Observação (até 1000 caracteres).' }),
    file: z.string().meta({ format: 'binary', description: 'JPEG, PNG ou WebP (até 10 MB). Envie os campos antes do arquivo.' }),
  })
  .meta({ id: 'TradeProofUploadBody' });

export const TradeProof = z
  .object({
    id: z.number().int(),
    location_id: z.number().int(),
    url: z.string(),
    media_type: z.enum(TRADE_PROOF_TYPES),
    file_name: z.string(),
    size: z.number().int(),
    note: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'TradeProof' });

const SellOut = z.object({ units: z.number(), value: z.number() });
const Comparison = z.object({ current: SellOut, previous: SellOut, units_change_pct: z.number().nullable(), value_change_pct: z.number().nullable() });

export const TradeResults = z
  .object({
    period: z.object({ start_date: TradeDate, end_date: TradeDate }),
    previous_period: z.object({ start_date: TradeDate, end_date: TradeDate }),
    total: Comparison,
    by_product: z.array(Comparison.extend({ product_id: z.number().int(), sku: z.string(), name: z.string() })),
    by_store: z.array(Comparison.extend({ location_id: z.number().int(), name: z.string() })),
  })
  .meta({ id: 'TradeResults' });

/** A party the caller may agree with, with the stores and the brand's products an agreement between them may name. */
export const TradeCounterpart = z
  .object({
    id: z.number().int(),
    name: z.string(),
    side: z.enum(['brand', 'retailer']).meta({ description: 'O lado da outra parte.' }),
    locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
    products: z.array(z.object({ id: z.number().int(), sku: z.string(), name: z.string() })),
  })
  .meta({ id: 'TradeCounterpart' });

const trade = 'promotional.trade';
const readers = { kind: 'account', module: trade } as const;
const writers = { kind: 'account', module: trade, roles: ['admin', 'manager'] } as const;

export const tradeRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/trade',
    operationId: 'listTradeAgreements',
    summary: 'Acordos de trade em que a conta atual é a indústria ou o varejista',
    tags: ['Trade'],
    permission: readers,
    // The fixture's agreement is with Café Aurora (`industry`): the brand side lists and reads it too.
    access: { fixture: 'trade', allow: ['industry'] },
    querystring: TradeListQuery,
    responses: { 200: paged(TradeAgreement) },
  }),
  counterparts: defineRoute({
    method: 'GET',
    path: '/api/trade/counterparts',
    operationId: 'listTradeCounterparts',
    summary: 'As indústrias ou varejistas vinculados com quem a conta pode fazer acordos, com lojas e produtos da marca',
    tags: ['Trade'],
    permission: readers,
    access: {},
    responses: { 200: z.object({ data: z.array(TradeCounterpart) }) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/trade/:id',
    operationId: 'getTradeAgreement',
    summary: 'Um acordo de trade, com o histórico de status',
    tags: ['Trade'],
    permission: readers,
    access: { fixture: 'trade', allow: ['industry'] },
    params: IdParam,
    responses: { 200: TradeAgreementDetail },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/trade',
    operationId: 'createTradeAgreement',
    summary: 'Cria um rascunho de acordo com uma indústria ou varejista vinculado',
    tags: ['Trade'],
    permission: writers,
    access: { fixture: 'newTrade', others: 422 },
    body: CreateTradeBody,
    responses: { 201: TradeAgreementDetail },
    errors: [422],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/trade/:id',
    operationId: 'updateTradeAgreement',
    summary: 'Altera um rascunho da própria conta',
    tags: ['Trade'],
    permission: writers,
    // The brand sees the retailer's draft but only its author edits it.
    access: { fixture: 'tradeUpdate', forbid: ['industry'] },
    params: IdParam,
    body: UpdateTradeBody,
    responses: { 200: TradeAgreementDetail },
    errors: [403, 404, 409, 422],
  }),
  action: defineRoute({
    method: 'POST',
    path: '/api/trade/:id/actions/:action',
    operationId: 'runTradeAction',
    summary: 'Propõe, aprova, recusa, revisa, inicia, conclui ou cancela um acordo',
    tags: ['Trade'],
    permission: writers,
    // Proposing belongs to the author (the retailer here): the brand gets 403 naming it.
    access: { fixture: 'tradeAction', forbid: ['industry'] },
    params: TradeActionParams,
    body: TradeActionBody,
    responses: { 200: TradeActionResult },
    errors: [403, 404, 409],
  }),
  uploadProof: defineRoute({
    method: 'POST',
    path: '/api/trade/:id/proofs',
    operationId: 'uploadTradeProof',
    summary: 'Envia uma foto de execução de uma loja (varejista, acordo em andamento)',
    tags: ['Trade'],
    permission: writers,
    access: { fixture: 'tradeProofUpload', forbid: ['industry'] },
    params: IdParam,
    body: TradeProofUploadBody,
    bodyContentType: 'multipart/form-data',
    responses: { 201: TradeProof },
    errors: [403, 404, 409, 413],
  }),
  proofs: defineRoute({
    method: 'GET',
    path: '/api/trade/:id/proofs',
    operationId: 'listTradeProofs',
    summary: 'As fotos de execução de um acordo',
    tags: ['Trade'],
    permission: readers,
    access: { fixture: 'trade', allow: ['industry'] },
    params: IdParam,
    responses: { 200: z.object({ data: z.array(TradeProof) }) },
    errors: [404],
  }),
  results: defineRoute({
    method: 'GET',
    path: '/api/trade/:id/results',
    operationId: 'getTradeResults',
    summary: 'Sell-out dos produtos do acordo nas suas lojas no período, contra o período anterior de mesma duração',
    tags: ['Trade'],
    permission: readers,
    access: { fixture: 'trade', allow: ['industry'] },
    params: IdParam,
    responses: { 200: TradeResults },
    errors: [404],
  }),
} as const;
