import type { AppModule } from '../../lib/module.ts';
import { createCampaignsRepo } from './campaigns.repo.ts';
import { registerCampaignRoutes } from './campaigns.routes.ts';
import { createCampaignsService } from './campaigns.service.ts';

/** Retail-media campaigns: list, creation, edition, keywords, products, history. */
export const campaignsModule: AppModule = {
  name: 'campaigns',
  register(app, { db }) {
    registerCampaignRoutes(app, createCampaignsService({ db, repo: createCampaignsRepo(db) }));
  },
};
