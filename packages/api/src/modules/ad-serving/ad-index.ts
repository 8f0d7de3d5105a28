import type { RmAdType } from '@backoffice/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { businessDate } from '../../lib/business-day.ts';
import { createRedisBroadcast } from '../../lib/redis.ts';
import { PACING_SLACK, score, systemClock, type BusinessDay, type Clock, type Scored } from './decision.ts';
import { compileAudience, type IndexedAudience } from './segmentation.ts';

/** A campaign's serving state, shared by all its index entries and updated in place when spend changes. */
export interface CampaignServing {
  campaignId: number;
  /** The campaign runs from startMs until endMs (null: always on); checked per decision, so starts and ends need no rebuild. */
  startMs: number;
  endMs: number | null;
  dailyBudgetCents: number;
  totalBudgetCents: number | null;
  /** Spend of the São Paulo day `spentDay`; another day means nothing spent yet today. */
  spentDay: string;
  todaySpentCents: number;
  lifetimeSpentCents: number;
  /** The advertiser's wallet at this publisher, shared by all its campaigns. */
  wallet: { balanceCents: number };
}

/** Eligible now: within its dates, wallet funded, daily and total budget left and evenly paced. */
export function servable(s: CampaignServing, nowMs: number, day: BusinessDay): boolean {
  if (nowMs < s.startMs || (s.endMs !== null && nowMs > s.endMs)) return false;
  if (s.wallet.balanceCents <= 0) return false;
  // The same rule as withinBudgetAt, without building a Budget per candidate on the hot path.
  const today = s.spentDay === day.date ? s.todaySpentCents : 0;
  if (today >= s.dailyBudgetCents) return false;
  if (s.totalBudgetCents !== null && s.lifetimeSpentCents >= s.totalBudgetCents) return false;
  return today <= s.dailyBudgetCents * (day.fraction + PACING_SLACK);
}

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
  /** Its banner size (the ad_sizes row; -1: none), which answers to "728x90" and to its name (PublisherIndex.sizesByKey). */
  sizeId: number;
  /** The media it shows (MEDIA_BITS of its assets' types; 0: a product ad, or a creative without media). */
  mediaBits: number;
  /** Banner and digital signage: the media type of media_url. */
  mediaType: 'image' | 'video';
  sku: string | null;
  /** The SKU's number in this index (PublisherIndex.skuIds; -1: none), for the decision's scan. */
  skuId: number;
  productName: string | null;
  mediaUrl: string | null;
  destinationUrl: string | null;
  headline: string | null;
  brandName: string | null;
  description: string | null;
  brandUrl: string | null;
  /** Banners, sponsored brands and digital signage: the creative's assets (a banner's or signage's media as its one asset). */
  assets: AdAsset[];
  /** Digital signage: seconds on screen (the ad's, else 15 for an image and 30 for a video). */
  duration: number | null;
  /** Product ads: the SKU's catalog tags, in lower case (an ad query's `tags` ask for one of them). */
  tags: ReadonlySet<string>;
  /** Sponsored brands: the campaign's active products, with their catalog fields. */
  products: SponsoredProduct[];
  /** The campaign's audiences (AudienceIndex ids); null: it serves everyone. */
  audiences: readonly number[] | null;
  serving: CampaignServing;
  /** Its auction score from bid and click history, kept current with them (decisions only sort). */
  scored: Scored<IndexedAd>;
  /** Its fields in a decision's answer, as JSON, once it has been served (decision.service.ts). */
  json?: string;
  /** Sponsored brands: the same per choice of assets and products (decision.service.ts). */
  jsonBy?: Map<string, string>;
}

export interface AdAsset {
  url: string;
  type: 'image' | 'video';
  /** "1280x720"; null when not known (a digital signage media has no size). */
  dimension: string | null;
}

export interface SponsoredProduct {
  sku: string;
  name: string | null;
  mediaUrl: string | null;
  destinationUrl: string | null;
  tags: ReadonlySet<string>;
}

/** One bit per media type, for a placement's mask of the media it accepts. */
export const MEDIA_BITS = { image: 1, video: 2 } as const;

/** A creative's media type: `media_type` 'video' (or a video/* MIME type), else a video file name; anything else is an image. */
export function mediaTypeOf(declared: string | null | undefined, url: string | null | undefined): 'image' | 'video' {
  if (declared) return declared.toLowerCase().startsWith('video') ? 'video' : 'image';
  return url && /\.(mp4|webm|mov|m4v)(\?|#|$)/i.test(url) ? 'video' : 'image';
}

/** Seconds a signage ad shows when it does not say: an image 15 (AD_SIGNAGE_DURATION), a video 30. */
export const SIGNAGE_DEFAULT_SECONDS = { image: 15, video: 30 } as const;

/** Where a campaign's entries were filed, so an incremental update can take them out again. */
interface CampaignSlice {
  entries: IndexedAd[];
  keywords: string[];
  categories: string[];
  skus: string[];
  brands: string[];
}

export interface PublisherIndex {
  publisherId: number;
  builtAt: number;
  all: IndexedAd[];
  byKeyword: Map<string, IndexedAd[]>;
  byCategory: Map<string, IndexedAd[]>;
  bySku: Map<string, IndexedAd[]>;
  byBrand: Map<string, IndexedAd[]>;
  /** Catalog categories (breadcrumbs, normalised) of each SKU, for product pages. */
  productCategories: Map<string, string[]>;
  /** Banner sizes by what a request may call them ("728x90", the name in lower case). */
  sizesByKey: Map<string, Set<number>>;
  /** Banner sizes of ads by width class (`desktop`, `mobile`: see sizeClassOf). */
  sizesByClass: Map<'desktop' | 'mobile', Set<number>>;
  /** The frame ("728x90") of each of the publisher's sizes, and the frames by size name (lower case). */
  frames: Map<number, string>;
  namedFrames: Map<string, Set<string>>;
  /** What a placement's `size` resolves to, by its text (decision.service.ts; cleared when sizes change). */
  sizeRules: Map<string, unknown>;
  /** The audiences campaigns of this index target, compiled for matching a request's segmentation. */
  audiences: Map<number, IndexedAudience>;
  /** A number per advertised SKU (entries and scans compare numbers, not strings). */
  skuIds: Map<string, number>;
  campaigns: Map<number, CampaignSlice>;
  wallets: Map<number, { balanceCents: number }>;
  /** Context kept for incremental updates: enabled ad types and the catalog by SKU. */
  adTypes: Set<string>;
  products: Map<string, CatalogProduct>;
}

interface CatalogProduct {
  sku: string;
  name: string;
  brand: string | null;
  url: string | null;
  imageUrl: string | null;
  categories: string[];
  tags: string[];
}

/**
 * `desktop` or `mobile` for a frame "WxH": mobile up to 480 px wide (320x50, 300x250, 480x320…),
 * desktop when wider (728x90, 970x250…). A publisher size named "desktop" or "mobile" takes
 * precedence over this rule (decision.service.ts).
 */
export const MOBILE_MAX_WIDTH = 480;
export function sizeClassOf(frame: string): 'desktop' | 'mobile' | null {
  const width = /^(\d+)x\d+$/.exec(frame)?.[1];
  return width === undefined ? null : Number(width) <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
}

const NO_TAGS: ReadonlySet<string> = new Set();
const tagSet = (tags: readonly string[] | undefined) => (tags?.length ? new Set(tags.map((t) => t.trim().toLowerCase())) : NO_TAGS);

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

const addTo = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => {
  const set = m.get(k);
  if (set) set.add(v);
  else m.set(k, new Set([v]));
};

const internSku = (idx: PublisherIndex, sku: string) => {
  let id = idx.skuIds.get(sku);
  if (id === undefined) idx.skuIds.set(sku, (id = idx.skuIds.size));
  return id;
};

/** Campaigns that can serve now or later (not deleted, canceled or finished), with what their entries need. */
function loadCampaigns(db: Db, publisherId: number, now: Date, campaignIds?: number[]) {
  return db.campaign.findMany({
    where: {
      publisherId,
      ...(campaignIds ? { id: { in: campaignIds } } : {}),
      deletedAt: null,
      canceledAt: null,
      active: true,
      OR: [{ endAt: null }, { endAt: { gte: now } }],
    },
    include: {
      keywords: { where: { disabledAt: null }, select: { keyword: true } },
      categories: { select: { category: true } },
      products: { select: { sku: true, active: true } },
      audiences: { select: { audience: { select: { id: true, name: true, rules: true } } } },
      ads: { where: { status: 'approved', active: true, deletedAt: null }, include: { adSize: true } },
    },
  });
}
type LoadedCampaign = Awaited<ReturnType<typeof loadCampaigns>>[number];

interface SpendRow {
  campaign_id: number;
  ad_id: number;
  today: bigint | null;
  lifetime: bigint | null;
  impressions: bigint | null;
  clicks: bigint | null;
}

/** Today's and lifetime spend per campaign and the click history per ad, in one pass over the daily rollups. */
async function loadSpend(db: Db, campaignIds: number[], today: string) {
  const spend = new Map<number, { today: number; lifetime: number }>();
  const history = new Map<number, { impressions: number; clicks: number }>();
  if (campaignIds.length === 0) return { spend, history };
  const rows = await db.$queryRaw<SpendRow[]>`
    SELECT campaign_id, ad_id,
           sum(spent_cents) FILTER (WHERE day = ${today}::date) AS today,
           sum(spent_cents) AS lifetime, sum(impressions) AS impressions, sum(clicks) AS clicks
      FROM rm_daily_stats
     WHERE campaign_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(campaignIds)}::jsonb)::int)
     GROUP BY campaign_id, ad_id`;
  for (const r of rows) {
    const s = spend.get(r.campaign_id) ?? { today: 0, lifetime: 0 };
    s.today += num(r.today);
    s.lifetime += num(r.lifetime);
    spend.set(r.campaign_id, s);
    history.set(r.ad_id, { impressions: num(r.impressions), clicks: num(r.clicks) });
  }
  return { spend, history };
}

async function loadWallets(db: Db, publisherId: number, advertiserIds: number[]) {
  if (advertiserIds.length === 0) return new Map<number, number>();
  const rows = await db.wallet.findMany({ where: { publisherId, advertiserId: { in: advertiserIds } }, select: { advertiserId: true, balanceCents: true } });
  return new Map(rows.map((w) => [w.advertiserId, num(w.balanceCents)]));
}

/** The entries of one campaign (none when it cannot serve: disabled type, no bid), filed into the index. */
function fileCampaign(
  idx: PublisherIndex,
  c: LoadedCampaign,
  spend: { today: number; lifetime: number },
  history: Map<number, { impressions: number; clicks: number }>,
  today: string,
) {
  const slice: CampaignSlice = { entries: [], keywords: [], categories: [], skus: [], brands: [] };
  idx.campaigns.set(c.id, slice);
  if (!idx.adTypes.has(c.adType)) return;
  let wallet = idx.wallets.get(c.advertiserId);
  if (!wallet) idx.wallets.set(c.advertiserId, (wallet = { balanceCents: 0 }));
  const serving: CampaignServing = {
    campaignId: c.id,
    startMs: c.startAt.getTime(),
    endMs: c.endAt?.getTime() ?? null,
    dailyBudgetCents: num(c.dailyBudgetCents),
    totalBudgetCents: c.totalBudgetCents === null ? null : num(c.totalBudgetCents),
    spentDay: today,
    todaySpentCents: spend.today,
    lifetimeSpentCents: spend.lifetime,
    wallet,
  };
  // Product ads follow the campaign's product switches: a switched-off SKU is not served.
  const activeSkus = c.products.filter((p) => p.active).map((p) => p.sku);
  const listedSkus = new Set(c.products.map((p) => p.sku));
  const categories = [...new Set(c.categories.map((k) => normCategory(k.category)))];
  const keywords = c.targeting === 'keyword' ? [...new Set(c.keywords.map((k) => normText(k.keyword)))] : [];

  const audiences = c.audiences.length ? c.audiences.map((a) => a.audience.id) : null;
  for (const { audience } of c.audiences) idx.audiences.set(audience.id, compileAudience(audience));
  const sponsoredProducts = (): SponsoredProduct[] =>
    activeSkus.map((sku) => {
      const p = idx.products.get(sku);
      return { sku, name: p?.name ?? null, mediaUrl: p?.imageUrl ?? null, destinationUrl: p?.url ?? null, tags: tagSet(p?.tags) };
    });

  for (const ad of c.ads) {
    if (!idx.adTypes.has(ad.adType)) continue;
    const pricing: 'cpc' | 'cpm' = c.cpcCents !== null || ad.cpcCents !== null ? 'cpc' : 'cpm';
    const bidCents = num(pricing === 'cpc' ? (ad.cpcCents ?? c.cpcCents) : (ad.cpmCents ?? c.cpmCents));
    if (bidCents <= 0) continue;
    const stats = history.get(ad.id) ?? { impressions: 0, clicks: 0 };
    const skus: Array<string | null> =
      ad.adType !== 'product' ? [null] : ad.sku ? (!listedSkus.has(ad.sku) || activeSkus.includes(ad.sku) ? [ad.sku] : []) : activeSkus;
    const frame = ad.adSize ? `${ad.adSize.width}x${ad.adSize.height}` : null;
    const mediaType = mediaTypeOf(ad.mediaType, ad.mediaUrl);
    const assets = creativeAssets(ad.assets, ad.mediaUrl, mediaType, frame);
    // A creative without media matches no placement's media (0).
    const mediaBits = ad.adType === 'product' ? 0 : assets.reduce((bits, a) => bits | MEDIA_BITS[a.type], 0);
    const products = ad.adType === 'sponsored_brand' ? sponsoredProducts() : [];
    for (const sku of skus) {
      const product = sku ? idx.products.get(sku) : undefined;
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
        sizeId: ad.adSize?.id ?? -1,
        mediaBits,
        mediaType,
        sku,
        skuId: sku ? internSku(idx, sku) : -1,
        productName: product?.name ?? null,
        mediaUrl: ad.adType === 'product' ? (product?.imageUrl ?? ad.mediaUrl) : (ad.mediaUrl ?? assets[0]?.url ?? null),
        destinationUrl: ad.destinationUrl ?? product?.url ?? null,
        headline: ad.headline,
        brandName: ad.brandName ?? product?.brand ?? null,
        description: ad.description,
        brandUrl: ad.brandUrl,
        assets,
        duration: ad.adType === 'digital_signage' ? (ad.durationSeconds ?? SIGNAGE_DEFAULT_SECONDS[mediaType]) : null,
        tags: tagSet(product?.tags),
        products,
        audiences,
        serving,
        scored: undefined as unknown as Scored<IndexedAd>,
      };
      entry.scored = score(entry);
      if (ad.adSize && frame) {
        idx.frames.set(ad.adSize.id, frame);
        addTo(idx.namedFrames, normText(ad.adSize.name), frame);
        for (const key of [frame, normText(ad.adSize.name)]) addTo(idx.sizesByKey, key, ad.adSize.id);
        const sizeClass = sizeClassOf(frame);
        if (sizeClass) addTo(idx.sizesByClass, sizeClass, ad.adSize.id);
      }
      slice.entries.push(entry);
      idx.all.push(entry);
      for (const k of keywords) push(idx.byKeyword, k, entry);
      for (const k of categories) push(idx.byCategory, k, entry);
      if (sku) push(idx.bySku, sku, entry);
      if (entry.type !== 'product' || sku) {
        const brand = entry.type === 'product' ? product?.brand : entry.brandName;
        if (brand) {
          push(idx.byBrand, normText(brand), entry);
          slice.brands.push(normText(brand));
        }
      }
      if (sku) slice.skus.push(sku);
    }
  }
  if (slice.entries.length) {
    slice.keywords = keywords;
    slice.categories = categories;
  }
}

/** A creative's assets: its own list (sponsored brands), else its one media (banner, digital signage) in the frame of its size. */
function creativeAssets(stored: unknown, mediaUrl: string | null, mediaType: 'image' | 'video', frame: string | null): AdAsset[] {
  const list = Array.isArray(stored) ? (stored as Array<Partial<Record<keyof AdAsset, unknown>>>) : [];
  const assets = list.flatMap((a): AdAsset[] =>
    typeof a?.url === 'string' && a.url
      ? [{ url: a.url, type: mediaTypeOf(typeof a.type === 'string' ? a.type : null, a.url), dimension: typeof a.dimension === 'string' && a.dimension.trim() ? a.dimension.replace(/\s+/g, '').toLowerCase() : null }]
      : [],
  );
  if (assets.length || !mediaUrl) return assets;
  return [{ url: mediaUrl, type: mediaType, dimension: frame }];
}

/** Auction order: highest score first, then lower ad id (stable decisions). */
export const byEntryScore = (a: IndexedAd, b: IndexedAd) => b.scored.score - a.scored.score || a.adId - b.adId;

/** One bit per ad type, for a placement's mask of the types it accepts. */
export const TYPE_BITS: Record<RmAdType, number> = { product: 1, banner: 2, sponsored_brand: 4, digital_signage: 8 };

/**
 * What a decision checks of each entry of a list (type, campaign, SKU, banner size, media), side by side
 * in typed arrays: it walks these (contiguous memory) and reads an entry object only once the
 * entry passed them. Entries are scattered over the heap and each first read of one is a cache
 * miss: on lists of hundreds of entries, that was most of a decision's time.
 */
export interface ListScan {
  length: number;
  typeBits: Uint8Array;
  campaignIds: Int32Array;
  skuIds: Int32Array;
  sizeIds: Int32Array;
  mediaBits: Uint8Array;
}

const scans = new WeakMap<IndexedAd[], ListScan>();

/** The scan of a list in its current order (made on first use after the list changed). */
export function scanOf(list: IndexedAd[]): ListScan {
  let scan = scans.get(list);
  // A list only changes by appending (its length changes) followed by sortLists (which drops its scan).
  if (scan?.length === list.length) return scan;
  const n = list.length;
  scan = {
    length: n,
    typeBits: new Uint8Array(n),
    campaignIds: new Int32Array(n),
    skuIds: new Int32Array(n),
    sizeIds: new Int32Array(n),
    mediaBits: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const e = list[i]!;
    scan.typeBits[i] = TYPE_BITS[e.type];
    scan.campaignIds[i] = e.campaignId;
    scan.skuIds[i] = e.skuId;
    scan.sizeIds[i] = e.sizeId;
    scan.mediaBits[i] = e.mediaBits;
  }
  scans.set(list, scan);
  return scan;
}

const sortList = (list: IndexedAd[]) => {
  list.sort(byEntryScore);
  scans.delete(list);
};

/**
 * Keeps the lists in auction order, so a decision over one list only walks it (no sort per
 * request). With `campaignIds`, only the lists holding those campaigns are re-sorted.
 */
function sortLists(idx: PublisherIndex, campaignIds?: number[]) {
  sortList(idx.all);
  if (!campaignIds) {
    for (const m of [idx.byKeyword, idx.byCategory, idx.bySku, idx.byBrand]) for (const list of m.values()) sortList(list);
    return;
  }
  const touched = (m: Map<string, IndexedAd[]>, keys: string[]) => {
    for (const k of new Set(keys)) {
      const list = m.get(k);
      if (list) sortList(list);
    }
  };
  for (const id of campaignIds) {
    const slice = idx.campaigns.get(id);
    if (!slice?.entries.length) continue;
    touched(idx.byKeyword, slice.keywords);
    touched(idx.byCategory, slice.categories);
    touched(idx.bySku, slice.skus);
    touched(idx.byBrand, slice.brands);
  }
}

/** Takes a campaign's entries out of every list (lists are replaced, never changed under a reader). */
function unfileCampaign(idx: PublisherIndex, campaignId: number) {
  const slice = idx.campaigns.get(campaignId);
  if (!slice) return;
  idx.campaigns.delete(campaignId);
  if (slice.entries.length === 0) return;
  const out = (m: Map<string, IndexedAd[]>, keys: string[]) => {
    for (const k of new Set(keys)) {
      const list = m.get(k)?.filter((e) => e.campaignId !== campaignId);
      if (list?.length) m.set(k, list);
      else m.delete(k);
    }
  };
  out(idx.byKeyword, slice.keywords);
  out(idx.byCategory, slice.categories);
  out(idx.bySku, slice.skus);
  out(idx.byBrand, slice.brands);
  idx.all = idx.all.filter((e) => e.campaignId !== campaignId);
}

/** Reads everything servable of one publisher: a few indexed queries, once per full build. */
export async function buildPublisherIndex(db: Db, publisherId: number, now: Date): Promise<PublisherIndex> {
  const [config, campaigns, catalog, sizes] = await Promise.all([
    db.retailMediaConfig.findUnique({ where: { publisherId }, select: { adTypes: true } }),
    loadCampaigns(db, publisherId, now),
    db.product.findMany({
      where: { accountId: publisherId },
      select: { sku: true, name: true, brand: true, url: true, imageUrl: true, categories: true, tags: true },
    }),
    db.adSize.findMany({ where: { publisherId }, select: { id: true, name: true, width: true, height: true } }),
  ]);
  const today = businessDate(now);
  const [{ spend, history }, balances] = await Promise.all([
    loadSpend(db, campaigns.map((c) => c.id), today),
    loadWallets(db, publisherId, [...new Set(campaigns.map((c) => c.advertiserId))]),
  ]);
  const index: PublisherIndex = {
    publisherId,
    builtAt: now.getTime(),
    all: [],
    byKeyword: new Map(),
    byCategory: new Map(),
    bySku: new Map(),
    byBrand: new Map(),
    productCategories: new Map(catalog.filter((p) => p.categories.length).map((p) => [p.sku, [normCategory(p.categories.join(' > '))]])),
    sizesByKey: new Map(),
    sizesByClass: new Map(),
    frames: new Map(sizes.map((z) => [z.id, `${z.width}x${z.height}`])),
    namedFrames: new Map(),
    sizeRules: new Map(),
    audiences: new Map(),
    skuIds: new Map(),
    campaigns: new Map(),
    wallets: new Map([...balances].map(([a, cents]) => [a, { balanceCents: cents }])),
    adTypes: new Set<string>(config?.adTypes ?? ['product', 'banner', 'sponsored_brand', 'digital_signage']),
    products: new Map(catalog.map((p) => [p.sku, p])),
  };
  for (const z of sizes) addTo(index.namedFrames, normText(z.name), `${z.width}x${z.height}`);
  for (const c of campaigns) fileCampaign(index, c, spend.get(c.id) ?? { today: 0, lifetime: 0 }, history, today);
  sortLists(index);
  return index;
}

/** Replaces the entries of these campaigns with what the database holds now (gone or closed ones leave). */
export async function refreshCampaigns(db: Db, idx: PublisherIndex, campaignIds: number[], now: Date) {
  const campaigns = await loadCampaigns(db, idx.publisherId, now, campaignIds);
  const today = businessDate(now);
  const advertisers = [...new Set(campaigns.map((c) => c.advertiserId))];
  const [{ spend, history }, balances] = await Promise.all([
    loadSpend(db, campaigns.map((c) => c.id), today),
    loadWallets(db, idx.publisherId, advertisers),
  ]);
  for (const id of campaignIds) unfileCampaign(idx, id);
  for (const c of campaigns) fileCampaign(idx, c, spend.get(c.id) ?? { today: 0, lifetime: 0 }, history, today);
  sortLists(idx, campaignIds);
  // New ads may bring sizes a placement's `size` did not find before.
  idx.sizeRules.clear();
  for (const [advertiserId, cents] of balances) {
    const wallet = idx.wallets.get(advertiserId);
    if (wallet) wallet.balanceCents = cents;
  }
}

/** Spend, click history and wallet balances after events were counted: values change in place, lists stay. */
export async function refreshSpend(db: Db, idx: PublisherIndex, campaignIds: number[], advertiserIds: number[], now: Date) {
  const known = campaignIds.filter((id) => idx.campaigns.get(id)?.entries.length);
  const today = businessDate(now);
  const [{ spend, history }, balances] = await Promise.all([
    loadSpend(db, known, today),
    loadWallets(db, idx.publisherId, advertiserIds.filter((a) => idx.wallets.has(a))),
  ]);
  for (const id of known) {
    const slice = idx.campaigns.get(id)!;
    const s = spend.get(id) ?? { today: 0, lifetime: 0 };
    const serving = slice.entries[0]!.serving;
    serving.spentDay = today;
    serving.todaySpentCents = s.today;
    serving.lifetimeSpentCents = s.lifetime;
    for (const e of slice.entries) {
      const h = history.get(e.adId);
      if (h) {
        e.impressions = h.impressions;
        e.clicks = h.clicks;
        e.scored = score(e);
      }
    }
  }
  for (const [advertiserId, cents] of balances) idx.wallets.get(advertiserId)!.balanceCents = cents;
  // Click history moved the scores: restore auction order where those campaigns are listed.
  sortLists(idx, known);
}

/** A full rebuild in the background this often, a safety net for changes no one announced (catalog edits). */
export const INDEX_FULL_REFRESH_MS = 300_000;
/** Spend announcements of one publisher are gathered for this long and applied in one read. */
export const SPEND_REFRESH_MS = 500;

/** A change announced to every instance (`campaigns`: re-read those campaigns; `spend`: their counters; `full`: rebuild). */
export type IndexChange =
  | { kind: 'campaigns'; publisherId: number; campaignIds: number[] }
  | { kind: 'spend'; publisherId: number; campaignIds: number[]; advertiserIds: number[] }
  | { kind: 'full'; publisherId: number | null };

/** How instances tell each other about changes: Redis pub-sub when configured, nothing to tell otherwise. */
export interface IndexBus {
  publish(change: IndexChange): void;
  /**
   * `onChange` for each change another instance announced; `onMissed` when announcements may have
   * been lost (the bus was disconnected and is listening again): everything is to be read again.
   */
  subscribe(onChange: (change: IndexChange) => void, onMissed?: () => void): void;
  close(): Promise<void>;
}

/** Redis pub-sub on `${prefix}:rm-index` (lib/redis.ts createRedisBroadcast). */
export function createRedisIndexBus(redis: Redis, prefix: string, log?: Pick<FastifyBaseLogger, 'error' | 'warn'>): IndexBus {
  return createRedisBroadcast<IndexChange>(redis, `${prefix}:rm-index`, 'ad index bus', log);
}

export interface AdIndexOptions {
  clock?: Clock;
  bus?: IndexBus;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/**
 * The in-memory index of every publisher asked about. Built on first use (that request waits);
 * then kept current incrementally: a change to campaigns, ads or wallets re-reads only those
 * campaigns, counted events update spend and click history in place, and every instance hears
 * of each change over the bus. A background rebuild every five minutes is a safety net; requests keep
 * reading the current index meanwhile, so no decision waits on the database after the first.
 */
export function createAdIndex(db: Db, { clock = systemClock, bus, log }: AdIndexOptions = {}) {
  const indexes = new Map<number, PublisherIndex>();
  const building = new Map<number, Promise<PublisherIndex>>();
  const pendingSpend = new Map<number, { campaigns: Set<number>; advertisers: Set<number>; timer: NodeJS.Timeout }>();
  /** Updates run one at a time per publisher, in order, so a slow read never overwrites a newer one. */
  const queues = new Map<number, Promise<void>>();
  let closed = false;

  function build(publisherId: number): Promise<PublisherIndex> {
    let pending = building.get(publisherId);
    if (!pending) {
      pending = buildPublisherIndex(db, publisherId, clock())
        .then((idx) => {
          if (!closed) indexes.set(publisherId, idx);
          return idx;
        })
        .finally(() => building.delete(publisherId));
      building.set(publisherId, pending);
    }
    return pending;
  }

  function serially(publisherId: number, work: (idx: PublisherIndex) => Promise<void>): Promise<void> {
    const next = (queues.get(publisherId) ?? Promise.resolve())
      .then(async () => {
        // A build in progress already reads the new state; one not yet asked for needs nothing.
        if (building.has(publisherId)) await building.get(publisherId)!.catch(() => undefined);
        const idx = indexes.get(publisherId);
        if (idx) await work(idx);
      })
      .catch((err: unknown) => {
        // The index may now miss this change: rebuild it rather than serve stale ads.
        log?.error({ err, publisherId }, 'updating the ad index failed; rebuilding it');
        indexes.delete(publisherId);
      });
    queues.set(publisherId, next);
    void next.finally(() => {
      if (queues.get(publisherId) === next) queues.delete(publisherId);
    });
    return next;
  }

  /** Applies a change to this instance's index. */
  function apply(change: IndexChange): Promise<void> {
    switch (change.kind) {
      case 'campaigns':
        return serially(change.publisherId, (idx) => refreshCampaigns(db, idx, change.campaignIds, clock()));
      case 'spend': {
        // Counted events arrive in bursts: gather them and read once per SPEND_REFRESH_MS.
        if (!indexes.has(change.publisherId)) return Promise.resolve();
        let p = pendingSpend.get(change.publisherId);
        if (!p) {
          const publisherId = change.publisherId;
          const entry = {
            campaigns: new Set<number>(),
            advertisers: new Set<number>(),
            timer: setTimeout(() => {
              pendingSpend.delete(publisherId);
              void serially(publisherId, (idx) => refreshSpend(db, idx, [...entry.campaigns], [...entry.advertisers], clock()));
            }, SPEND_REFRESH_MS),
          };
          entry.timer.unref();
          pendingSpend.set(publisherId, (p = entry));
        }
        for (const c of change.campaignIds) p.campaigns.add(c);
        for (const a of change.advertiserIds) p.advertisers.add(a);
        return Promise.resolve();
      }
      case 'full': {
        const targets = change.publisherId === null ? [...indexes.keys()] : indexes.has(change.publisherId) ? [change.publisherId] : [];
        return Promise.all(
          targets.map((publisherId) =>
            serially(publisherId, async () => {
              await build(publisherId);
            }),
          ),
        ).then(() => undefined);
      }
    }
  }

  /** Applies here, then tells the other instances. */
  async function announce(change: IndexChange) {
    bus?.publish(change);
    await apply(change);
  }

  bus?.subscribe(
    (change) => void apply(change),
    // Changes announced while the bus was away: every index built here is rebuilt (in the background).
    () => void apply({ kind: 'full', publisherId: null }),
  );
  const sweeper = setInterval(() => {
    const now = clock().getTime();
    for (const [publisherId, idx] of indexes) {
      if (now - idx.builtAt >= INDEX_FULL_REFRESH_MS) void serially(publisherId, async () => void (await build(publisherId)));
    }
  }, 5_000);
  sweeper.unref();

  /** Told, on the instance where it happened, after a change to campaigns or ads applied here. */
  const campaignListeners: Array<(publisherId: number) => void> = [];

  const byPublisher = (rows: Array<{ publisherId: number; id: number }>) => {
    const groups = new Map<number, number[]>();
    for (const r of rows) push(groups, r.publisherId, r.id);
    return groups;
  };

  return {
    /** The publisher's index; only the first call (or the first after `invalidate`) waits for a build. */
    async get(publisherId: number): Promise<PublisherIndex> {
      return indexes.get(publisherId) ?? build(publisherId);
    },
    /** Campaigns whose settings, keywords, categories, products or ads changed. */
    async campaignsChanged(campaignIds: number[]) {
      if (campaignIds.length === 0) return;
      const rows = await db.campaign.findMany({ where: { id: { in: campaignIds } }, select: { id: true, publisherId: true } });
      await Promise.all(
        [...byPublisher(rows)].map(async ([publisherId, ids]) => {
          await announce({ kind: 'campaigns', publisherId, campaignIds: ids });
          for (const listener of campaignListeners) listener(publisherId);
        }),
      );
    },
    /** Calls `listener` after campaigns or ads of a publisher changed (paused, canceled, reviewed, edited…), once applied here. */
    onCampaignsChanged(listener: (publisherId: number) => void) {
      campaignListeners.push(listener);
    },
    /** Ads created, edited, switched, reviewed or deleted. */
    async adsChanged(adIds: number[]) {
      if (adIds.length === 0) return;
      const ads = await db.ad.findMany({ where: { id: { in: adIds } }, select: { campaignId: true } });
      await this.campaignsChanged([...new Set(ads.map((a) => a.campaignId))]);
    },
    /** Wallets credited or debited outside event counting: their advertisers' campaigns at that publisher. */
    async walletsChanged(walletIds: number[]) {
      if (walletIds.length === 0) return;
      const wallets = await db.wallet.findMany({ where: { id: { in: walletIds } }, select: { publisherId: true, advertiserId: true } });
      await Promise.all(
        wallets.map(async (w) => {
          const campaigns = await db.campaign.findMany({
            where: { publisherId: w.publisherId, advertiserId: w.advertiserId, deletedAt: null, canceledAt: null },
            select: { id: true },
          });
          await announce({ kind: 'campaigns', publisherId: w.publisherId, campaignIds: campaigns.map((c) => c.id) });
        }),
      );
    },
    /** Publisher-wide settings (ad types, sizes, advertiser links) changed; null: not known which publisher. */
    publisherChanged(publisherId: number | null) {
      return announce({ kind: 'full', publisherId });
    },
    /** Events were counted: spend, history and wallet balances moved (see the event consumer's onCommitted). */
    spendChanged(touched: Array<{ publisherId: number; campaignIds: number[]; advertiserIds: number[] }>) {
      for (const t of touched) void announce({ kind: 'spend', ...t });
    },
    /** Waits for every update announced so far (tests, benchmarks). */
    async settled() {
      for (const p of pendingSpend.values()) clearTimeout(p.timer);
      const spends = [...pendingSpend].map(([publisherId, p]) =>
        serially(publisherId, (idx) => refreshSpend(db, idx, [...p.campaigns], [...p.advertisers], clock())),
      );
      pendingSpend.clear();
      await Promise.all([...spends, ...queues.values()]);
    },
    /** Drops a publisher's index: the next request rebuilds it and waits (tests that write to the database directly). */
    invalidate(publisherId: number) {
      indexes.delete(publisherId);
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      for (const p of pendingSpend.values()) clearTimeout(p.timer);
      pendingSpend.clear();
      await Promise.all([...queues.values()]);
      await bus?.close();
    },
  };
}
export type AdIndex = ReturnType<typeof createAdIndex>;
