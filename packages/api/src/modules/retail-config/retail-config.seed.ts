import type { Db } from '../../db/client.ts';
import type { CampaignGoal, Prisma } from '../../generated/prisma/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { VTEX_DEMO } from '../campaigns/vtex-demo.ts';

const BOM_PRECO = 'supermercado-bom-preco';
const REDE = 'rede-parceira-midia';
const CAFE_AURORA = 'cafe-aurora';

/** Publisher settings: enabled ad types and terms of service (spec §2). */
const CONFIGS: Array<{ publisher: string; data: Omit<Prisma.RetailMediaConfigUncheckedCreateInput, 'publisherId'> }> = [
  {
    publisher: BOM_PRECO,
    data: {
      adTypes: ['product', 'banner', 'sponsored_brand', 'digital_signage'],
      termsActive: true,
      termsUrl: 'https://bompreco.com.br/termos-retail-media',
      termsVersion: '2026.1',
    },
  },
  { publisher: REDE, data: { adTypes: ['banner', 'sponsored_brand', 'digital_signage'], termsActive: false } },
];

/** Ad-cost ranges per goal, in cents. */
const GOAL_RANGES: Record<string, Record<CampaignGoal, [min: number, max: number]>> = {
  [BOM_PRECO]: { profitability: [50, 120], growth: [80, 200], reach: [30, 90] },
  [REDE]: { profitability: [60, 150], growth: [90, 220], reach: [35, 100] },
};

type SizeSeed = [name: string, width: number, height: number];
const frameSizes = (frames: Record<string, string>): SizeSeed[] =>
  Object.entries(frames).map(([name, frame]) => {
    const [width, height] = frame.split('x').map(Number) as [number, number];
    return [name, width, height];
  });

/**
 * Banner sizes each publisher sells (the campaigns seed places its banners on them). Bom Preço also
 * sells the sizes a VTEX Ads request names: "desktop", "mobile" and the video sizes 1080p…320p.
 */
export const AD_SIZES: Record<string, SizeSeed[]> = {
  [BOM_PRECO]: [
    ['Full banner', 1200, 300],
    ['Retângulo médio', 300, 250],
    ['Super banner', 728, 90],
    ['Mobile banner', 320, 100],
    ...frameSizes(VTEX_DEMO.imageSizes),
    ...frameSizes(VTEX_DEMO.videoSizes),
  ],
  [REDE]: [
    ['Full banner', 1200, 300],
    ['Retângulo médio', 300, 250],
  ],
};

/** Stores of the Rede Parceira network: sub-publishers without users of their own. */
const SUBPUBLISHERS = [
  { slug: 'mercado-vizinho', name: 'Mercado Vizinho', document: '23.456.789/0001-01', headerColor: '#2b8a3e' },
  { slug: 'emporio-serra', name: 'Empório Serra', document: '34.567.890/0001-12', headerColor: '#862e9c' },
];

type AudienceSeed = Omit<Prisma.AudienceUncheckedCreateInput, 'publisherId' | 'createdByAccountId' | 'advertiserIds'> & {
  proposer?: string;
  privateTo?: string[];
};

/** Bom Preço's audiences, one per review outcome. Prices in cents. */
const AUDIENCES: AudienceSeed[] = [
  {
    name: 'Amantes de café',
    description: 'Clientes que compram café todo mês, em pó ou em cápsulas.',
    status: 'approved',
    priceCents: 25_000n,
    estimatedAudience: 18_400,
    reachRange: 72,
    visibility: 'global',
    rules: [
      { attribute: 'purchased_category', operator: 'eq', value: 'Café' },
      { attribute: 'purchase_frequency', operator: 'in', value: ['weekly', 'biweekly', 'monthly'] },
    ],
  },
  {
    name: 'Famílias com crianças',
    description: 'Clientes com compras frequentes de itens infantis e ticket médio alto.',
    status: 'approved',
    priceCents: 0n,
    estimatedAudience: 9_650,
    reachRange: 48,
    visibility: 'private',
    privateTo: [CAFE_AURORA],
    rules: [
      { attribute: 'age_range', operator: 'in', value: ['25_34', '35_44'] },
      { attribute: 'average_ticket', operator: 'gte', value: 180 },
      { attribute: 'purchased_category', operator: 'in', value: ['Biscoitos', 'Iogurte', 'Sucos'] },
    ],
  },
  {
    name: 'Compradores de orgânicos',
    description: 'Clientes que levam hortifrúti e produtos naturais toda semana.',
    status: 'awaiting_approval',
    estimatedAudience: 4_200,
    reachRange: 31,
    visibility: 'private',
    proposer: CAFE_AURORA,
    privateTo: [CAFE_AURORA],
    rules: [
      { attribute: 'purchased_category', operator: 'in', value: ['Frutas', 'Verduras', 'Legumes'] },
      { attribute: 'purchase_frequency', operator: 'eq', value: 'weekly' },
      { attribute: 'uses_app', operator: 'eq', value: true },
    ],
  },
  {
    name: 'Clientes inativos 90 dias',
    description: 'Clientes sem compras nos últimos 90 dias, para campanhas de reativação.',
    status: 'rejected',
    note: 'Público sensível a comunicação: reativação fica com o CRM do Bom Preço.',
    estimatedAudience: 12_300,
    reachRange: 55,
    visibility: 'global',
    rules: [
      { attribute: 'last_purchase_days', operator: 'gt', value: 90 },
      { attribute: 'has_coupon', operator: 'eq', value: false },
    ],
  },
];

/**
 * Idempotent: publisher configs, goal ranges and ad sizes by their unique keys; sub-publishers
 * by slug; audiences by (publisher, name). Rows people changed are left as they are.
 */
export async function seedRetailConfig(db: Db, accountIds: Map<string, number>): Promise<void> {
  for (const c of CONFIGS) {
    const publisherId = accountIds.get(c.publisher)!;
    await db.retailMediaConfig.upsert({ where: { publisherId }, create: { publisherId, ...c.data }, update: {} });
  }

  for (const [slug, ranges] of Object.entries(GOAL_RANGES)) {
    const publisherId = accountIds.get(slug)!;
    for (const [goal, [min, max]] of Object.entries(ranges) as Array<[CampaignGoal, [number, number]]>) {
      await db.campaignGoalRange.upsert({
        where: { publisherId_goal: { publisherId, goal } },
        create: { publisherId, goal, minCents: BigInt(min), maxCents: BigInt(max) },
        update: {},
      });
    }
  }

  for (const [slug, sizes] of Object.entries(AD_SIZES)) {
    const publisherId = accountIds.get(slug)!;
    for (const [name, width, height] of sizes) {
      await db.adSize.upsert({ where: { publisherId_name: { publisherId, name } }, create: { publisherId, name, width, height }, update: {} });
    }
  }

  const networkId = accountIds.get(REDE)!;
  for (const s of SUBPUBLISHERS) {
    const row = await db.account.upsert({
      where: { slug: s.slug },
      create: {
        ...s,
        type: 'white_label',
        whiteLabelVariant: 'retail_media',
        retailMediaRole: 'publisher',
        networkId,
        logoUrl: null,
        sellerId: s.slug,
      },
      update: {},
      select: { id: true },
    });
    accountIds.set(s.slug, row.id);
  }

  const publisherId = accountIds.get(BOM_PRECO)!;
  const reviewer = await db.user.findUnique({ where: { email: 'admin@varejo.test' }, select: { id: true } });
  for (const { proposer, privateTo, ...a } of AUDIENCES) {
    if (await db.audience.findFirst({ where: { publisherId, name: a.name }, select: { id: true } })) continue;
    const reviewed = a.status !== 'awaiting_approval';
    await db.audience.create({
      data: {
        ...a,
        publisherId,
        createdByAccountId: proposer ? accountIds.get(proposer)! : null,
        advertiserIds: (privateTo ?? []).map((slug) => accountIds.get(slug)!),
        billingType: 'up_front',
        reviewedById: reviewed ? (reviewer?.id ?? null) : null,
        reviewedAt: reviewed ? new Date() : null,
      },
    });
  }
}

/** Publishers' retail-media settings, ad sizes, sub-publishers and audiences. */
export const retailConfigSeed: ModuleSeed = { name: 'retail-config', seed: (db, { accountIds }) => seedRetailConfig(db, accountIds) };
