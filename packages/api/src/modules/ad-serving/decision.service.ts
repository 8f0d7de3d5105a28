import { randomUUID } from 'node:crypto';
import type { RmaRequest, RmAdType } from '@backoffice/contracts';
import {
  byEntryScore,
  categoryPrefixes,
  MEDIA_BITS,
  normCategory,
  normText,
  scanOf,
  servable,
  TYPE_BITS,
  type AdIndex,
  type CampaignServing,
  type IndexedAd,
  type PublisherIndex,
} from './ad-index.ts';
import { createBusinessDayClock, price, systemClock, type Clock, type Scored } from './decision.ts';
import { createAdJson } from './decision-json.ts';
import { chosenAssets, sizeRuleOf, type SizeRule } from './decision-sizes.ts';
import type { RequestStats } from './request-stats.ts';
import { servedAdPayloads, type EventSigner } from './event-signing.ts';
import { matchingAudiences, nboCategories } from './segmentation.ts';

export interface DecisionDeps {
  index: AdIndex;
  signer: EventSigner;
  appUrl: string;
  /** Counts placements asked, filled and left empty (opportunity cost report). */
  requestStats?: RequestStats;
  clock?: Clock;
}

const ANY_TYPE = Object.values(TYPE_BITS).reduce((mask, bit) => mask | bit, 0);

/** Entries of several index lists, each once, in auction order. */
const merged = (lists: Array<IndexedAd[] | undefined>) => [...new Set(lists.flatMap((l) => l ?? []))].sort(byEntryScore);

/**
 * Candidates a request's context allows, before types, sizes, budgets and duplicates: lists in
 * auction order (one index list already is; several are merged and sorted), walked one after the
 * other, and the ad types the context admits at all. On the home page, campaigns targeting the
 * categories the person intends to buy (NBO_CATEGORIES, or a parent of one) come first, in auction
 * order among themselves, then every other ad.
 */
function contextCandidates(idx: PublisherIndex, req: RmaRequest): { lists: IndexedAd[][]; types: number } {
  switch (req.context) {
    case 'search':
      return { lists: [idx.byKeyword.get(normText(req.term ?? '')) ?? []], types: ANY_TYPE };
    case 'category':
      return { lists: [merged(categoryPrefixes(req.category_name ?? '').map((c) => idx.byCategory.get(c)))], types: ANY_TYPE };
    case 'product_page': {
      const sku = req.product_sku ?? '';
      const categories = idx.productCategories.get(sku) ?? [];
      const byCategory = categories.flatMap(categoryPrefixes).map((c) => idx.byCategory.get(normCategory(c))?.filter((a) => a.type !== 'product'));
      return { lists: [merged([idx.bySku.get(sku), ...byCategory])], types: ANY_TYPE };
    }
    case 'brand_page':
      return { lists: [idx.byBrand.get(normText(req.brand_name ?? '')) ?? []], types: ANY_TYPE };
    case 'digital_signage':
      return { lists: [idx.all], types: TYPE_BITS.digital_signage };
    case 'home': {
      const nbo = nboCategories(req.segmentation);
      if (nbo.length === 0) return { lists: [idx.all], types: ANY_TYPE };
      const first = merged(nbo.flatMap(categoryPrefixes).map((c) => idx.byCategory.get(c)));
      return { lists: first.length ? [first, idx.all] : [idx.all], types: ANY_TYPE };
    }
  }
}

/** The type bits a placement accepts; in the digital_signage context, `banner` asks for digital signage (as the VTEX Ads example does). */
function typeMask(types: readonly RmAdType[], context: RmaRequest['context']): number {
  const mask = types.reduce((m, t) => m | TYPE_BITS[t], 0);
  return context === 'digital_signage' && mask & TYPE_BITS.banner ? mask | TYPE_BITS.digital_signage : mask;
}

const mediaMask = (assetsType: ReadonlyArray<'image' | 'video'> | undefined, fallback: number) =>
  assetsType ? assetsType.reduce((m, t) => m | MEDIA_BITS[t], 0) : fallback;
const IMAGE_ONLY = MEDIA_BITS.image;
const ANY_MEDIA = MEDIA_BITS.image | MEDIA_BITS.video;
const BANNER = TYPE_BITS.banner;
const BRAND = TYPE_BITS.sponsored_brand;
const SIGNAGE = TYPE_BITS.digital_signage;

/**
 * Decides the ads of each placement of one page view: eligibility, targeting, pacing, auction,
 * signed event URLs. `decide` answers the RmaResponse already serialised: the fixed part of each
 * ad is written once per index entry (decision-json.ts) and the signed tokens (base64url: nothing
 * to escape) as they are.
 *
 * Request fields and what they do here:
 *  - placements: `types`; `quantity`; `size` (decision-sizes.ts: banners and sponsored-brand
 *    assets; ignored for digital signage); `assets_type` (banner and sponsored brand: default
 *    image; digital signage: default image and video), checked against the creative's media type;
 *    `allow_sku_duplications` (default false: a SKU at most once in the placement).
 *  - `dedup_campaign_ads`: at most one ad per campaign in the whole answer; `dedup_ads`: an ad
 *    never in two placements (both default false).
 *  - `segmentation`: audience targeting (segmentation.ts); NBO_CATEGORIES orders the home page.
 *  - `tags`: product ads only of SKUs whose catalog tags hold one of them (any case); sponsored
 *    brands list only such products, and are left out when none of their products has one.
 *  - `store_id` (no stock per store yet), `channel`, `brand`, `userAgent`, `device_id`,
 *    `store_name`: accepted, they change no decision.
 */
export function createDecisionService({ index, signer, appUrl, requestStats, clock = systemClock }: DecisionDeps) {
  const businessDay = createBusinessDayClock();
  const adJson = createAdJson(appUrl);
  // `"impression_url":"<appUrl>/v1/beacon/impression?t=` and the like, JSON-escaped once.
  const urlMember = (field: string, type: 'impression' | 'view' | 'click') =>
    `${JSON.stringify(field)}:${JSON.stringify(`${appUrl.replace(/\/+$/, '')}/v1/beacon/${type}?t=`).slice(0, -1)}`;
  const impressionMember = urlMember('impression_url', 'impression');
  const viewMember = urlMember('view_url', 'view');
  const clickMember = urlMember('click_url', 'click');

  return {
    /** The RmaResponse of one request, as JSON. */
    async decide(publisherId: number, req: RmaRequest): Promise<string> {
      const now = clock();
      const idx = await index.get(publisherId);
      const requestId = randomUUID();
      const nowMs = now.getTime();
      const day = businessDay(now);
      // Index lists are kept in auction order; only candidates merged from several lists are sorted here.
      const { lists, types } = contextCandidates(idx, req);
      const firstList = lists.length > 1 ? new Set(lists[0]) : undefined;
      const eligible = new Map<CampaignServing, boolean>();
      const live = (a: IndexedAd) => {
        let ok = eligible.get(a.serving);
        if (ok === undefined) eligible.set(a.serving, (ok = servable(a.serving, nowMs, day)));
        return ok && a.scored.bid > 0;
      };
      const audiences = matchingAudiences(idx.audiences, req.segmentation);
      const tags = req.tags?.length ? [...new Set(req.tags.map((t) => t.toLowerCase()))].sort() : null;
      const dedupCampaigns = req.dedup_campaign_ads === true;
      const dedupAds = req.dedup_ads === true;
      const usedCampaigns = new Set<number>();
      const usedAds = new Set<number>();
      const payloads = servedAdPayloads({ r: requestId, p: publisherId, cx: req.context, u: req.user_id || undefined, s: req.session_id || undefined, t: nowMs });
      let json = `{"request_id":"${requestId}","query_id":"${randomUUID()}","query_at":"${now.toISOString()}"`;

      for (const name in req.placements) {
        const placement = req.placements[name]!;
        const mask = typeMask(placement.types, req.context) & types;
        const sizes: SizeRule | null = placement.size ? sizeRuleOf(idx, placement.size) : null;
        const displayMedia = mediaMask(placement.assets_type, IMAGE_ONLY);
        const signageMedia = mediaMask(placement.assets_type, ANY_MEDIA);
        const skuOnce = placement.allow_sku_duplications !== true;
        // The auction of this placement: fitting ads in score order, and one more than shown, whose
        // score prices the last winner. Type, media, size, campaign and SKU are checked on the
        // list's scan; an entry is read only after.
        const auction: Scored<IndexedAd>[] = [];
        const members: string[] = [];
        const campaigns = new Set<number>();
        const skus = new Set<number>();
        for (let l = 0; l < lists.length && auction.length <= placement.quantity; l++) {
          const ranking = lists[l]!;
          const scan = scanOf(ranking);
          for (let i = 0; i < ranking.length && auction.length <= placement.quantity; i++) {
            const bit = scan.typeBits[i]!;
            if ((bit & mask) === 0) continue;
            const media = scan.mediaBits[i]!;
            if (bit === BANNER && ((media & displayMedia) === 0 || !sizes?.ids.has(scan.sizeIds[i]!))) continue;
            if (bit === BRAND && (media & displayMedia) === 0) continue;
            if (bit === SIGNAGE && (media & signageMedia) === 0) continue;
            const campaignId = scan.campaignIds[i]!;
            if (dedupCampaigns && (usedCampaigns.has(campaignId) || campaigns.has(campaignId))) continue;
            const skuId = scan.skuIds[i]!;
            if (skuOnce && skuId >= 0 && skus.has(skuId)) continue;
            const a = ranking[i]!;
            if (l > 0 && firstList!.has(a)) continue;
            if (dedupAds && usedAds.has(a.adId)) continue;
            if (a.audiences !== null && !a.audiences.some((id) => audiences.has(id))) continue;
            if (tags && bit === TYPE_BITS.product && !tags.some((t) => a.tags.has(t))) continue;
            let fixed: string | undefined;
            if (bit === BRAND) {
              const chosen = chosenAssets(a.assets, displayMedia, sizes, MEDIA_BITS);
              fixed = chosen === 0 ? undefined : adJson.brandMembers(a, chosen, tags);
              if (fixed === undefined) continue;
            }
            if (!live(a)) continue;
            campaigns.add(campaignId);
            if (skuId >= 0) skus.add(skuId);
            auction.push(a.scored);
            members.push(fixed ?? adJson.members(a));
          }
        }
        const shown = Math.min(placement.quantity, auction.length);
        const payloadOf = payloads(name);
        json += `,${JSON.stringify(name)}:[`;
        for (let i = 0; i < shown; i++) {
          const s = auction[i]!;
          const ad = s.candidate;
          const charge = price(s, auction[i + 1]);
          usedCampaigns.add(ad.campaignId);
          usedAds.add(ad.adId);
          const to = adJson.absolute(ad.type === 'sponsored_brand' ? (ad.brandUrl ?? ad.destinationUrl) : ad.destinationUrl);
          const token = signer.signPayload(
            payloadOf({ a: ad.advertiserId, c: ad.campaignId, d: ad.adId, pos: i + 1, cpc: charge.cpcCents, cpm: charge.cpmCents, to: to || undefined }),
          );
          json += `${i ? ',' : ''}{"position":${i + 1},${members[i]},${impressionMember}${token}",${viewMember}${token}",${clickMember}${token}"}`;
        }
        json += ']';
        requestStats?.record(publisherId, name, req.context, placement.quantity, shown, nowMs);
      }
      return `${json}}`;
    },
  };
}
export type DecisionService = ReturnType<typeof createDecisionService>;
