import type { AppModule } from '../../lib/module.ts';
import { createNotificationsService, type NotificationsService } from './notifications.service.ts';

/** In-app notifications (stored, pushed over the socket) for the modules that notify. */
export const notificationsModule: AppModule = {
  name: 'notifications',
  register(_app, { db, realtime, provide }) {
    provide({ notifications: createNotificationsService({ db, realtime }) });
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    notifications: NotificationsService;
  }
}
