import type { AppModule } from '../../lib/module.ts';

export const operatorsModule: AppModule = {
  name: 'operators',
  register() {},
};
