import type { FastifyInstance } from 'fastify';
import { retailConfigRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import { rmCallerOf } from '../retail-media/scope.ts';
import type { PartnersService } from './partners.service.ts';

/** Links seen from both sides: the publisher's advertisers, the advertiser's publishers, a network's sub-publishers. */
export function registerPartnerRoutes(app: FastifyInstance, partners: PartnersService) {
  route(app, r.listAdvertisers, ({ auth, query }) => partners.advertisers(rmCallerOf(auth), query));
  route(app, r.getAdvertiser, ({ auth, params, query }) => partners.advertiser(rmCallerOf(auth), query.publisher_id, params.id));
  route(app, r.createAdvertiser, ({ auth, query, body }) => partners.link(rmCallerOf(auth), query.publisher_id, body));
  route(app, r.updateAdvertiserLink, ({ auth, params, query, body }) =>
    partners.updateLink(rmCallerOf(auth), query.publisher_id, params.id, body),
  );
  route(app, r.deleteAdvertiser, async ({ auth, params, query, request }) => {
    await partners.unlink(rmCallerOf(auth), query.publisher_id, params.id);
    return { message: translate('LINK_REMOVED', request.lang) };
  });
  route(app, r.listPublishers, ({ auth }) => partners.publishers(rmCallerOf(auth)));
  route(app, r.listSubpublishers, ({ auth, query }) => partners.subpublishers(rmCallerOf(auth), query));
}
