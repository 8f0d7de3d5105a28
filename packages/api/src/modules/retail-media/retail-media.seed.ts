import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';

const DAY = 86_400_000;

type LinkData = Omit<Prisma.AdvertiserLinkUncheckedCreateInput, 'publisherId' | 'advertiserId'>;

/** Publisher → advertiser links of the demo (spec §3 link-edit form). */
const LINKS: Array<{ publisher: string; advertiser: string; recharger: string; data: LinkData }> = [
  {
    publisher: 'supermercado-bom-preco', advertiser: 'cafe-aurora', recharger: 'gestor@marca.test',
    data: { type: 'industry', brands: ['Café Aurora'], strategies: ['standard', 'objective_based'], defaultStrategy: 'standard', enableAudienceCampaign: true },
  },
  {
    publisher: 'supermercado-bom-preco', advertiser: 'supermercado-bom-preco', recharger: 'admin@varejo.test',
    data: { type: 'seller', sellerId: 'bompreco', strategies: ['standard'], defaultStrategy: 'standard' },
  },
  {
    publisher: 'rede-parceira-midia', advertiser: 'cafe-aurora', recharger: 'gestor@marca.test',
    data: { type: 'industry', brands: ['Café Aurora'], strategies: ['standard'], defaultStrategy: 'standard', allowManageSubpublishers: true },
  },
];

/** Deterministic pseudo-random numbers, so every seed tells the same story. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

type Movement = Omit<Prisma.WalletTransactionCreateManyInput, 'walletId' | 'balanceAfterCents'>;

/** 30 days of a wallet: two recharges by the advertiser's admin and small ad-serving debits between them. */
function history(now: Date, userId: number, seed: number): Movement[] {
  const random = sequence(seed);
  const at = (daysAgo: number, hour: number) => new Date(now.getTime() - daysAgo * DAY + hour * 3_600_000 - 12 * 3_600_000);
  const moves: Movement[] = [
    { amountCents: 500_000n, transactionType: 'credit', transactionSubtype: 'recharge', userId, note: 'Recarga inicial', createdAt: at(29, 1) },
    { amountCents: 250_000n, transactionType: 'credit', transactionSubtype: 'recharge', userId, note: 'Recarga para a campanha de fim de mês', createdAt: at(14, 2) },
  ];
  for (let daysAgo = 28; daysAgo >= 1; daysAgo -= 1 + Math.floor(random() * 2)) {
    const cpc = random() < 0.6;
    moves.push({
      amountCents: -BigInt(cpc ? 350 + Math.floor(random() * 4_000) : 1_200 + Math.floor(random() * 6_000)),
      transactionType: 'debit',
      transactionSubtype: cpc ? 'cpc' : 'cpm',
      userId: null,
      note: cpc ? 'Cliques em anúncios de produto' : 'Impressões de banners',
      createdAt: at(daysAgo, 3 + Math.floor(random() * 8)),
    });
  }
  return moves.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
}

/** Idempotent: links by (publisher, advertiser); a wallet and its history only when the wallet is new. */
export async function seedRetailMedia(db: Db, accountIds: Map<string, number>): Promise<void> {
  const now = new Date();
  for (const [index, l] of LINKS.entries()) {
    const publisherId = accountIds.get(l.publisher)!;
    const advertiserId = accountIds.get(l.advertiser)!;
    const key = { publisherId_advertiserId: { publisherId, advertiserId } };
    await db.advertiserLink.upsert({ where: key, create: { publisherId, advertiserId, ...l.data }, update: {} });
    if (await db.wallet.findUnique({ where: key, select: { id: true } })) continue;
    const user = await db.user.findUniqueOrThrow({ where: { email: l.recharger }, select: { id: true } });
    let balance = 0n;
    const moves = history(now, user.id, 7_919 * (index + 1)).map((m) => {
      balance += m.amountCents as bigint;
      return { ...m, balanceAfterCents: balance };
    });
    await db.wallet.create({
      data: { publisherId, advertiserId, balanceCents: balance, transactions: { createMany: { data: moves } } },
    });
  }
}

/** Publisher → advertiser links and their wallets, with 30 days of movements. */
export const retailMediaSeed: ModuleSeed = { name: 'retail-media', seed: (db, { accountIds }) => seedRetailMedia(db, accountIds) };
