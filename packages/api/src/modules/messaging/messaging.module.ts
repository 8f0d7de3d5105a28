import type { AppModule } from '../../lib/module.ts';
import { createLocalMessageProvider, type MessageProvider } from './message-provider.ts';
import { createMessagingRepo } from './messaging.repo.ts';
import { createMessagingService, type MessagingService } from './messaging.service.ts';

export type { MessageProvider };

/** Messages to customers through the messaging provider (local outbox by default). */
export const messagingModule: AppModule = {
  name: 'messaging',
  register(_app, { db, queue, provide }) {
    const messaging = createMessagingService({ repo: createMessagingRepo(db), queue, provider: createLocalMessageProvider() });
    queue.handle('messages.send', async ({ messageId }) => {
      await messaging.deliver(messageId);
    });
    provide({ messaging });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** Messages to customers (WhatsApp): shopping cart links, later chats and campaigns. */
    messaging: MessagingService;
  }
}
