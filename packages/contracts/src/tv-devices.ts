import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Message, PageQuery, paged, Timestamp } from './common.ts';

/** A device is online while its last heartbeat is at most this old. */
export const TV_DEVICE_ONLINE_MS = 120_000;
/** How often the player should send its heartbeat (well inside the online window). */
export const TV_DEVICE_HEARTBEAT_MS = 30_000;

const Text = (max: number) => z.string().trim().min(1).max(max);

/** A device's credential: 43 base64url characters (256 random bits), shown by the TV as its pairing token and QR. */
export const TvDeviceToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** What a TV (smart TV or stick) says of itself when its player page registers it. */
export const RegisterTvDeviceBody = z
  .strictObject({
    deviceName: Text(120).meta({ description: 'Nome do aparelho, como o sistema da TV o informa.' }),
    deviceID: Text(200).meta({ description: 'Identificador do aparelho: registrá-lo de novo reinicia o pareamento (um só documento por aparelho).' }),
    deviceManufacturer: Text(120),
  })
  .meta({ id: 'RegisterTvDeviceBody' });
export type RegisterTvDeviceInput = z.output<typeof RegisterTvDeviceBody>;

export const RegisteredTvDevice = z
  .object({
    id: z.string(),
    token: z.string().meta({ description: 'Credencial do aparelho e token de pareamento (exibido na TV e no QR). Envie-o em cada heartbeat.' }),
    heartbeat_interval_ms: z.number().int(),
  })
  .meta({ id: 'RegisteredTvDevice' });

export const TvHeartbeatBody = z.strictObject({ token: TvDeviceToken }).meta({ id: 'TvHeartbeatBody' });

/** The device's state as its player shows it. */
export const TvDeviceState = z
  .object({
    active: z.boolean(),
    name: z.string().nullable(),
    accountName: z.string().nullable(),
    accountLogo: z.string().nullable(),
    accountLogoBg: z.string().nullable(),
    store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    heartbeat_interval_ms: z.number().int(),
  })
  .meta({ id: 'TvDeviceState' });

export const TvTokenParam = z.object({ token: TvDeviceToken });
export const TvDeviceIdParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** What the activation page shows of a device (§2): its own information and whether it is active. */
export const TvDevicePairing = z
  .object({
    id: z.string(),
    deviceName: z.string(),
    deviceID: z.string(),
    deviceManufacturer: z.string(),
    active: z.boolean(),
    name: z.string().nullable(),
    store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    registered_at: Timestamp,
  })
  .meta({ id: 'TvDevicePairing' });

export const ActivateTvDeviceBody = z
  .strictObject({
    name: Text(120).meta({ description: 'Nome da TV na loja (ex.: "Entrada — corredor 3").' }),
    location_id: z.number().int().positive().meta({ description: 'A loja (unidade) da conta onde a TV fica.' }),
  })
  .meta({ id: 'ActivateTvDeviceBody' });
export type ActivateTvDeviceInput = z.output<typeof ActivateTvDeviceBody>;

/** A device of the account as the TV devices list shows it (§2: name, id, manufacturer, user). */
export const TvDevice = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    deviceName: z.string(),
    deviceID: z.string(),
    deviceManufacturer: z.string(),
    user: z.object({ name: z.string(), email: z.string() }).nullable().meta({ description: 'Quem ativou a TV.' }),
    store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    active: z.boolean(),
    online: z.boolean().meta({ description: 'Heartbeat nos últimos 2 minutos.' }),
    last_seen_at: Timestamp.nullable(),
    activated_at: Timestamp.nullable(),
  })
  .meta({ id: 'TvDevice' });
export type TvDevice = z.infer<typeof TvDevice>;

export const TV_DEVICE_ORDER_BY = ['name', 'activated_at', 'last_seen_at'] as const;

export const TvDeviceListQuery = PageQuery.extend({
  order_by: z.enum(TV_DEVICE_ORDER_BY).default('activated_at'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
});
export type TvDeviceListQuery = z.output<typeof TvDeviceListQuery>;

/** The TV's playlist request: its token, as in the heartbeat. */
export const TvPlaylistBody = z.strictObject({ token: TvDeviceToken }).meta({ id: 'TvPlaylistBody' });

/** One ad of the playlist: its media, how long an image stays on screen, and the beacon to fire when it is shown. */
export const TvPlaylistAd = z
  .object({
    ad_id: z.number().int(),
    campaign_id: z.number().int(),
    media_url: z.string().meta({ description: 'Endereço absoluto da imagem ou do vídeo.' }),
    media_type: z.enum(['image', 'video']),
    duration: z.number().int().meta({ description: 'Segundos na tela (imagens; o vídeo toca até o fim).' }),
    impression_url: z.string().meta({ description: 'POST aqui quando o anúncio entrar na tela (uma vez por exibição).' }),
  })
  .meta({ id: 'TvPlaylistAd' });

/**
 * The digital signage ads of the TV's publisher (the account that activated it), decided as the
 * ad API decides a `digital_signage` request for its store; empty while the TV is not active.
 */
export const TvPlaylist = z
  .object({
    active: z.boolean(),
    ads: z.array(TvPlaylistAd),
    generated_at: Timestamp,
  })
  .meta({ id: 'TvPlaylist' });
export type TvPlaylist = z.infer<typeof TvPlaylist>;

/** Where the player opens its websocket (`?token=`): not a REST route, so it has no contract of its own. */
export const TV_SOCKET_PATH = '/tv/ws';
/**
 * What the websocket says to the player: `ready` once it listens, `playlist` when the ads of its
 * publisher changed (fetch the playlist again), `state` when the TV was activated or removed (send a heartbeat now).
 */
export type TvSocketMessage = { type: 'ready' | 'playlist' | 'state' };

const backOffice = { kind: 'account', module: 'retail_media.tv_devices' } as const;
const writers = { kind: 'account', module: 'retail_media.tv_devices', roles: ['admin', 'manager'] } as const;
/** Publisher-only (the menu's `publisherOnly`): an account that is no publisher gets 403 even with the module. */
const notPublishers = ['sameType', 'industry', 'unlinkedAdvertiser'] as const;
const tags = ['TV devices'];

export const tvDeviceRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/tv/devices',
    operationId: 'registerTvDevice',
    summary: 'Registra uma TV (página do player): devolve o id do documento e um token novo, de pareamento e credencial do aparelho',
    tags,
    permission: { kind: 'public' },
    access: { fixture: 'newTvDevice' },
    body: RegisterTvDeviceBody,
    responses: { 201: RegisteredTvDevice },
  }),
  heartbeat: defineRoute({
    method: 'POST',
    path: '/tv/heartbeat',
    operationId: 'tvDeviceHeartbeat',
    summary: 'Heartbeat da TV pelo seu token: registra o último contato e devolve o estado (ativa, conta, logo, loja)',
    tags,
    permission: { kind: 'public' },
    access: { fixture: 'tvHeartbeat' },
    body: TvHeartbeatBody,
    responses: { 200: TvDeviceState },
    errors: [404],
  }),
  playlist: defineRoute({
    method: 'POST',
    path: '/tv/playlist',
    operationId: 'getTvPlaylist',
    summary: 'Playlist da TV pelo seu token: os anúncios de digital signage do publisher que a ativou, com a URL de impressão de cada um',
    tags,
    permission: { kind: 'public' },
    access: { fixture: 'tvPlaylist' },
    body: TvPlaylistBody,
    responses: { 200: TvPlaylist },
    errors: [404],
  }),
  pairing: defineRoute({
    method: 'GET',
    path: '/api/tv-devices/pairing/:token',
    operationId: 'getTvDevicePairing',
    summary: 'Página de ativação: a TV do token (nome, id, fabricante) e se está ativa; ativada por outra conta, 404',
    tags,
    permission: backOffice,
    access: { fixture: 'tvDevicePairing', forbid: notPublishers },
    params: TvTokenParam,
    responses: { 200: TvDevicePairing },
    errors: [404],
  }),
  activate: defineRoute({
    method: 'POST',
    path: '/api/tv-devices/pairing/:token/activate',
    operationId: 'activateTvDevice',
    summary: 'Ativa a TV do token para uma loja da conta: ativa, usuário, conta, logo e fundo do logo (§4)',
    tags,
    permission: writers,
    access: { fixture: 'tvDeviceActivation', forbid: notPublishers },
    params: TvTokenParam,
    body: ActivateTvDeviceBody,
    responses: { 200: TvDevice },
    errors: [404, 422],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/tv-devices',
    operationId: 'listTvDevices',
    summary: 'TVs da conta: nome, id, fabricante, usuário, loja, online/offline e último contato',
    tags,
    permission: backOffice,
    access: { fixture: 'tvDeviceList', forbid: notPublishers },
    querystring: TvDeviceListQuery,
    responses: { 200: paged(TvDevice) },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/tv-devices/:id',
    operationId: 'removeTvDevice',
    summary: 'Remove a TV da conta: ela volta a aguardar pareamento (o próximo heartbeat diz isso)',
    tags,
    permission: writers,
    access: { fixture: 'tvDevice', forbid: notPublishers },
    params: TvDeviceIdParam,
    responses: { 200: Message },
    errors: [404],
  }),
};
