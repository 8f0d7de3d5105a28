import type { FastifyInstance } from 'fastify';
import { rmReportRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { rmCallerOf } from '../retail-media/scope.ts';
import type { RmReportDownloads } from './rm-reports.download.ts';
import type { RmReportsService } from './rm-reports.service.ts';

export function registerRmReportRoutes(app: FastifyInstance, reports: RmReportsService, downloads: RmReportDownloads) {
  const r = rmReportRoutes;
  route(app, r.overview, ({ auth, query }) => reports.overview(rmCallerOf(auth), query));
  route(app, r.hourOverview, ({ auth, query }) => reports.hourOverview(rmCallerOf(auth), query));
  route(app, r.advertisers, ({ auth, query }) => reports.advertisers(rmCallerOf(auth), query));
  route(app, r.advertisersState, ({ auth, query }) => reports.advertisersState(rmCallerOf(auth), query));
  route(app, r.opportunityCost, ({ auth, query }) => reports.opportunityCost(rmCallerOf(auth), query));
  route(app, r.dailyConsolidation, ({ auth, query }) => reports.dailyConsolidation(rmCallerOf(auth), query));
  route(app, r.ads, ({ auth, query }) => reports.ads(rmCallerOf(auth), query));
  route(app, r.download, async ({ auth, params, query, reply }) => {
    const file = await downloads.download(rmCallerOf(auth), params.report, query);
    reply.header('content-disposition', `attachment; filename="${file.filename}"`).type(file.contentType);
    return reply.send(file.body) as never;
  });
}
