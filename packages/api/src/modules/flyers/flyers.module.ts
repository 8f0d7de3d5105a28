import type { AppModule } from '../../lib/module.ts';
import { createFlyerMedia } from './flyer-media.ts';
import { createFlyersRepo } from './flyers.repo.ts';
import { registerFlyerRoutes } from './flyers.routes.ts';
import { createFlyersService } from './flyers.service.ts';

/** Flyers and their media uploads. */
export const flyersModule: AppModule = {
  name: 'flyers',
  register(app, { db, media, config }) {
    registerFlyerRoutes(
      app,
      createFlyersService({ repo: createFlyersRepo(db), storage: media }),
      createFlyerMedia({ storage: media, maxBytes: config.mediaMaxBytes }),
    );
  },
};
