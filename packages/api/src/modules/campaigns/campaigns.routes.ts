import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_AD_TYPES, INVALID_CAMPAIGN_TYPE_MESSAGE, campaignRoutes, type CampaignAdType } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { ValidationError } from '../../lib/errors.ts';
import { rmCallerOf } from '../retail-media/scope.ts';
import type { CampaignsService } from './campaigns.service.ts';

/** Spec §5: any type outside the four is a 400 on `ad_type` with the spec's own text. */
function adTypeOf(value: string): CampaignAdType {
  if ((CAMPAIGN_AD_TYPES as readonly string[]).includes(value)) return value as CampaignAdType;
  throw new ValidationError('CAMPAIGN_INVALID_TYPE', {}, [{ field: 'ad_type', code: 'custom', message: INVALID_CAMPAIGN_TYPE_MESSAGE }]);
}

export function registerCampaignRoutes(app: FastifyInstance, campaigns: CampaignsService) {
  const r = campaignRoutes;
  route(app, r.list, ({ auth, query }) => campaigns.list(rmCallerOf(auth), query));
  route(app, r.countByStatus, ({ auth, query }) => campaigns.countByStatus(rmCallerOf(auth), query));
  route(app, r.get, ({ auth, params }) => campaigns.get(rmCallerOf(auth), params.id));
  route(app, r.create, ({ auth, body }) => campaigns.create(rmCallerOf(auth), { ...body, ad_type: adTypeOf(body.ad_type) }));
  route(app, r.createObjective, ({ auth, body }) => campaigns.createObjective(rmCallerOf(auth), body));
  route(app, r.update, ({ auth, params, body }) => campaigns.update(rmCallerOf(auth), params.id, body));
  route(app, r.toggle, ({ auth, params, body }) => campaigns.toggle(rmCallerOf(auth), params.id, body.active));
  route(app, r.cancel, ({ auth, params }) => campaigns.cancel(rmCallerOf(auth), params.id));
  route(app, r.remove, async ({ auth, params, reply }) => {
    await campaigns.remove(rmCallerOf(auth), params.id);
    reply.code(204);
    return null;
  });

  route(app, r.keywords, ({ auth, params, query }) => campaigns.keywords(rmCallerOf(auth), params.id, query));
  route(app, r.addKeywords, ({ auth, params, body }) => campaigns.addKeywords(rmCallerOf(auth), params.id, body.keywords));
  route(app, r.toggleKeyword, ({ auth, params, body }) =>
    campaigns.toggleKeyword(rmCallerOf(auth), params.id, params.keywordId, body.active),
  );
  route(app, r.removeKeyword, async ({ auth, params, reply }) => {
    await campaigns.removeKeyword(rmCallerOf(auth), params.id, params.keywordId);
    reply.code(204);
    return null;
  });
  route(app, r.setCategories, ({ auth, params, body }) => campaigns.setCategories(rmCallerOf(auth), params.id, body.categories));

  route(app, r.products, ({ auth, params, query }) => campaigns.products(rmCallerOf(auth), params.id, query));
  route(app, r.addProducts, ({ auth, params, body }) =>
    campaigns.addProducts(rmCallerOf(auth), params.id, body.products.map((p) => p.sku)),
  );
  route(app, r.toggleProduct, ({ auth, params, body }) =>
    campaigns.toggleProduct(rmCallerOf(auth), params.id, params.sku, body.active),
  );

  route(app, r.audit, ({ auth, params, query }) => campaigns.audit(rmCallerOf(auth), params.id, query.debug));
  route(app, r.dashboard, ({ auth, params, query }) => campaigns.dashboard(rmCallerOf(auth), params.id, query));
  route(app, r.setTags, ({ auth, params, body }) => campaigns.setTags(rmCallerOf(auth), params.id, body.tag_ids));
  route(app, r.listTags, ({ auth, query }) => campaigns.listTags(rmCallerOf(auth), query.name));
  route(app, r.createTag, ({ auth, body }) => campaigns.createTag(rmCallerOf(auth), body.name));
}
