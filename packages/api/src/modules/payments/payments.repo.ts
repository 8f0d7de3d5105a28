import type { PaymentMethodCode } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';

const configSelect = {
  id: true,
  locationId: true,
  method: true,
  active: true,
  minOrderCents: true,
  maxInstallments: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type PaymentConfigRow = Prisma.PaymentMethodConfigGetPayload<{ select: typeof configSelect }>;

/** The columns a write sets; `accountId` and the id are the repository's business. */
export interface PaymentConfigData {
  active: boolean;
  minOrderCents: bigint | null;
  maxInstallments: number | null;
}

export interface PaymentConfigFilters {
  locationId?: number;
  method?: PaymentMethodCode;
  /** The stores the caller may see (null: every store of the account); account defaults are always listed. */
  allowedLocationIds: number[] | null;
}

/** Payment method configurations of one account: every query is scoped by `accountId`. */
export function createPaymentsRepo(db: Db) {
  const where = (accountId: number, f: PaymentConfigFilters): Prisma.PaymentMethodConfigWhereInput => ({
    accountId,
    ...(f.method ? { method: f.method } : {}),
    ...(f.locationId !== undefined
      ? { locationId: f.locationId }
      : f.allowedLocationIds
        ? { OR: [{ locationId: null }, { locationId: { in: f.allowedLocationIds } }] }
        : {}),
  });

  return {
    /** One page: the account's defaults first, then by store and method. */
    async list(accountId: number, f: PaymentConfigFilters, page: number, quantity: number) {
      const w = where(accountId, f);
      const [rows, total] = await Promise.all([
        db.paymentMethodConfig.findMany({
          where: w,
          select: configSelect,
          orderBy: [{ locationId: { sort: 'asc', nulls: 'first' } }, { method: 'asc' }, { id: 'asc' }],
          skip: (page - 1) * quantity,
          take: quantity,
        }),
        db.paymentMethodConfig.count({ where: w }),
      ]);
      return { rows, total };
    },

    find(accountId: number, id: number) {
      return db.paymentMethodConfig.findFirst({ where: { id, accountId }, select: configSelect });
    },

    /** The account's configuration of `method` at the store (null: the account's default), if any. */
    findByMethod(accountId: number, locationId: number | null, method: PaymentMethodCode) {
      return db.paymentMethodConfig.findFirst({ where: { accountId, locationId, method }, select: configSelect });
    },

    /** Names of the account's stores among these ids. */
    async storeNames(accountId: number, ids: number[]) {
      if (!ids.length) return new Map<number, string>();
      const rows = await db.location.findMany({ where: { accountId, id: { in: ids } }, select: { id: true, name: true } });
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    create(accountId: number, locationId: number | null, method: PaymentMethodCode, data: PaymentConfigData) {
      return db.paymentMethodConfig.create({ data: { ...data, accountId, locationId, method }, select: configSelect });
    },

    /** Changes the account's own configuration; null when there is none. */
    async update(accountId: number, id: number, data: Partial<PaymentConfigData>) {
      const { count } = await db.paymentMethodConfig.updateMany({ where: { id, accountId }, data });
      return count ? db.paymentMethodConfig.findFirst({ where: { id, accountId }, select: configSelect }) : null;
    },

    async remove(accountId: number, id: number) {
      const { count } = await db.paymentMethodConfig.deleteMany({ where: { id, accountId } });
      return count > 0;
    },
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;

/** A write that lost a race to another one for the same store and method (the partial unique indexes). */
export const isDuplicateConfig = (err: unknown) =>
  (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') ||
  (err instanceof Error && /23505|unique constraint/i.test(err.message));
