import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../lib/queue.ts';
import { simulatorSignature, type SimulatorEvent } from './providers/simulator.ts';

export const SIMULATOR_WEBHOOK_PATH = '/api/payment-hub/webhooks/simulator';

declare module '../../jobs/queues.ts' {
  interface JobPayloads {
    /** The payment simulator's notification, posted to the hub's webhook route (signed when sent). */
    'payment-hub.simulator-webhook': { event: SimulatorEvent };
  }
}

/** One delivery per event (its id), as a provider retries until the hub acknowledges. */
export const simulatorJobId = (eventId: string) => `payment-sim-${eventId}`;

/**
 * The simulator's webhooks go through the hub's own HTTP route (signature check included), in
 * whichever process runs the job: the API's in-process queue or a BullMQ worker.
 */
export function registerPaymentHubJobs(app: FastifyInstance, queue: JobQueue, secret: string) {
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
