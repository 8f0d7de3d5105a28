import type { JobQueue } from '../../lib/queue.ts';
import type { MessagingService, ReportedStatus } from './messaging.service.ts';
import type { TemplateDecision } from './whatsapp.ts';

declare module '../../jobs/queues.ts' {
  interface JobPayloads {
    /** Hands stored customers' messages (whatsapp_inbound, a webhook batch's) to the onInbound handlers. */
    'whatsapp.inbound': { inboundIds: number[] };
    /** Applies delivery statuses a provider reported (forward only) and tells the onStatus handlers; `attempt` counts the tries of statuses of messages not recorded yet. */
    'whatsapp.statuses': { statuses: ReportedStatus[]; attempt?: number };
    /** Queues again the customers' messages stored that no handler has seen. */
    'whatsapp.inbound-sweep': Record<string, never>;
    /** Tells the onTemplateDecision handlers of a provider's decision about a template. */
    'whatsapp.template': TemplateDecision;
  }
}

/** The channel's jobs: the webhook and the simulator only store and queue; these do the work. */
export async function registerWhatsAppJobs(queue: JobQueue, messaging: MessagingService) {
  queue.handle('messages.send', async ({ messageId }) => {
    await messaging.deliver(messageId);
  });
  queue.handle('whatsapp.inbound', ({ inboundIds }) => messaging.handleInbound(inboundIds));
  queue.handle('whatsapp.statuses', async ({ statuses, attempt }) => {
    await messaging.applyStatuses(statuses, attempt);
  });
  queue.handle('whatsapp.inbound-sweep', async () => {
    await messaging.sweepInbound();
  });
  queue.handle('whatsapp.template', (decision) => messaging.handleTemplateDecision(decision));
  await queue.every('whatsapp.inbound-sweep', 60_000, {});
}
