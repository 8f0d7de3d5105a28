import type { Db, Tx } from '../../db/client.ts';

export interface NewEmail {
  accountId?: number | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

export function createEmailRepo(db: Db) {
  return {
    insert(email: NewEmail, tx: Tx | Db = db) {
      return tx.emailOutbox.create({ data: { ...email, accountId: email.accountId ?? null }, select: { id: true } });
    },
    findPending(id: number) {
      return db.emailOutbox.findFirst({
        where: { id, status: 'pending' },
        select: { id: true, to: true, subject: true, text: true, html: true, attempts: true, createdAt: true },
      });
    },
    markSent(id: number, providerMessageId: string) {
      return db.emailOutbox.updateMany({
        where: { id, status: 'pending' },
        data: { status: 'sent', providerMessageId, sentAt: new Date(), attempts: { increment: 1 } },
      });
    },
    markAttemptFailed(id: number, error: string, failed: boolean) {
      return db.emailOutbox.update({
        where: { id },
        data: { attempts: { increment: 1 }, lastError: error.slice(0, 1000), ...(failed ? { status: 'failed' as const } : {}) },
      });
    },
    /** Pending rows older than `olderThan`: a crash between commit and enqueue leaves these. */
    stalePendingIds(olderThan: Date) {
      return db.emailOutbox
        .findMany({ where: { status: 'pending', createdAt: { lt: olderThan } }, select: { id: true }, take: 500 })
        .then((rows) => rows.map((r) => r.id));
    },
  };
}
export type EmailRepo = ReturnType<typeof createEmailRepo>;
