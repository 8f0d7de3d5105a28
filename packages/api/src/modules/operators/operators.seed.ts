import type { ModuleSeed } from '../../lib/module.ts';

export const operatorsSeed: ModuleSeed = {
  name: 'operators',
  async seed() {},
};
