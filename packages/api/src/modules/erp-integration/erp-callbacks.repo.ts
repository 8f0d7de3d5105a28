import type { Db } from '../../db/client.ts';

export interface CallbackConfigRow {
  url: string | null;
  enabled: boolean;
  secret: string | null;
  secretCreatedAt: Date | null;
  updatedAt: Date;
}

export interface NewDelivery {
  accountId: number;
  event: string;
  orderId: number | null;
  orderStatus: string | null;
  body: string;
}

export interface AttemptRecord {
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

const configSelect = { url: true, enabled: true, secret: true, secretCreatedAt: true, updatedAt: true } as const;
const deliverySelect = {
  id: true,
  event: true,
  orderId: true,
  orderStatus: true,
  status: true,
  attempts: true,
  lastStatusCode: true,
  lastError: true,
  createdAt: true,
  deliveredAt: true,
} as const;
/** Attempts a delivery shows in the log (5 tries per delivery: all of them). */
const ATTEMPTS_SHOWN = 10;

/** The account's callback settings, deliveries and attempts: every query scoped by `accountId` (the job's by its delivery). */
export function createErpCallbacksRepo(db: Db) {
  return {
    config: (accountId: number): Promise<CallbackConfigRow | null> => db.erpCallbackConfig.findUnique({ where: { accountId }, select: configSelect }),

    /** Sets the URL and the switch; `secret` (when given) replaces the secret. */
    saveConfig: (accountId: number, data: { url?: string | null; enabled?: boolean; secret?: string }): Promise<CallbackConfigRow> => {
      const now = new Date();
      const secret = data.secret ? { secret: data.secret, secretCreatedAt: now } : {};
      const fields = { ...(data.url !== undefined ? { url: data.url } : {}), ...(data.enabled !== undefined ? { enabled: data.enabled } : {}), ...secret };
      return db.erpCallbackConfig.upsert({
        where: { accountId },
        create: { accountId, ...fields, updatedAt: now },
        update: { ...fields, updatedAt: now },
        select: configSelect,
      });
    },

    /** Gives the account a secret unless it has one already (two saves at once make one). */
    async ensureSecret(accountId: number, secret: string): Promise<boolean> {
      const set = await db.$executeRaw`
        UPDATE erp_callback_configs SET secret = ${secret}, secret_created_at = now(), updated_at = now()
         WHERE account_id = ${accountId} AND secret IS NULL`;
      return set === 1;
    },

    createDelivery: (d: NewDelivery) => db.erpCallbackDelivery.create({ data: d, select: { ...deliverySelect } }),

    /** A delivery and its account's settings, for the job. */
    async forSend(id: number) {
      const delivery = await db.erpCallbackDelivery.findUnique({ where: { id }, select: { ...deliverySelect, accountId: true, body: true } });
      if (!delivery) return null;
      return { delivery, config: await db.erpCallbackConfig.findUnique({ where: { accountId: delivery.accountId }, select: configSelect }) };
    },

    /** Logs an attempt and moves the delivery (pending while it will be tried again), only from the attempt it was read at. */
    async recordAttempt(id: number, a: AttemptRecord, status: 'pending' | 'delivered' | 'failed') {
      return db.$transaction(async (tx) => {
        const moved = await tx.erpCallbackDelivery.updateMany({
          where: { id, status: 'pending', attempts: a.attempt - 1 },
          data: {
            attempts: a.attempt,
            status,
            lastStatusCode: a.statusCode,
            lastError: a.error,
            ...(status === 'delivered' ? { deliveredAt: new Date() } : {}),
          },
        });
        if (moved.count === 1) await tx.erpCallbackAttempt.create({ data: { deliveryId: id, ...a } });
        return moved.count === 1;
      });
    },

    async deliveries(accountId: number, page: number, quantity: number) {
      const where = { accountId };
      const [rows, total] = await Promise.all([
        db.erpCallbackDelivery.findMany({ where, orderBy: { id: 'desc' }, skip: (page - 1) * quantity, take: quantity, select: deliverySelect }),
        db.erpCallbackDelivery.count({ where }),
      ]);
      const attempts = rows.length
        ? await db.erpCallbackAttempt.findMany({
            where: { deliveryId: { in: rows.map((r) => r.id) } },
            orderBy: [{ deliveryId: 'asc' }, { id: 'asc' }],
            select: { deliveryId: true, attempt: true, statusCode: true, durationMs: true, error: true, createdAt: true },
          })
        : [];
      const byDelivery = new Map<number, typeof attempts>();
      for (const a of attempts) {
        const list = byDelivery.get(a.deliveryId) ?? [];
        if (list.length < ATTEMPTS_SHOWN) list.push(a);
        byDelivery.set(a.deliveryId, list);
      }
      return { rows: rows.map((r) => ({ ...r, attemptLog: byDelivery.get(r.id) ?? [] })), total };
    },
  };
}
export type ErpCallbacksRepo = ReturnType<typeof createErpCallbacksRepo>;
