import type { AppModule } from '../../lib/module.ts';
import { createPaymentHubRepo } from './payment-hub.repo.ts';
import { createPaymentReports } from './payment-hub.reports.ts';
import { registerPaymentHubRoutes } from './payment-hub.routes.ts';
import { createPaymentHubService, type PaymentHubService, type ProviderRegistry } from './payment-hub.service.ts';
import { registerPaymentHubJobs, simulatorJobId } from './payment-hub.jobs.ts';
import { createMercadoPagoProvider } from './providers/mercado-pago.ts';
import { createSimulatorProvider } from './providers/simulator.ts';
import type { PaymentProvider } from './providers/provider.ts';

/**
 * The payment hub's transactions: charges of orders through the configured provider (the local
 * simulator by default, or Mercado Pago), their webhooks, refunds, and the finance screens' figures.
 * A canceled paid order is refunded by itself (it listens to the orders' transitions).
 */
export const paymentHubModule: AppModule = {
  name: 'payment-hub',
  async register(app, { config, db, queue, services, provide, log }) {
    const { simulator: sim, mercadoPago, provider } = config.paymentHub;
    const simulator = createSimulatorProvider({
      secret: sim.secret,
      confirmDelayMs: sim.confirmDelayMs,
      deliver: (event, delayMs) => queue.add('payment-hub.simulator-webhook', { event }, { jobId: simulatorJobId(event.id), delayMs, attempts: 8 }),
    });
    const mp = mercadoPago ? createMercadoPagoProvider({ ...mercadoPago, notificationUrl: `${config.appUrl}/api/payment-hub/webhooks/mercado_pago` }) : undefined;
    const all = new Map<string, PaymentProvider>([['simulator', simulator], ...(mp ? [['mercado_pago', mp] as [string, PaymentProvider]] : [])]);
    const providers: ProviderRegistry = {
      active: provider === 'mercado_pago' && mp ? mp : simulator,
      byName: (name) => all.get(name),
    };
    const repo = createPaymentHubRepo(db);
    const hub = createPaymentHubService({ repo, orders: services.orders, providers, scope: services.locations.allowedLocationIds, log });
    services.orders.onTransition((t) => hub.onTransition(t));
    provide({ paymentHub: hub });
    await registerPaymentHubJobs(app, queue, sim.secret, hub);
    registerPaymentHubRoutes(app, hub, createPaymentReports({ repo, scope: services.locations.allowedLocationIds }));
  },
};

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** The payment hub, for the modules after it: attribution hears its refunds. */
    paymentHub: PaymentHubService;
  }
}
