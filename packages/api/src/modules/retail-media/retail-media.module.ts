import type { AppModule } from '../../lib/module.ts';
import { createRmScopes, type RmScopes } from './scope.ts';

/** What the retail-media modules share: which publishers a caller manages or is linked to. */
export const retailMediaModule: AppModule = {
  name: 'retail-media',
  register(_app, { db, provide }) {
    provide({ rmScopes: createRmScopes(db) });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    rmScopes: RmScopes;
  }
}
