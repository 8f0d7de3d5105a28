import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, Timestamp } from './common.ts';
import { RM_AD_TYPES } from './retail-config.ts';
import { msg } from './messages.ts';

export const RMA_CONTEXTS = ['home', 'category', 'product_page', 'brand_page', 'search', 'digital_signage'] as const;
export type RmaContext = (typeof RMA_CONTEXTS)[number];

const Text = (max: number) => z.string().trim().min(1).max(max);

export const RmaPlacementRequest = z
  .object({
    types: z.array(z.enum(RM_AD_TYPES)).min(1, { message: msg('AD_TYPES_REQUIRED') }),
    quantity: z.number().int().min(1).max(20).default(1).meta({ description: 'Quantos anúncios no máximo (1 a 20).' }),
    size: Text(60).optional().meta({ description: 'Tamanho "LxA" (ex.: 728x90) ou o nome de um formato; obrigatório para banner.' }),
  })
  .meta({ id: 'RmaPlacementRequest' });

export const RmaRequest = z
  .object({
    context: z.enum(RMA_CONTEXTS),
    term: Text(200).optional().meta({ description: 'Termo buscado; obrigatório no contexto search.' }),
    category_name: Text(500)
      .optional()
      .meta({ description: 'Uma categoria, com o caminho completo ("Mercearia > Café > Café em pó"); obrigatória no contexto category.' }),
    product_sku: Text(120).optional().meta({ description: 'SKU do produto; obrigatório no contexto product_page.' }),
    brand_name: Text(200).optional().meta({ description: 'Marca; obrigatória no contexto brand_page.' }),
    session_id: Text(200).optional(),
    user_id: Text(200).optional(),
    device: Text(60).optional(),
    channel: Text(60).optional(),
    brand: Text(200).optional(),
    allow_duplicates: z.boolean().optional().meta({ description: 'Permite repetir SKU ou campanha entre os anúncios da resposta.' }),
    placements: z
      .record(Text(100), RmaPlacementRequest)
      .refine((p) => Object.keys(p).length >= 1 && Object.keys(p).length <= 20, { message: msg('PLACEMENTS_COUNT') }),
  })
  .superRefine((body, ctx) => {
    if (body.context === 'search' && !body.term) ctx.addIssue({ code: 'custom', path: ['term'], message: msg('SEARCH_TERM_REQUIRED') });
    if (body.context === 'product_page' && !body.product_sku)
      ctx.addIssue({ code: 'custom', path: ['product_sku'], message: msg('PRODUCT_SKU_REQUIRED') });
    if (body.context === 'brand_page' && !body.brand_name)
      ctx.addIssue({ code: 'custom', path: ['brand_name'], message: msg('BRAND_NAME_REQUIRED') });
    if (body.context === 'category') {
      if (!body.category_name) ctx.addIssue({ code: 'custom', path: ['category_name'], message: msg('CATEGORY_NAME_REQUIRED') });
      else if (/[;|\n]/.test(body.category_name))
        ctx.addIssue({ code: 'custom', path: ['category_name'], message: msg('CATEGORY_NAME_SINGLE') });
    }
    for (const [name, p] of Object.entries(body.placements ?? {})) {
      if (p.types.includes('banner') && !p.size)
        ctx.addIssue({ code: 'custom', path: ['placements', name, 'size'], message: msg('BANNER_SIZE_REQUIRED') });
    }
  })
  .meta({ id: 'RmaRequest' });
export type RmaRequest = z.infer<typeof RmaRequest>;

export const RmaAsset = z.object({ url: z.string(), type: z.string(), dimension: z.string() }).meta({ id: 'RmaAsset' });

export const RmaAd = z
  .object({
    ad_id: z.number().int(),
    type: z.enum(RM_AD_TYPES),
    position: z.number().int(),
    campaign_id: z.number().int(),
    campaign_name: z.string(),
    media_url: z.string().nullable(),
    destination_url: z.string().nullable(),
    product_name: z.string().nullable(),
    product_sku: z.string().nullable(),
    seller_id: z.number().int().nullable().meta({ description: 'O anunciante.' }),
    headline: z.string().nullable(),
    brand_name: z.string().nullable(),
    description: z.string().nullable(),
    brand_url: z.string().nullable(),
    assets: z.array(RmaAsset),
    impression_url: z.string(),
    view_url: z.string(),
    click_url: z.string(),
  })
  .meta({ id: 'RmaAd' });
export type RmaAd = z.infer<typeof RmaAd>;

export const RmaResponse = z
  .object({ request_id: z.string(), placements: z.record(z.string(), z.array(RmaAd)) })
  .meta({ id: 'RmaResponse' });
export type RmaResponse = z.infer<typeof RmaResponse>;

export const RmaParams = z.object({ publisherId: z.coerce.number().int().positive() });
export const RmaHeaders = z.object({
  'x-api-key': z.string().optional().meta({ description: 'Chave de API do publisher (ou um token Bearer de um membro do publisher).' }),
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

export const adDecisionRoutes = {
  decide: defineRoute({
    method: 'POST',
    path: '/v1/rma/:publisherId',
    operationId: 'decideAds',
    summary: 'Decide os anúncios de cada posicionamento de uma página (chave de API do publisher ou sessão do back-office)',
    tags: ['Ad decisions'],
    permission: { kind: 'public' },
    access: { fixture: 'rmaRequest', guard: { kind: 'account', module: 'retail_media' } },
    params: RmaParams,
    headers: RmaHeaders,
    body: RmaRequest,
    responses: { 200: RmaResponse },
    errors: [400, 401, 403, 404],
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
};
