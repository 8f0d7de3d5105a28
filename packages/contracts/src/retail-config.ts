import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, Money, OptionalText, PageQuery, paged } from './common.ts';
import { msg } from './messages.ts';

export const RM_AD_TYPES = ['product', 'banner', 'sponsored_brand', 'digital_signage'] as const;
export const RM_STRATEGIES = ['standard', 'objective_based'] as const;
export const RM_GOALS = ['profitability', 'growth', 'reach'] as const;
export const LINK_TYPES = ['industry', 'seller'] as const;
export type RmAdType = (typeof RM_AD_TYPES)[number];
export type RmStrategy = (typeof RM_STRATEGIES)[number];
export type RmGoal = (typeof RM_GOALS)[number];
export type LinkType = (typeof LINK_TYPES)[number];

export const RM_AD_TYPE_LABELS: Record<RmAdType, string> = {
  product: 'Produto',
  banner: 'Banner',
  sponsored_brand: 'Marca patrocinada',
  digital_signage: 'Sinalização digital',
};
export const RM_GOAL_LABELS: Record<RmGoal, string> = {
  profitability: 'Rentabilidade',
  growth: 'Crescimento',
  reach: 'Alcance',
};
/** Ad-cost ranges (reais) of a publisher that has not configured its own. */
export const RM_DEFAULT_GOAL_RANGES: Record<RmGoal, { min: number; max: number }> = {
  profitability: { min: 0.5, max: 1.2 },
  growth: { min: 0.8, max: 2 },
  reach: { min: 0.3, max: 0.9 },
};

const OptionalPublisherId = z.coerce
  .number()
  .int()
  .positive()
  .optional()
  .meta({ description: 'O publisher; por padrão, a própria conta (quando é publisher).' });

export const PublisherQuery = z.object({ publisher_id: OptionalPublisherId });
export const RequiredPublisherQuery = z.object({ publisher_id: z.coerce.number().int().positive() });

/** What the caller may do on one publisher's inventory (`campaignPermissions`). */
export const CampaignPermissions = z
  .object({
    publisher_id: z.number().int(),
    can_create: z.boolean().meta({ description: 'Cria e altera suas campanhas ali (anunciante vinculado, admin ou gerente).' }),
    can_review: z.boolean().meta({ description: 'Revisa anúncios e audiências ali (o publisher ou sua rede).' }),
    strategies: z.array(z.enum(RM_STRATEGIES)),
    default_strategy: z.enum(RM_STRATEGIES),
    ad_types: z.array(z.enum(RM_AD_TYPES)),
    enable_audience_campaign: z.boolean(),
    allow_total_budget_campaign: z.boolean(),
    allow_manage_subpublishers: z.boolean(),
  })
  .meta({ id: 'CampaignPermissions' });

export const TermsOfService = z
  .object({
    active: z.boolean(),
    url: z.string().nullable(),
    version: z.string().nullable(),
  })
  .meta({ id: 'TermsOfService' });

export const TermsOfServiceConfig = TermsOfService.extend({
  publisher_id: z.number().int(),
  can_edit: z.boolean().meta({ description: 'Falso desabilita os campos: só o administrador do publisher altera os termos.' }),
}).meta({ id: 'TermsOfServiceConfig' });

const HttpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, { message: msg('HTTP_URL') });

export const UpdateTermsBody = z
  .strictObject({
    active: z.boolean(),
    url: HttpUrl.nullable().optional().meta({ description: 'Obrigatória quando ativo.' }),
    version: z.string().trim().max(40).nullable().optional().meta({ description: 'Obrigatória quando ativo; até 40 caracteres.' }),
  })
  .superRefine((t, ctx) => {
    if (!t.active) return;
    if (!t.url) ctx.addIssue({ code: 'custom', path: ['url'], message: msg('TERMS_URL_REQUIRED') });
    if (!t.version) ctx.addIssue({ code: 'custom', path: ['version'], message: msg('TERMS_VERSION_REQUIRED') });
  });
export type UpdateTermsInput = z.output<typeof UpdateTermsBody>;

export const AdTypesConfig = z
  .object({
    publisher_id: z.number().int(),
    ad_types: z.array(z.enum(RM_AD_TYPES)),
    available: z.array(z.enum(RM_AD_TYPES)),
    can_edit: z.boolean(),
  })
  .meta({ id: 'AdTypesConfig' });

export const UpdateAdTypesBody = z.strictObject({
  ad_types: z
    .array(z.enum(RM_AD_TYPES, { message: msg('AD_TYPE_INVALID') }))
    .min(1, { message: msg('AD_TYPES_CHOOSE') })
    .transform((types) => RM_AD_TYPES.filter((t) => types.includes(t))),
});
export type UpdateAdTypesInput = z.output<typeof UpdateAdTypesBody>;

export const Goal = z
  .object({
    name: z.enum(RM_GOALS),
    label: z.string(),
    range: z.object({ min: Money, max: Money }).meta({ description: 'Faixa de custo do anúncio (reais) do objetivo.' }),
  })
  .meta({ id: 'Goal' });

export const GoalParam = z.object({ name: z.enum(RM_GOALS) });
export const UpdateGoalBody = z
  .strictObject({ min: Money.min(0).max(100_000), max: Money.min(0).max(100_000) })
  .refine((g) => g.min <= g.max, { path: ['max'], message: msg('MAX_BELOW_MIN') });
export type UpdateGoalInput = z.output<typeof UpdateGoalBody>;

export const AdSize = z
  .object({
    id: z.number().int(),
    name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    publisher_id: z.number().int(),
  })
  .meta({ id: 'AdSize' });

export const CreateAdSizeBody = z.strictObject({
  name: z.string().trim().min(1).max(60),
  width: z.number().int().min(1).max(10_000),
  height: z.number().int().min(1).max(10_000),
  publisher_id: z.number().int().positive().optional().meta({ description: 'Por padrão, a própria conta.' }),
});
export type CreateAdSizeInput = z.output<typeof CreateAdSizeBody>;

export const PublisherConfig = z
  .object({
    publisher: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable(), is_network: z.boolean() }),
    ad_types: z.array(z.enum(RM_AD_TYPES)),
    terms: TermsOfService,
    ad_sizes: z.array(AdSize),
    goals: z.array(Goal),
    permissions: CampaignPermissions,
  })
  .meta({ id: 'PublisherConfig' });

export const RecommendedProductsParams = z.object({ publisherId: z.coerce.number().int().positive() });
export const RecommendedProductsQuery = PageQuery.extend({
  quantity: z.coerce.number().int().min(1).max(100).default(12),
  q: OptionalText.meta({ description: 'Parte do nome, SKU ou marca.' }),
});

export const RecommendedProduct = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    image_url: z.string().nullable(),
    brand: z.string().nullable(),
    price: Money,
    last_category: z.string().nullable(),
    recommended_reason: z.string(),
  })
  .meta({ id: 'RecommendedProduct' });

// ─── Links, advertisers, publishers, sub-publishers ────────────────────────────

export const AdvertiserLinkInfo = z
  .object({
    type: z.enum(LINK_TYPES),
    seller_id: z.string().nullable(),
    brands: z.array(z.string()),
    allow_manage_subpublishers: z.boolean(),
    strategies: z.array(z.enum(RM_STRATEGIES)),
    defaultStrategy: z.enum(RM_STRATEGIES),
    enable_audience_campaign: z.boolean(),
    allow_total_budget_campaign: z.boolean(),
  })
  .meta({ id: 'AdvertiserLinkInfo' });

const LinkFields = z.strictObject({
  type: z.enum(LINK_TYPES),
  seller_id: z
    .string()
    .trim()
    .max(60)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .meta({ description: 'Obrigatório quando o tipo é seller. Só o administrador altera.' }),
  brands: z
    .array(z.string().trim().min(1).max(60))
    .max(100)
    .default([])
    .transform((list) => [...new Map(list.map((b) => [b.toLowerCase(), b])).values()]),
  allow_manage_subpublishers: z.boolean().default(false),
  strategies: z
    .array(z.enum(RM_STRATEGIES))
    .min(1, { message: msg('STRATEGIES_REQUIRED') })
    .default(['standard'])
    .transform((list) => RM_STRATEGIES.filter((s) => list.includes(s))),
  defaultStrategy: z.enum(RM_STRATEGIES).default('standard'),
  enable_audience_campaign: z.boolean().default(false),
  allow_total_budget_campaign: z.boolean().default(false),
});

type LinkOut = z.output<typeof LinkFields>;

function linkRules(l: LinkOut, ctx: z.RefinementCtx) {
  if (!l.strategies.includes(l.defaultStrategy)) {
    ctx.addIssue({ code: 'custom', path: ['defaultStrategy'], message: msg('DEFAULT_STRATEGY_CHOSEN') });
  }
  if (l.type === 'seller' && !l.seller_id) {
    ctx.addIssue({ code: 'custom', path: ['seller_id'], message: msg('SELLER_ID_REQUIRED') });
  }
}

export const UpdateLinkBody = LinkFields.superRefine(linkRules);
export type UpdateLinkInput = z.output<typeof UpdateLinkBody>;

export const CreateAdvertiserBody = LinkFields.extend({
  document: z
    .string()
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length === 14, { message: msg('ADVERTISER_CNPJ') })
    .meta({ description: 'CNPJ de uma conta anunciante existente, com ou sem pontuação.' }),
}).superRefine(linkRules);
export type CreateAdvertiserInput = z.output<typeof CreateAdvertiserBody>;

export const PartnerMetrics = z
  .object({
    campaigns_active: z.number().int(),
    impressions: z.number().int(),
    clicks: z.number().int(),
    total_spent: Money,
    income: Money,
  })
  .meta({ id: 'PartnerMetrics' });

export const Advertiser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    seller_id: z.string().nullable(),
    checking_account_id: z.number().int().nullable().meta({ description: 'A carteira do anunciante neste publisher.' }),
    advertiser_tags: z.array(z.string()).meta({ description: 'As marcas do vínculo.' }),
    balance: Money.meta({ description: 'Saldo da carteira, em reais.' }),
    account_logo: z.string().nullable(),
    account_theme: z.string().nullable(),
    publisher_id: z.number().int(),
    link: AdvertiserLinkInfo,
    metrics: PartnerMetrics,
    can_edit: z.boolean().meta({ description: 'Pode alterar o vínculo (admin ou gerente do publisher).' }),
    can_edit_seller_id: z.boolean().meta({ description: 'Falso desabilita o campo seller id: só o administrador altera.' }),
  })
  .meta({ id: 'Advertiser' });

export const AdvertiserListQuery = PageQuery.extend({
  name: OptionalText.meta({ description: 'Parte do nome do anunciante.' }),
  publisher_id: OptionalPublisherId,
});

export const Publisher = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    account_theme: z.string().nullable(),
    link: AdvertiserLinkInfo,
    wallet: z.object({ id: z.number().int(), balance: Money }).nullable(),
    permissions: CampaignPermissions,
  })
  .meta({ id: 'Publisher' });

export const Subpublisher = z
  .object({
    id: z.number().int(),
    name: z.string(),
    account_logo: z.string().nullable(),
    account_theme: z.string().nullable(),
    metrics: PartnerMetrics,
  })
  .meta({ id: 'Subpublisher' });

export const SubpublisherListQuery = PageQuery.extend({
  name: OptionalText.meta({ description: 'Parte do nome.' }),
  publisher_id: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .meta({
      description:
        'Rede cujos sub-publishers listar. Sem ele, os da própria rede. Um anunciante vinculado à rede com permissão de gerenciar sub-publishers os vê, com métricas só das suas campanhas.',
    }),
});

const retailMedia = 'retail_media';
const writers = ['admin', 'manager'] as const;
const tags = ['Retail media configuration'] as const;
const read = { kind: 'account', module: retailMedia } as const;
const write = { kind: 'account', module: retailMedia, roles: writers } as const;

export const retailConfigRoutes = {
  publisherConfig: defineRoute({
    method: 'GET',
    path: '/configuration/v2/publisher',
    operationId: 'getPublisherConfiguration',
    summary: 'Configuração de um publisher: tipos de anúncio, termos, formatos, objetivos e as permissões da conta nele',
    tags,
    permission: read,
    access: { fixture: 'publisherScope', allow: ['industry'], others: 404 },
    querystring: PublisherQuery,
    responses: { 200: PublisherConfig },
    errors: [404],
  }),
  campaignPermissions: defineRoute({
    method: 'GET',
    path: '/configuration/campaign-permissions',
    operationId: 'getCampaignPermissions',
    summary: 'O que a conta pode fazer em campanhas de um publisher',
    tags,
    permission: read,
    access: { fixture: 'publisherScope', allow: ['industry'], others: 404 },
    querystring: RequiredPublisherQuery,
    responses: { 200: CampaignPermissions },
    errors: [404],
  }),
  getTerms: defineRoute({
    method: 'GET',
    path: '/configuration/terms-of-service',
    operationId: 'getTermsOfService',
    summary: 'Termos de uso de retail media do publisher',
    tags,
    permission: read,
    access: { fixture: 'publisherScope', allow: ['industry'], others: 404 },
    querystring: PublisherQuery,
    responses: { 200: TermsOfServiceConfig },
    errors: [404],
  }),
  updateTerms: defineRoute({
    method: 'PUT',
    path: '/configuration/terms-of-service',
    operationId: 'updateTermsOfService',
    summary: 'Altera os termos de uso (administrador do publisher)',
    tags,
    permission: { kind: 'account', module: retailMedia, roles: ['admin'] },
    access: { fixture: 'termsUpdate', forbid: ['industry'], others: 404 },
    querystring: PublisherQuery,
    body: UpdateTermsBody,
    responses: { 200: TermsOfServiceConfig },
    errors: [404],
  }),
  getAdTypes: defineRoute({
    method: 'GET',
    path: '/configuration/ad-types',
    operationId: 'getAdTypes',
    summary: 'Tipos de anúncio habilitados no publisher',
    tags,
    permission: read,
    access: { fixture: 'publisherScope', allow: ['industry'], others: 404 },
    querystring: PublisherQuery,
    responses: { 200: AdTypesConfig },
    errors: [404],
  }),
  updateAdTypes: defineRoute({
    method: 'PUT',
    path: '/configuration/ad-types',
    operationId: 'updateAdTypes',
    summary: 'Salva os tipos de anúncio marcados (ao menos um)',
    tags,
    permission: write,
    access: { fixture: 'adTypesUpdate', forbid: ['industry'], others: 404 },
    querystring: PublisherQuery,
    body: UpdateAdTypesBody,
    responses: { 200: AdTypesConfig },
    errors: [404],
  }),
  listGoals: defineRoute({
    method: 'GET',
    path: '/goals',
    operationId: 'listGoals',
    summary: 'Objetivos de campanha do publisher com suas faixas de custo',
    tags,
    permission: read,
    access: { fixture: 'publisherScope', allow: ['industry'], others: 404 },
    querystring: PublisherQuery,
    responses: { 200: z.array(Goal) },
    errors: [404],
  }),
  updateGoal: defineRoute({
    method: 'PUT',
    path: '/goals/:name',
    operationId: 'updateGoal',
    summary: 'Altera a faixa de custo de um objetivo (publisher)',
    tags,
    permission: write,
    access: { fixture: 'goalUpdate', forbid: ['industry'], others: 404 },
    params: GoalParam,
    querystring: PublisherQuery,
    body: UpdateGoalBody,
    responses: { 200: Goal },
    errors: [404],
  }),
  listAdSizes: defineRoute({
    method: 'GET',
    path: '/ad-sizes',
    operationId: 'listAdSizes',
    summary: 'Formatos de banner do publisher',
    tags,
    permission: read,
    access: { fixture: 'adSize', allow: ['industry'], others: 404 },
    querystring: PublisherQuery,
    responses: { 200: z.array(AdSize) },
    errors: [404],
  }),
  createAdSize: defineRoute({
    method: 'POST',
    path: '/ad-sizes',
    operationId: 'createAdSize',
    summary: 'Cria um formato de banner (publisher)',
    tags,
    permission: write,
    access: { fixture: 'newAdSize', forbid: ['industry'], others: 404 },
    body: CreateAdSizeBody,
    responses: { 201: AdSize },
    errors: [404, 409],
  }),
  deleteAdSize: defineRoute({
    method: 'DELETE',
    path: '/ad-sizes/:id',
    operationId: 'deleteAdSize',
    summary: 'Exclui um formato de banner que nenhum anúncio usa (publisher)',
    tags,
    permission: write,
    access: { fixture: 'adSize', forbid: ['industry'] },
    params: IdParam,
    responses: { 200: Message },
    errors: [404, 409],
  }),
  recommendedProducts: defineRoute({
    method: 'GET',
    path: '/recommended-products/:publisherId',
    operationId: 'listRecommendedProducts',
    summary: 'Produtos recomendados do catálogo do publisher para a conta: primeiro os das suas marcas, depois os de maior estoque',
    tags,
    permission: read,
    access: { fixture: 'recommendedProducts', allow: ['industry'] },
    params: RecommendedProductsParams,
    querystring: RecommendedProductsQuery,
    responses: { 200: paged(RecommendedProduct) },
    errors: [404],
  }),
  listAdvertisers: defineRoute({
    method: 'GET',
    path: '/advertisers',
    operationId: 'listAdvertisers',
    summary: 'Anunciantes vinculados ao publisher, por nome',
    tags,
    permission: read,
    access: { fixture: 'advertiserLink', forbid: ['industry'], others: 404 },
    querystring: AdvertiserListQuery,
    responses: { 200: paged(Advertiser) },
    errors: [404],
  }),
  getAdvertiser: defineRoute({
    method: 'GET',
    path: '/advertisers/:id',
    operationId: 'getAdvertiser',
    summary: 'Um anunciante vinculado ao publisher, com o vínculo',
    tags,
    permission: read,
    access: { fixture: 'advertiserLink', forbid: ['industry'] },
    params: IdParam,
    querystring: PublisherQuery,
    responses: { 200: Advertiser },
    errors: [404],
  }),
  createAdvertiser: defineRoute({
    method: 'POST',
    path: '/advertisers',
    operationId: 'createAdvertiser',
    summary: 'Vincula um anunciante existente (pelo CNPJ) e cria sua carteira, com saldo zero',
    tags,
    permission: write,
    access: { fixture: 'newAdvertiserLink', forbid: ['industry'], others: 404 },
    querystring: PublisherQuery,
    body: CreateAdvertiserBody,
    responses: { 201: Advertiser },
    errors: [404, 409],
  }),
  updateAdvertiserLink: defineRoute({
    method: 'PUT',
    path: '/advertisers/:id/link',
    operationId: 'updateAdvertiserLink',
    summary: 'Altera o vínculo com um anunciante (o seller id só pelo administrador)',
    tags,
    permission: write,
    access: { fixture: 'advertiserLink', forbid: ['industry'] },
    params: IdParam,
    querystring: PublisherQuery,
    body: UpdateLinkBody,
    responses: { 200: Advertiser },
    errors: [404],
  }),
  deleteAdvertiser: defineRoute({
    method: 'DELETE',
    path: '/advertisers/:id',
    operationId: 'deleteAdvertiser',
    summary: 'Desfaz o vínculo com um anunciante sem campanhas ativas',
    tags,
    permission: write,
    access: { fixture: 'advertiserLink', forbid: ['industry'] },
    params: IdParam,
    querystring: PublisherQuery,
    responses: { 200: Message },
    errors: [404, 409],
  }),
  listPublishers: defineRoute({
    method: 'GET',
    path: '/publishers',
    operationId: 'listPublishers',
    summary: 'Publishers aos quais a conta está vinculada como anunciante, por nome',
    tags,
    permission: read,
    access: {},
    responses: { 200: z.array(Publisher) },
  }),
  listSubpublishers: defineRoute({
    method: 'GET',
    path: '/subpublishers',
    operationId: 'listSubpublishers',
    summary: 'Sub-publishers da rede (vazio para quem não é rede)',
    tags,
    permission: read,
    access: {},
    querystring: SubpublisherListQuery,
    responses: { 200: paged(Subpublisher) },
    errors: [404],
  }),
} as const;
