import { randomUUID } from 'node:crypto';
import type { RmaAd, RmaRequest, RmAdType } from '@backoffice/contracts';
import { byEntryScore, categoryPrefixes, normCategory, normText, scanOf, servable, TYPE_BITS, type AdIndex, type CampaignServing, type IndexedAd, type PublisherIndex } from './ad-index.ts';
import { createBusinessDayClock, price, systemClock, type Clock, type Scored } from './decision.ts';
import type { RequestStats } from './request-stats.ts';
import { servedAdPayloads, type EventSigner } from './event-signing.ts';

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
 * Candidates a request's context allows, before types, sizes, budgets and duplicates, in auction
 * order (one index list is already in it; several are merged and sorted), and the ad types the
 * context admits at all.
 */
function contextCandidates(idx: PublisherIndex, req: RmaRequest): { list: IndexedAd[]; types: number } {
  switch (req.context) {
    case 'search':
      return { list: idx.byKeyword.get(normText(req.term ?? '')) ?? [], types: ANY_TYPE };
    case 'category':
      return { list: merged(categoryPrefixes(req.category_name ?? '').map((c) => idx.byCategory.get(c))), types: ANY_TYPE };
    case 'product_page': {
      const sku = req.product_sku ?? '';
      const categories = idx.productCategories.get(sku) ?? [];
      const byCategory = categories.flatMap(categoryPrefixes).map((c) => idx.byCategory.get(normCategory(c))?.filter((a) => a.type !== 'product'));
      return { list: merged([idx.bySku.get(sku), ...byCategory]), types: ANY_TYPE };
    }
    case 'brand_page':
      return { list: idx.byBrand.get(normText(req.brand_name ?? '')) ?? [], types: ANY_TYPE };
    case 'digital_signage':
      return { list: idx.all, types: TYPE_BITS.digital_signage };
    case 'home':
      return { list: idx.all, types: ANY_TYPE };
  }
}

/** The type bits a placement accepts. */
const typeMask = (types: readonly RmAdType[]) => types.reduce((mask, t) => mask | TYPE_BITS[t], 0);

const NO_SIZES: ReadonlySet<number> = new Set();

/** The banner sizes a placement's `size` names: "728x90" (spaces allowed) or a size's name. */
function sizesNamed(idx: PublisherIndex, size: string | undefined): ReadonlySet<number> {
  const wanted = size ? normText(size) : '';
  if (!wanted) return NO_SIZES;
  const exact = idx.sizesByKey.get(wanted);
  const compact = idx.sizesByKey.get(wanted.replace(/\s+/g, ''));
  return exact && compact && exact !== compact ? new Set([...exact, ...compact]) : (exact ?? compact ?? NO_SIZES);
}

/**
 * The fields of an entry's ad that never change while it is in the index, as JSON members (no
 * braces), written once per entry: a decision then only adds the position and the event URLs.
 * A changed campaign or ad gets new entries, so this never goes stale.
 */
const staticMembers = (ad: IndexedAd): string =>
  (ad.json ??= JSON.stringify({
    ad_id: ad.adId,
    type: ad.type,
    campaign_id: ad.campaignId,
    campaign_name: ad.campaignName,
    media_url: ad.mediaUrl,
    destination_url: ad.destinationUrl,
    product_name: ad.productName,
    product_sku: ad.sku,
    seller_id: ad.advertiserId,
    headline: ad.headline,
    brand_name: ad.brandName,
    description: ad.description,
    brand_url: ad.brandUrl,
    assets: ad.assets,
  } satisfies Omit<RmaAd, 'position' | 'impression_url' | 'view_url' | 'click_url'>).slice(1, -1));

/**
 * Decides the ads of each placement of one page view: eligibility, pacing, auction, signed event
 * URLs. `decide` answers the RmaResponse already serialised: the hot path writes the static part of
 * each ad once per index entry and the signed tokens (base64url: nothing to escape) as they are.
 */
export function createDecisionService({ index, signer, appUrl, requestStats, clock = systemClock }: DecisionDeps) {
  const businessDay = createBusinessDayClock();
  // `"impression_url":"<appUrl>/v1/beacon/impression?t=` and the like, JSON-escaped once.
  const urlMember = (field: string, type: 'impression' | 'view' | 'click') =>
    `${JSON.stringify(field)}:${JSON.stringify(`${appUrl}/v1/beacon/${type}?t=`).slice(0, -1)}`;
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
      const { list: ranking, types } = contextCandidates(idx, req);
      const scan = scanOf(ranking);
      const eligible = new Map<CampaignServing, boolean>();
      const live = (a: IndexedAd) => {
        let ok = eligible.get(a.serving);
        if (ok === undefined) eligible.set(a.serving, (ok = servable(a.serving, nowMs, day)));
        return ok && a.scored.bid > 0;
      };
      const dedupe = !req.allow_duplicates;
      const usedCampaigns = new Set<number>();
      const usedSkus = new Set<number>();
      const payloads = servedAdPayloads({ r: requestId, p: publisherId, cx: req.context, u: req.user_id || undefined, s: req.session_id || undefined, t: nowMs });
      let json = `{"request_id":"${requestId}","placements":{`;
      let firstPlacement = true;

      for (const name in req.placements) {
        const placement = req.placements[name]!;
        const mask = typeMask(placement.types) & types;
        const sizes = sizesNamed(idx, placement.size);
        // The auction of this placement: fitting ads in score order, the best one per campaign and SKU
        // (unless duplicates are allowed), and one more than shown, whose score prices the last winner.
        // Type, size, campaign and SKU are checked on the list's scan; an entry is read only after.
        const auction: Scored<IndexedAd>[] = [];
        const campaigns = new Set<number>();
        const skus = new Set<number>();
        for (let i = 0; i < ranking.length && auction.length <= placement.quantity; i++) {
          const bit = scan.typeBits[i]!;
          if ((bit & mask) === 0 || (bit === TYPE_BITS.banner && !sizes.has(scan.sizeIds[i]!))) continue;
          const campaignId = scan.campaignIds[i]!;
          const skuId = scan.skuIds[i]!;
          if (dedupe && (usedCampaigns.has(campaignId) || campaigns.has(campaignId))) continue;
          if (dedupe && skuId >= 0 && (usedSkus.has(skuId) || skus.has(skuId))) continue;
          const a = ranking[i]!;
          if (!live(a)) continue;
          if (dedupe) {
            campaigns.add(campaignId);
            if (skuId >= 0) skus.add(skuId);
          }
          auction.push(a.scored);
        }
        const shown = Math.min(placement.quantity, auction.length);
        const payloadOf = payloads(name);
        json += `${firstPlacement ? '' : ','}${JSON.stringify(name)}:[`;
        firstPlacement = false;
        for (let i = 0; i < shown; i++) {
          const s = auction[i]!;
          const ad = s.candidate;
          const charge = price(s, auction[i + 1]);
          usedCampaigns.add(ad.campaignId);
          if (ad.skuId >= 0) usedSkus.add(ad.skuId);
          const token = signer.signPayload(
            payloadOf({ a: ad.advertiserId, c: ad.campaignId, d: ad.adId, pos: i + 1, cpc: charge.cpcCents, cpm: charge.cpmCents, to: ad.destinationUrl || undefined }),
          );
          json += `${i ? ',' : ''}{"position":${i + 1},${staticMembers(ad)},${impressionMember}${token}",${viewMember}${token}",${clickMember}${token}"}`;
        }
        json += ']';
        requestStats?.record(publisherId, name, req.context, placement.quantity, shown, nowMs);
      }
      return `${json}}}`;
    },
  };
}
export type DecisionService = ReturnType<typeof createDecisionService>;
