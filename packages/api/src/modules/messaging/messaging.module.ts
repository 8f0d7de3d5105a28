import type { AppModule } from '../../lib/module.ts';

/** Messages to customers through the messaging provider (local outbox by default). */
export const messagingModule: AppModule = {
  name: 'messaging',
  register() {},
};
