import type { AppModule } from '../../lib/module.ts';
import { createAudiencesRepo } from './audiences.repo.ts';
import { registerAudienceRoutes } from './audiences.routes.ts';
import { createAudiencesService } from './audiences.service.ts';

/** A publisher's audiences (retail media). */
export const audiencesModule: AppModule = {
  name: 'audiences',
  register(app, { db, services }) {
    registerAudienceRoutes(app, createAudiencesService({ repo: createAudiencesRepo(db), scopes: services.rmScopes }));
  },
};
