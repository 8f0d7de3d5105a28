import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, Money, OptionalText, PageQuery, Timestamp, paged } from './common.ts';
import { msg } from './messages.ts';

export const AUDIENCE_STATUSES = ['awaiting_approval', 'approved', 'rejected'] as const;
export const AUDIENCE_VISIBILITIES = ['global', 'private'] as const;
export const AUDIENCE_PRICE_TYPES = ['free', 'fixed'] as const;
export const AUDIENCE_BILLING_TYPES = ['up_front'] as const;
export const AUDIENCE_ATTRIBUTE_TYPES = ['enum', 'number', 'boolean', 'text'] as const;
export const AUDIENCE_OPERATORS = ['eq', 'neq', 'in', 'not_in', 'gt', 'gte', 'lt', 'lte', 'between', 'contains'] as const;
export type AudienceStatus = (typeof AUDIENCE_STATUSES)[number];
export type AudienceVisibility = (typeof AUDIENCE_VISIBILITIES)[number];
export type AudiencePriceType = (typeof AUDIENCE_PRICE_TYPES)[number];
export type AudienceAttributeType = (typeof AUDIENCE_ATTRIBUTE_TYPES)[number];
export type AudienceOperator = (typeof AUDIENCE_OPERATORS)[number];

/** pt-BR labels of the statuses, for badges and filters. */
export const AUDIENCE_STATUS_LABELS: Record<AudienceStatus, string> = {
  awaiting_approval: 'Aguardando aprovação',
  approved: 'Aprovada',
  rejected: 'Rejeitada',
};

/** The largest audience price, in reais. */
export const MAX_AUDIENCE_PRICE = 1_000_000;
export const MAX_AUDIENCE_RULES = 20;

export interface AudienceAttributeOption {
  value: string;
  label: string;
}

export interface AudienceAttributeDef {
  key: string;
  label: string;
  type: AudienceAttributeType;
  operators: readonly AudienceOperator[];
  options?: readonly AudienceAttributeOption[];
}

const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

const ENUM_OPS = ['eq', 'neq', 'in', 'not_in'] as const;
const NUMBER_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'between'] as const;
const TEXT_OPS = ['eq', 'neq', 'contains', 'in', 'not_in'] as const;
const BOOL_OPS = ['eq'] as const;

/**
 * The customer attributes the commerce side knows (customers, orders, app sessions, coupon
 * redemptions): the catalogue an audience's rules are written against (`GET /audience/attributes`).
 */
export const AUDIENCE_ATTRIBUTES: readonly AudienceAttributeDef[] = [
  {
    key: 'gender',
    label: 'Gênero',
    type: 'enum',
    operators: ENUM_OPS,
    options: [
      { value: 'female', label: 'Feminino' },
      { value: 'male', label: 'Masculino' },
      { value: 'not_informed', label: 'Não informado' },
    ],
  },
  {
    key: 'age_range',
    label: 'Faixa etária',
    type: 'enum',
    operators: ENUM_OPS,
    options: [
      { value: '18_24', label: '18 a 24 anos' },
      { value: '25_34', label: '25 a 34 anos' },
      { value: '35_44', label: '35 a 44 anos' },
      { value: '45_54', label: '45 a 54 anos' },
      { value: '55_64', label: '55 a 64 anos' },
      { value: '65_plus', label: '65 anos ou mais' },
    ],
  },
  { key: 'city', label: 'Cidade', type: 'text', operators: TEXT_OPS },
  { key: 'state', label: 'Estado (UF)', type: 'enum', operators: ENUM_OPS, options: UFS.map((uf) => ({ value: uf, label: uf })) },
  { key: 'purchased_category', label: 'Categoria comprada (últimos 90 dias)', type: 'text', operators: TEXT_OPS },
  {
    key: 'purchase_frequency',
    label: 'Frequência de compra',
    type: 'enum',
    operators: ENUM_OPS,
    options: [
      { value: 'weekly', label: 'Semanal' },
      { value: 'biweekly', label: 'Quinzenal' },
      { value: 'monthly', label: 'Mensal' },
      { value: 'occasional', label: 'Ocasional' },
    ],
  },
  { key: 'average_ticket', label: 'Ticket médio (R$)', type: 'number', operators: NUMBER_OPS },
  { key: 'orders_last_90_days', label: 'Pedidos nos últimos 90 dias', type: 'number', operators: NUMBER_OPS },
  { key: 'last_purchase_days', label: 'Dias desde a última compra', type: 'number', operators: NUMBER_OPS },
  { key: 'uses_app', label: 'Compra pelo aplicativo', type: 'boolean', operators: BOOL_OPS },
  { key: 'has_coupon', label: 'Usou cupom nos últimos 90 dias', type: 'boolean', operators: BOOL_OPS },
];

export const AudienceAttributeOption = z.object({ value: z.string(), label: z.string() });
export const AudienceAttribute = z
  .object({
    key: z.string(),
    label: z.string(),
    type: z.enum(AUDIENCE_ATTRIBUTE_TYPES),
    operators: z.array(z.enum(AUDIENCE_OPERATORS)),
    options: z.array(AudienceAttributeOption).optional(),
  })
  .meta({ id: 'AudienceAttribute' });

const RuleScalar = z.union([z.string().trim().min(1).max(120), z.number().finite(), z.boolean()]);
export const AudienceRule = z
  .strictObject({
    attribute: z.string().trim().min(1).max(60).meta({ description: 'Chave de um atributo de `GET /audience/attributes`.' }),
    operator: z.enum(AUDIENCE_OPERATORS),
    value: z
      .union([RuleScalar, z.array(z.union([z.string().trim().min(1).max(120), z.number().finite()])).min(1).max(100)])
      .meta({ description: 'Um valor; uma lista para `in`/`not_in`; `[min, max]` para `between`.' }),
  })
  .meta({ id: 'AudienceRule' });
export type AudienceRule = z.output<typeof AudienceRule>;

const ATTRIBUTE_BY_KEY = new Map(AUDIENCE_ATTRIBUTES.map((a) => [a.key, a]));

/** Why a rule does not fit the attribute catalogue, at the path it concerns; null when it does. */
export function audienceRuleProblem(rule: AudienceRule): { path: 'attribute' | 'operator' | 'value'; message: string } | null {
  const attr = ATTRIBUTE_BY_KEY.get(rule.attribute);
  if (!attr) return { path: 'attribute', message: msg('AUDIENCE_ATTRIBUTE_UNKNOWN') };
  if (!attr.operators.includes(rule.operator)) {
    return { path: 'operator', message: msg('AUDIENCE_OPERATOR_NOT_ALLOWED', { label: attr.label, operators: attr.operators.join(', ') }) };
  }
  const v = rule.value;
  const list = rule.operator === 'in' || rule.operator === 'not_in';
  const bad = (message: string) => ({ path: 'value' as const, message });
  if (attr.type === 'number') {
    if (rule.operator === 'between') {
      if (!Array.isArray(v) || v.length !== 2 || v.some((x) => typeof x !== 'number' || x < 0)) {
        return bad(msg('AUDIENCE_BETWEEN_VALUE'));
      }
      if ((v[0] as number) > (v[1] as number)) return bad(msg('AUDIENCE_MIN_ABOVE_MAX'));
      return null;
    }
    if (typeof v !== 'number' || v < 0) return bad(msg('AUDIENCE_NUMBER_VALUE'));
    return null;
  }
  if (attr.type === 'boolean') return typeof v === 'boolean' ? null : bad(msg('AUDIENCE_BOOLEAN_VALUE'));
  if (list) {
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return bad(msg('AUDIENCE_LIST_VALUE'));
  } else if (typeof v !== 'string') return bad(msg('AUDIENCE_TEXT_VALUE'));
  if (attr.options) {
    const allowed = new Set(attr.options.map((o) => o.value));
    const values = Array.isArray(v) ? v : [v];
    if (values.some((x) => !allowed.has(String(x)))) return bad(msg('AUDIENCE_VALUE_NOT_AN_OPTION', { label: attr.label }));
  }
  return null;
}

const AudienceFields = z.strictObject({
  name: z.string().trim().min(1).max(120),
  description: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  estimated_audience: z.number().int().min(0).max(1_000_000_000).default(0).meta({ description: 'Clientes estimados na audiência.' }),
  reach_range: z.number().int().min(0).max(100).default(0).meta({ description: 'Alcance potencial, de 0 a 100.' }),
  visibility: z.enum(AUDIENCE_VISIBILITIES, { message: msg('AUDIENCE_VISIBILITY') }),
  advertiser_ids: z
    .array(z.number().int().positive())
    .max(500)
    .default([])
    .meta({ description: 'Anunciantes que veem uma audiência privada (vinculados ao publisher); obrigatório quando privada, vazio quando global.' }),
  rules: z.array(AudienceRule).max(MAX_AUDIENCE_RULES).default([]),
});

type Fields = z.output<typeof AudienceFields>;

function audienceRules(a: Pick<Fields, 'visibility' | 'advertiser_ids' | 'rules'>, ctx: z.RefinementCtx) {
  if (a.visibility === 'private' && a.advertiser_ids.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['advertiser_ids'], message: msg('AUDIENCE_PRIVATE_NEEDS_ADVERTISERS') });
  }
  // A global audience is seen by every linked advertiser: a list would be dropped, not stored.
  if (a.visibility === 'global' && a.advertiser_ids.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['advertiser_ids'], message: msg('AUDIENCE_GLOBAL_NO_ADVERTISERS') });
  }
  a.rules.forEach((rule, i) => {
    const problem = audienceRuleProblem(rule);
    if (problem) ctx.addIssue({ code: 'custom', path: ['rules', i, problem.path], message: problem.message });
  });
}

export const CreateAudienceBody = AudienceFields.extend({
  publisher_id: z.number().int().positive().meta({ description: 'O publisher (inventário) da audiência.' }),
}).superRefine(audienceRules);
export type CreateAudienceInput = z.output<typeof CreateAudienceBody>;

/** PUT replaces the audience's definition (not its status, price or publisher). */
export const UpdateAudienceBody = AudienceFields.superRefine(audienceRules);
export type UpdateAudienceInput = z.output<typeof UpdateAudienceBody>;

export const ApproveAudienceBody = z
  .strictObject({
    price_type: z.enum(AUDIENCE_PRICE_TYPES),
    price: z
      .number()
      .multipleOf(0.01)
      .optional()
      .meta({
        description:
          'Preço em reais (duas casas), obrigatório quando `price_type` é fixed e maior que zero. Quando a conta de quem aprova usa moeda em centavos, é um inteiro de centavos (dividido por 100).',
      }),
    billing_type: z.enum(AUDIENCE_BILLING_TYPES).default('up_front'),
  })
  .superRefine((b, ctx) => {
    if (b.price_type !== 'fixed') return;
    if (b.price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: msg('AUDIENCE_PRICE_REQUIRED') });
    else if (b.price <= 0) ctx.addIssue({ code: 'custom', path: ['price'], message: msg('PRICE_ABOVE_ZERO') });
  });
export type ApproveAudienceInput = z.output<typeof ApproveAudienceBody>;

export const RejectAudienceBody = z.strictObject({
  note: z.string({ message: msg('REJECTION_REASON_REQUIRED') }).trim().min(1, { message: msg('REJECTION_REASON_REQUIRED') }).max(500),
});
export type RejectAudienceInput = z.output<typeof RejectAudienceBody>;

export const AudienceListQuery = PageQuery.extend({
  status: z.enum(AUDIENCE_STATUSES).optional(),
  name: OptionalText.meta({ description: 'Parte do nome da audiência.' }),
  publisher_id: z.coerce.number().int().positive().optional(),
});
export type AudienceListQuery = z.output<typeof AudienceListQuery>;

const Party = z.object({ id: z.number().int(), name: z.string() });

export const Audience = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(AUDIENCE_STATUSES),
    price: Money.nullable().meta({ description: 'Preço em reais; null enquanto não aprovada.' }),
    price_type: z.enum(AUDIENCE_PRICE_TYPES).nullable(),
    estimated_audience: z.number().int(),
    reach_range: z.number().int(),
    billing_type: z.enum(AUDIENCE_BILLING_TYPES),
    visibility: z.enum(AUDIENCE_VISIBILITIES),
    advertiser_ids: z.array(z.number().int()).meta({ description: 'Para o anunciante, somente ele mesmo (quando incluído).' }),
    advertisers: z.array(Party).meta({ description: 'Anunciantes de uma audiência privada; só para o lado publisher.' }),
    publisher: Party,
    created_by_account: Party.nullable().meta({ description: 'O anunciante que propôs; null quando criada pelo publisher.' }),
    rules: z.array(AudienceRule),
    note: z.string().nullable(),
    created_at: Timestamp,
    reviewed_at: Timestamp.nullable(),
    permissions: z.object({
      can_review: z.boolean().meta({ description: 'Aprovar, rejeitar e definir preço (lado publisher, admin ou gerente).' }),
      can_edit: z.boolean(),
      can_delete: z.boolean(),
    }),
  })
  .meta({ id: 'Audience' });

const retailMedia = 'retail_media';
const writers = ['admin', 'manager'] as const;
const tags = ['Audiences'] as const;

export const audienceRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/audience',
    operationId: 'listAudiences',
    summary: 'Audiências visíveis à conta: todas dos inventários que ela gerencia; das vinculadas, as aprovadas globais ou privadas para ela e as que ela propôs',
    tags,
    permission: { kind: 'account', module: retailMedia },
    access: { fixture: 'audienceFilter', allow: ['industry'] },
    querystring: AudienceListQuery,
    responses: { 200: paged(Audience) },
  }),
  attributes: defineRoute({
    method: 'GET',
    path: '/audience/attributes',
    operationId: 'listAudienceAttributes',
    summary: 'Catálogo de atributos de clientes usados nas regras das audiências',
    tags,
    permission: { kind: 'account', module: retailMedia },
    access: {},
    responses: { 200: z.array(AudienceAttribute) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/audience/:id',
    operationId: 'getAudience',
    summary: 'Uma audiência visível à conta',
    tags,
    permission: { kind: 'account', module: retailMedia },
    access: { fixture: 'audience', allow: ['industry'] },
    params: IdParam,
    responses: { 200: Audience },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/audience',
    operationId: 'createAudience',
    summary: 'Propõe uma audiência (anunciante vinculado com audiências habilitadas) ou a cria no próprio inventário (publisher); começa aguardando aprovação',
    tags,
    permission: { kind: 'account', module: retailMedia, roles: writers },
    access: { fixture: 'newAudience', allow: ['industry'], others: 404 },
    body: CreateAudienceBody,
    responses: { 201: Audience },
    errors: [404],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/audience/:id',
    operationId: 'updateAudience',
    summary: 'Altera a definição de uma audiência (o publisher, ou quem a propôs enquanto aguarda aprovação)',
    tags,
    permission: { kind: 'account', module: retailMedia, roles: writers },
    access: { fixture: 'audienceUpdate', forbid: ['industry'] },
    params: IdParam,
    body: UpdateAudienceBody,
    responses: { 200: Audience },
    errors: [404],
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/audience/:id',
    operationId: 'deleteAudience',
    summary: 'Exclui uma audiência que nenhuma campanha usa (o publisher, ou quem a propôs enquanto aguarda aprovação)',
    tags,
    permission: { kind: 'account', module: retailMedia, roles: writers },
    access: { fixture: 'audience', forbid: ['industry'] },
    params: IdParam,
    responses: { 200: Message },
    errors: [404, 409],
  }),
  approve: defineRoute({
    method: 'PATCH',
    path: '/audience/actions/approve/:id',
    operationId: 'approveAudience',
    summary: 'Aprova uma audiência com preço gratuito ou fixo (lado publisher)',
    tags,
    permission: { kind: 'account', module: retailMedia, roles: writers },
    access: { fixture: 'audienceApproval', forbid: ['industry'] },
    params: IdParam,
    body: ApproveAudienceBody,
    responses: { 200: Audience },
    errors: [404],
  }),
  reject: defineRoute({
    method: 'PATCH',
    path: '/audience/actions/reject/:id',
    operationId: 'rejectAudience',
    summary: 'Rejeita uma audiência com uma observação obrigatória (lado publisher)',
    tags,
    permission: { kind: 'account', module: retailMedia, roles: writers },
    access: { fixture: 'audienceRejection', forbid: ['industry'] },
    params: IdParam,
    body: RejectAudienceBody,
    responses: { 200: Audience },
    errors: [404],
  }),
} as const;
