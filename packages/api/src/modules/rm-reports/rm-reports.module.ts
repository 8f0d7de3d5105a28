import type { AppModule } from '../../lib/module.ts';
import { createRmReportDownloads } from './rm-reports.download.ts';
import { createRmReportsRepo } from './rm-reports.repo.ts';
import { registerRmReportRoutes } from './rm-reports.routes.ts';
import { createRmReportsService } from './rm-reports.service.ts';

/** Retail-media reports and their downloads. */
export const rmReportsModule: AppModule = {
  name: 'rm-reports',
  register(app, { db, services }) {
    const reports = createRmReportsService({ repo: createRmReportsRepo(db), scopes: services.rmScopes });
    registerRmReportRoutes(app, reports, createRmReportDownloads(reports));
  },
};
