import { jsonParserOf } from '../../lib/fast-path.ts';
import type { AppModule } from '../../lib/module.ts';
import { APP_SECURITY_HEADERS, CORS_EXPOSED_HEADERS } from '../../plugins/security.ts';
import type { MessageProvider } from './message-provider.ts';
import { createMessagingRepo } from './messaging.repo.ts';
import { createMessagingService, type MessagingService } from './messaging.service.ts';
import { createWhatsAppSimulator } from './whatsapp-simulator.ts';
import { createCloudApiProvider } from './whatsapp-cloud.ts';
import { registerWhatsAppJobs } from './whatsapp.jobs.ts';
import { createWhatsAppRepo } from './whatsapp.repo.ts';
import { registerWhatsAppRoutes } from './whatsapp.routes.ts';
import { createWhatsAppService, outboundItem } from './whatsapp.service.ts';
import { createWebhookFastPath } from './webhook-fast-path.ts';

export type { MessageProvider };

/**
 * Messages to customers over WhatsApp: the outbox, the provider (the local simulator by default, or
 * the WhatsApp Business Cloud API), its webhook, the customers' messages and the simulator's panel.
 */
export const messagingModule: AppModule = {
  name: 'messaging',
  async register(app, { config, db, database, queue, realtime, provide, serveAhead }) {
    const wa = config.whatsapp;
    const messages = createMessagingRepo(db);
    const repo = createWhatsAppRepo(db, database.sql);
    const show = (accountId: number, phone: string, message: ReturnType<typeof outboundItem>) =>
      realtime.toAccount(accountId, 'whatsapp', { type: 'simulator.message', phone, message });
    // The simulator reports through the service's own queues (built below): late-bound.
    const late: { messaging?: MessagingService } = {};
    const provider: MessageProvider =
      wa.provider === 'cloud'
        ? createCloudApiProvider({ apiUrl: wa.apiUrl, apiVersion: wa.apiVersion, numberOf: (accountId) => repo.numberOf(accountId) })
        : createWhatsAppSimulator({
            delayMs: wa.simulatorDelayMs,
            ratePerSecond: wa.ratePerSecond,
            reportStatuses: (statuses, delayMs) => late.messaging!.reportStatuses(statuses, delayMs),
            reportTemplateDecision: (decision, delayMs) => late.messaging!.reportTemplateDecision(decision, delayMs),
          });
    const messaging = createMessagingService({
      repo: messages,
      whatsapp: repo,
      queue,
      provider,
      ratePerSecond: wa.ratePerSecond,
      // The simulator's panel follows what the local provider sends and every move of its status: a
      // message at a time, or (a campaign's batch) which phones have news, one event per account.
      onActivity: (event) => {
        if (event.kind === 'outbound' && event.message.provider === 'local') show(event.message.accountId, event.message.to, outboundItem(event.message));
        if (event.kind !== 'outbound-batch') return;
        const phones = new Map<number, Set<string>>();
        for (const m of event.messages) if (m.provider === 'local') phones.set(m.accountId, (phones.get(m.accountId) ?? new Set()).add(m.to));
        for (const [accountId, set] of phones) realtime.toAccount(accountId, 'whatsapp', { type: 'simulator.messages', phones: [...set] });
      },
    });
    late.messaging = messaging;
    await registerWhatsAppJobs(queue, messaging);
    const whatsapp = createWhatsAppService({ messaging, messages, repo, config: wa, show });
    registerWhatsAppRoutes(app, whatsapp);
    serveAhead(
      '/webhooks/whatsapp',
      createWebhookFastPath({
        whatsapp,
        securityHeaders: APP_SECURITY_HEADERS,
        exposedHeaders: CORS_EXPOSED_HEADERS,
        parseJson: jsonParserOf(app),
        bodyLimit: config.bodyLimit,
        appSecret: wa.appSecret,
      }),
    );
    provide({ messaging });
    app.decorate('messaging', messaging);
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The messaging service (tests and scripts subscribe to the channel through it). */
    messaging: MessagingService;
  }
}

declare module '../../lib/module.ts' {
  interface ModuleServices {
    /** Messages to customers over WhatsApp (cart links, chats, campaigns) and what comes back (WhatsAppChannel). */
    messaging: MessagingService;
  }
}
