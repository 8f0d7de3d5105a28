import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, Timestamp } from './common.ts';
import { RM_AD_TYPES } from './retail-config.ts';
import { msg } from './messages.ts';

/** Contexts of a page view; `product` is accepted as an alias of `product_page` (the VTEX Ads API's naming guide uses it). */
export const RMA_CONTEXTS = ['home', 'category', 'product_page', 'brand_page', 'search', 'digital_signage'] as const;
export type RmaContext = (typeof RMA_CONTEXTS)[number];
/** Where the page is seen: desktop site, mobile site, app, or a screen in a store. */
export const RMA_CHANNELS = ['site', 'msite', 'app', 'in-store'] as const;
/** Media a banner, sponsored brand or digital signage placement accepts. */
export const RMA_ASSET_TYPES = ['image', 'video'] as const;
/** Video sizes a placement may ask for, and the frame each names. */
export const RMA_VIDEO_SIZES = { '1080p': '1920x1080', '720p': '1280x720', '480p': '854x480', '360p': '640x360', '320p': '568x320' } as const;
/** Segmentation keys used for audience targeting; other keys are accepted and ignored. */
export const RMA_SEGMENTATION_KEYS = ['STATE', 'CITY', 'GENDER', 'AGE', 'AUDIENCES', 'NBO_CATEGORIES'] as const;
/** Top-level keys of the answer: a placement may not be named like them. */
export const RMA_RESERVED_NAMES = ['request_id', 'query_id', 'query_at'] as const;

const Text = (max: number) => z.string().trim().min(1).max(max);

/**
 * One placement of a page. Fields the API does not know are ignored (as in the VTEX Ads API), not refused.
 */
export const RmaPlacementRequest = z
  .object({
    types: z.array(z.enum(RM_AD_TYPES)).min(1, { message: msg('AD_TYPES_REQUIRED') }),
    quantity: z.number().int().min(1).max(20).default(1).meta({ description: 'Quantos anúncios no máximo (1 a 20).' }),
    size: Text(60)
      .optional()
      .meta({
        description:
          'Imagens: "desktop", "mobile", "LxA" (ex.: 728x90) ou o nome de um formato do publisher; vídeos: 1080p, 720p, 480p, 360p ou 320p. Obrigatório para banner.',
      }),
    assets_type: z
      .array(z.enum(RMA_ASSET_TYPES))
      .min(1)
      .optional()
      .meta({ description: 'Mídias aceitas por banner e marca patrocinada (padrão: ["image"]); sinalização digital aceita ambas por padrão.' }),
    allow_sku_duplications: z.boolean().optional().meta({ description: 'Permite o mesmo SKU mais de uma vez neste posicionamento (padrão: false).' }),
  })
  .meta({ id: 'RmaPlacementRequest' });

export const RmaSegmentation = z
  .object({
    key: Text(40).meta({ description: 'STATE, CITY, GENDER, AGE, AUDIENCES ou NBO_CATEGORIES; outras chaves são ignoradas.' }),
    values: z.array(Text(200)).max(50),
  })
  .meta({ id: 'RmaSegmentation' });

/**
 * The body of an ad query, as the VTEX Ads API documents it (docs/5.5-ad-query.md). Unknown fields
 * are ignored; a known field with a wrong value is refused with 422, naming it by its path.
 */
export const RmaRequest = z
  .object({
    context: z
      .enum([...RMA_CONTEXTS, 'product'])
      .transform((c): RmaContext => (c === 'product' ? 'product_page' : c))
      .meta({ description: 'home, category, search, product_page (ou product), brand_page ou digital_signage.' }),
    channel: z.enum(RMA_CHANNELS).optional().meta({ description: 'site, msite, app ou in-store.' }),
    session_id: Text(200).optional().meta({ description: 'Sessão de quem vê a página (estável por ao menos 14 dias).' }),
    user_id: Text(200).optional().meta({ description: 'Cliente logado, o mesmo em todos os canais.' }),
    store_id: Text(120)
      .optional()
      .meta({ description: 'Loja cujo estoque filtra os anúncios de produto. Ainda sem estoque por loja: aceito e ignorado.' }),
    term: Text(200).optional().meta({ description: 'Termo buscado; obrigatório no contexto search.' }),
    category_name: Text(500)
      .optional()
      .meta({ description: 'Uma categoria, com o caminho completo ("Mercearia > Café > Café em pó"); obrigatória no contexto category.' }),
    product_sku: Text(120).optional().meta({ description: 'SKU do produto; obrigatório no contexto product_page.' }),
    brand_name: Text(200).optional().meta({ description: 'Marca; obrigatória no contexto brand_page.' }),
    device_id: Text(200).optional().meta({ description: 'Tela ou totem; obrigatório no contexto digital_signage.' }),
    store_name: Text(200).optional().meta({ description: 'Loja onde fica o dispositivo; obrigatória no contexto digital_signage.' }),
    segmentation: z
      .array(RmaSegmentation)
      .max(20)
      .optional()
      .meta({ description: 'Dados de quem vê a página para segmentação por público (STATE, CITY, GENDER, AGE, AUDIENCES, NBO_CATEGORIES).' }),
    tags: z
      .array(Text(64))
      .max(10)
      .optional()
      .meta({ description: 'Etiquetas que contextualizam a busca: limitam os anúncios de produto aos produtos que têm alguma delas.' }),
    brand: Text(200).optional().meta({ description: 'Site do publisher, quando ele tem mais de um.' }),
    userAgent: Text(1000).optional().meta({ description: 'Identificação do ambiente do cliente.' }),
    dedup_campaign_ads: z.boolean().optional().meta({ description: 'No máximo um anúncio por campanha na resposta (padrão: false).' }),
    dedup_ads: z.boolean().optional().meta({ description: 'O mesmo anúncio não se repete entre posicionamentos (padrão: false).' }),
    placements: z
      .record(Text(100), RmaPlacementRequest)
      .refine((p) => Object.keys(p).length >= 1 && Object.keys(p).length <= 20, { message: msg('PLACEMENTS_COUNT') })
      .meta({ description: 'Os posicionamentos da página, pelo nome; a resposta traz uma chave com cada nome.' }),
  })
  .superRefine((body, ctx) => {
    if (body.context === 'search' && !body.term) ctx.addIssue({ code: 'custom', path: ['term'], message: msg('SEARCH_TERM_REQUIRED') });
    if (body.context === 'product_page' && !body.product_sku)
      ctx.addIssue({ code: 'custom', path: ['product_sku'], message: msg('PRODUCT_SKU_REQUIRED') });
    if (body.context === 'brand_page' && !body.brand_name)
      ctx.addIssue({ code: 'custom', path: ['brand_name'], message: msg('BRAND_NAME_REQUIRED') });
    if (body.context === 'digital_signage') {
      if (!body.device_id) ctx.addIssue({ code: 'custom', path: ['device_id'], message: msg('DEVICE_ID_REQUIRED') });
      if (!body.store_name) ctx.addIssue({ code: 'custom', path: ['store_name'], message: msg('STORE_NAME_REQUIRED') });
    }
    if (body.context === 'category') {
      if (!body.category_name) ctx.addIssue({ code: 'custom', path: ['category_name'], message: msg('CATEGORY_NAME_REQUIRED') });
      else if (/[;|\n]/.test(body.category_name))
        ctx.addIssue({ code: 'custom', path: ['category_name'], message: msg('CATEGORY_NAME_SINGLE') });
    }
    for (const [name, p] of Object.entries(body.placements ?? {})) {
      if ((RMA_RESERVED_NAMES as readonly string[]).includes(name))
        ctx.addIssue({ code: 'custom', path: ['placements', name], message: msg('PLACEMENT_NAME_RESERVED') });
      if (p.types.includes('banner') && !p.size)
        ctx.addIssue({ code: 'custom', path: ['placements', name, 'size'], message: msg('BANNER_SIZE_REQUIRED') });
    }
  })
  .meta({ id: 'RmaRequest' });
export type RmaRequest = z.output<typeof RmaRequest>;
export type RmaRequestInput = z.input<typeof RmaRequest>;

export const RmaAsset = z
  .object({
    url: z.string().meta({ description: 'Endereço absoluto da mídia.' }),
    type: z.enum(RMA_ASSET_TYPES),
    dimension: z
      .string()
      .nullable()
      .meta({ description: 'Largura x altura em pixels, ex.: "1920x1080"; null quando não se sabe (mídia de sinalização digital sem formato).' }),
  })
  .meta({ id: 'RmaAsset' });

const adCommon = {
  ad_id: z.number().int(),
  position: z.number().int().meta({ description: 'Posição no posicionamento, a partir de 1.' }),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  seller_id: z.number().int().nullable().meta({ description: 'O anunciante.' }),
  impression_url: z.string().meta({ description: 'POST aqui quando o anúncio for exibido (corpo opcional {session_id, user_id}).' }),
  view_url: z.string().meta({ description: 'POST aqui quando o anúncio for visto.' }),
  click_url: z.string().meta({ description: 'POST aqui no clique (GET registra e redireciona ao destino).' }),
};
const display = {
  media_url: z.string().meta({ description: 'Endereço absoluto da mídia escolhida (a primeira de assets).' }),
  asset_type: z.enum(RMA_ASSET_TYPES),
  assets: z.array(RmaAsset),
};

export const RmaProductAd = z
  .object({
    ...adCommon,
    type: z.literal('product'),
    product_sku: z.string(),
    product_name: z.string().nullable(),
    destination_url: z.string().nullable(),
    media_url: z.string().nullable().meta({ description: 'Imagem do produto no catálogo.' }),
  })
  .meta({ id: 'RmaProductAd' });
export const RmaBannerAd = z
  .object({ ...adCommon, type: z.literal('banner'), ...display, destination_url: z.string().nullable() })
  .meta({ id: 'RmaBannerAd' });
export const RmaSponsoredBrandProduct = z
  .object({
    product_sku: z.string(),
    product_name: z.string().nullable(),
    media_url: z.string().nullable(),
    destination_url: z.string().nullable(),
  })
  .meta({ id: 'RmaSponsoredBrandProduct' });
export const RmaSponsoredBrandAd = z
  .object({
    ...adCommon,
    type: z.literal('sponsored_brand'),
    ...display,
    brand_name: z.string(),
    headline: z.string(),
    description: z.string(),
    brand_url: z.string(),
    destination_url: z.string(),
    products: z.array(RmaSponsoredBrandProduct),
  })
  .meta({ id: 'RmaSponsoredBrandAd' });
export const RmaDigitalSignageAd = z
  .object({ ...adCommon, type: z.literal('digital_signage'), ...display, duration: z.number().int().meta({ description: 'Segundos na tela.' }) })
  .meta({ id: 'RmaDigitalSignageAd' });

export const RmaAd = z
  .discriminatedUnion('type', [RmaProductAd, RmaBannerAd, RmaSponsoredBrandAd, RmaDigitalSignageAd])
  .meta({ id: 'RmaAd' });
export type RmaAd = z.infer<typeof RmaAd>;

/**
 * The answer: one key per requested placement name holding its ads (an empty list when nothing
 * fits), plus the ids of the request and the time it was answered.
 */
export const RmaResponse = z
  .object({
    request_id: z.string(),
    query_id: z.string(),
    query_at: z.string().meta({ description: 'Quando a consulta foi respondida (ISO 8601, UTC).' }),
  })
  .catchall(z.array(RmaAd))
  .meta({ id: 'RmaResponse' });
export type RmaResponse = { request_id: string; query_id: string; query_at: string } & { [placement: string]: RmaAd[] | string };

export const RmaParams = z.object({ publisherId: z.coerce.number().int().positive() });
export const RmaHeaders = z.object({
  'x-api-key': z
    .string()
    .optional()
    .meta({ description: 'Chave de API do publisher: opcional, exigida quando o publisher a torna obrigatória (também aceita com x-app-id).' }),
  'x-app-id': z.string().optional().meta({ description: 'Identificação do aplicativo, enviada com x-api-key (aceita e ignorada).' }),
});

export const ApiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    key_prefix: z.string(),
    created_at: Timestamp,
    last_used_at: Timestamp.nullable(),
    revoked_at: Timestamp.nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

export const CreatedApiKey = z
  .object({ id: z.number().int(), name: z.string(), key: z.string().meta({ description: 'Exibida uma única vez.' }), key_prefix: z.string(), created_at: Timestamp })
  .meta({ id: 'CreatedApiKey' });

export const CreateApiKeyBody = z.strictObject({ name: Text(80) }).meta({ id: 'CreateApiKeyBody' });

const RM = { kind: 'account', module: 'retail_media' } as const;
const ADMIN = { kind: 'account', module: 'retail_media', roles: ['admin'] } as const;

/** A browser origin: scheme, host and optional port, lower case, no path (as a page's Origin header sends it). */
const AllowedOrigin = z
  .string()
  .trim()
  .toLowerCase()
  .max(260)
  .regex(/^https?:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::[0-9]{1,5})?$/, { message: msg('AD_API_ORIGIN_INVALID') });

/** The publisher's settings of its public ad API. */
export const AdApiSettings = z
  .object({
    require_api_key: z.boolean().meta({ description: 'Consultas de anúncios exigem a chave x-api-key do publisher (desligado: públicas, como na API do VTEX Ads).' }),
    allowed_origins: z.array(z.string()).meta({ description: 'Origens de navegador que podem chamar as consultas e os eventos; vazio: qualquer origem.' }),
  })
  .meta({ id: 'AdApiSettings' });
export type AdApiSettings = z.infer<typeof AdApiSettings>;

export const AdApiSettingsBody = z
  .strictObject({
    require_api_key: z.boolean(),
    allowed_origins: z.array(AllowedOrigin).max(50).meta({ description: 'Até 50 origens (https://host[:porta]); vazio: qualquer origem.' }),
  })
  .meta({ id: 'AdApiSettingsBody' });
export type AdApiSettingsBody = z.infer<typeof AdApiSettingsBody>;

export const adDecisionRoutes = {
  decide: defineRoute({
    method: 'POST',
    path: '/v1/rma/:publisherId',
    operationId: 'decideAds',
    summary:
      'Decide os anúncios de cada posicionamento de uma página. Pública, como na API do VTEX Ads (limites por IP e por publisher, origens permitidas); o publisher pode exigir a chave x-api-key',
    tags: ['Ad decisions'],
    permission: { kind: 'public' },
    access: { fixture: 'rmaRequest' },
    validationStatus: 422,
    params: RmaParams,
    headers: RmaHeaders,
    body: RmaRequest,
    responses: { 200: RmaResponse },
    errors: [400, 401, 403, 404, 422, 429],
  }),
  listApiKeys: defineRoute({
    method: 'GET',
    path: '/configuration/api-keys',
    operationId: 'listApiKeys',
    summary: 'Chaves de API do publisher (sem a chave)',
    tags: ['Ad decisions'],
    permission: RM,
    access: { fixture: 'apiKey', forbid: ['industry', 'unlinkedAdvertiser'] },
    responses: { 200: z.object({ data: z.array(ApiKey) }) },
  }),
  createApiKey: defineRoute({
    method: 'POST',
    path: '/configuration/api-keys',
    operationId: 'createApiKey',
    summary: 'Cria uma chave de API; a chave é exibida só nesta resposta',
    tags: ['Ad decisions'],
    permission: ADMIN,
    access: { fixture: 'newApiKey', forbid: ['industry', 'unlinkedAdvertiser'] },
    body: CreateApiKeyBody,
    responses: { 201: CreatedApiKey },
  }),
  revokeApiKey: defineRoute({
    method: 'DELETE',
    path: '/configuration/api-keys/:id',
    operationId: 'revokeApiKey',
    summary: 'Revoga uma chave de API',
    tags: ['Ad decisions'],
    permission: ADMIN,
    access: { fixture: 'apiKey', forbid: ['industry', 'unlinkedAdvertiser'] },
    params: IdParam,
    responses: { 200: Message },
    errors: [404],
  }),
  getAdApiSettings: defineRoute({
    method: 'GET',
    path: '/configuration/ad-api',
    operationId: 'getAdApiSettings',
    summary: 'Configuração da API pública de anúncios do publisher: exigir chave de API e origens permitidas',
    tags: ['Ad decisions'],
    permission: RM,
    access: { fixture: 'apiKey', forbid: ['industry', 'unlinkedAdvertiser'] },
    responses: { 200: AdApiSettings },
  }),
  updateAdApiSettings: defineRoute({
    method: 'PUT',
    path: '/configuration/ad-api',
    operationId: 'updateAdApiSettings',
    summary: 'Altera a configuração da API pública de anúncios do publisher (vale em todas as instâncias em instantes)',
    tags: ['Ad decisions'],
    permission: ADMIN,
    access: { fixture: 'adApiSettings', forbid: ['industry', 'unlinkedAdvertiser'] },
    body: AdApiSettingsBody,
    responses: { 200: AdApiSettings },
  }),
};
