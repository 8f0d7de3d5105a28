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
    summary: 'Registra a impressão de um anúncio servido (a mesma pessoa e anúncio contam uma vez por minuto)',
    ...common,
  }),
  view: defineRoute({
    method: 'POST',
    path: '/v1/beacon/view',
    operationId: 'beaconView',
    access: { fixture: 'beaconToken' },
    summary: 'Registra a visualização de um anúncio servido (a mesma pessoa e anúncio contam uma vez por minuto)',
    ...common,
  }),
  click: defineRoute({
    method: 'POST',
    path: '/v1/beacon/click',
    operationId: 'beaconClick',
    access: { fixture: 'beaconToken' },
    summary: 'Registra o clique em um anúncio servido (a mesma pessoa e anúncio contam uma vez por hora)',
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

export const ConversionItem = z
  .strictObject({
    sku: Text(120),
    quantity: z.number().int().positive().max(100_000),
    price: z.number().nonnegative().max(MAX_UNIT_PRICE).multipleOf(0.01).meta({ description: 'Preço unitário, em reais.' }),
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

export const ConversionBody = z
  .strictObject({
    order_id: Text(120).meta({ description: 'Identificador do pedido no site; a mesma conversão enviada de novo conta uma vez.' }),
    user_id: Text(200).optional(),
    session_id: Text(200).optional(),
    created_at: z.iso.datetime({ offset: true }).meta({ description: 'Quando o pedido foi feito.' }),
    items: z.array(ConversionItem).min(1).max(500),
  })
  .superRefine((body, ctx) => {
    if (!body.user_id && !body.session_id)
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: msg('PURCHASE_BUYER_REQUIRED') });
  })
  .meta({ id: 'ConversionBody' });
export type ConversionBody = z.infer<typeof ConversionBody>;

export const ConversionAccepted = z
  .object({
    accepted: z.literal(true),
    order_id: z.string(),
    duplicate: z.boolean().meta({ description: 'true quando este order_id já tinha sido recebido (nada muda).' }),
  })
  .meta({ id: 'ConversionAccepted', description: 'Pedido gravado; é atribuído ao último clique (senão à última visualização) da mesma pessoa em 14 dias.' });

const ConversionHeaders = z.object({
  'x-api-key': z.string().optional().meta({ description: 'Chave de API do publisher (ou um token Bearer de um membro do publisher).' }),
});

export const conversionRoutes = {
  conversion: defineRoute({
    method: 'POST',
    path: '/v1/beacon/conversion',
    operationId: 'beaconConversion',
    access: { fixture: 'conversion', guard: { kind: 'account', module: 'retail_media' }, forbid: ['industry', 'unlinkedAdvertiser'] },
    summary: 'Registra um pedido para atribuição às campanhas (idempotente por order_id; chave x-api-key do publisher, ou sessão de um membro do publisher)',
    tags,
    permission,
    headers: ConversionHeaders,
    body: ConversionBody,
    responses: { 202: ConversionAccepted },
    errors: [400, 401, 403],
  }),
};
