import type { Db, Tx } from '../../db/client.ts';
import type { Prisma, WalletTransactionType } from '../../generated/prisma/client.ts';
import { likeLiteral } from '../../lib/like.ts';

const party = { select: { id: true, name: true, logoUrl: true } } as const;
const walletSelect = { id: true, balanceCents: true, updatedAt: true, advertiser: party, publisher: party } as const;
const movementSelect = {
  id: true,
  createdAt: true,
  amountCents: true,
  transactionType: true,
  transactionSubtype: true,
  note: true,
  balanceAfterCents: true,
  idempotencyKey: true,
  user: { select: { name: true, email: true } },
} as const;

export type WalletRow = Prisma.WalletGetPayload<{ select: typeof walletSelect }>;
export type MovementRow = Prisma.WalletTransactionGetPayload<{ select: typeof movementSelect }>;

export interface Movement {
  walletId: number;
  /** Signed: credits positive, debits negative. */
  amountCents: bigint;
  type: WalletTransactionType;
  subtype: string;
  userId: number | null;
  note: string | null;
  idempotencyKey: string | null;
}

/** Many ad-serving debits may queue on one wallet's row lock: wait for a connection rather than fail. */
const TX_OPTIONS = { maxWait: 10_000, timeout: 10_000 } as const;

/** Thrown inside a transaction to undo its balance change when the idempotency key was already used. */
class KeyTaken extends Error {}

/** The wallets an account sees: as the advertiser or as the publisher. */
const visibleTo = (accountId: number): Prisma.WalletWhereInput => ({ OR: [{ advertiserId: accountId }, { publisherId: accountId }] });

/**
 * Wallets and their movements. Every balance change is one conditional UPDATE … RETURNING and the
 * movement it leads to, in the same database transaction: the balance never drifts from the movements.
 */
export function createWalletsRepo(db: Db) {
  /** Moves the balance by `delta` (only when `floor` is met) and writes the movement; null when the condition failed. */
  async function move(tx: Tx, m: Movement, floorCents: bigint | null): Promise<MovementRow | null> {
    const rows = await tx.$queryRaw<{ balance_cents: bigint }[]>`
      UPDATE wallets SET balance_cents = balance_cents + ${m.amountCents}, updated_at = now()
       WHERE id = ${m.walletId} AND (${floorCents}::bigint IS NULL OR balance_cents >= ${floorCents}::bigint)
      RETURNING balance_cents`;
    if (rows.length === 0) return null;
    const inserted = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO wallet_transactions
        (wallet_id, amount_cents, transaction_type, transaction_subtype, user_id, note, balance_after_cents, idempotency_key)
      VALUES (${m.walletId}, ${m.amountCents}, ${m.type}::"WalletTransactionType", ${m.subtype}, ${m.userId}, ${m.note},
              ${rows[0]!.balance_cents}, ${m.idempotencyKey})
      ON CONFLICT (wallet_id, idempotency_key) DO NOTHING
      RETURNING id`;
    if (inserted.length === 0) throw new KeyTaken();
    return tx.walletTransaction.findUniqueOrThrow({ where: { id: inserted[0]!.id }, select: movementSelect });
  }

  return {
    async list(accountId: number, name: string | undefined, page: number, quantity: number) {
      const where: Prisma.WalletWhereInput = {
        AND: [
          visibleTo(accountId),
          name
            ? {
                OR: [
                  { advertiser: { name: { contains: likeLiteral(name), mode: 'insensitive' } } },
                  { publisher: { name: { contains: likeLiteral(name), mode: 'insensitive' } } },
                ],
              }
            : {},
        ],
      };
      const [rows, total] = await Promise.all([
        db.wallet.findMany({
          where,
          select: walletSelect,
          orderBy: [{ advertiser: { name: 'asc' } }, { publisher: { name: 'asc' } }, { id: 'asc' }],
          skip: (page - 1) * quantity,
          take: quantity,
        }),
        db.wallet.count({ where }),
      ]);
      return { rows, total };
    },

    find: (accountId: number, id: number) => db.wallet.findFirst({ where: { id, ...visibleTo(accountId) }, select: walletSelect }),

    async movements(walletId: number, page: number, quantity: number) {
      const [rows, total] = await Promise.all([
        db.walletTransaction.findMany({
          where: { walletId },
          select: movementSelect,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * quantity,
          take: quantity,
        }),
        db.walletTransaction.count({ where: { walletId } }),
      ]);
      return { rows, total };
    },

    findByKey: (walletId: number, key: string) =>
      db.walletTransaction.findUnique({ where: { walletId_idempotencyKey: { walletId, idempotencyKey: key } }, select: movementSelect }),

    /** A credit; `replayed` when its idempotency key was already used on this wallet (nothing written then). */
    async credit(m: Movement): Promise<{ row: MovementRow; replayed: boolean } | null> {
      try {
        const row = await db.$transaction((tx) => move(tx, m, null), TX_OPTIONS);
        return row ? { row, replayed: false } : null;
      } catch (err) {
        if (!(err instanceof KeyTaken) || !m.idempotencyKey) throw err;
        const row = await db.walletTransaction.findUniqueOrThrow({
          where: { walletId_idempotencyKey: { walletId: m.walletId, idempotencyKey: m.idempotencyKey } },
          select: movementSelect,
        });
        return { row, replayed: true };
      }
    },

    /** A debit of `cents` (> 0) only when the balance covers it; null (nothing written) otherwise. */
    debit: (m: Omit<Movement, 'amountCents' | 'type' | 'idempotencyKey'>, cents: bigint) =>
      db.$transaction((tx) => move(tx, { ...m, amountCents: -cents, type: 'debit', idempotencyKey: null }, cents), TX_OPTIONS),
  };
}

export type WalletsRepo = ReturnType<typeof createWalletsRepo>;
