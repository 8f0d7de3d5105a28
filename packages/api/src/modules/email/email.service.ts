import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../lib/queue.ts';
import type { EmailRepo, NewEmail } from './email.repo.ts';

export const MAX_EMAIL_ATTEMPTS = 5;

/** One send job per outbox row: dispatch and the sweep use the same id, so a row is never queued twice. */
export const emailJobId = (outboxId: number) => `email-${outboxId}`;

/** The email outbox: rows are written inside the caller's transaction and sent by a job. */
export function createEmailService({ repo, queue }: { repo: EmailRepo; queue: JobQueue }) {
  return {
    /** Records the email in the outbox (in `tx` when given); call `dispatch` after commit. */
    async record(email: NewEmail, tx?: Tx | Db): Promise<number> {
      const row = await repo.insert(email, tx);
      return row.id;
    },
    /** Queues the send; if the queue cannot be reached the row stays pending and the sweep queues it. */
    dispatch(outboxId: number) {
      return queue.add('email.send', { outboxId }, { jobId: emailJobId(outboxId), attempts: MAX_EMAIL_ATTEMPTS, sweptIfLost: true });
    },
  };
}
export type EmailService = ReturnType<typeof createEmailService>;
