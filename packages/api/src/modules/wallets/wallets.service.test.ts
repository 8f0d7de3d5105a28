import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { createWalletsRepo } from './wallets.repo.ts';
import { createWalletsService, type WalletsService } from './wallets.service.ts';

let database: Database;
let drop: () => Promise<void>;
let service: WalletsService;
let walletId: number;
const ids = { bomPreco: 0, atacado: 0, rede: 0, partnerAdmin: 0 };

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  const db = database.prisma;
  service = createWalletsService({ repo: createWalletsRepo(db) });
  const accounts = await db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  Object.assign(ids, { bomPreco: idOf('supermercado-bom-preco'), atacado: idOf('bom-preco-atacado'), rede: idOf('rede-parceira-midia') });
  ids.partnerAdmin = (await db.user.findUniqueOrThrow({ where: { email: 'admin@parceiro.test' } })).id;
  walletId = (await db.wallet.create({ data: { publisherId: ids.rede, advertiserId: ids.bomPreco } })).id;
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

const state = async () => ({
  balance: (await database.prisma.wallet.findUniqueOrThrow({ where: { id: walletId } })).balanceCents,
  movements: await database.prisma.walletTransaction.count({ where: { walletId } }),
});

describe('wallets service', () => {
  it('debits nothing when the balance is short', async () => {
    expect(await service.debit(walletId, 1, 'cpc')).toBeNull();
    expect(await state()).toEqual({ balance: 0n, movements: 0 });
  });

  it('debits within the balance and records the movement with its running balance', async () => {
    const caller = { accountId: ids.rede, userId: ids.partnerAdmin, retailMediaRole: 'publisher' as const };
    await service.recharge(caller, walletId, { amount: 1, note: undefined }, 'service-test-key');
    const movement = await service.debit(walletId, 40, 'cpm', 'Impressões de banners');
    expect(movement).toMatchObject({ amount: -0.4, transaction_type: 'debit', transaction_subtype: 'cpm', balanceAfter: 0.6, user_name: null, note: 'Impressões de banners' });
    expect(await service.debit(walletId, 61, 'cpc')).toBeNull();
    expect(await service.debit(walletId, 60, 'cpc')).toMatchObject({ balanceAfter: 0 });
    expect(await state()).toEqual({ balance: 0n, movements: 3 });
  });

  it('refuses a debit that is not a positive whole number of cents', async () => {
    for (const cents of [0, -5, 1.5]) await expect(service.debit(walletId, cents, 'cpc')).rejects.toThrow(RangeError);
  });

  it('gives an account outside retail media an empty list and no wallet', async () => {
    const caller = { accountId: ids.bomPreco, userId: ids.partnerAdmin, retailMediaRole: 'none' as const };
    expect(await service.list(caller, { page: 1, quantity: 50 })).toEqual({ data: [], meta: { page: 1, quantity: 50, total: 0, total_pages: 0 } });
    await expect(service.get(caller, walletId)).rejects.toMatchObject({ status: 404, code: 'WALLET_NOT_FOUND' });
  });
});
