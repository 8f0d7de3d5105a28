import type { z } from 'zod';
import { fromCents, toCents, type RechargeWalletInput, type Wallet, type WalletTransaction } from '@backoffice/contracts';
import { ConflictError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { MovementRow, WalletRow, WalletsRepo } from './wallets.repo.ts';

interface Deps {
  repo: WalletsRepo;
}

/** Who asks: the current account, its retail media role and the signed-in user. */
export interface WalletCaller {
  accountId: number;
  userId: number;
  retailMediaRole: 'none' | 'publisher' | 'advertiser' | 'both';
}

const partyOf = (a: WalletRow['advertiser']) => ({ id: a.id, name: a.name, account_logo: a.logoUrl });

export const toWallet = (w: WalletRow): z.input<typeof Wallet> => ({
  id: w.id,
  balance: fromCents(w.balanceCents),
  advertiser: partyOf(w.advertiser),
  publisher: partyOf(w.publisher),
  updated_at: w.updatedAt.toISOString(),
});

export const toMovement = (t: MovementRow): z.input<typeof WalletTransaction> => ({
  id: t.id,
  created_at: t.createdAt.toISOString(),
  amount: fromCents(t.amountCents),
  transaction_type: t.transactionType,
  transaction_subtype: t.transactionSubtype,
  user_name: t.user?.name ?? null,
  user_email: t.user?.email ?? null,
  note: t.note,
  balanceAfter: fromCents(t.balanceAfterCents),
});

/**
 * Retail media wallets: an advertiser's prepaid credit on one publisher. Both sides see it;
 * anyone else gets WALLET_NOT_FOUND. Recharges are idempotent by key; debits never go below zero.
 */
export function createWalletsService({ repo }: Deps) {
  const visible = async (caller: WalletCaller, id: number) =>
    found(caller.retailMediaRole === 'none' ? null : await repo.find(caller.accountId, id), 'WALLET_NOT_FOUND');

  return {
    async list(caller: WalletCaller, q: { page: number; quantity: number; name?: string }) {
      if (caller.retailMediaRole === 'none') return pageOf([], q, 0);
      const { rows, total } = await repo.list(caller.accountId, q.name, q.page, q.quantity);
      return pageOf(rows.map(toWallet), q, total);
    },

    get: async (caller: WalletCaller, id: number) => toWallet(await visible(caller, id)),

    async transactions(caller: WalletCaller, id: number, q: { page: number; quantity: number }) {
      const wallet = await visible(caller, id);
      const { rows, total } = await repo.movements(wallet.id, q.page, q.quantity);
      return pageOf(rows.map(toMovement), q, total);
    },

    /**
     * Credits the wallet once per idempotency key. A replay of the key returns the original
     * movement (`replayed`); the same key with another amount is a conflict.
     */
    async recharge(caller: WalletCaller, id: number, input: RechargeWalletInput, key: string) {
      const wallet = await visible(caller, id);
      const cents = BigInt(toCents(input.amount));
      const original = await repo.findByKey(wallet.id, key);
      const result = original
        ? { row: original, replayed: true }
        : found(
            await repo.credit({
              walletId: wallet.id,
              amountCents: cents,
              type: 'credit',
              subtype: 'recharge',
              userId: caller.userId,
              note: input.note ?? null,
              idempotencyKey: key,
            }),
            'WALLET_NOT_FOUND',
          );
      if (result.row.amountCents !== cents) throw new ConflictError('WALLET_IDEMPOTENCY_CONFLICT');
      const current = found(await repo.find(caller.accountId, wallet.id), 'WALLET_NOT_FOUND');
      return { replayed: result.replayed, body: { transaction: toMovement(result.row), wallet: toWallet(current) } };
    },

    /**
     * Takes `amountCents` from the wallet for served ads (subtype e.g. 'cpc', 'cpm') when the
     * balance covers it; null, with nothing written, when it does not.
     */
    async debit(walletId: number, amountCents: number, subtype: string, note?: string) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('debit amount must be a positive integer of cents');
      const row = await repo.debit({ walletId, subtype, userId: null, note: note ?? null }, BigInt(amountCents));
      return row ? toMovement(row) : null;
    },
  };
}

export type WalletsService = ReturnType<typeof createWalletsService>;
