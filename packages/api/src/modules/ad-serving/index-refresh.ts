import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adRoutes, audienceRoutes, campaignRoutes, retailConfigRoutes, walletRoutes, type RouteContract } from '@backoffice/contracts';
import type { AdIndex } from './ad-index.ts';

type Target = 'campaign' | 'ad' | 'wallet' | 'publisher';
interface Rule {
  target: Target;
  /** Which record changed; by default the route's `:id`. */
  id?: (req: FastifyRequest, payload: unknown) => number | undefined;
}
const rule = (route: RouteContract, target: Target, id?: Rule['id']): [string, Rule] => [`${route.method} ${route.path}`, { target, id }];
const c = campaignRoutes;
const a = adRoutes;
const rc = retailConfigRoutes;

/**
 * The back-office writes that change what the decision API may serve. After one succeeds (and
 * before its answer leaves), the ad index re-reads what it touched and tells the other
 * instances; so a paused campaign or a rejected ad is not served by the next request.
 */
const RULES = new Map<string, Rule>([
  rule(c.create, 'campaign', (_r, p) => created(p)),
  rule(c.createObjective, 'campaign', (_r, p) => created(p)),
  ...[c.update, c.toggle, c.cancel, c.remove, c.addKeywords, c.toggleKeyword, c.removeKeyword, c.setCategories, c.addProducts, c.toggleProduct].map(
    (route) => rule(route, 'campaign'),
  ),
  rule(a.create, 'ad', (_r, p) => created(p)),
  ...[a.update, a.patch, a.remove].map((route) => rule(route, 'ad')),
  ...[a.approve, a.reject].map((route) => rule(route, 'ad', (r) => param(r, 'adId'))),
  rule(walletRoutes.recharge, 'wallet'),
  // An audience's name and rules decide which requests its campaigns serve (segmentation).
  ...[
    rc.updateAdTypes, rc.createAdSize, rc.deleteAdSize, rc.createAdvertiser, rc.updateAdvertiserLink, rc.deleteAdvertiser,
    audienceRoutes.update, audienceRoutes.delete, audienceRoutes.approve, audienceRoutes.reject,
  ].map((route) => rule(route, 'publisher')),
]);

function param(req: FastifyRequest, name: string): number | undefined {
  const v = Number((req.params as Record<string, unknown> | undefined)?.[name]);
  return Number.isInteger(v) && v > 0 ? v : undefined;
}

function created(payload: unknown): number | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const body = JSON.parse(payload) as { id?: unknown; data?: { id?: unknown } };
    const id = Number(body.id ?? body.data?.id);
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

export function registerIndexRefresh(app: FastifyInstance, index: AdIndex) {
  async function refresh(request: FastifyRequest, rule: Rule, payload: unknown) {
    try {
      if (rule.target === 'publisher') {
        // Ad types, sizes and advertiser links are publisher-wide: rebuild the indexes held.
        await index.publisherChanged(null);
        return;
      }
      const id = rule.id ? rule.id(request, payload) : param(request, 'id');
      if (id === undefined) return;
      if (rule.target === 'campaign') await index.campaignsChanged([id]);
      else if (rule.target === 'ad') await index.adsChanged([id]);
      else await index.walletsChanged([id]);
    } catch (err) {
      // The write succeeded; the index's periodic rebuild still picks it up.
      request.log.error({ err }, 'refreshing the ad index after a change failed');
    }
  }
  // A plain callback hook: every other request (reads, beacons, decisions) passes with one Map lookup.
  app.addHook('onSend', (request, reply, payload, done) => {
    const rule = request.method === 'GET' || reply.statusCode >= 400 ? undefined : RULES.get(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (!rule) return done(null, payload);
    void refresh(request, rule, payload).then(() => done(null, payload));
  });
}
