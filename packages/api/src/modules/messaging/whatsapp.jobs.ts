import type { JobQueue } from '../../lib/queue.ts';
import type { MessagingService, ReportedStatus } from './messaging.service.ts';
import type { TemplateDecision } from './whatsapp.ts';

declare module '../../jobs/queues.ts' {
  interface JobPayloads {
    /** Hands one stored customer's message (whatsapp_inbound) to the onInbound handlers. */
    'whatsapp.inbound': { inboundId: number };
    /** Applies a delivery status a provider reported (forward only) and tells the onStatus handlers. */
    'whatsapp.status': ReportedStatus;
    /** Tells the onTemplateDecision handlers of a provider's decision about a template. */
    'whatsapp.template': TemplateDecision;
  }
}

/** The channel's jobs: the webhook and the simulator only store and queue; these do the work. */
export function registerWhatsAppJobs(queue: JobQueue, messaging: MessagingService) {
  queue.handle('messages.send', async ({ messageId }) => {
    await messaging.deliver(messageId);
  });
  queue.handle('whatsapp.inbound', ({ inboundId }) => messaging.handleInbound(inboundId));
  queue.handle('whatsapp.status', (status) => messaging.applyStatus(status));
  queue.handle('whatsapp.template', (decision) => messaging.handleTemplateDecision(decision));
}
