import type { FastifyInstance } from 'fastify';
import { tvDeviceRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { TvDevicesService } from './tv-devices.service.ts';

/** The TV's own calls (public: its token is its credential) and the back-office's activation, list and removal. */
export function registerTvDeviceRoutes(app: FastifyInstance, tv: TvDevicesService) {
  route(app, r.register, ({ body }) => tv.register(body));
  route(app, r.heartbeat, ({ body }) => tv.heartbeat(body.token));
  route(app, r.playlist, ({ body }) => tv.playlist(body.token));
  route(app, r.pairing, ({ auth, params }) => tv.pairing(auth, params.token));
  route(app, r.activate, ({ auth, params, body }) => tv.activate(auth, params.token, body));
  route(app, r.list, ({ auth, query }) => tv.list(auth, query));
  route(app, r.remove, async ({ auth, params, request }) => {
    await tv.remove(auth, params.id);
    return { message: translate('TV_DEVICE_REMOVED', request.lang) };
  });
}
