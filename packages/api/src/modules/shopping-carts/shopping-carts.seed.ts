import type { ModuleSeed } from '../../lib/module.ts';

export const shoppingCartsSeed: ModuleSeed = { name: 'shopping-carts', seed: async () => {} };
