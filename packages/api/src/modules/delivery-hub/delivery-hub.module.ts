import type { AppModule } from '../../lib/module.ts';
import { createDeliveryHubRepo } from './delivery-hub.repo.ts';
import { registerDeliveryHubRoutes } from './delivery-hub.routes.ts';
import { createDeliveryHubService, type DeliveryChangeNotice } from './delivery-hub.service.ts';
import { createDeliveryDashboardService } from './delivery-dashboard.service.ts';
import { createDeliverySimulator } from './delivery-simulator.ts';
import { registerDeliveryJobs } from './delivery-hub.jobs.ts';

/** The delivery hub: couriers for ready orders through a provider (the local simulator), their updates moving the orders, and the delivery dashboard. */
export const deliveryHubModule: AppModule = {
  name: 'delivery-hub',
  register(app, { db, config, queue, services, realtime, log }) {
    const repo = createDeliveryHubRepo(db);
    const { webhookSecret, simulator: sim } = config.deliveryHub;
    // The hub is built after the simulator, which reads the delivery's status through it.
    const statusOf = { read: async (_reference: string): Promise<string | null> => null };
    const simulator = createDeliverySimulator({ secret: webhookSecret, queue, delaysMs: sim.delaysMs, failureRate: sim.failureRate, statusOf: (ref) => statusOf.read(ref) });
    const hub = createDeliveryHubService({
      repo,
      orders: services.orders,
      providers: { simulator },
      notify: (accountId, change) => realtime.toAccount(accountId, 'delivery_changed', change),
      onRefusedMove: (err, d) => log.warn({ err, order_id: d.orderId, to: d.to }, 'courier update: the order move was refused'),
    });
    statusOf.read = (ref) => hub.statusOf('simulator', ref);
    // An order canceled while a courier is on the way: the delivery is canceled too.
    services.orders.onTransition(async (t) => {
      if (t.to === 'canceled') await hub.orderCanceled(t.accountId, t.order.id);
    });
    registerDeliveryJobs(queue, { hub, simulator });
    registerDeliveryHubRoutes(app, hub, createDeliveryDashboardService({ repo, scope: services.locations.allowedLocationIds }));
  },
};

declare module '../../plugins/realtime.ts' {
  interface RealtimeEvents {
    /** A delivery of one of the account's orders changed status: the order page refreshes its delivery card. */
    delivery_changed: DeliveryChangeNotice;
  }
}
