import type { Db } from '../../db/client.ts';

/** What an order notification reads: the account's template for the event and the order's facts. */
export function createOrderNotificationsRepo(db: Db) {
  return {
    /** The account's template for the event, if it is active. */
    activeTemplate(accountId: number, event: string) {
      return db.notificationTemplate.findFirst({ where: { accountId, event, active: true }, select: { id: true, message: true } });
    },
    /** The order's number, total, store and customer (the one its message goes to). */
    order(accountId: number, orderId: number) {
      return db.order.findFirst({
        where: { id: orderId, accountId },
        select: { id: true, number: true, totalCents: true, location: { select: { name: true } }, customer: { select: { id: true, name: true, phone: true } } },
      });
    },
  };
}
export type OrderNotificationsRepo = ReturnType<typeof createOrderNotificationsRepo>;
export type NotifiedOrder = NonNullable<Awaited<ReturnType<OrderNotificationsRepo['order']>>>;
