import type { Db } from '../../db/client.ts';
import type { ConversionsService } from '../ad-serving/conversions.service.ts';
import type { OrderTransition } from '../orders/orders.service.ts';
import { conversionOf, conversionOrderId, soldItems, type SoldLine } from './order-conversion.ts';

/** Statuses at which the order was sold: a paid one (online), or a delivered or picked-up one (paid in person). */
const SOLD = new Set(['paid', 'delivered', 'picked_up']);
/** Statuses at which what was sold is final: the picked lines replace the ordered ones. */
const HANDED_OVER = new Set(['delivered', 'picked_up']);
/** Statuses at which the sale is undone. */
const UNDONE = new Set(['canceled', 'refunded']);

interface Deps {
  db: Db;
  conversions: Pick<ConversionsService, 'record' | 'revise'>;
  /** Whether the account takes conversions (a publisher with retail media): others' orders cost nothing here. */
  isPublisher: (accountId: number) => Promise<boolean>;
}

/**
 * The closed loop: a publisher's own orders report their sales to retail-media attribution through
 * the same path as `POST /v1/beacon/conversion` (idempotent by order id), so they show in its
 * campaigns' ROAS without an integration. Paid → the ordered lines; delivered or picked up → the
 * lines as picked (substitutes, weighed amounts, missing lines out); canceled or refunded → nothing,
 * and attribution takes the earlier credits back out of the rollups.
 */
export function createOrderAttribution({ db, conversions, isPublisher }: Deps) {
  const lines = (orderId: number) =>
    db.orderItem.findMany({
      where: { orderId },
      orderBy: { position: 'asc' },
      select: { sku: true, quantity: true, unitPriceCents: true, totalCents: true, pickStatus: true, pickedQuantity: true, substituteSku: true },
    });
  const soldLines = async (orderId: number): Promise<SoldLine[]> =>
    (await lines(orderId)).map((l) => ({ ...l, unitPriceCents: Number(l.unitPriceCents), totalCents: Number(l.totalCents) }));

  /** Reports the order as sold, once (a replay is a duplicate there). */
  async function report(t: OrderTransition) {
    const o = t.order;
    const customer = await db.customer.findFirst({ where: { accountId: t.accountId, id: o.customerId }, select: { email: true, phone: true, cpf: true } });
    await conversions.record(t.accountId, conversionOf(o, customer ?? { email: null, phone: null, cpf: null }, await soldLines(o.id)));
  }

  return {
    /** What a transition changes in attribution (an order's listener: orders.onTransition). */
    async transitioned(t: OrderTransition) {
      if ((!SOLD.has(t.to) && !UNDONE.has(t.to)) || !(await isPublisher(t.accountId))) return;
      const orderId = conversionOrderId(t.order);
      if (SOLD.has(t.to)) await report(t);
      if (HANDED_OVER.has(t.to)) await conversions.revise(t.accountId, orderId, soldItems(await soldLines(t.order.id)));
      if (UNDONE.has(t.to)) await conversions.revise(t.accountId, orderId, []);
    },
  };
}

export type OrderAttribution = ReturnType<typeof createOrderAttribution>;
