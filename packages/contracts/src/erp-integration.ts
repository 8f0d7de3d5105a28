// Issue 24: the ERP integration (batches of products, offers and customers; order status callbacks).
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Email, IdParam, Money, PageQuery, Timestamp, paged } from './common.ts';
import { Cpf } from './brazil.ts';
import { MobilePhone } from './customers.ts';
import { msg } from './messages.ts';

export const ERP_BATCH_KINDS = ['products', 'offers', 'customers'] as const;
export type ErpBatchKind = (typeof ERP_BATCH_KINDS)[number];
export const ERP_BATCH_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type ErpBatchStatus = (typeof ERP_BATCH_STATUSES)[number];
/** The most rows of one batch (and the body stays within the server's 1 MB). */
export const ERP_BATCH_MAX_ROWS = 5_000;

export const ERP_CALLBACK_EVENTS = ['order.created', 'order.status_changed', 'test'] as const;
export type ErpCallbackEvent = (typeof ERP_CALLBACK_EVENTS)[number];
export const ERP_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type ErpDeliveryStatus = (typeof ERP_DELIVERY_STATUSES)[number];
/** Tries of one callback, the first included; the waits between them double. */
export const ERP_CALLBACK_ATTEMPTS = 5;
/** `sha256=<hex HMAC-SHA256 of `<x-timestamp>.<raw body>` with the secret>`. */
export const ERP_SIGNATURE_HEADER = 'x-signature';
/** When this attempt was sent (ISO 8601), signed with the body: lets the receiver refuse old replays. */
export const ERP_TIMESTAMP_HEADER = 'x-timestamp';
export const ERP_EVENT_HEADER = 'x-event';
export const ERP_DELIVERY_HEADER = 'x-delivery-id';
/** Prefix of a callback secret. */
export const ERP_SECRET_PREFIX = 'whsec_';

const BatchId = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._:-]+$/, { message: msg('ERP_BATCH_ID_FORMAT') })
  .meta({ description: 'Identificador do lote no ERP (até 128 caracteres). Reenviar o mesmo lote devolve o lote já recebido, sem aplicá-lo de novo.' });

/**
 * One offer of a batch: a product (by SKU) at a store. Checked row by row by the job: a refused row
 * is listed in the batch's `errors` with its index and the reason, the others are applied.
 */
export const ErpOfferRow = z
  .strictObject({
    sku: z.string().trim().min(1).max(64).meta({ description: 'SKU de um produto já cadastrado na conta.' }),
    store_id: z.number().int().positive().optional().meta({ description: 'Id da loja na conta.' }),
    store_code: z.string().trim().min(1).max(64).optional().meta({ description: 'Código externo da loja (external_id), no lugar do store_id.' }),
    price: Money.min(0).max(1_000_000),
    promotional_price: Money.min(0).max(1_000_000).nullable().optional().meta({ description: 'Preço promocional; ausente ou null: sem promoção.' }),
    promotion_start_at: Timestamp.nullable().optional(),
    promotion_end_at: Timestamp.nullable().optional(),
    stock: z.number().int().min(0).max(1_000_000_000).optional().meta({ description: 'Estoque na loja; ausente: mantém o atual (oferta nova: 0).' }),
    available: z.boolean().optional().meta({ description: 'Disponível para venda; ausente: mantém (oferta nova: sim).' }),
  })
  .superRefine((r, ctx) => {
    if (r.store_id === undefined && r.store_code === undefined) ctx.addIssue({ code: 'custom', path: ['store_id'], message: msg('ERP_OFFER_STORE_REQUIRED') });
    if (r.promotional_price != null && r.promotional_price >= r.price) {
      ctx.addIssue({ code: 'custom', path: ['promotional_price'], message: msg('ERP_PROMOTIONAL_PRICE_BELOW') });
    }
    if (r.promotion_start_at && r.promotion_end_at && r.promotion_end_at <= r.promotion_start_at) {
      ctx.addIssue({ code: 'custom', path: ['promotion_end_at'], message: msg('PROMOTION_END_AFTER_START') });
    }
  })
  .meta({ id: 'ErpOfferRow' });
export type ErpOfferRow = z.output<typeof ErpOfferRow>;

/**
 * One customer of a batch, found by `external_id` (the ERP's id), else `document` (CPF), else
 * `phone`; created when none matches. Fields left out keep their value.
 */
export const ErpCustomerRow = z
  .strictObject({
    external_id: z.string().trim().min(1).max(64).optional().meta({ description: 'Id do cliente no ERP: liga o cliente da conta ao do ERP.' }),
    document: Cpf.optional(),
    phone: MobilePhone.optional(),
    name: z.string().trim().min(2).max(160),
    email: Email.nullable().optional(),
  })
  .refine((r) => r.external_id !== undefined || r.document !== undefined || r.phone !== undefined, {
    path: ['external_id'],
    message: msg('ERP_CUSTOMER_KEY_REQUIRED'),
  })
  .meta({ id: 'ErpCustomerRow' });
export type ErpCustomerRow = z.output<typeof ErpCustomerRow>;

const rowsOf = (description: string) =>
  z
    .array(z.record(z.string(), z.unknown()))
    .min(1)
    .max(ERP_BATCH_MAX_ROWS)
    .meta({ description: `De 1 a ${ERP_BATCH_MAX_ROWS} linhas (objetos JSON), num corpo de até 1 MB. ${description}` });

const batchBody = (id: string, description: string) => z.strictObject({ batch_id: BatchId, rows: rowsOf(description) }).meta({ id });

export const ErpProductsBatchBody = batchBody(
  'ErpProductsBatchBody',
  'Cada linha com os campos de ProductImportItem (upsert por SKU, como em POST /api/integration/products), conferida pelo job.',
);
export const ErpOffersBatchBody = batchBody('ErpOffersBatchBody', 'Cada linha com os campos de ErpOfferRow, conferida pelo job.');
export const ErpCustomersBatchBody = batchBody('ErpCustomersBatchBody', 'Cada linha com os campos de ErpCustomerRow, conferida pelo job.');
export type ErpBatchInput = z.output<typeof ErpOffersBatchBody>;

export const ErpBatch = z
  .object({
    id: z.number().int(),
    kind: z.enum(ERP_BATCH_KINDS),
    batch_id: z.string(),
    status: z.enum(ERP_BATCH_STATUSES),
    total: z.number().int(),
    processed: z.number().int(),
    applied: z.number().int().meta({ description: 'Linhas aplicadas.' }),
    rejected_count: z.number().int().meta({ description: 'Linhas recusadas (veja errors no detalhe do lote).' }),
    error: z.string().nullable().meta({ description: 'Por que o lote falhou por inteiro (status failed).' }),
    created_at: Timestamp,
    started_at: Timestamp.nullable(),
    finished_at: Timestamp.nullable(),
  })
  .meta({ id: 'ErpBatch' });
export type ErpBatch = z.infer<typeof ErpBatch>;

export const ErpBatchResult = z.object({ batch: ErpBatch }).meta({ id: 'ErpBatchResult' });

export const ErpRowError = z
  .object({
    index: z.number().int().meta({ description: 'Posição da linha em rows (a primeira é 0).' }),
    key: z.string().nullable().meta({ description: 'O SKU ou o identificador do cliente da linha, quando legível.' }),
    reason: z.string().meta({ example: 'price: Campo obrigatório.' }),
  })
  .meta({ id: 'ErpRowError' });

export const ErpBatchListQuery = PageQuery.extend({ kind: z.enum(ERP_BATCH_KINDS).optional() });
export const ErpBatchList = paged(ErpBatch).meta({ id: 'ErpBatchList' });
export const ErpBatchDetail = ErpBatch.extend({ errors: paged(ErpRowError) }).meta({ id: 'ErpBatchDetail' });

const CallbackUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .meta({
    description:
      'HTTPS; o nome é resolvido e nenhum endereço pode ser privado, de loopback, link-local, reservado ou multicast (conferido ao salvar e a cada envio).',
  });

export const ErpCallbackConfig = z
  .object({
    url: z.string().nullable(),
    enabled: z.boolean(),
    has_secret: z.boolean(),
    secret_hint: z.string().nullable().meta({ description: 'O início do segredo, para reconhecê-lo (ele só aparece quando é gerado).' }),
    secret_created_at: Timestamp.nullable(),
    updated_at: Timestamp.nullable(),
  })
  .meta({ id: 'ErpCallbackConfig' });
export type ErpCallbackConfig = z.infer<typeof ErpCallbackConfig>;

export const ErpCallbackSaved = ErpCallbackConfig.extend({
  secret: z.string().nullable().meta({ description: 'O segredo, só quando foi gerado agora (ao ativar pela primeira vez, ou ao trocá-lo): guarde-o.' }),
}).meta({ id: 'ErpCallbackSaved' });

export const ErpCallbackBody = z
  .strictObject({ url: CallbackUrl.nullable(), enabled: z.boolean() })
  .refine((b) => !b.enabled || b.url !== null, { path: ['url'], message: msg('ERP_CALLBACK_URL_REQUIRED') })
  .meta({ id: 'ErpCallbackBody' });
export type ErpCallbackInput = z.output<typeof ErpCallbackBody>;

export const ErpCallbackAttempt = z
  .object({
    attempt: z.number().int(),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    at: Timestamp,
  })
  .meta({ id: 'ErpCallbackAttempt' });

export const ErpCallbackDelivery = z
  .object({
    id: z.number().int(),
    event: z.enum(ERP_CALLBACK_EVENTS),
    order_id: z.number().int().nullable(),
    order_status: z.string().nullable(),
    status: z.enum(ERP_DELIVERY_STATUSES),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: Timestamp,
    delivered_at: Timestamp.nullable(),
    attempt_log: z.array(ErpCallbackAttempt),
  })
  .meta({ id: 'ErpCallbackDelivery' });
export type ErpCallbackDelivery = z.infer<typeof ErpCallbackDelivery>;
export const ErpCallbackDeliveryList = paged(ErpCallbackDelivery).meta({ id: 'ErpCallbackDeliveryList' });

const admins = { kind: 'account', roles: ['admin'] } as const;
const tags = ['ERP integration'];
const batchRoute = <P extends string, B extends z.ZodType>(path: P, operationId: string, what: string, body: B, fixture: string) =>
  defineRoute({
    method: 'POST',
    path,
    operationId,
    summary: `ERP: recebe um lote de ${what} (até ${ERP_BATCH_MAX_ROWS} linhas), aplicado em segundo plano linha a linha; o mesmo batch_id devolve o lote já recebido (200), com outro conteúdo é 409`,
    tags,
    permission: admins,
    apiKeyScope: 'erp',
    access: { fixture },
    body,
    responses: { 200: ErpBatchResult, 202: ErpBatchResult },
    errors: [409],
  });

export const erpIntegrationRoutes = {
  products: batchRoute('/api/integration/erp/products', 'erpProductsBatch', 'produtos (upsert por SKU)', ErpProductsBatchBody, 'erpProductsBatch'),
  offers: batchRoute('/api/integration/erp/offers', 'erpOffersBatch', 'ofertas por loja (preço, promoção, estoque)', ErpOffersBatchBody, 'erpOffersBatch'),
  customers: batchRoute('/api/integration/erp/customers', 'erpCustomersBatch', 'clientes', ErpCustomersBatchBody, 'erpCustomersBatch'),
  batches: defineRoute({
    method: 'GET',
    path: '/api/integration/erp/batches',
    operationId: 'listErpBatches',
    summary: 'Lotes do ERP recebidos pela conta, o mais recente primeiro',
    tags,
    permission: admins,
    apiKeyScope: 'erp',
    access: {},
    querystring: ErpBatchListQuery,
    responses: { 200: ErpBatchList },
  }),
  batch: defineRoute({
    method: 'GET',
    path: '/api/integration/erp/batches/:id',
    operationId: 'getErpBatch',
    summary: 'Andamento de um lote do ERP: status, contagens e as linhas recusadas (paginadas) com o motivo',
    tags,
    permission: admins,
    apiKeyScope: 'erp',
    access: { fixture: 'erpBatch' },
    params: IdParam,
    querystring: PageQuery,
    responses: { 200: ErpBatchDetail },
    errors: [404],
  }),
  callback: defineRoute({
    method: 'GET',
    path: '/api/integration/erp/callback',
    operationId: 'getErpCallback',
    summary: 'Para onde vão os avisos de mudança de status dos pedidos (sem o segredo)',
    tags,
    permission: admins,
    access: {},
    responses: { 200: ErpCallbackConfig },
  }),
  saveCallback: defineRoute({
    method: 'PUT',
    path: '/api/integration/erp/callback',
    operationId: 'saveErpCallback',
    summary: 'Define a URL dos avisos de status dos pedidos e se estão ativos; ao ativar pela primeira vez gera o segredo, exibido só nesta resposta',
    tags,
    permission: admins,
    access: { fixture: 'erpCallbackConfig' },
    body: ErpCallbackBody,
    responses: { 200: ErpCallbackSaved },
  }),
  rotateSecret: defineRoute({
    method: 'POST',
    path: '/api/integration/erp/callback/secret',
    operationId: 'rotateErpCallbackSecret',
    summary: 'Gera um novo segredo de assinatura dos avisos (o anterior deixa de valer na hora); exibido só nesta resposta',
    tags,
    permission: admins,
    access: {},
    responses: { 200: ErpCallbackSaved },
  }),
  testCallback: defineRoute({
    method: 'POST',
    path: '/api/integration/erp/callback/test',
    operationId: 'testErpCallback',
    summary: 'Envia um aviso de teste, assinado, para a URL configurada (em segundo plano, com as mesmas tentativas)',
    tags,
    permission: admins,
    // Another account has no callback of its own set up: 422, like the owner's before setting one.
    access: { fixture: 'erpCallbackTest', others: 422 },
    responses: { 202: z.object({ delivery: ErpCallbackDelivery }) },
    errors: [422],
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/api/integration/erp/callback/deliveries',
    operationId: 'listErpCallbackDeliveries',
    summary: 'Registro dos avisos enviados ao ERP, o mais recente primeiro, com cada tentativa (status HTTP, duração, erro)',
    tags,
    permission: admins,
    access: {},
    querystring: PageQuery,
    responses: { 200: ErpCallbackDeliveryList },
  }),
} as const;
