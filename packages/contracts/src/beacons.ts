import { z } from 'zod';
import { defineRoute } from './route.ts';

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
    summary: 'Registra a impressão de um anúncio servido (a mesma pessoa e anúncio contam uma vez por minuto)',
    ...common,
  }),
  view: defineRoute({
    method: 'POST',
    path: '/v1/beacon/view',
    operationId: 'beaconView',
    summary: 'Registra a visualização de um anúncio servido (a mesma pessoa e anúncio contam uma vez por minuto)',
    ...common,
  }),
  click: defineRoute({
    method: 'POST',
    path: '/v1/beacon/click',
    operationId: 'beaconClick',
    summary: 'Registra o clique em um anúncio servido (a mesma pessoa e anúncio contam uma vez por hora)',
    ...common,
  }),
  clickRedirect: defineRoute({
    method: 'GET',
    path: '/v1/beacon/click',
    operationId: 'beaconClickRedirect',
    summary: 'Registra o clique e redireciona (302) ao destino do anúncio; sem destino, responde 202',
    ...common,
  }),
};
