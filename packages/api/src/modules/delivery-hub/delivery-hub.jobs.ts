import type { JobQueue } from '../../lib/queue.ts';
import type { DeliveryHubService } from './delivery-hub.service.ts';
import { SIMULATOR_STEPS, simulatedUpdate, type DeliverySimulator } from './delivery-simulator.ts';

/**
 * The simulated courier's next step: unless the delivery is no longer under way (canceled, or moved
 * on by hand), it sends its signed update to the hub, as the provider's webhook would, and queues the
 * step after it. A retried job sends the same event id: the hub applies it once.
 */
export function registerDeliveryJobs(queue: JobQueue, { hub, simulator, clock = () => new Date() }: { hub: DeliveryHubService; simulator: DeliverySimulator; clock?: () => Date }) {
  queue.handle('delivery.simulate', async ({ reference, step, outcome }) => {
    const status = await hub.statusOf('simulator', reference);
    if (status === null || !['requested', 'courier_assigned', 'picked_up'].includes(status)) return;
    const { body, signature } = simulator.signed(simulatedUpdate(reference, step, outcome, clock()));
    await hub.receive('simulator', body, signature);
    if (step < SIMULATOR_STEPS) await simulator.schedule(reference, step + 1, outcome);
  });
}
