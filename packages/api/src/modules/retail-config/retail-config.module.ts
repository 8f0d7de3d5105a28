import type { AppModule } from '../../lib/module.ts';
import { createConfigurationRepo } from './configuration.repo.ts';
import { registerConfigurationRoutes } from './configuration.routes.ts';
import { createConfigurationService } from './configuration.service.ts';
import { createPartnersRepo } from './partners.repo.ts';
import { registerPartnerRoutes } from './partners.routes.ts';
import { createPartnersService } from './partners.service.ts';

/** A publisher's retail-media configuration and its partners (sub-publishers, advertisers). */
export const retailConfigModule: AppModule = {
  name: 'retail-config',
  register(app, { db, services }) {
    const scopes = services.rmScopes;
    registerConfigurationRoutes(app, createConfigurationService({ db, repo: createConfigurationRepo(db), scopes }));
    registerPartnerRoutes(app, createPartnersService({ db, repo: createPartnersRepo(db), scopes }));
  },
};
