import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../lib/queue.ts';
import type { PaymentHubService } from './payment-hub.service.ts';
import { simulatorSignature, type SimulatorEvent } from './providers/simulator.ts';

export const SIMULATOR_WEBHOOK_PATH = '/api/payment-hub/webhooks/simulator';

declare module '../../jobs/queues.ts' {
  interface JobPayloads {
    /** The payment simulator's notification, posted to the hub's webhook route (signed when sent). */
    'payment-hub.simulator-webhook': { event: SimulatorEvent };
    /** Asks the providers again about the refunds they kept in process. */
    'payment-hub.refund-sweep': Record<string, never>;
  }
}

/** How often the refunds a provider kept in process are asked about again. */
const REFUND_SWEEP_EVERY_MS = 60_000;

/** One delivery per event (its id), as a provider retries until the hub acknowledges. */
export const simulatorJobId = (eventId: string) => `payment-sim-${eventId}`;

/**
 * The simulator's webhooks go through the hub's own HTTP route (signature check included), in
 * whichever process runs the job: the API's in-process queue or a BullMQ worker.
 */
export async function registerPaymentHubJobs(app: FastifyInstance, queue: JobQueue, secret: string, hub: Pick<PaymentHubService, 'settlePendingRefunds'>) {
  queue.handle('payment-hub.refund-sweep', () => hub.settlePendingRefunds());
  await queue.every('payment-hub.refund-sweep', REFUND_SWEEP_EVERY_MS, {});
  queue.handle('payment-hub.simulator-webhook', async ({ event }) => {
    const rawBody = JSON.stringify(event);
    const res = await app.inject({
      method: 'POST',
      url: SIMULATOR_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-signature': simulatorSignature(secret, rawBody), 'x-request-id': event.id },
      payload: rawBody,
    });
    if (res.statusCode !== 200) throw new Error(`payment simulator webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  });
}
