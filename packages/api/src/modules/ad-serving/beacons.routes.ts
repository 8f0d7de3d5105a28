import type { FastifyInstance } from 'fastify';
import { beaconRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { BeaconsService } from './beacons.service.ts';

const accepted = { accepted: true } as const;

/** The public event URLs of served ads: the signed token is the authorisation. */
export function registerBeaconRoutes(app: FastifyInstance, beacons: BeaconsService) {
  route(app, beaconRoutes.impression, async ({ query }) => {
    await beacons.accept('impression', query.t);
    return accepted;
  }, { hotPath: true });
  route(app, beaconRoutes.view, async ({ query }) => {
    await beacons.accept('view', query.t);
    return accepted;
  }, { hotPath: true });
  route(app, beaconRoutes.click, async ({ query }) => {
    await beacons.accept('click', query.t);
    return accepted;
  }, { hotPath: true });
  route(app, beaconRoutes.clickRedirect, async ({ query, reply }) => {
    const { to } = await beacons.accept('click', query.t);
    if (to) return reply.redirect(to, 302) as never;
    return accepted;
  }, { hotPath: true });
}
