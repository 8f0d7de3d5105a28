import type { ModuleSeed } from '../../lib/module.ts';

export const locationsSeed: ModuleSeed = {
  name: 'locations',
  async seed() {},
};
