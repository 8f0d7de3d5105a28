import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Money, OptionalText, Timestamp, endNotBeforeStart, paged } from './common.ts';
import { msg } from './messages.ts';

export const CAMPAIGN_AD_TYPES = ['product', 'banner', 'sponsored_brand', 'digital_signage'] as const;
export type CampaignAdType = (typeof CAMPAIGN_AD_TYPES)[number];
/** Computed, never stored: canceled > finished > paused > scheduled > active. */
export const CAMPAIGN_STATUSES = ['active', 'scheduled', 'paused', 'finished', 'canceled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STRATEGIES = ['standard', 'objective_based'] as const;
export type CampaignStrategyType = (typeof CAMPAIGN_STRATEGIES)[number];
export const CAMPAIGN_GOALS = ['profitability', 'growth', 'reach'] as const;
export type CampaignGoalKey = (typeof CAMPAIGN_GOALS)[number];
export const CAMPAIGN_TARGETINGS = ['keyword', 'category'] as const;
export type CampaignTargetingType = (typeof CAMPAIGN_TARGETINGS)[number];
export const CAMPAIGN_AD_STATUSES = ['pending_review', 'approved', 'rejected'] as const;
export const CAMPAIGN_ORDER_FIELDS = [
  'name',
  'created_at',
  'start_at',
  'end_at',
  'daily_budget',
  'impressions',
  'clicks',
  'total_spent',
  'income',
] as const;
export type CampaignOrderField = (typeof CAMPAIGN_ORDER_FIELDS)[number];
export const CAMPAIGN_PRODUCT_ORDER_FIELDS = ['conversions', 'items_sold', 'sales'] as const;
export const CAMPAIGN_ORDER_DIRECTIONS = ['asc', 'desc'] as const;

/** Spec §9 page sizes. */
export const CAMPAIGN_PAGE_SIZE = 10;
export const CAMPAIGN_KEYWORDS_PAGE_SIZE = 50;
/** Spec §9: default daily budget of a new campaign (reais). */
export const DEFAULT_CAMPAIGN_DAILY_BUDGET = 100;
export const CAMPAIGN_NAME_MAX = 120;
export const CAMPAIGN_KEYWORD_MAX = 80;
/** Spec §5, verbatim (pt-BR and en). */
export const INVALID_CAMPAIGN_TYPE_MESSAGE = 'Invalid campaign type.';

/** CPC range (reais) per goal when the publisher configured none. */
export const DEFAULT_GOAL_RANGES: Record<CampaignGoalKey, { min: number; max: number }> = {
  profitability: { min: 0.5, max: 1.2 },
  growth: { min: 0.8, max: 2.0 },
  reach: { min: 0.3, max: 0.9 },
};

/** Today in São Paulo as YYYY-MM-DD (campaign dates are São Paulo days). */
export const saoPauloToday = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const DateOnly = z.iso.date();
const Int = z.number().int();

const BUDGET_NOTE =
  'Em reais; quando a conta que envia usa moeda em centavos (currency_cents), o valor é em centavos inteiros e é dividido por 100.';

// ---------------------------------------------------------------------------------------------
// Shapes

export const CampaignMetrics = z
  .object({
    impressions: Int,
    views: Int,
    clicks: Int,
    conversions: Int,
    income: Money.meta({ description: 'Vendas atribuídas, em reais.' }),
    ctr: z.number().meta({ description: 'clicks / impressions (fração, 0 quando não há impressões).' }),
    conversion_rate: z.number().meta({ description: 'conversions / clicks (fração).' }),
    ecpm: z.number().meta({ description: 'total_spent / impressions × 1000, em reais.' }),
    total_spent: Money,
    cpa: z.number().meta({ description: 'total_spent / conversions, em reais.' }),
    avg_cpc: z.number().meta({ description: 'total_spent / clicks, em reais.' }),
    avg_cpm: z.number().meta({ description: 'Igual a ecpm.' }),
    roas: z.number().meta({ description: 'income / total_spent.' }),
    adcost: z.number().meta({ description: 'total_spent / income (fração).' }),
  })
  .meta({ id: 'CampaignMetrics', description: 'Métricas do período (rm_daily_stats); razões valem 0 quando o divisor é 0.' });

export const CampaignTag = z.object({ id: Int, name: z.string() }).meta({ id: 'CampaignTag' });
const NamedRef = z.object({ id: Int, name: z.string() });

export const CampaignSettings = z
  .object({
    daily_budget: Money,
    total_budget: Money.nullable(),
    cpm: Money.nullable(),
    cpc: Money.nullable(),
    budget_type: z.string().meta({ description: 'Sempre "evenly".' }),
  })
  .meta({ id: 'CampaignSettings' });

export const CampaignListItem = z
  .object({
    id: Int,
    name: z.string(),
    created_at: Timestamp,
    ad_type: z.enum(CAMPAIGN_AD_TYPES),
    type: z.enum(CAMPAIGN_AD_TYPES).meta({ description: 'O mesmo que ad_type.' }),
    strategy_type: z.enum(CAMPAIGN_STRATEGIES),
    targeting: z.enum(CAMPAIGN_TARGETINGS),
    active: z.boolean(),
    status: z.enum(CAMPAIGN_STATUSES),
    advertiser_id: Int,
    advertiser_name: z.string(),
    advertiser_account_logo: z.string().nullable(),
    advertiser_account_theme: z.string().nullable().meta({ description: 'Cor do cabeçalho da conta (fundo do logo).' }),
    publisher_id: Int,
    publisher_name: z.string(),
    publisher_logo: z.string().nullable(),
    start_at: DateOnly.meta({ description: 'Dia de início (São Paulo), YYYY-MM-DD.' }),
    end_at: DateOnly.nullable().meta({ description: 'Último dia (São Paulo); null = sempre ativa.' }),
    settings: CampaignSettings,
    consumed_budget: Money.meta({ description: 'Total gasto na vida da campanha, em reais.' }),
    tags: z.array(CampaignTag),
    metrics: CampaignMetrics,
  })
  .meta({ id: 'CampaignListItem' });

export const CampaignProductRef = z
  .object({ sku: z.string(), name: z.string().nullable(), image_url: z.string().nullable(), active: z.boolean() })
  .meta({ id: 'CampaignProductRef' });

export const CampaignPermissionsFlags = z
  .object({
    can_edit: z.boolean().meta({ description: 'Editar nome, orçamento diário e data final (anunciante dono, campanha não encerrada/cancelada).' }),
    can_toggle: z.boolean(),
    can_manage_keywords: z.boolean(),
    can_manage_categories: z.boolean(),
    can_manage_products: z.boolean(),
    can_manage_tags: z.boolean(),
    can_review_ads: z.boolean(),
    can_cancel: z.boolean(),
    can_delete: z.boolean(),
  })
  .meta({ id: 'CampaignPermissionsFlags' });

export const CampaignDetail = CampaignListItem.extend({
  description: z.string().nullable(),
  goal: z.enum(CAMPAIGN_GOALS).nullable(),
  settings: CampaignSettings.extend({
    goal: z.enum(CAMPAIGN_GOALS).nullable(),
    products: z.array(CampaignProductRef),
  }),
  keywords_count: Int,
  categories: z.array(z.string()),
  audiences: z.array(NamedRef),
  subpublishers: z.array(NamedRef),
  created_by: z.object({ name: z.string(), email: z.string() }).nullable(),
  canceled_at: Timestamp.nullable(),
  updated_at: Timestamp,
  permissions: CampaignPermissionsFlags,
}).meta({ id: 'CampaignDetail' });

// ---------------------------------------------------------------------------------------------
// List

const PeriodFields = {
  start_date: DateOnly.optional().meta({ description: 'Início do período das métricas (YYYY-MM-DD). Padrão: toda a vida.' }),
  end_date: DateOnly.optional().meta({ description: 'Fim do período das métricas (YYYY-MM-DD).' }),
};

const CampaignFilterFields = {
  rmid: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .meta({ description: 'Conta da contraparte: um publisher (para o anunciante) ou um anunciante (para o publisher).' }),
  tag_id: z.coerce.number().int().positive().optional(),
  campaign_name: OptionalText.meta({ description: 'Parte do nome (sem diferenciar maiúsculas).' }),
  ad_type: z.enum(CAMPAIGN_AD_TYPES).optional(),
  campaign_targeting: z.enum(CAMPAIGN_TARGETINGS).optional(),
  ad_status: z.enum(CAMPAIGN_AD_STATUSES).optional().meta({ description: 'Campanhas com algum anúncio neste status.' }),
  ...PeriodFields,
};

export const CampaignCountQuery = z.object(CampaignFilterFields).superRefine(endNotBeforeStart);

export const CampaignListQuery = z
  .object({
    ...CampaignFilterFields,
    campaign_status: z.enum(CAMPAIGN_STATUSES).optional(),
    order_by: z.enum(CAMPAIGN_ORDER_FIELDS).default('created_at'),
    order_direction: z.enum(CAMPAIGN_ORDER_DIRECTIONS).default('desc'),
    quantity: z.coerce.number().int().min(1).max(100).default(CAMPAIGN_PAGE_SIZE),
    page: z.coerce.number().int().min(1).default(1),
  })
  .superRefine(endNotBeforeStart);
export type CampaignListQueryInput = z.output<typeof CampaignListQuery>;

export const CampaignStatusCounts = z
  .object({ active: Int, scheduled: Int, paused: Int, finished: Int, canceled: Int, total: Int })
  .meta({ id: 'CampaignStatusCounts' });

// ---------------------------------------------------------------------------------------------
// Create / update

const CampaignName = z.string().trim().min(1).max(CAMPAIGN_NAME_MAX);
const KeywordText = z.string().trim().toLowerCase().min(1).max(CAMPAIGN_KEYWORD_MAX);
const keywordList = (min: number) =>
  z
    .array(KeywordText)
    .min(min)
    .max(1000)
    .transform((list) => [...new Set(list)])
    .meta({ description: 'Sem espaços nas pontas, em minúsculas e sem repetição; até 80 caracteres cada.' });
const Keywords = keywordList(0);
const Categories = z
  .array(z.string().trim().min(1).max(300))
  .max(200)
  .transform((list) => [...new Set(list)])
  .meta({ description: 'Categorias completas ("A > B > C").' });
const SkuRef = z.object({ sku: z.string().trim().min(1).max(100) });
const IdList = z.array(z.number().int().positive()).max(200);

/** The largest budget a campaign takes (in reais, or in cents from a currency_cents account): beyond it is a typo. */
export const MAX_CAMPAIGN_BUDGET = 100_000_000;
/** A budget, in whole cents (a fraction of a cent would be stored as something else). */
const Budget = z.number().positive().max(MAX_CAMPAIGN_BUDGET).multipleOf(0.01);
const DailyBudget = Budget.meta({ description: BUDGET_NOTE });

function datesInOrder(b: { start_at?: string; end_at?: string | null }, ctx: z.RefinementCtx) {
  const start = b.start_at ?? saoPauloToday();
  if (b.end_at && b.end_at < start) {
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: msg('END_BEFORE_START') });
  }
}

export const CreateCampaignBody = z
  .strictObject({
    publisher_id: z.number().int().positive(),
    name: CampaignName,
    description: z.string().trim().max(1000).nullable().optional(),
    ad_type: z.string().meta({ description: 'product, banner, sponsored_brand ou digital_signage; outro valor: "Invalid campaign type."' }),
    targeting: z.enum(CAMPAIGN_TARGETINGS).default('keyword'),
    daily_budget: DailyBudget,
    total_budget: Budget.nullable().optional().meta({ description: `Só quando o vínculo permite. ${BUDGET_NOTE}` }),
    cpm: Money.positive().max(MAX_CAMPAIGN_BUDGET).nullable().optional(),
    cpc: Money.positive().max(MAX_CAMPAIGN_BUDGET).nullable().optional(),
    budget_type: z.enum(['evenly']).default('evenly'),
    start_at: DateOnly.optional().meta({ description: 'YYYY-MM-DD; padrão: hoje (São Paulo).' }),
    end_at: DateOnly.nullable().optional().meta({ description: 'YYYY-MM-DD; null ou ausente = sempre ativa.' }),
    products: z.array(SkuRef).max(500).default([]).meta({ description: 'SKUs do catálogo do publisher; obrigatório para ad_type product.' }),
    keywords: Keywords.default([]),
    categories: Categories.default([]),
    audience_ids: IdList.default([]),
    subpublisher_ids: IdList.default([]),
    tag_ids: IdList.default([]),
  })
  .superRefine((b, ctx) => {
    datesInOrder(b, ctx);
    if (b.ad_type === 'product' && b.products.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['products'], message: msg('PRODUCTS_REQUIRED') });
    }
  });
export type CreateCampaignInput = z.output<typeof CreateCampaignBody>;

/** Spec §3 objective campaign create payload, exactly. */
export const CreateObjectiveCampaignBody = z
  .strictObject({
    goal: z.enum(CAMPAIGN_GOALS),
    name: CampaignName,
    products: z
      .array(z.object({ id: z.number().int().positive(), sku: z.string().trim().min(1).max(100) }))
      .min(1, { message: msg('PRODUCTS_REQUIRED') })
      .max(500),
    start_at: DateOnly.optional().meta({ description: 'YYYY-MM-DD; padrão: hoje (São Paulo).' }),
    end_at: DateOnly.nullable().optional().meta({ description: 'YYYY-MM-DD; null = sempre ativa.' }),
    publisher_id: z.number().int().positive(),
    daily_budget: DailyBudget,
  })
  .superRefine(datesInOrder);
export type CreateObjectiveCampaignInput = z.output<typeof CreateObjectiveCampaignBody>;

/** Spec §5: editing changes only the name, the daily budget and the end date. */
export const UpdateCampaignBody = z.strictObject({
  name: CampaignName.optional(),
  daily_budget: DailyBudget.optional(),
  end_at: DateOnly.nullable().optional().meta({ description: 'YYYY-MM-DD; null = sempre ativa.' }),
});
export type UpdateCampaignInput = z.output<typeof UpdateCampaignBody>;

export const ToggleActiveBody = z.strictObject({ active: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Keywords, categories, products

export const CampaignKeyword = z
  .object({ id: Int, keyword: z.string(), active: z.boolean(), disabled_at: Timestamp.nullable(), created_at: Timestamp })
  .meta({ id: 'CampaignKeyword' });

export const CampaignKeywordsQuery = z.object({
  q: OptionalText.meta({ description: 'Parte da palavra-chave.' }),
  page: z.coerce.number().int().min(1).default(1),
  quantity: z.coerce.number().int().min(1).max(500).default(CAMPAIGN_KEYWORDS_PAGE_SIZE),
});

export const AddKeywordsBody = z.strictObject({ keywords: keywordList(1) });
export const KeywordParams = z.object({ id: z.coerce.number().int().positive(), keywordId: z.coerce.number().int().positive() });

export const CampaignCategoriesBody = z.strictObject({ categories: Categories });
export const CampaignCategories = z.object({ categories: z.array(z.string()) }).meta({ id: 'CampaignCategories' });

export const CampaignProductsQuery = z
  .object({
    order_by: z.enum(CAMPAIGN_PRODUCT_ORDER_FIELDS).default('sales'),
    order_direction: z.enum(CAMPAIGN_ORDER_DIRECTIONS).default('desc'),
    ...PeriodFields,
  })
  .superRefine(endNotBeforeStart);

export const CampaignProductRow = z
  .object({
    sku: z.string(),
    name: z.string().nullable(),
    image_url: z.string().nullable(),
    last_category: z.string().nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'CampaignProductRow' });

export const CampaignProductPerformance = CampaignProductRow.extend({
  conversions: Int,
  items_sold: Int,
  sales: Money,
}).meta({ id: 'CampaignProductPerformance' });

export const AddCampaignProductsBody = z.strictObject({ products: z.array(SkuRef).min(1).max(500) });
export const CampaignProductParams = z.object({ id: z.coerce.number().int().positive(), sku: z.string().min(1).max(100) });

// ---------------------------------------------------------------------------------------------
// Audit, dashboard, tags

export const CampaignAuditQuery = z.object({
  debug: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .meta({ description: 'true mostra os detalhes da criação (payload).' }),
});

export const CampaignAuditEntry = z
  .object({
    id: Int,
    action: z.string().meta({ description: 'create, update, cancel, delete, approve, reject…' }),
    entity: z.enum(['campaign', 'ad']),
    entity_id: Int,
    field_name: z.string().nullable(),
    old_value: z.unknown(),
    new_value: z.unknown(),
    details: z.unknown().meta({ description: 'Na criação, o payload (só com debug=true; senão null).' }),
    created_at: Timestamp,
    user_name: z.string().nullable(),
    user_email: z.string().nullable(),
  })
  .meta({ id: 'CampaignAuditEntry' });

export const CampaignDashboardQuery = z
  .object({
    start_date: DateOnly.optional().meta({ description: 'Padrão: 29 dias antes do fim.' }),
    end_date: DateOnly.optional().meta({ description: 'Padrão: hoje (São Paulo).' }),
  })
  .superRefine(endNotBeforeStart);

export const CampaignDashboardDay = z
  .object({ date: DateOnly, impressions: Int, views: Int, clicks: Int, conversions: Int, income: Money, total_spent: Money })
  .meta({ id: 'CampaignDashboardDay' });

export const CampaignDashboard = z
  .object({ start_date: DateOnly, end_date: DateOnly, totals: CampaignMetrics, days: z.array(CampaignDashboardDay) })
  .meta({ id: 'CampaignDashboard' });

export const CampaignTagsQuery = z.object({ name: OptionalText.meta({ description: 'Parte do nome.' }) });
export const CreateCampaignTagBody = z.strictObject({ name: z.string().trim().min(1).max(60) });
export const CampaignTagsBody = z.strictObject({ tag_ids: IdList });

// ---------------------------------------------------------------------------------------------
// Routes

const retailMedia = 'retail_media';
const writers = ['admin', 'manager'] as const;
const tags = ['Campaigns'] as const;
const read = { kind: 'account', module: retailMedia } as const;
const write = { kind: 'account', module: retailMedia, roles: writers } as const;

export const campaignRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/campaign/v2',
    operationId: 'listCampaigns',
    summary: 'Campanhas visíveis à conta (as do seu inventário e as suas nos publishers vinculados), com métricas do período',
    tags,
    permission: read,
    access: { fixture: 'campaignFilter', allow: ['linkedPublisher'] },
    querystring: CampaignListQuery,
    responses: { 200: paged(CampaignListItem) },
  }),
  countByStatus: defineRoute({
    method: 'GET',
    path: '/campaign/count-by-status',
    operationId: 'countCampaignsByStatus',
    summary: 'Quantas campanhas visíveis há em cada status, com os mesmos filtros da lista',
    tags,
    permission: read,
    access: { fixture: 'campaignFilter', allow: ['linkedPublisher'] },
    querystring: CampaignCountQuery,
    responses: { 200: CampaignStatusCounts },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/campaign/:id',
    operationId: 'getCampaign',
    summary: 'Uma campanha, com o que o usuário pode fazer nela',
    tags,
    permission: read,
    access: { fixture: 'campaign', allow: ['linkedPublisher'] },
    params: IdParam,
    responses: { 200: CampaignDetail },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/campaign',
    operationId: 'createCampaign',
    summary: 'Cria uma campanha padrão do anunciante atual num publisher vinculado',
    tags,
    permission: write,
    access: { fixture: 'newCampaign', forbid: ['linkedPublisher'], others: 404 },
    body: CreateCampaignBody,
    responses: { 201: CampaignDetail },
    errors: [404, 422],
  }),
  createObjective: defineRoute({
    method: 'POST',
    path: '/campaign/objective-based',
    operationId: 'createObjectiveCampaign',
    summary: 'Cria uma campanha de produto por objetivo (lucratividade, crescimento ou alcance)',
    tags,
    permission: write,
    access: { fixture: 'newObjectiveCampaign', forbid: ['linkedPublisher'], others: 404 },
    body: CreateObjectiveCampaignBody,
    responses: { 201: CampaignDetail },
    errors: [404, 422],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/campaign/:id',
    operationId: 'updateCampaign',
    summary: 'Edita nome, orçamento diário e data final',
    tags,
    permission: write,
    access: { fixture: 'campaignUpdate', forbid: ['linkedPublisher'] },
    params: IdParam,
    body: UpdateCampaignBody,
    responses: { 200: CampaignDetail },
    errors: [404, 422],
  }),
  toggle: defineRoute({
    method: 'PATCH',
    path: '/campaign/:id',
    operationId: 'toggleCampaign',
    summary: 'Liga ou pausa a campanha',
    tags,
    permission: write,
    access: { fixture: 'campaignToggle', allow: ['linkedPublisher'] },
    params: IdParam,
    body: ToggleActiveBody,
    responses: { 200: CampaignDetail },
    errors: [404, 422],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/campaign/:id/cancel',
    operationId: 'cancelCampaign',
    summary: 'Cancela a campanha (definitivo)',
    tags,
    permission: write,
    access: { fixture: 'campaign', allow: ['linkedPublisher'] },
    params: IdParam,
    responses: { 200: CampaignDetail },
    errors: [404, 422],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/campaign/:id',
    operationId: 'deleteCampaign',
    summary: 'Exclui a campanha',
    tags,
    permission: write,
    access: { fixture: 'campaign', forbid: ['linkedPublisher'] },
    params: IdParam,
    responses: { 204: z.null().meta({ description: 'Excluída.' }) },
    errors: [404],
  }),
  keywords: defineRoute({
    method: 'GET',
    path: '/campaign/:id/keywords',
    operationId: 'listCampaignKeywords',
    summary: 'Palavras-chave da campanha',
    tags,
    permission: read,
    access: { fixture: 'campaign', allow: ['linkedPublisher'] },
    params: IdParam,
    querystring: CampaignKeywordsQuery,
    responses: { 200: paged(CampaignKeyword) },
    errors: [404],
  }),
  addKeywords: defineRoute({
    method: 'POST',
    path: '/campaign/:id/keywords',
    operationId: 'addCampaignKeywords',
    summary: 'Adiciona palavras-chave (as já existentes são ignoradas); devolve as adicionadas',
    tags,
    permission: write,
    access: { fixture: 'campaignKeywords', forbid: ['linkedPublisher'] },
    params: IdParam,
    body: AddKeywordsBody,
    responses: { 201: z.array(CampaignKeyword) },
    errors: [404],
  }),
  toggleKeyword: defineRoute({
    method: 'PATCH',
    path: '/campaign/:id/keywords/:keywordId',
    operationId: 'toggleCampaignKeyword',
    summary: 'Ativa ou pausa uma palavra-chave (só o anunciante)',
    tags,
    permission: write,
    access: { fixture: 'campaignKeyword', forbid: ['linkedPublisher'] },
    params: KeywordParams,
    body: ToggleActiveBody,
    responses: { 200: CampaignKeyword },
    errors: [404, 422],
  }),
  removeKeyword: defineRoute({
    method: 'DELETE',
    path: '/campaign/:id/keywords/:keywordId',
    operationId: 'deleteCampaignKeyword',
    summary: 'Remove uma palavra-chave (só o anunciante)',
    tags,
    permission: write,
    access: { fixture: 'campaignKeyword', forbid: ['linkedPublisher'] },
    params: KeywordParams,
    responses: { 204: z.null().meta({ description: 'Removida.' }) },
    errors: [404, 422],
  }),
  setCategories: defineRoute({
    method: 'PUT',
    path: '/campaign/:id/categories',
    operationId: 'setCampaignCategories',
    summary: 'Substitui as categorias da campanha (só o anunciante)',
    tags,
    permission: write,
    access: { fixture: 'campaignCategories', forbid: ['linkedPublisher'] },
    params: IdParam,
    body: CampaignCategoriesBody,
    responses: { 200: CampaignCategories },
    errors: [404, 422],
  }),
  products: defineRoute({
    method: 'GET',
    path: '/campaign/:id/products',
    operationId: 'listCampaignProducts',
    summary: 'Desempenho dos produtos da campanha no período',
    tags,
    permission: read,
    access: { fixture: 'campaign', allow: ['linkedPublisher'] },
    params: IdParam,
    querystring: CampaignProductsQuery,
    responses: { 200: z.array(CampaignProductPerformance) },
    errors: [404],
  }),
  addProducts: defineRoute({
    method: 'POST',
    path: '/campaign/:id/products',
    operationId: 'addCampaignProducts',
    summary: 'Adiciona produtos do catálogo do publisher; devolve todos os produtos da campanha',
    tags,
    permission: write,
    access: { fixture: 'campaignProducts', forbid: ['linkedPublisher'] },
    params: IdParam,
    body: AddCampaignProductsBody,
    responses: { 201: z.array(CampaignProductRow) },
    errors: [404, 422],
  }),
  toggleProduct: defineRoute({
    method: 'PATCH',
    path: '/campaign/:id/products/:sku',
    operationId: 'toggleCampaignProduct',
    summary: 'Ativa ou pausa um produto da campanha (só o anunciante)',
    tags,
    permission: write,
    access: { fixture: 'campaignProduct', forbid: ['linkedPublisher'] },
    params: CampaignProductParams,
    body: ToggleActiveBody,
    responses: { 200: CampaignProductRow },
    errors: [404, 422],
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/campaign/:id/audit',
    operationId: 'listCampaignAudit',
    summary: 'Histórico de alterações da campanha e dos seus anúncios, do mais recente ao mais antigo',
    tags,
    permission: read,
    access: { fixture: 'campaign', allow: ['linkedPublisher'] },
    params: IdParam,
    querystring: CampaignAuditQuery,
    responses: { 200: z.array(CampaignAuditEntry) },
    errors: [404],
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/campaign/:id/dashboard',
    operationId: 'getCampaignDashboard',
    summary: 'Totais e série diária da campanha no período (padrão: últimos 30 dias)',
    tags,
    permission: read,
    access: { fixture: 'campaign', allow: ['linkedPublisher'] },
    params: IdParam,
    querystring: CampaignDashboardQuery,
    responses: { 200: CampaignDashboard },
    errors: [404],
  }),
  setTags: defineRoute({
    method: 'PUT',
    path: '/campaign/:id/tags',
    operationId: 'setCampaignTags',
    summary: 'Substitui as tags da campanha (tags do próprio anunciante)',
    tags,
    permission: write,
    access: { fixture: 'campaignTags', forbid: ['linkedPublisher'] },
    params: IdParam,
    body: CampaignTagsBody,
    responses: { 200: z.array(CampaignTag) },
    errors: [404, 422],
  }),
  listTags: defineRoute({
    method: 'GET',
    path: '/campaign-tags',
    operationId: 'listCampaignTags',
    summary: 'Tags para o filtro: as do anunciante atual; para o publisher, as das campanhas que ele vê',
    tags,
    permission: read,
    access: { fixture: 'campaignTag' },
    querystring: CampaignTagsQuery,
    responses: { 200: z.array(CampaignTag) },
  }),
  createTag: defineRoute({
    method: 'POST',
    path: '/campaign-tags',
    operationId: 'createCampaignTag',
    summary: 'Cria uma tag do anunciante atual (nome único, sem diferenciar maiúsculas)',
    tags,
    permission: write,
    access: { fixture: 'newCampaignTag', forbid: ['whiteLabel', 'linkedPublisher'] },
    body: CreateCampaignTagBody,
    responses: { 201: CampaignTag },
    errors: [409],
  }),
} as const;
