import type { Db } from '../src/db/client.ts';
import { createWalletsRepo } from '../src/modules/wallets/wallets.repo.ts';

/** A product of the demo catalog of Supermercado Bom Preço. */
export const KEYWORD_CAMPAIGN_SKU = 'cafe-aurora-tradicional-500g';

/**
 * A product campaign of Café Aurora on Supermercado Bom Preço (demo seed) of a test's own: one
 * approved ad, served only to searches for `keyword`, so a decision for that term tells whether an
 * instance serves it; the wallet credited so that budget never holds it back.
 */
export async function createKeywordCampaign(
  db: Db,
  { publisherId, advertiserId, keyword, active }: { publisherId: number; advertiserId: number; keyword: string; active: boolean },
) {
  const campaign = await db.campaign.create({
    data: {
      publisherId,
      advertiserId,
      name: `Campanha de teste ${keyword}`,
      adType: 'product',
      active,
      dailyBudgetCents: 100_000_000n,
      cpcCents: 50n,
      startAt: new Date(Date.now() - 86_400_000),
      keywords: { create: [{ keyword }] },
      products: { create: [{ sku: KEYWORD_CAMPAIGN_SKU }] },
    },
  });
  const ad = await db.ad.create({
    data: { campaignId: campaign.id, adType: 'product', status: 'approved', sku: KEYWORD_CAMPAIGN_SKU, destinationUrl: 'https://loja.test/cafe' },
  });
  const wallet = await db.wallet.findUniqueOrThrow({ where: { publisherId_advertiserId: { publisherId, advertiserId } } });
  await createWalletsRepo(db).credit({
    walletId: wallet.id,
    amountCents: 10_000_000n,
    type: 'credit',
    subtype: 'recharge',
    userId: null,
    note: `test campaign ${keyword}`,
    idempotencyKey: `keyword-campaign-${keyword}`,
  });
  return { campaign: campaign.id, ad: ad.id, wallet: wallet.id };
}

/** The decision request of a search for `keyword` (3 product ads at most), for the ad-serving API. */
export const keywordSearch = (keyword: string, user: string) => ({
  context: 'search',
  term: keyword,
  user_id: user,
  placements: { topo: { types: ['product'], quantity: 3 } },
});
