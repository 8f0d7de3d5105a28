import type { FastifyBaseLogger } from 'fastify';
import { MESSAGING_NAME_PLACEHOLDER, fromCents, type NotificationTemplateEvent, type OrderStatus } from '@backoffice/contracts';
import type { JobQueue } from '../../lib/queue.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import type { OrderTransition } from '../orders/orders.service.ts';
import type { NotifiedOrder, OrderNotificationsRepo } from './order-notifications.repo.ts';

declare module '../../jobs/queues.ts' {
  interface JobPayloads {
    /** Sends the customer an order's notification for one event (the account's active template, once). */
    'order-notifications.send': { accountId: number; orderId: number; event: NotificationTemplateEvent };
  }
}

/**
 * The notification event an order's arrival at a status sends. Each event names its status; the
 * others send nothing: created and payment_pending (nothing to tell before the payment), picked
 * (ready follows at once), picked_up (the customer is at the counter) and refunded (the payment
 * hub's own messages cover it).
 */
export const NOTIFICATION_EVENT_OF_STATUS: Readonly<Partial<Record<OrderStatus, NotificationTemplateEvent>>> = {
  paid: 'order_paid',
  picking: 'order_picking',
  ready: 'order_ready',
  out_for_delivery: 'order_out_for_delivery',
  awaiting_pickup: 'order_awaiting_pickup',
  delivered: 'order_delivered',
  canceled: 'order_canceled',
};

/** The message of an order and event: one per pair, however often the order reaches that status. */
export const notificationDedupKey = (orderId: number, event: NotificationTemplateEvent) => `order_notification:${orderId}:${event}`;
/** One send job per order and event (BullMQ ids take no colon). */
export const notificationJobId = (orderId: number, event: NotificationTemplateEvent) => `order-notification-${orderId}-${event}`;

/** Reais as the customer reads them: "R$ 1.234,56". */
export const formatReais = (cents: number | bigint) =>
  `R$ ${fromCents(cents).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * A notification template's placeholders: {{nome}} the customer's first name, {{pedido}} the
 * order's number, {{loja}} the name of the store the order is from, {{total}} the order's total
 * ("R$ 1.234,56"). Any other text between braces is sent as written.
 */
export function fillNotification(message: string, order: NotifiedOrder): string {
  const values: Record<string, string> = {
    [MESSAGING_NAME_PLACEHOLDER]: order.customer.name.trim().split(/\s+/)[0] ?? '',
    '{{pedido}}': String(order.number),
    '{{loja}}': order.location.name,
    '{{total}}': formatReais(order.totalCents),
  };
  return message.replace(/\{\{(?:nome|pedido|loja|total)\}\}/g, (placeholder) => values[placeholder]!);
}

export interface OrderNotificationsDeps {
  repo: OrderNotificationsRepo;
  messaging: Pick<MessagingService, 'record' | 'dispatch'>;
  queue: JobQueue;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** WhatsApp messages to an order's customer when the order reaches a status the account has an active notification template for. */
export function createOrderNotifications({ repo, messaging, queue, log }: OrderNotificationsDeps) {
  return {
    /**
     * The orders' transition listener: queues the send, so the move waits for one queue write and
     * nothing else; a failure is logged, never thrown into the move (which has committed).
     */
    async onTransition(t: Pick<OrderTransition, 'accountId' | 'order' | 'to'>) {
      const event = NOTIFICATION_EVENT_OF_STATUS[t.to];
      if (!event) return;
      try {
        await queue.add('order-notifications.send', { accountId: t.accountId, orderId: t.order.id, event }, { jobId: notificationJobId(t.order.id, event), attempts: 3 });
      } catch (err) {
        log.error({ err, order_id: t.order.id, event }, 'order notification not queued');
      }
    },

    /**
     * The `order-notifications.send` job. Transactional: sent whether or not the customer accepted
     * marketing messages (opt_in governs campaigns only). Nothing without an active template of the
     * order's account or a customer's phone; a replay finds the message recorded under its dedup
     * key and sends nothing more.
     */
    async send({ accountId, orderId, event }: { accountId: number; orderId: number; event: NotificationTemplateEvent }) {
      const template = await repo.activeTemplate(accountId, event);
      if (!template) return;
      const order = await repo.order(accountId, orderId);
      if (!order?.customer.phone) return;
      const text = fillNotification(template.message, order);
      const message = await messaging.record({
        accountId,
        to: order.customer.phone,
        body: text,
        content: { kind: 'text', text },
        customerId: order.customer.id,
        subjectType: 'order_notification',
        subjectId: orderId,
        dedupKey: notificationDedupKey(orderId, event),
      });
      // Queued: not handed to the provider yet (a first run, or one that stopped before its dispatch).
      if (message.status === 'queued') await messaging.dispatch(message.id);
    },
  };
}
export type OrderNotifications = ReturnType<typeof createOrderNotifications>;
