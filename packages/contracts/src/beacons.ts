import { z } from 'zod';
import { defineRoute } from './route.ts';
import { msg } from './messages.ts';

/** How long a served ad's event URLs stay valid, in hours. */
export const BEACON_TOKEN_TTL_HOURS = 24;

export const BeaconQuery = z.object({
  t: z
    .string()
    .optional()
    .meta({ description: 'Token assinado do anúncio servido, tal como veio em impression_url, view_url ou click_url (válido por 24 horas).' }),
});

export const BeaconAccepted = z
  .object({ accepted: z.literal(true) })
  .meta({ id: 'BeaconAccepted', description: 'Evento aceito e gravado de forma durável; é contado uma única vez.' });

const tags = ['Ad events'] as const;
const permission = { kind: 'public' } as const;
const common = { tags, permission, querystring: BeaconQuery, responses: { 202: BeaconAccepted } } as const;

export const beaconRoutes = {
  impression: defineRoute({
    method: 'POST',
    path: '/v1/beacon/impression',
    operationId: 'beaconImpression',
    access: { fixture: 'beaconToken' },
    summary: 'Registra a impressão de um anúncio servido (a mesma pessoa e anúncio contam uma vez por minuto). Corpo opcional {session_id, user_id}, JSON ou text/plain (navigator.sendBeacon)',
    ...common,
  }),
  view: defineRoute({
    method: 'POST',
    path: '/v1/beacon/view',
    operationId: 'beaconView',
    access: { fixture: 'beaconToken' },
    summary: 'Registra a visualização de um anúncio servido (a mesma pessoa e anúncio contam uma vez por minuto). Corpo opcional {session_id, user_id}, JSON ou text/plain',
    ...common,
  }),
  click: defineRoute({
    method: 'POST',
    path: '/v1/beacon/click',
    operationId: 'beaconClick',
    access: { fixture: 'beaconToken' },
    summary: 'Registra o clique em um anúncio servido (a mesma pessoa e anúncio contam uma vez por hora). Corpo opcional {session_id, user_id}, JSON ou text/plain',
    ...common,
  }),
  clickRedirect: defineRoute({
    method: 'GET',
    path: '/v1/beacon/click',
    operationId: 'beaconClickRedirect',
    access: { fixture: 'beaconToken' },
    summary: 'Registra o clique e redireciona (302) ao destino do anúncio; sem destino, responde 202',
    ...common,
    responses: {
      ...common.responses,
      302: z.null().meta({ description: 'Clique registrado; redireciona ao destino do anúncio (cabeçalho `location`), sem corpo.' }),
    },
  }),
};

/** How far back a conversion looks for the click or view that led to it, in days. */
export const ATTRIBUTION_WINDOW_DAYS = 14;

const Text = (max: number) => z.string().trim().min(1).max(max);
/** A unit price above R$ 1 million is a typo (and keeps order totals exact in cents). */
const MAX_UNIT_PRICE = 1_000_000;

/** An id the VTEX Ads API sends as text or as a number (`seller_id`, `product_id`). */
const LooseId = z.union([Text(120), z.number().int()]).nullable().optional();

export const ConversionItem = z
  .object({
    sku: Text(120),
    seller_id: LooseId.meta({ description: 'Vendedor do item no site (marketplace); null quando é o próprio site.' }),
    product_id: LooseId.meta({ description: 'Produto do SKU no catálogo do site.' }),
    quantity: z.number().int().positive().max(100_000),
    price: z.number().nonnegative().max(MAX_UNIT_PRICE).multipleOf(0.01).meta({ description: 'Preço unitário, em reais (não multiplicado pela quantidade).' }),
    promotional_price: z
      .number()
      .nonnegative()
      .max(MAX_UNIT_PRICE)
      .multipleOf(0.01)
      .nullable()
      .optional()
      .meta({ description: 'Preço unitário promocional, em reais; quando presente é o preço pago.' }),
  })
  .meta({ id: 'ConversionItem' });

/** The hashed identifiers of a buyer: SHA-256 in hexadecimal; anything else is ignored (never stored) and reported. */
export const CONVERSION_HASHED_FIELDS = ['email_hashed', 'phone_hashed', 'social_id_hashed', 'first_name_hashed', 'last_name_hashed'] as const;
export type ConversionHashedField = (typeof CONVERSION_HASHED_FIELDS)[number];
const Hashed = z.string().trim().max(200).nullable().optional();

/**
 * An order, as the VTEX Ads API documents it (docs/5.6-events.md). Fields the API does not know
 * are ignored; a known field with a wrong value is refused with 422, naming it by its path.
 */
export const ConversionBody = z
  .object({
    publisher_id: z
      .union([z.number().int().positive(), z.string().trim().regex(/^[1-9][0-9]{0,14}$/)])
      .transform(Number)
      .optional()
      .meta({ description: 'O publisher (texto ou número); obrigatório sem a chave de API do publisher.' }),
    order_id: z.union([Text(120), z.number().int().nonnegative().transform(String)]).meta({ description: 'Identificador do pedido no site; a mesma conversão enviada de novo conta uma vez.' }),
    user_id: Text(200).optional(),
    session_id: Text(200).optional(),
    created_at: z.iso.datetime({ offset: true }).meta({ description: 'Quando o pedido foi feito (ISO 8601).' }),
    channel: Text(40).optional().meta({ description: 'Onde o pedido foi feito (ecommerce, app, loja física…).' }),
    brand: Text(200).optional().meta({ description: 'Site do publisher, quando ele tem mais de um.' }),
    gender: z
      .enum(['F', 'M', 'O', 'f', 'm', 'o'])
      .transform((g) => g.toUpperCase() as 'F' | 'M' | 'O')
      .nullable()
      .optional()
      .meta({ description: 'F, M, O ou null (não identificado).' }),
    uf: Text(40).nullable().optional(),
    city: Text(120).nullable().optional(),
    is_company: z.boolean().nullable().optional(),
    email_hashed: Hashed.meta({ description: 'SHA-256 (hexadecimal) do e-mail, minúsculo e sem espaços.' }),
    phone_hashed: Hashed.meta({ description: 'SHA-256 (hexadecimal) do telefone.' }),
    social_id_hashed: Hashed.meta({ description: 'SHA-256 (hexadecimal) do CPF ou CNPJ.' }),
    first_name_hashed: Hashed,
    last_name_hashed: Hashed,
    items: z.array(ConversionItem).min(1).max(500),
  })
  .superRefine((body, ctx) => {
    if (!body.user_id && !body.session_id)
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: msg('PURCHASE_BUYER_REQUIRED') });
  })
  .meta({ id: 'ConversionBody' });
export type ConversionBody = z.output<typeof ConversionBody>;

export const ConversionAccepted = z
  .object({
    accepted: z.literal(true),
    order_id: z.string(),
    duplicate: z.boolean().meta({ description: 'true quando este order_id já tinha sido recebido (nada muda).' }),
    ignored: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .meta({ description: 'Campos recebidos e não gravados (ex.: um identificador que não é um SHA-256), com o motivo.' }),
  })
  .meta({
    id: 'ConversionAccepted',
    description: 'Pedido gravado; é atribuído ao último clique (senão à última visualização) da mesma pessoa em 14 dias, inclusive em outro canal com o mesmo e-mail, telefone ou CPF (hash).',
  });

const ConversionHeaders = z.object({
  'x-api-key': z.string().optional().meta({ description: 'Chave de API do publisher: opcional; quando enviada, o pedido é desse publisher.' }),
});

export const conversionRoutes = {
  conversion: defineRoute({
    method: 'POST',
    path: '/v1/beacon/conversion',
    operationId: 'beaconConversion',
    access: { fixture: 'conversion' },
    summary: 'Registra um pedido para atribuição às campanhas (idempotente por order_id). Pública, como na API do VTEX Ads: o publisher vem de publisher_id ou da chave x-api-key',
    tags,
    permission,
    validationStatus: 422,
    headers: ConversionHeaders,
    body: ConversionBody,
    responses: { 202: ConversionAccepted },
    errors: [400, 401, 403, 404, 422, 429],
  }),
};
