import type { AppModule } from '../../lib/module.ts';

export const slotsModule: AppModule = {
  name: 'slots',
  register() {},
};
