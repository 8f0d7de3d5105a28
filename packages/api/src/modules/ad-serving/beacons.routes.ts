import type { FastifyInstance } from 'fastify';
import { beaconRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { viewerOf, type BeaconsService } from './beacons.service.ts';

const accepted = { accepted: true } as const;

/** The beacon query read without zod: `t` absent or one string (anything else, a repeated `t`, goes to zod). */
export function plainBeaconQuery(query: unknown): { t?: string } | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  const t = (query as { t?: unknown }).t;
  if (t === undefined) return {};
  return typeof t === 'string' ? { t } : undefined;
}
const hot = { hotPath: true, plain: { querystring: plainBeaconQuery } } as const;

/**
 * The public event URLs of served ads: the signed token is the authorisation. A POST may carry the
 * viewer as the VTEX Ads API sends it (`{session_id, user_id}`, JSON or text/plain): it fills in who
 * saw the ad where the ad query did not say.
 */
export function registerBeaconRoutes(app: FastifyInstance, beacons: BeaconsService) {
  route(app, beaconRoutes.impression, async ({ query, request }) => {
    await beacons.accept('impression', query.t, viewerOf(request.body));
    return accepted;
  }, hot);
  route(app, beaconRoutes.view, async ({ query, request }) => {
    await beacons.accept('view', query.t, viewerOf(request.body));
    return accepted;
  }, hot);
  route(app, beaconRoutes.click, async ({ query, request }) => {
    await beacons.accept('click', query.t, viewerOf(request.body));
    return accepted;
  }, hot);
  route(app, beaconRoutes.clickRedirect, async ({ query, reply }) => {
    const { to } = await beacons.accept('click', query.t);
    if (to) return reply.redirect(to, 302) as never;
    return accepted;
  }, hot);
}
