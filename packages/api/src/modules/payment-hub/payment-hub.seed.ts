import type { OrderStatus } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';

/** Statuses of an order that was paid (and not given back). */
const PAID: OrderStatus[] = ['paid', 'picking', 'picked', 'ready', 'out_for_delivery', 'awaiting_pickup', 'delivered', 'picked_up'];
const METHODS = ['pix', 'credit_card', 'pix', 'debit_card'] as const;
const BRANDS = ['visa', 'mastercard', 'elo'] as const;

/**
 * Bom Preço's payments of its seeded orders paid online (none when no orders are seeded): a
 * captured charge for each paid order, a waiting Pix for those awaiting payment, and a full refund
 * for refunded orders and paid ones canceled, so the finance screens show figures that match the
 * orders. Idempotent: an order with a transaction is left as it is.
 */
export const paymentHubSeed: ModuleSeed = { name: 'payment-hub', seed: (db, { accountIds }) => seedTransactions(db, accountIds.get('supermercado-bom-preco')!) };

async function seedTransactions(db: Db, accountId: number): Promise<void> {
  const orders = await db.order.findMany({
    where: { accountId, paysInPerson: false, paymentTransactions: { none: {} }, status: { in: [...PAID, 'payment_pending', 'refunded', 'canceled'] as OrderStatus[] } },
    select: { id: true, locationId: true, status: true, totalCents: true, createdAt: true, paidAt: true, refundedAt: true, canceledAt: true },
    orderBy: { id: 'asc' },
  });
  for (const o of orders) {
    if (o.totalCents <= 0n) continue;
    const wasPaid = PAID.includes(o.status) || o.status === 'refunded' || (o.status === 'canceled' && o.paidAt !== null);
    if (!wasPaid && o.status !== 'payment_pending') continue;
    const method = METHODS[o.id % METHODS.length]!;
    const card = method === 'pix' ? {} : { cardBrand: BRANDS[o.id % BRANDS.length]!, cardLast4: String(1000 + ((o.id * 37) % 9000)) };
    if (!wasPaid) {
      await db.paymentTransaction.create({
        data: { accountId, orderId: o.id, liveOrderId: o.id, locationId: o.locationId, method: 'pix', provider: 'simulator', providerReference: `seed_${o.id}`, status: 'pending', amountCents: o.totalCents, pixCopyPaste: `00020126580014br.gov.bcb.pix0136seed-${o.id}`, createdAt: o.createdAt },
      });
      continue;
    }
    const capturedAt = o.paidAt ?? o.createdAt;
    const refundAll = o.status === 'refunded' || o.status === 'canceled';
    const tx = await db.paymentTransaction.create({
      data: {
        accountId,
        orderId: o.id,
        liveOrderId: o.id,
        locationId: o.locationId,
        method,
        provider: 'simulator',
        providerReference: `seed_${o.id}`,
        status: 'captured',
        amountCents: o.totalCents,
        capturedCents: o.totalCents,
        refundedCents: refundAll ? o.totalCents : 0n,
        installments: method === 'credit_card' ? 1 + (o.id % 3) : 1,
        ...card,
        createdAt: o.createdAt,
        authorizedAt: capturedAt,
        capturedAt,
      },
      select: { id: true },
    });
    if (refundAll) {
      await db.paymentRefund.create({
        data: {
          accountId,
          transactionId: tx.id,
          amountCents: o.totalCents,
          reason: o.status === 'canceled' ? 'pedido cancelado' : 'Devolução do pedido',
          status: 'succeeded',
          providerReference: `seed_rf_${o.id}`,
          idempotencyKey: `seed:${o.id}`,
          requestHash: 'seed',
          automatic: o.status === 'canceled',
          createdAt: o.refundedAt ?? o.canceledAt ?? capturedAt,
        },
      });
      // History, not a refund happening now: the closed loop's queue (filled by its trigger) does not report it.
      await db.orderAttributionQueue.deleteMany({ where: { orderId: o.id } });
    }
  }
}
