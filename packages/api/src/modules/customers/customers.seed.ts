import type { ModuleSeed } from '../../lib/module.ts';

export const customersSeed: ModuleSeed = { name: 'customers', seed: async () => {} };
