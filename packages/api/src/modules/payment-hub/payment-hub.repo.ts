import type { PaymentMethodCode, PaymentProviderName, RefundStatus, TransactionStatus } from '@backoffice/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import { ADJUSTMENT_REFUND_KEY } from './payment-hub.mapping.ts';

export const transactionSelect = {
  id: true,
  accountId: true,
  orderId: true,
  locationId: true,
  method: true,
  provider: true,
  providerReference: true,
  status: true,
  amountCents: true,
  capturedCents: true,
  refundedCents: true,
  installments: true,
  cardBrand: true,
  cardLast4: true,
  refusalCode: true,
  refusalReason: true,
  pixCopyPaste: true,
  boletoLine: true,
  createdAt: true,
  updatedAt: true,
  authorizedAt: true,
  capturedAt: true,
  refusedAt: true,
  order: { select: { number: true } },
  location: { select: { name: true } },
} as const;
export type TransactionRow = Prisma.PaymentTransactionGetPayload<{ select: typeof transactionSelect }>;

export const refundSelect = {
  id: true,
  transactionId: true,
  amountCents: true,
  reason: true,
  status: true,
  providerReference: true,
  automatic: true,
  requestHash: true,
  idempotencyKey: true,
  createdAt: true,
} as const;
export type RefundRow = Prisma.PaymentRefundGetPayload<{ select: typeof refundSelect }>;

/** A transaction's change on a provider's word (a webhook, the charge's own answer). */
export interface TransactionChange {
  status: TransactionStatus;
  capturedCents?: bigint;
  refusalCode?: string | null;
  refusalReason?: string | null;
}

export interface NewTransaction {
  orderId: number;
  locationId: number;
  method: PaymentMethodCode;
  provider: PaymentProviderName;
  amountCents: bigint;
  installments: number;
  cardBrand: string | null;
  cardLast4: string | null;
  createdById: number | null;
}

export interface NewRefund {
  orderId: number;
  idempotencyKey: string;
  requestHash: string;
  /** null: everything left to refund. */
  amountCents: bigint | null;
  reason: string | null;
  automatic: boolean;
  createdById: number | null;
  /** Refund this transaction (the automatic refunds name each); else the order's latest captured one. */
  transactionId?: number;
}

/** Why a refund could not be reserved. */
/** What an order's captured payments add up to (cents): captured, given back by adjustments, given back otherwise. */
export interface PaymentSums {
  chargedCents: bigint;
  adjustedCents: bigint;
  refundedCents: bigint;
}

export type RefundRefusal = { kind: 'nothing_captured' } | { kind: 'above_refundable'; refundableCents: bigint };

export interface ReportFilters {
  from: string;
  to: string;
  locationId?: number;
  method?: PaymentMethodCode;
  status?: TransactionStatus;
  orderNumber?: number;
  /** The stores the caller may see (null: every store of the account). */
  allowedLocationIds: number[] | null;
}

export interface FigureRow {
  location_id: number;
  method: string;
  day: string;
  cents: bigint;
  n: number;
}

/** Statuses a provider's word may move a transaction from, by the status it brings. */
const MOVABLE_FROM: Partial<Record<TransactionStatus, TransactionStatus[]>> = {
  authorized: ['pending'],
  captured: ['pending', 'authorized'],
  refused: ['pending', 'authorized'],
  canceled: ['pending', 'authorized'],
};

const isUniqueViolation = (err: unknown) =>
  (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') || (err instanceof Error && /23505|unique constraint/i.test(err.message));

const dayStart = (date: string) => Prisma.sql`((${date}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo')`;
const dayEnd = (date: string) => Prisma.sql`((${date}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`;

/** Transactions, refunds and provider events of the payment hub: tenant rows are always filtered by `accountId`. */
export function createPaymentHubRepo(db: Db) {
  /**
   * The rows with how many refunds each has, counted for these transactions only from the
   * transaction's index (Prisma's relation _count aggregates the whole refunds table first).
   */
  async function withRefundCounts(rows: TransactionRow[]) {
    if (!rows.length) return [];
    const counts = await db.$queryRaw<Array<{ transaction_id: number; n: bigint }>>`
      SELECT transaction_id, count(*) AS n FROM payment_refunds WHERE transaction_id IN (${Prisma.join(rows.map((r) => r.id))}) GROUP BY transaction_id`;
    const byId = new Map(counts.map((c) => [c.transaction_id, Number(c.n)]));
    return rows.map((r) => ({ ...r, _count: { refunds: byId.get(r.id) ?? 0 } }));
  }

  function transactionWhere(accountId: number, f: ReportFilters): Prisma.PaymentTransactionWhereInput {
    return {
      accountId,
      createdAt: { gte: startOfBusinessDay(f.from), lte: endOfBusinessDay(f.to) },
      ...(f.locationId !== undefined ? { locationId: f.locationId } : f.allowedLocationIds ? { locationId: { in: f.allowedLocationIds } } : {}),
      ...(f.method ? { method: f.method } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.orderNumber !== undefined ? { order: { number: f.orderNumber } } : {}),
    };
  }

  const scopeSql = (alias: string, f: ReportFilters) => {
    const col = Prisma.raw(`${alias}.location_id`);
    const parts: Prisma.Sql[] = [];
    if (f.locationId !== undefined) parts.push(Prisma.sql`${col} = ${f.locationId}`);
    else if (f.allowedLocationIds) parts.push(f.allowedLocationIds.length ? Prisma.sql`${col} IN (${Prisma.join(f.allowedLocationIds)})` : Prisma.sql`FALSE`);
    if (f.method) parts.push(Prisma.sql`${Prisma.raw(`${alias}.method`)} = ${f.method}`);
    return parts.length ? Prisma.sql` AND ${Prisma.join(parts, ' AND ')}` : Prisma.empty;
  };

  return {
    /** The customer an order charges: name, e-mail and CPF for the provider. */
    payer: (accountId: number, customerId: number) =>
      db.customer.findFirst({ where: { id: customerId, accountId }, select: { name: true, email: true, cpf: true } }),

    /** The method's configuration at the store, else the account's default; null when neither exists. */
    async methodConfig(accountId: number, locationId: number, method: PaymentMethodCode) {
      const rows = await db.paymentMethodConfig.findMany({
        where: { accountId, method, OR: [{ locationId }, { locationId: null }] },
        select: { locationId: true, active: true, minOrderCents: true, maxInstallments: true },
      });
      return rows.find((r) => r.locationId === locationId) ?? rows.find((r) => r.locationId === null) ?? null;
    },

    /** Names of the account's stores among these ids. */
    async storeNames(accountId: number, ids: number[]) {
      if (!ids.length) return new Map<number, string>();
      const rows = await db.location.findMany({ where: { accountId, id: { in: ids } }, select: { id: true, name: true } });
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** A new pending transaction; null when the order already has a live one (the unique live order id). */
    async create(accountId: number, t: NewTransaction): Promise<TransactionRow | null> {
      try {
        return await db.paymentTransaction.create({ data: { ...t, accountId, status: 'pending', liveOrderId: t.orderId }, select: transactionSelect });
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /**
     * A charge of what the order owes beyond its captured payments, under the order's lock: none while
     * another payment of the order waits (pending, authorized), and `amount` read from the sums as they
     * are then, so two members charging the difference at once charge it once.
     */
    createDifference(accountId: number, t: Omit<NewTransaction, 'amountCents'>, amount: (sums: PaymentSums) => bigint): Promise<TransactionRow | 'waiting' | 'nothing_owed'> {
      return db.$transaction(async (tx: Tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('payments:order'), ${t.orderId})`;
        const waiting = await tx.paymentTransaction.count({ where: { accountId, orderId: t.orderId, status: { in: ['pending', 'authorized'] } } });
        if (waiting) return 'waiting' as const;
        const amountCents = amount(await this.balance(accountId, t.orderId, tx));
        if (amountCents <= 0n) return 'nothing_owed' as const;
        return tx.paymentTransaction.create({ data: { ...t, amountCents, accountId, status: 'pending', liveOrderId: null }, select: transactionSelect });
      });
    },

    /** Records the provider's first answer to a charge. */
    recordCharge(
      accountId: number,
      id: number,
      data: { providerReference: string | null; status: TransactionStatus; capturedCents?: bigint; cardBrand?: string | null; refusalCode?: string | null; refusalReason?: string | null; pixCopyPaste?: string | null; boletoLine?: string | null },
    ) {
      const now = new Date();
      return db.paymentTransaction.updateMany({
        where: { id, accountId, status: 'pending' },
        data: {
          providerReference: data.providerReference,
          status: data.status,
          ...(data.cardBrand ? { cardBrand: data.cardBrand } : {}),
          refusalCode: data.refusalCode ?? null,
          refusalReason: data.refusalReason ?? null,
          pixCopyPaste: data.pixCopyPaste ?? null,
          boletoLine: data.boletoLine ?? null,
          ...(data.status === 'authorized' ? { authorizedAt: now } : {}),
          ...(data.status === 'captured' ? { authorizedAt: now, capturedAt: now, capturedCents: data.capturedCents } : {}),
          ...(data.status === 'refused' ? { refusedAt: now, liveOrderId: null } : {}),
          ...(data.status === 'canceled' ? { canceledAt: now, liveOrderId: null } : {}),
        },
      });
    },

    find: (accountId: number, id: number) => db.paymentTransaction.findFirst({ where: { id, accountId }, select: transactionSelect }),

    ofOrder: (accountId: number, orderId: number) =>
      db.paymentTransaction.findMany({ where: { accountId, orderId }, select: transactionSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),

    /** Transactions of an order still waiting (pending or authorized). */
    liveUncaptured: (accountId: number, orderId: number) =>
      db.paymentTransaction.findMany({ where: { accountId, orderId, status: { in: ['pending', 'authorized'] } }, select: transactionSelect }),

    /** Captured transactions of an order with money left to refund. */
    async refundable(accountId: number, orderId: number) {
      const rows = await db.paymentTransaction.findMany({ where: { accountId, orderId, status: 'captured' }, select: transactionSelect, orderBy: { id: 'asc' } });
      return rows.filter((r) => r.capturedCents > r.refundedCents);
    },

    /**
     * What the order's captured payments add up to: captured, given back by the hub's adjustments to
     * the order's final total, and given back otherwise (a member, a cancel); failed refunds count nothing.
     */
    async balance(accountId: number, orderId: number, client: Db | Tx = db): Promise<PaymentSums> {
      const [row] = await client.$queryRaw<Array<{ charged: bigint; adjusted: bigint; refunded: bigint }>>`
        SELECT coalesce(sum(t.captured_cents), 0)::bigint AS charged,
               coalesce(sum(r.adjusted), 0)::bigint AS adjusted, coalesce(sum(r.refunded), 0)::bigint AS refunded
          FROM payment_transactions t
          LEFT JOIN LATERAL (
            SELECT sum(amount_cents) FILTER (WHERE idempotency_key LIKE ${`${ADJUSTMENT_REFUND_KEY}%`}) AS adjusted,
                   sum(amount_cents) FILTER (WHERE idempotency_key NOT LIKE ${`${ADJUSTMENT_REFUND_KEY}%`}) AS refunded
              FROM payment_refunds WHERE transaction_id = t.id AND status <> 'failed') r ON true
         WHERE t.account_id = ${accountId} AND t.order_id = ${orderId} AND t.status = 'captured'`;
      return { chargedCents: BigInt(row!.charged), adjustedCents: BigInt(row!.adjusted), refundedCents: BigInt(row!.refunded) };
    },

    refundsOf: (transactionIds: number[]) =>
      transactionIds.length
        ? db.paymentRefund.findMany({ where: { transactionId: { in: transactionIds } }, select: refundSelect, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })
        : Promise.resolve([] as RefundRow[]),

    findByReference: (provider: PaymentProviderName, reference: string) =>
      db.paymentTransaction.findUnique({ where: { provider_providerReference: { provider, providerReference: reference } }, select: transactionSelect }),

    eventExists: async (provider: PaymentProviderName, eventId: string) =>
      (await db.paymentWebhookEvent.findUnique({ where: { provider_eventId: { provider, eventId } }, select: { id: true } })) !== null,

    /**
     * Records a provider's event once and applies its change to the transaction it names, in one
     * database transaction: a replayed event (the unique event id) changes nothing. `before` is the
     * transaction as it was when the change applied (null: no change).
     */
    async applyEvent(
      provider: PaymentProviderName,
      event: { eventId: string; type: string; payload: unknown },
      reference: string | null,
      change: TransactionChange | null,
    ): Promise<{ outcome: 'processed' | 'duplicate' | 'ignored'; before: TransactionRow | null; after: TransactionRow | null }> {
      return db.$transaction(async (tx) => {
        const inserted = await tx.$queryRaw<{ id: number }[]>`
          INSERT INTO payment_webhook_events (provider, event_id, event_type, outcome, payload)
          VALUES (${provider}, ${event.eventId}, ${event.type}, 'ignored', ${JSON.stringify(event.payload ?? {})}::jsonb)
          ON CONFLICT (provider, event_id) DO NOTHING
          RETURNING id`;
        if (!inserted.length) return { outcome: 'duplicate' as const, before: null, after: null };
        const eventRowId = inserted[0]!.id;
        if (!reference) return { outcome: 'ignored' as const, before: null, after: null };
        const locked = await tx.$queryRaw<{ id: number }[]>`
          SELECT id FROM payment_transactions WHERE provider = ${provider} AND provider_reference = ${reference} FOR UPDATE`;
        if (!locked.length) return { outcome: 'ignored' as const, before: null, after: null };
        const before = await tx.paymentTransaction.findUniqueOrThrow({ where: { id: locked[0]!.id }, select: transactionSelect });
        await tx.paymentWebhookEvent.update({ where: { id: eventRowId }, data: { accountId: before.accountId, transactionId: before.id } });
        if (!change || !(MOVABLE_FROM[change.status] ?? []).includes(before.status as TransactionStatus)) return { outcome: 'ignored' as const, before: null, after: null };
        const now = new Date();
        const after = await tx.paymentTransaction.update({
          where: { id: before.id },
          data: {
            status: change.status,
            ...(change.status === 'authorized' ? { authorizedAt: now } : {}),
            ...(change.status === 'captured'
              ? {
                  capturedAt: now,
                  authorizedAt: before.authorizedAt ?? now,
                  capturedCents: change.capturedCents !== undefined && change.capturedCents < before.amountCents ? change.capturedCents : before.amountCents,
                  pixCopyPaste: null,
                  boletoLine: null,
                }
              : {}),
            ...(change.status === 'refused' ? { refusedAt: now, liveOrderId: null, refusalCode: change.refusalCode ?? 'other', refusalReason: change.refusalReason ?? null } : {}),
            ...(change.status === 'canceled' ? { canceledAt: now, liveOrderId: null } : {}),
          },
          select: transactionSelect,
        });
        await tx.paymentWebhookEvent.update({ where: { id: eventRowId }, data: { outcome: 'processed' } });
        return { outcome: 'processed' as const, before, after };
      });
    },

    /** Cancels a transaction still waiting; false when it moved on meanwhile. */
    async cancelUncaptured(accountId: number, id: number) {
      const { count } = await db.paymentTransaction.updateMany({ where: { id, accountId, status: { in: ['pending', 'authorized'] } }, data: { status: 'canceled', canceledAt: new Date(), liveOrderId: null } });
      return count > 0;
    },

    findRefundByKey: (accountId: number, key: string) =>
      db.paymentRefund.findUnique({ where: { accountId_idempotencyKey: { accountId, idempotencyKey: key } }, select: refundSelect }),

    /**
     * Reserves a refund: locks the transaction, checks the amount against what is left, writes the
     * refund (pending) under its key and adds it to the refunded amount, in one database transaction.
     * A concurrent request with the same key waits on the key's index and finds the winner's refund.
     */
    reserveRefund(accountId: number, r: NewRefund): Promise<{ refund: RefundRow; replay: boolean } | RefundRefusal> {
      return db.$transaction(async (tx: Tx) => {
        const rows = await tx.$queryRaw<{ id: number; captured_cents: bigint; refunded_cents: bigint }[]>`
          SELECT id, captured_cents, refunded_cents FROM payment_transactions
           WHERE account_id = ${accountId} AND order_id = ${r.orderId} AND status = 'captured'
             ${r.transactionId !== undefined ? Prisma.sql`AND id = ${r.transactionId}` : Prisma.empty}
           ORDER BY captured_cents - refunded_cents DESC, id DESC
           LIMIT 1
           FOR UPDATE`;
        const existing = await tx.paymentRefund.findUnique({ where: { accountId_idempotencyKey: { accountId, idempotencyKey: r.idempotencyKey } }, select: refundSelect });
        if (existing) return { refund: existing, replay: true };
        const t = rows[0];
        if (!t) return { kind: 'nothing_captured' as const };
        const left = BigInt(t.captured_cents) - BigInt(t.refunded_cents);
        const amount = r.amountCents ?? left;
        if (left <= 0n && r.amountCents === null) return { kind: 'nothing_captured' as const };
        if (amount > left) return { kind: 'above_refundable' as const, refundableCents: left };
        const inserted = await tx.$queryRaw<{ id: number }[]>`
          INSERT INTO payment_refunds (account_id, transaction_id, amount_cents, reason, status, idempotency_key, request_hash, automatic, created_by_id, updated_at)
          VALUES (${accountId}, ${t.id}, ${amount}, ${r.reason}, 'pending', ${r.idempotencyKey}, ${r.requestHash}, ${r.automatic}, ${r.createdById}, now())
          ON CONFLICT (account_id, idempotency_key) DO NOTHING
          RETURNING id`;
        if (!inserted.length) {
          return { refund: await tx.paymentRefund.findUniqueOrThrow({ where: { accountId_idempotencyKey: { accountId, idempotencyKey: r.idempotencyKey } }, select: refundSelect }), replay: true };
        }
        await tx.$executeRaw`UPDATE payment_transactions SET refunded_cents = refunded_cents + ${amount}, updated_at = now() WHERE id = ${t.id}`;
        return { refund: await tx.paymentRefund.findUniqueOrThrow({ where: { id: inserted[0]!.id }, select: refundSelect }), replay: false };
      });
    },

    /** The provider's answer to a reserved refund: done (or in process), or failed (its amount given back). */
    settleRefund(id: number, status: RefundStatus, providerReference: string | null) {
      return db.$transaction(async (tx) => {
        const { count } = await tx.paymentRefund.updateMany({ where: { id, status: 'pending' }, data: { status, providerReference } });
        if (count && status === 'failed') {
          const r = await tx.paymentRefund.findUniqueOrThrow({ where: { id }, select: { transactionId: true, amountCents: true } });
          await tx.$executeRaw`UPDATE payment_transactions SET refunded_cents = refunded_cents - ${r.amountCents}, updated_at = now() WHERE id = ${r.transactionId}`;
        }
      });
    },

    /** Refunds a provider kept in process (it answered them, with a reference), untouched since `before`, oldest first. */
    pendingRefunds: (before: Date, limit: number) =>
      db.paymentRefund.findMany({
        where: { status: 'pending', providerReference: { not: null }, updatedAt: { lt: before } },
        select: { ...refundSelect, transaction: { select: { accountId: true, orderId: true, provider: true, providerReference: true } } },
        orderBy: { id: 'asc' },
        take: limit,
      }),

    /** Undoes a reserved refund the provider never received (unreachable): its key may be used again. */
    dropRefund(id: number) {
      return db.$transaction(async (tx) => {
        const r = await tx.paymentRefund.findUnique({ where: { id }, select: { transactionId: true, amountCents: true, status: true } });
        if (!r || r.status !== 'pending') return;
        await tx.paymentRefund.delete({ where: { id } });
        await tx.$executeRaw`UPDATE payment_transactions SET refunded_cents = refunded_cents - ${r.amountCents}, updated_at = now() WHERE id = ${r.transactionId}`;
      });
    },

    /** Captured, refunded and pending cents per store, method and São Paulo day of the period. */
    async figures(accountId: number, f: ReportFilters) {
      const [received, refunded, pending] = await Promise.all([
        db.$queryRaw<FigureRow[]>`
          SELECT t.location_id, t.method, to_char(t.captured_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day,
                 SUM(t.captured_cents)::bigint AS cents, COUNT(*)::int AS n
            FROM payment_transactions t
           WHERE t.account_id = ${accountId} AND t.captured_at >= ${dayStart(f.from)} AND t.captured_at < ${dayEnd(f.to)}${scopeSql('t', f)}
           GROUP BY 1, 2, 3`,
        db.$queryRaw<FigureRow[]>`
          SELECT t.location_id, t.method, to_char(r.created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day,
                 SUM(r.amount_cents)::bigint AS cents, COUNT(*)::int AS n
            FROM payment_refunds r JOIN payment_transactions t ON t.id = r.transaction_id
           WHERE r.account_id = ${accountId} AND r.status <> 'failed' AND r.created_at >= ${dayStart(f.from)} AND r.created_at < ${dayEnd(f.to)}${scopeSql('t', f)}
           GROUP BY 1, 2, 3`,
        db.$queryRaw<FigureRow[]>`
          SELECT t.location_id, t.method, to_char(t.created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day,
                 SUM(t.amount_cents)::bigint AS cents, COUNT(*)::int AS n
            FROM payment_transactions t
           WHERE t.account_id = ${accountId} AND t.status IN ('pending', 'authorized') AND t.created_at >= ${dayStart(f.from)} AND t.created_at < ${dayEnd(f.to)}${scopeSql('t', f)}
           GROUP BY 1, 2, 3`,
      ]);
      return { received, refunded, pending };
    },

    /** One page of the period's transactions with their refund counts. */
    async list(accountId: number, f: ReportFilters, page: { page: number; quantity: number; orderBy: 'created_at' | 'amount'; direction: 'asc' | 'desc' }) {
      const where = transactionWhere(accountId, f);
      const orderBy: Prisma.PaymentTransactionOrderByWithRelationInput[] =
        page.orderBy === 'amount' ? [{ amountCents: page.direction }, { id: page.direction }] : [{ createdAt: page.direction }, { id: page.direction }];
      const [rows, total] = await Promise.all([
        db.paymentTransaction.findMany({ where, select: transactionSelect, orderBy, skip: (page.page - 1) * page.quantity, take: page.quantity }),
        db.paymentTransaction.count({ where }),
      ]);
      return { rows: await withRefundCounts(rows), total };
    },

    /** Every transaction of the period (the export), oldest first, up to `limit`. */
    exportRows: async (accountId: number, f: ReportFilters, limit: number) =>
      withRefundCounts(await db.paymentTransaction.findMany({ where: transactionWhere(accountId, f), select: transactionSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: limit })),
  };
}
export type PaymentHubRepo = ReturnType<typeof createPaymentHubRepo>;
