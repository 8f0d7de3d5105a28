import type { Db } from '../../db/client.ts';
import type { Realtime } from '../../plugins/realtime.ts';

export interface NewNotification {
  accountId: number;
  /** When set, only this user is told; otherwise the whole account. */
  userId?: number;
  kind: string;
  title: string;
  body: string;
  link?: string;
}

/** Stores an in-app notification and pushes it as `app_notification` over the socket. */
export function createNotificationsService({ db, realtime }: { db: Db; realtime: Pick<Realtime, 'toAccount' | 'toUser'> }) {
  return {
    async notify(n: NewNotification) {
      const row = await db.notification.create({
        data: { accountId: n.accountId, userId: n.userId ?? null, kind: n.kind, title: n.title, body: n.body, link: n.link ?? null },
        select: { id: true, kind: true, title: true, body: true, link: true, createdAt: true },
      });
      const payload = { ...row, created_at: row.createdAt.toISOString() };
      delete (payload as { createdAt?: Date }).createdAt;
      if (n.userId) realtime.toUser(n.userId, 'app_notification', payload);
      else realtime.toAccount(n.accountId, 'app_notification', payload);
      return row.id;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
