import type { AppModule } from '../../lib/module.ts';

export const regionsModule: AppModule = {
  name: 'regions',
  register() {},
};
