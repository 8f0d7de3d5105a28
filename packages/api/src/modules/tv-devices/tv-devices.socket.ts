import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { TV_SOCKET_PATH, TvDeviceToken } from '@backoffice/contracts';
import { NotFoundError } from '../../lib/errors.ts';
import type { PlayerSocket, SignageHub } from './tv-devices.signage.ts';
import type { TvDevicesService } from './tv-devices.service.ts';

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0];

/**
 * The players' websocket, `GET /tv/ws?token=` (public: the device token is the credential; an
 * unknown or malformed token is answered 404 before the upgrade). Not a REST route, so it has no
 * contract: it is hidden from the OpenAPI document and the route tables.
 *
 * @fastify/websocket hears the upgrades of `/tv/ws` only: socket.io answers the others on the same
 * server, and would otherwise see its upgrades routed through Fastify as unknown paths.
 */
export async function registerTvSocket(app: FastifyInstance, tv: Pick<TvDevicesService, 'socketDevice'>, hub: SignageHub) {
  const upgrades = new EventEmitter();
  const forward = (req: { url?: string }, ...rest: unknown[]) => {
    if (pathOf(req.url) === TV_SOCKET_PATH) upgrades.emit('upgrade', req, ...rest);
  };
  app.server.on('upgrade', forward);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', forward);
  });

  await app.register(async (scope) => {
    await scope.register(websocket, { options: { server: upgrades as never, maxPayload: 1024 } });
    const players = new WeakMap<FastifyRequest, PlayerSocket>();
    scope.get(
      TV_SOCKET_PATH,
      {
        websocket: true,
        // Checked before the upgrade, so a wrong token gets the 404 envelope and no socket.
        preValidation: async (request) => {
          const token = TvDeviceToken.safeParse((request.query as Record<string, unknown> | undefined)?.token);
          const player = token.success ? await tv.socketDevice(token.data) : null;
          if (!player) throw new NotFoundError('TV_DEVICE_NOT_FOUND');
          players.set(request, player);
        },
      },
      (socket, request) => hub.attach(socket, players.get(request)!),
    );
  });
}
