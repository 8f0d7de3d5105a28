import type { FastifyInstance } from 'fastify';
import { retailConfigRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import { rmCallerOf } from '../retail-media/scope.ts';
import type { ConfigurationService } from './configuration.service.ts';

/** Publisher configuration (spec §7 retail configuration): ad types, terms, goals, ad sizes, recommended products. */
export function registerConfigurationRoutes(app: FastifyInstance, config: ConfigurationService) {
  route(app, r.publisherConfig, ({ auth, query }) => config.publisherConfig(rmCallerOf(auth), query.publisher_id));
  route(app, r.campaignPermissions, ({ auth, query }) => config.permissions(rmCallerOf(auth), query.publisher_id));
  route(app, r.getTerms, ({ auth, query }) => config.terms(rmCallerOf(auth), query.publisher_id));
  route(app, r.updateTerms, ({ auth, query, body }) => config.updateTerms(rmCallerOf(auth), query.publisher_id, body));
  route(app, r.getAdTypes, ({ auth, query }) => config.adTypes(rmCallerOf(auth), query.publisher_id));
  route(app, r.updateAdTypes, ({ auth, query, body }) => config.updateAdTypes(rmCallerOf(auth), query.publisher_id, body));
  route(app, r.listGoals, ({ auth, query }) => config.goals(rmCallerOf(auth), query.publisher_id));
  route(app, r.updateGoal, ({ auth, params, query, body }) => config.updateGoal(rmCallerOf(auth), query.publisher_id, params.name, body));
  route(app, r.listAdSizes, ({ auth, query }) => config.adSizes(rmCallerOf(auth), query.publisher_id));
  route(app, r.createAdSize, ({ auth, body }) => config.createAdSize(rmCallerOf(auth), body));
  route(app, r.deleteAdSize, async ({ auth, params, request }) => {
    await config.deleteAdSize(rmCallerOf(auth), params.id);
    return { message: translate('AD_SIZE_DELETED', request.lang) };
  });
  route(app, r.recommendedProducts, ({ auth, params, query }) =>
    config.recommendedProducts(rmCallerOf(auth), params.publisherId, query),
  );
}
