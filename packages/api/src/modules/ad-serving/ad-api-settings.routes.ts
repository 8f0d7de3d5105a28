import type { FastifyInstance } from 'fastify';
import { adDecisionRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { rmCallerOf } from '../retail-media/scope.ts';
import type { AdApiSettingsService } from './ad-api-settings.service.ts';

/** The publisher's public ad API settings: read (retail_media module), change (admins). */
export function registerAdApiSettingsRoutes(app: FastifyInstance, settings: AdApiSettingsService) {
  route(app, r.getAdApiSettings, ({ auth }) => settings.get(rmCallerOf(auth)));
  route(app, r.updateAdApiSettings, ({ auth, body }) => settings.update(rmCallerOf(auth), body));
}
