import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Money, OptionalText, PageMeta, Timestamp, endNotBeforeStart } from './common.ts';
import { msg } from './messages.ts';
import { RMA_VIDEO_SIZES } from './ad-decision.ts';

/** Review states of an ad (spec §4): created pending_review, then approved or rejected by the publisher. */
export const AD_REVIEW_STATUSES = ['pending_review', 'approved', 'rejected'] as const;
export type AdReviewStatus = (typeof AD_REVIEW_STATUSES)[number];

/** Review queues (spec §9 page sizes: 100 pending-review, 50 rejected). */
export const AD_REVIEW_QUEUES = ['pending_review', 'rejected'] as const;
export type AdReviewQueue = (typeof AD_REVIEW_QUEUES)[number];
export const AD_REVIEW_PAGE_SIZE = { pending_review: 100, rejected: 50 } as const satisfies Record<AdReviewQueue, number>;

/** Page size of the ads list (spec §9). */
export const ADS_PAGE_SIZE = 25;

/** Longest review note. */
export const AD_REVIEW_NOTE_MAX = 500;

/** What the ad media upload takes, and the largest file of each kind (bytes). Video (MP4) for banners, sponsored brands and digital signage. */
export const AD_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'video/mp4'] as const;
export type AdMediaType = (typeof AD_MEDIA_TYPES)[number];
export const AD_MEDIA_MAX_BYTES = { image: 10 * 1024 * 1024, video: 50 * 1024 * 1024 } as const;

/** Media kinds of a creative: banner (`media_type`), sponsored brand asset (`type`), digital signage (`media_type`). */
export const AD_CREATIVE_MEDIA_KINDS = ['image', 'video'] as const;
export type AdCreativeMediaKind = (typeof AD_CREATIVE_MEDIA_KINDS)[number];
/** Digital signage media kinds. */
export const AD_SIGNAGE_MEDIA_TYPES = AD_CREATIVE_MEDIA_KINDS;

/**
 * Seconds a digital signage ad stays on screen: 1 to 600. An image without one shows for 15 s; a
 * video must say how long it plays (the upload does not read the MP4's length).
 */
export const AD_SIGNAGE_DURATION = { min: 1, max: 600, imageDefault: 15 } as const;

/** The frames a video creative may have ("1280x720"), from the video sizes an ad query asks for. */
export const AD_VIDEO_FRAMES: readonly string[] = Object.values(RMA_VIDEO_SIZES);

/** Columns the ads list sorts by (`name` is the campaign name). */
export const AD_ORDER_BY = ['created_at', 'name', 'impressions', 'clicks', 'total_spent'] as const;
export type AdOrderBy = (typeof AD_ORDER_BY)[number];

const adTypes = ['product', 'banner', 'sponsored_brand', 'digital_signage'] as const;
const campaignStatuses = ['active', 'scheduled', 'paused', 'finished', 'canceled'] as const;
const targetings = ['keyword', 'category'] as const;

/** A boolean query flag: `true`/`false` (also 1/0). */
const QueryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const OptionalId = z.coerce.number().int().positive().optional();

/** A path served by this API (`/uploads/…` from POST /ad/media); never an outside address. */
const AdMediaUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/, { message: msg('MEDIA_URL_FROM_UPLOAD') });

const HttpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/i, { message: msg('HTTP_ADDRESS') });

// ---------------------------------------------------------------- responses

const AdParty = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'AdParty' });

export const AdSizeSummary = z
  .object({ id: z.number().int(), name: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'AdSizeSummary' });

export const AdAsset = z
  .object({
    dimension: z.string().meta({ description: 'Largura x altura em pixels, ex.: "1200x300".' }),
    url: z.string(),
    type: z.enum(AD_CREATIVE_MEDIA_KINDS),
  })
  .meta({ id: 'AdAsset' });

export const AdSettings = z
  .object({
    media_url: z.string().nullable(),
    media_type: z.string().nullable().meta({ description: 'Banner e sinalização digital: image ou video.' }),
    alt_text: z.string().nullable(),
    ad_size: AdSizeSummary.nullable(),
    sku: z.string().nullable(),
    product_name: z.string().nullable().meta({ description: 'Do catálogo do publisher, pelo SKU.' }),
    product_image_url: z.string().nullable(),
    destination_url: z.string().nullable(),
    headline: z.string().nullable(),
    description: z.string().nullable(),
    brand_name: z.string().nullable(),
    brand_url: z.string().nullable(),
    assets: z.array(AdAsset),
    duration: z.number().int().nullable().meta({ description: 'Sinalização digital: segundos na tela; null nos outros tipos.' }),
    cpm: Money.nullable().meta({ description: 'CPM próprio do anúncio, em reais; null usa o da campanha.' }),
    cpc: Money.nullable().meta({ description: 'CPC próprio do anúncio, em reais; null usa o da campanha.' }),
    note: z.string().nullable().meta({ description: 'Nota da última revisão (motivo da rejeição).' }),
  })
  .meta({ id: 'AdSettings' });

export const AdMetrics = z
  .object({
    impressions: z.number().int(),
    clicks: z.number().int(),
    ctr: z.number().meta({ description: 'clicks / impressions (0 sem impressões).' }),
    totalSpent: Money,
    conversions: z.number().int(),
    conversionRate: z.number().meta({ description: 'conversions / clicks (0 sem cliques).' }),
    income: Money,
    totalConversionsItemsQuantity: z.number().int(),
    roas: z.number().meta({ description: 'income / totalSpent (0 sem gasto).' }),
    adcost: z.number().meta({ description: 'totalSpent / income (0 sem receita).' }),
  })
  .meta({ id: 'AdMetrics' });

export const Ad = z
  .object({
    id: z.number().int(),
    campaign_id: z.number().int(),
    campaign_name: z.string(),
    campaign_status: z.enum(campaignStatuses),
    ad_type: z.enum(adTypes),
    ad_status: z.enum(AD_REVIEW_STATUSES),
    active: z.boolean(),
    advertiser: AdParty,
    publisher: AdParty,
    settings: AdSettings,
    created_at: Timestamp,
    reviewed_at: Timestamp.nullable(),
    metrics: AdMetrics.nullable().meta({ description: 'null para anúncios pending_review ou rejected (a interface mostra "—").' }),
  })
  .meta({ id: 'Ad' });

export const AdPage = z.object({ data: z.array(Ad), meta: PageMeta }).meta({ id: 'AdPage' });

export const AdCountByStatus = z
  .object({ pending_review: z.number().int(), approved: z.number().int(), rejected: z.number().int() })
  .meta({ id: 'AdCountByStatus' });

export const AdMedia = z
  .object({
    url: z.string().meta({ description: 'Endereço para usar em media_url ou assets[].url.' }),
    media_type: z.enum(AD_MEDIA_TYPES),
    width: z.number().int().nullable().meta({ description: 'Largura em pixels (imagens); null para vídeo.' }),
    height: z.number().int().nullable(),
    size: z.number().int().meta({ description: 'Bytes.' }),
  })
  .meta({ id: 'AdMedia' });

// ---------------------------------------------------------------- queries

export const AdListQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    quantity: z.coerce.number().int().min(1).max(500).default(ADS_PAGE_SIZE),
    rmid: OptionalId.meta({ description: 'Conta anunciante ou publisher: anúncios de campanhas em que ela é uma das partes.' }),
    tag_id: OptionalId.meta({ description: 'Etiqueta da campanha.' }),
    campaign_id: OptionalId,
    campaign_name: OptionalText.meta({ description: 'Parte do nome da campanha.' }),
    campaign_status: z.enum(campaignStatuses).optional(),
    ad_type: z.enum(adTypes).optional(),
    campaign_targeting: z.enum(targetings).optional(),
    ad_status: z.enum(AD_REVIEW_STATUSES).optional(),
    product_sku: OptionalText.meta({ description: 'Parte do SKU do produto anunciado.' }),
    show_inactive: QueryFlag.meta({ description: 'true mostra também anúncios desativados (active=false). Padrão: false.' }),
    start_date: z.iso.date().optional().meta({ description: 'Primeiro dia das métricas (YYYY-MM-DD). Sem datas: todo o período.' }),
    end_date: z.iso.date().optional().meta({ description: 'Último dia das métricas (YYYY-MM-DD).' }),
    order_by: z.enum(AD_ORDER_BY).default('created_at'),
    order_direction: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine(endNotBeforeStart);
export type AdListInput = z.output<typeof AdListQuery>;

export const AdReviewQuery = z.object({
  status: z.enum(AD_REVIEW_QUEUES).default('pending_review'),
  ad_type: z.enum(adTypes).default('banner'),
  publisher_id: OptionalId.meta({ description: 'Um dos inventários que a conta administra.' }),
  page: z.coerce.number().int().min(1).default(1),
  quantity: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .optional()
    .meta({ description: 'Padrão: 100 em pending_review, 50 em rejected.' }),
});
export type AdReviewInput = z.output<typeof AdReviewQuery>;

export const AdCountQuery = z.object({
  publisher_id: OptionalId,
  ad_type: z.enum(adTypes).optional(),
});
export type AdCountInput = z.output<typeof AdCountQuery>;

export const AdIdParam = z.object({ adId: z.coerce.number().int().positive() });

// ---------------------------------------------------------------- bodies

const PriceOverrides = {
  cpm: Money.positive().max(100_000).nullable().optional().meta({ description: 'CPM próprio em reais; ausente mantém, null usa o da campanha.' }),
  cpc: Money.positive().max(100_000).nullable().optional().meta({ description: 'CPC próprio em reais; ausente mantém, null usa o da campanha.' }),
};

const Dimension = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,4}x[1-9]\d{0,4}$/, { message: msg('BANNER_SIZE_FORMAT') });

export const AdAssetInput = z
  .strictObject({
    dimension: Dimension,
    url: AdMediaUrl,
    type: z.enum(AD_CREATIVE_MEDIA_KINDS).default('image').meta({ description: 'image (padrão) ou video (MP4).' }),
  })
  .superRefine((a, ctx) => {
    if (a.type === 'video' && !AD_VIDEO_FRAMES.includes(a.dimension))
      ctx.addIssue({ code: 'custom', path: ['dimension'], message: msg('VIDEO_FRAME_REQUIRED', { frames: AD_VIDEO_FRAMES.join(', ') }) });
  });

const productCreative = { ad_type: z.literal('product'), sku: z.string().trim().min(1).max(120) };
const bannerCreative = {
  ad_type: z.literal('banner'),
  media_type: z
    .enum(AD_CREATIVE_MEDIA_KINDS)
    .default('image')
    .meta({ description: 'image (padrão; deve ter o tamanho exato do formato) ou video (MP4; o formato deve ser de vídeo: 1080p, 720p, 480p, 360p ou 320p).' }),
  media_url: AdMediaUrl,
  alt_text: z.string().trim().min(1).max(250),
  ad_size_id: z.number().int().positive(),
  destination_url: HttpUrl.nullable().optional(),
  brand_name: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .nullable()
    .optional()
    .meta({ description: 'Marca anunciada: o banner também concorre na página dessa marca (contexto brand_page).' }),
};
const brandCreative = {
  ad_type: z.literal('sponsored_brand'),
  headline: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(500),
  brand_name: z.string().trim().min(1).max(120),
  brand_url: HttpUrl,
  assets: z.array(AdAssetInput).min(1).max(10),
};
const signageCreative = {
  ad_type: z.literal('digital_signage'),
  media_url: AdMediaUrl,
  media_type: z.enum(AD_SIGNAGE_MEDIA_TYPES),
  duration: z
    .number()
    .int()
    .min(AD_SIGNAGE_DURATION.min)
    .max(AD_SIGNAGE_DURATION.max)
    .optional()
    .meta({ description: 'Segundos na tela (1 a 600). Imagem: padrão 15. Vídeo: obrigatório.' }),
};

/** A signage video says how long it plays. */
const signageDuration = (c: { media_type: string; duration?: number | undefined }, ctx: z.RefinementCtx) => {
  if (c.media_type === 'video' && c.duration === undefined)
    ctx.addIssue({ code: 'custom', path: ['duration'], message: msg('SIGNAGE_VIDEO_DURATION_REQUIRED') });
};

const campaignId = { campaign_id: z.number().int().positive() };

/** A new ad: its campaign and the creative of the campaign's ad type (`ad_type` must match it). */
export const CreateAdBody = z
  .discriminatedUnion('ad_type', [
    z.strictObject({ ...campaignId, ...productCreative, ...PriceOverrides }).meta({ id: 'CreateProductAd' }),
    z.strictObject({ ...campaignId, ...bannerCreative, ...PriceOverrides }).meta({ id: 'CreateBannerAd' }),
    z.strictObject({ ...campaignId, ...brandCreative, ...PriceOverrides }).meta({ id: 'CreateSponsoredBrandAd' }),
    z.strictObject({ ...campaignId, ...signageCreative, ...PriceOverrides }).superRefine(signageDuration).meta({ id: 'CreateDigitalSignageAd' }),
  ])
  .meta({ id: 'CreateAdBody' });
export type CreateAdInput = z.output<typeof CreateAdBody>;

/** The whole creative again (same `ad_type` as the ad). A changed creative goes back to pending_review. */
export const UpdateAdBody = z
  .discriminatedUnion('ad_type', [
    z.strictObject({ ...productCreative, ...PriceOverrides }).meta({ id: 'UpdateProductAd' }),
    z.strictObject({ ...bannerCreative, ...PriceOverrides }).meta({ id: 'UpdateBannerAd' }),
    z.strictObject({ ...brandCreative, ...PriceOverrides }).meta({ id: 'UpdateSponsoredBrandAd' }),
    z.strictObject({ ...signageCreative, ...PriceOverrides }).superRefine(signageDuration).meta({ id: 'UpdateDigitalSignageAd' }),
  ])
  .meta({ id: 'UpdateAdBody' });
export type UpdateAdInput = z.output<typeof UpdateAdBody>;

export const PatchAdBody = z.strictObject({ active: z.boolean() });

const ReviewNote = z.string().trim().min(1, { message: msg('REASON_REQUIRED') }).max(AD_REVIEW_NOTE_MAX);

export const ApproveAdBody = z
  .strictObject({
    note: z
      .string()
      .trim()
      .max(AD_REVIEW_NOTE_MAX)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .nullish()
  .meta({ description: 'Opcional: o corpo pode faltar.' });
export type ApproveAdInput = z.output<typeof ApproveAdBody>;

export const RejectAdBody = z.strictObject({ note: ReviewNote.meta({ description: 'Motivo da rejeição (obrigatório, até 500 caracteres).' }) });
export type RejectAdInput = z.output<typeof RejectAdBody>;

/** The multipart form of the ad media upload. */
export const AdMediaUploadBody = z
  .object({
    ad_size_id: z.string().optional().meta({
      description:
        'Formato de banner: a imagem deve ter exatamente a largura e a altura dele; vídeo (MP4) só em formato de vídeo (1920x1080, 1280x720, 854x480, 640x360 ou 568x320). Envie este campo antes do arquivo.',
    }),
    ad_type: z.enum(adTypes).optional().meta({ description: 'Vídeo (MP4) para banner, sponsored_brand e digital_signage; product só imagem. Envie antes do arquivo.' }),
    file: z.string().meta({ format: 'binary', description: 'JPEG, PNG, WebP ou GIF (até 10 MB); MP4 (até 50 MB).' }),
  })
  .meta({ id: 'AdMediaUploadBody' });

// ---------------------------------------------------------------- routes

const permission = { kind: 'account', module: 'retail_media' } as const;
const writers = { kind: 'account', module: 'retail_media', roles: ['admin', 'manager'] } as const;
const tags = ['Ads'] as const;

export const adRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/ad/results/v2',
    operationId: 'listAds',
    summary: 'Anúncios das campanhas visíveis à conta, com filtros da lista de campanhas e métricas do período',
    tags,
    permission,
    access: { fixture: 'adFilter', allow: ['linkedPublisher'] },
    querystring: AdListQuery,
    responses: { 200: AdPage },
  }),
  review: defineRoute({
    method: 'GET',
    path: '/ad/review',
    operationId: 'listAdsForReview',
    summary: 'Fila de revisão do publisher: anúncios pendentes (mais antigos primeiro) ou rejeitados',
    tags,
    permission,
    access: { fixture: 'adReviewFilter', allow: ['linkedPublisher'] },
    querystring: AdReviewQuery,
    responses: { 200: AdPage },
  }),
  countByStatus: defineRoute({
    method: 'GET',
    path: '/ad/count-by-status',
    operationId: 'countAdsByStatus',
    summary: 'Quantos anúncios visíveis estão em cada estado de revisão',
    tags,
    permission,
    access: { fixture: 'adReviewFilter', allow: ['linkedPublisher'] },
    querystring: AdCountQuery,
    responses: { 200: AdCountByStatus },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/ad/:id',
    operationId: 'getAd',
    summary: 'Um anúncio visível à conta',
    tags,
    permission,
    access: { fixture: 'ad', allow: ['linkedPublisher'] },
    params: IdParam,
    responses: { 200: Ad },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/ad',
    operationId: 'createAd',
    summary: 'Cria um anúncio numa campanha própria (fica pending_review até o publisher revisar)',
    tags,
    permission: writers,
    access: { fixture: 'newAd', forbid: ['linkedPublisher'], others: 404 },
    body: CreateAdBody,
    responses: { 201: Ad },
    errors: [404, 422],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/ad/:id',
    operationId: 'updateAd',
    summary: 'Altera o criativo e os preços de um anúncio próprio; criativo alterado volta para pending_review',
    tags,
    permission: writers,
    access: { fixture: 'adUpdate', forbid: ['linkedPublisher'] },
    params: IdParam,
    body: UpdateAdBody,
    responses: { 200: Ad },
    errors: [404, 422],
  }),
  patch: defineRoute({
    method: 'PATCH',
    path: '/ad/:id',
    operationId: 'setAdActive',
    summary: 'Ativa ou desativa um anúncio (o anunciante dono ou o publisher)',
    tags,
    permission: writers,
    access: { fixture: 'adToggle', allow: ['linkedPublisher'] },
    params: IdParam,
    body: PatchAdBody,
    responses: { 200: Ad },
    errors: [404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/ad/:id',
    operationId: 'deleteAd',
    summary: 'Exclui um anúncio próprio',
    tags,
    permission: writers,
    access: { fixture: 'ad', forbid: ['linkedPublisher'] },
    params: IdParam,
    responses: { 204: z.null() },
    errors: [404],
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/ad/media',
    operationId: 'uploadAdMedia',
    summary: 'Envia a mídia de um anúncio (imagem, ou vídeo MP4 para banner, marca patrocinada e sinalização digital) e devolve o endereço e as dimensões',
    tags,
    permission: writers,
    access: { fixture: 'adMedia', allow: ['linkedPublisher'], others: 422 },
    body: AdMediaUploadBody,
    bodyContentType: 'multipart/form-data',
    responses: { 201: AdMedia },
    errors: [404, 413, 422],
  }),
  approve: defineRoute({
    method: 'PATCH',
    path: '/ad/actions/review/approve/:adId',
    operationId: 'approveAd',
    summary: 'Aprova um anúncio (publisher do inventário), com nota opcional',
    tags,
    permission: writers,
    access: { fixture: 'adApproval', allow: ['linkedPublisher'], forbid: ['owner', 'platform'] },
    params: AdIdParam,
    body: ApproveAdBody,
    responses: { 200: Ad },
    errors: [404],
  }),
  reject: defineRoute({
    method: 'PATCH',
    path: '/ad/actions/review/reject/:adId',
    operationId: 'rejectAd',
    summary: 'Rejeita um anúncio (publisher do inventário) com o motivo obrigatório',
    tags,
    permission: writers,
    access: { fixture: 'adRejection', allow: ['linkedPublisher'], forbid: ['owner', 'platform'] },
    params: AdIdParam,
    body: RejectAdBody,
    responses: { 200: Ad },
    errors: [404],
  }),
} as const;
