import type { RmAdType } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import { campaignStatus } from '../campaigns/campaign-status.ts';
import { businessDate } from '../promotions/promotion-status.ts';
import { systemClock, type Clock } from './decision.ts';

/** One servable ad (a product ad once per SKU it advertises), with all a decision needs. */
export interface IndexedAd {
  adId: number;
  type: RmAdType;
  campaignId: number;
  campaignName: string;
  advertiserId: number;
  pricing: 'cpc' | 'cpm';
  bidCents: number;
  clicks: number;
  impressions: number;
  /** Banner sizes it answers to: "728x90" and the size's name, lower case. */
  sizeKeys: string[];
  sku: string | null;
  productName: string | null;
  mediaUrl: string | null;
  destinationUrl: string | null;
  headline: string | null;
  brandName: string | null;
  description: string | null;
  brandUrl: string | null;
  assets: Array<{ url: string; type: string; dimension: string }>;
  budget: { dailyBudgetCents: number; totalBudgetCents: number | null; todaySpentCents: number; lifetimeSpentCents: number };
}

export interface PublisherIndex {
  builtAt: number;
  all: IndexedAd[];
  byKeyword: Map<string, IndexedAd[]>;
  byCategory: Map<string, IndexedAd[]>;
  bySku: Map<string, IndexedAd[]>;
  byBrand: Map<string, IndexedAd[]>;
  /** Catalog categories (breadcrumbs, normalised) of each SKU, for product pages. */
  productCategories: Map<string, string[]>;
}

/** "Mercearia > Café" in one spelling: trimmed parts, lower case, " > " between them. */
export const normCategory = (c: string) =>
  c
    .split('>')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)
    .join(' > ');

/** The breadcrumb and each of its prefixes, longest first. */
export function categoryPrefixes(breadcrumb: string): string[] {
  const parts = normCategory(breadcrumb).split(' > ').filter(Boolean);
  return parts.map((_, i) => parts.slice(0, parts.length - i).join(' > '));
}

export const normText = (s: string) => s.trim().toLowerCase();

const push = <K, V>(m: Map<K, V[]>, k: K, v: V) => {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
};

const num = (v: bigint | number | null | undefined) => Number(v ?? 0);

/** Reads everything servable of one publisher: a few indexed queries, once per rebuild. */
export async function buildPublisherIndex(db: Db, publisherId: number, now: Date): Promise<PublisherIndex> {
  const [config, campaigns] = await Promise.all([
    db.retailMediaConfig.findUnique({ where: { publisherId }, select: { adTypes: true } }),
    db.campaign.findMany({
      where: { publisherId, deletedAt: null, canceledAt: null, active: true, startAt: { lte: now }, OR: [{ endAt: null }, { endAt: { gte: now } }] },
      include: {
        keywords: { where: { disabledAt: null }, select: { keyword: true } },
        categories: { select: { category: true } },
        products: { where: { active: true }, select: { sku: true } },
        ads: { where: { status: 'approved', active: true, deletedAt: null }, include: { adSize: true } },
      },
    }),
  ]);
  const adTypes = new Set<string>(config?.adTypes ?? ['product', 'banner', 'sponsored_brand', 'digital_signage']);
  const live = campaigns.filter((c) => campaignStatus(c, now) === 'active' && adTypes.has(c.adType) && c.ads.length > 0);
  const campaignIds = live.map((c) => c.id);
  const advertiserIds = [...new Set(live.map((c) => c.advertiserId))];
  const today = new Date(`${businessDate(now)}T00:00:00.000Z`);

  const [wallets, todaySpend, lifetimeSpend, adStats, catalog] = await Promise.all([
    db.wallet.findMany({ where: { publisherId, advertiserId: { in: advertiserIds } }, select: { advertiserId: true, balanceCents: true } }),
    db.rmDailyStat.groupBy({ by: ['campaignId'], where: { campaignId: { in: campaignIds }, day: today }, _sum: { spentCents: true } }),
    db.rmDailyStat.groupBy({ by: ['campaignId'], where: { campaignId: { in: campaignIds } }, _sum: { spentCents: true } }),
    db.rmDailyStat.groupBy({ by: ['adId'], where: { campaignId: { in: campaignIds } }, _sum: { impressions: true, clicks: true } }),
    db.product.findMany({ where: { accountId: publisherId }, select: { sku: true, name: true, brand: true, url: true, imageUrl: true, categories: true } }),
  ]);
  const balance = new Map(wallets.map((w) => [w.advertiserId, num(w.balanceCents)]));
  const spentToday = new Map(todaySpend.map((s) => [s.campaignId, num(s._sum.spentCents)]));
  const spentEver = new Map(lifetimeSpend.map((s) => [s.campaignId, num(s._sum.spentCents)]));
  const history = new Map(adStats.map((s) => [s.adId, { impressions: num(s._sum.impressions), clicks: num(s._sum.clicks) }]));
  const products = new Map(catalog.map((p) => [p.sku, p]));

  const index: PublisherIndex = {
    builtAt: now.getTime(),
    all: [],
    byKeyword: new Map(),
    byCategory: new Map(),
    bySku: new Map(),
    byBrand: new Map(),
    productCategories: new Map(catalog.filter((p) => p.categories.length).map((p) => [p.sku, [normCategory(p.categories.join(' > '))]])),
  };

  for (const c of live) {
    if ((balance.get(c.advertiserId) ?? 0) <= 0) continue;
    const budget = {
      dailyBudgetCents: num(c.dailyBudgetCents),
      totalBudgetCents: c.totalBudgetCents === null ? null : num(c.totalBudgetCents),
      todaySpentCents: spentToday.get(c.id) ?? 0,
      lifetimeSpentCents: spentEver.get(c.id) ?? 0,
    };
    if (budget.todaySpentCents >= budget.dailyBudgetCents) continue;
    if (budget.totalBudgetCents !== null && budget.lifetimeSpentCents >= budget.totalBudgetCents) continue;
    const activeSkus = c.products.map((p) => p.sku);
    const categories = [...new Set(c.categories.map((k) => normCategory(k.category)))];
    const keywords = c.targeting === 'keyword' ? [...new Set(c.keywords.map((k) => normText(k.keyword)))] : [];

    for (const ad of c.ads) {
      if (!adTypes.has(ad.adType)) continue;
      const pricing: 'cpc' | 'cpm' = c.cpcCents !== null || ad.cpcCents !== null ? 'cpc' : 'cpm';
      const bidCents = num(pricing === 'cpc' ? (ad.cpcCents ?? c.cpcCents) : (ad.cpmCents ?? c.cpmCents));
      if (bidCents <= 0) continue;
      const stats = history.get(ad.id) ?? { impressions: 0, clicks: 0 };
      const skus = ad.adType === 'product' ? (ad.sku ? (activeSkus.length === 0 || activeSkus.includes(ad.sku) ? [ad.sku] : []) : activeSkus) : [null];
      const assets = Array.isArray(ad.assets) ? (ad.assets as IndexedAd['assets']) : [];
      for (const sku of skus) {
        const product = sku ? products.get(sku) : undefined;
        const entry: IndexedAd = {
          adId: ad.id,
          type: ad.adType,
          campaignId: c.id,
          campaignName: c.name,
          advertiserId: c.advertiserId,
          pricing,
          bidCents,
          clicks: stats.clicks,
          impressions: stats.impressions,
          sizeKeys: ad.adSize ? [`${ad.adSize.width}x${ad.adSize.height}`, normText(ad.adSize.name)] : [],
          sku,
          productName: product?.name ?? null,
          mediaUrl: ad.mediaUrl ?? product?.imageUrl ?? null,
          destinationUrl: ad.destinationUrl ?? product?.url ?? null,
          headline: ad.headline,
          brandName: ad.brandName ?? product?.brand ?? null,
          description: ad.description,
          brandUrl: ad.brandUrl,
          assets,
          budget,
        };
        index.all.push(entry);
        for (const k of keywords) push(index.byKeyword, k, entry);
        for (const k of categories) push(index.byCategory, k, entry);
        if (sku) push(index.bySku, sku, entry);
        if (entry.type !== 'product' || sku) {
          const brand = entry.type === 'product' ? product?.brand : entry.brandName;
          if (brand) push(index.byBrand, normText(brand), entry);
        }
      }
    }
  }
  return index;
}

export const INDEX_MAX_AGE_MS = 5_000;

/**
 * The in-memory index of every publisher asked about: built on first use and after `invalidate`
 * (those requests wait for it), refreshed in the background when older than 5 s (requests keep
 * reading the previous one meanwhile, so no decision waits on the database). Concurrent requests
 * share one build. A request reads only the Maps.
 */
export function createAdIndex(db: Db, clock: Clock = systemClock) {
  const indexes = new Map<number, PublisherIndex>();
  const building = new Map<number, Promise<PublisherIndex>>();

  function build(publisherId: number, now: Date): Promise<PublisherIndex> {
    let pending = building.get(publisherId);
    if (!pending) {
      pending = buildPublisherIndex(db, publisherId, now)
        .then((idx) => {
          indexes.set(publisherId, idx);
          return idx;
        })
        .finally(() => building.delete(publisherId));
      building.set(publisherId, pending);
    }
    return pending;
  }

  return {
    async get(publisherId: number): Promise<PublisherIndex> {
      const now = clock();
      const current = indexes.get(publisherId);
      if (!current) return build(publisherId, now);
      if (now.getTime() - current.builtAt > INDEX_MAX_AGE_MS) {
        // A failed refresh keeps serving the previous index; the next stale read tries again.
        build(publisherId, now).catch(() => undefined);
      }
      return current;
    },
    invalidate(publisherId: number) {
      indexes.delete(publisherId);
    },
  };
}
export type AdIndex = ReturnType<typeof createAdIndex>;
