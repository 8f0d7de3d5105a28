import type { AppModule } from '../../lib/module.ts';
import { createAdMedia } from './ad-media.ts';
import { createAdsRepo } from './ads.repo.ts';
import { registerAdRoutes } from './ads.routes.ts';
import { createAdsService } from './ads.service.ts';

/** Retail-media ads, their review and media uploads. */
export const adsModule: AppModule = {
  name: 'ads',
  register(app, { db, media, config, services }) {
    const scopes = services.rmScopes;
    const repo = createAdsRepo(db);
    registerAdRoutes(
      app,
      createAdsService({ repo, scopes, storage: media }),
      createAdMedia({ storage: media, scopes, repo, maxBytes: config.mediaMaxBytes }),
    );
  },
};
