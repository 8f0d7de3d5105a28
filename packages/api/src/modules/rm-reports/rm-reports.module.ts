import type { AppModule } from '../../lib/module.ts';
import { createRmReportDownloads } from './rm-reports.download.ts';
import { registerRmReportRoutes } from './rm-reports.routes.ts';
import { createRmReportsService } from './rm-reports.service.ts';

/** Retail-media reports and their downloads, read from the analytics engine (PostgreSQL's rollups or ClickHouse). */
export const rmReportsModule: AppModule = {
  name: 'rm-reports',
  register(app, { services }) {
    const reports = createRmReportsService({ repo: services.analyticsEngine.rmReports, scopes: services.rmScopes });
    registerRmReportRoutes(app, reports, createRmReportDownloads(reports));
  },
};
