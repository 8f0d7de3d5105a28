import type { JobQueue } from '../../lib/queue.ts';
import type { EmailRepo } from './email.repo.ts';
import type { EmailTransport } from './email.transport.ts';
import { MAX_EMAIL_ATTEMPTS, emailJobId } from './email.service.ts';

const SWEEP_EVERY_MS = 60_000;

/** Sends outbox rows; idempotent (a row already sent is skipped), retried by the queue. */
export async function registerEmailJobs(queue: JobQueue, deps: { repo: EmailRepo; transport: EmailTransport }) {
  queue.handle('email.send', async ({ outboxId }) => {
    const email = await deps.repo.findPending(outboxId);
    if (!email) return;
    try {
      // The row's id and creation time name the message: a repeated send is recognisably the same.
      const providerId = await deps.transport.send({ ...email, key: `outbox-${email.id}.${email.createdAt.getTime()}` });
      await deps.repo.markSent(email.id, providerId);
    } catch (err) {
      await deps.repo.markAttemptFailed(email.id, (err as Error).message, email.attempts + 1 >= MAX_EMAIL_ATTEMPTS);
      throw err;
    }
  });
  queue.handle('email.sweep', async () => {
    const ids = await deps.repo.stalePendingIds(new Date(Date.now() - SWEEP_EVERY_MS));
    for (const id of ids) await queue.add('email.send', { outboxId: id }, { jobId: emailJobId(id), attempts: MAX_EMAIL_ATTEMPTS });
  });
  await queue.every('email.sweep', SWEEP_EVERY_MS, {});
}
