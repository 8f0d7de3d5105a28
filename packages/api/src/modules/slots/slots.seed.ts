import type { ModuleSeed } from '../../lib/module.ts';

export const slotsSeed: ModuleSeed = {
  name: 'slots',
  async seed() {},
};
