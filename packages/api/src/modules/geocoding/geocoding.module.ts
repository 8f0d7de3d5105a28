import type { AppModule } from '../../lib/module.ts';

export const geocodingModule: AppModule = {
  name: 'geocoding',
  register() {},
};
