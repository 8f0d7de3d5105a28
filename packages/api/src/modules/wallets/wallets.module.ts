import type { AppModule } from '../../lib/module.ts';
import { createWalletsRepo } from './wallets.repo.ts';
import { registerWalletRoutes } from './wallets.routes.ts';
import { createWalletsService } from './wallets.service.ts';

/** Advertisers' wallets on a publisher: balances, recharges, statements. */
export const walletsModule: AppModule = {
  name: 'wallets',
  register(app, { db }) {
    registerWalletRoutes(app, createWalletsService({ repo: createWalletsRepo(db) }));
  },
};
