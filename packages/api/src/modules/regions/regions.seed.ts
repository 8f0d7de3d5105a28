import type { ModuleSeed } from '../../lib/module.ts';

export const regionsSeed: ModuleSeed = {
  name: 'regions',
  async seed() {},
};
