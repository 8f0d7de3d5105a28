import type { Db } from '../../db/client.ts';
import type { ConversionsService } from '../ad-serving/conversions.service.ts';
import type { NamedOrder } from '../orders/orders.repo.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { conversionOf, conversionOrderId, lessRefunded, soldItems, type SoldLine } from './order-conversion.ts';

/** Statuses at which what was sold is final: the picked lines replace the ordered ones. */
const HANDED_OVER = new Set(['delivered', 'picked_up']);
/** Statuses at which the sale is undone. */
const UNDONE = new Set(['canceled', 'refunded']);

interface Deps {
  db: Db;
  orders: Pick<OrdersService, 'find'>;
  conversions: Pick<ConversionsService, 'record' | 'revise'>;
  /** What was refunded of the order's payments (a member's refunds: the hub's adjustments to the final total excepted), in cents. */
  refundedCents: (accountId: number, orderId: number) => Promise<number>;
  /** Whether the account takes conversions (a publisher with retail media): others' orders cost nothing here. */
  isPublisher: (accountId: number) => Promise<boolean>;
}

/** Queued orders the sweep leaves to the listener that is working on them (queued this recently). */
const SWEEP_AFTER_MS = 30_000;
const SWEEP_BATCH = 500;

/**
 * The closed loop: a publisher's own orders report their sales to retail-media attribution through
 * the same path as `POST /v1/beacon/conversion` (idempotent by order id), so they show in its
 * campaigns' ROAS without an integration. Paid → the ordered lines; delivered or picked up → the
 * lines as picked (substitutes, weighed amounts, missing lines out); a partial refund lowers them by
 * exactly its amount; canceled or refunded → nothing, and attribution takes the earlier credits back
 * out of the rollups.
 *
 * Every order whose status changed to one of these, or whose payment was refunded, is queued by a
 * trigger in the writing transaction (order_attribution_queue); the transition's listener brings
 * attribution to the order's state at once and takes it off, and a sweep does it for what a process
 * that stopped left behind. Each step
 * is idempotent and reads the order as it is then, so repeats and any order of arrival agree.
 */
export function createOrderAttribution({ db, orders, conversions, refundedCents, isPublisher }: Deps) {
  const lines = (orderId: number) =>
    db.orderItem.findMany({
      where: { orderId },
      orderBy: { position: 'asc' },
      select: { sku: true, quantity: true, unitPriceCents: true, totalCents: true, pickStatus: true, pickedQuantity: true, substituteSku: true },
    });
  const soldLines = async (orderId: number): Promise<SoldLine[]> =>
    (await lines(orderId)).map((l) => ({ ...l, unitPriceCents: Number(l.unitPriceCents), totalCents: Number(l.totalCents) }));

  /** Reports the order as sold with these lines, once (a replay is a duplicate there). */
  async function report(o: NamedOrder, sold: SoldLine[]) {
    const customer = await db.customer.findFirst({ where: { accountId: o.accountId, id: o.customerId }, select: { email: true, phone: true, cpf: true } });
    await conversions.record(o.accountId, conversionOf(o, customer ?? { email: null, phone: null, cpf: null }, sold));
  }

  /** Brings attribution to what the order is now: not sold yet, sold (paid), handed over, or undone. */
  async function reconcile(accountId: number, orderId: number) {
    if (!(await isPublisher(accountId))) return;
    const o = await orders.find(accountId, orderId);
    if (!o) return;
    const id = conversionOrderId(o);
    if (UNDONE.has(o.status)) return conversions.revise(accountId, id, []);
    const handedOver = HANDED_OVER.has(o.status);
    if (!handedOver && !o.paidAt) return;
    const sold = await soldLines(o.id);
    await report(o, sold);
    const refunded = await refundedCents(accountId, o.id);
    if (handedOver || refunded > 0) await conversions.revise(accountId, id, soldItems(lessRefunded(sold, refunded)));
  }

  /** The queued order reconciled, then taken off the queue unless it was queued again meanwhile. */
  async function settleQueued(orderId: number) {
    const [row] = await db.$queryRaw<Array<{ account_id: number; queued_at: Date }>>`
      SELECT account_id, queued_at FROM order_attribution_queue WHERE order_id = ${orderId}`;
    if (!row) return;
    await reconcile(row.account_id, orderId);
    await db.$executeRaw`DELETE FROM order_attribution_queue WHERE order_id = ${orderId} AND queued_at = ${row.queued_at}`;
  }

  return {
    /** A committed transition (orders.onTransition) or refund (paymentHub.onRefund): its order, if queued, reconciled now. */
    settle: (orderId: number) => settleQueued(orderId),

    /**
     * The queued orders no listener took off (queued more than 30 s ago): reconciled, oldest first, a
     * batch at a time; one that fails stays queued for the next sweep. Answers how many were settled.
     */
    async sweep(onError: (err: unknown, orderId: number) => void) {
      const rows = await db.$queryRaw<Array<{ order_id: number }>>`
        SELECT order_id FROM order_attribution_queue WHERE queued_at < ${new Date(Date.now() - SWEEP_AFTER_MS)} ORDER BY queued_at LIMIT ${SWEEP_BATCH}`;
      let settled = 0;
      for (const { order_id } of rows) {
        try {
          await settleQueued(order_id);
          settled++;
        } catch (err) {
          onError(err, order_id);
        }
      }
      return settled;
    },
  };
}

export type OrderAttribution = ReturnType<typeof createOrderAttribution>;
