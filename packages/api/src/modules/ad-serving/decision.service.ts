import { randomUUID } from 'node:crypto';
import type { RmaAd, RmaRequest, RmaResponse, RmAdType } from '@backoffice/contracts';
import { byEntryScore, categoryPrefixes, normCategory, normText, servable, type AdIndex, type CampaignServing, type IndexedAd, type PublisherIndex } from './ad-index.ts';
import { createBusinessDayClock, price, systemClock, type Clock, type Scored } from './decision.ts';
import type { RequestStats } from './request-stats.ts';
import type { EventSigner, ServedAd } from './event-signing.ts';

export interface DecisionDeps {
  index: AdIndex;
  signer: EventSigner;
  appUrl: string;
  /** Counts placements asked, filled and left empty (opportunity cost report). */
  requestStats?: RequestStats;
  clock?: Clock;
}

const concat = (...lists: Array<IndexedAd[] | undefined>) => lists.flatMap((l) => l ?? []);

/**
 * Candidates a request's context allows, before types, sizes, budgets and duplicates; `ordered`
 * when they come straight from one index list, already in auction order.
 */
function contextCandidates(idx: PublisherIndex, req: RmaRequest): { list: IndexedAd[]; ordered: boolean } {
  switch (req.context) {
    case 'search':
      return { list: idx.byKeyword.get(normText(req.term ?? '')) ?? [], ordered: true };
    case 'category':
      return { list: concat(...categoryPrefixes(req.category_name ?? '').map((c) => idx.byCategory.get(c))), ordered: false };
    case 'product_page': {
      const sku = req.product_sku ?? '';
      const categories = idx.productCategories.get(sku) ?? [];
      const byCategory = concat(...categories.flatMap(categoryPrefixes).map((c) => idx.byCategory.get(normCategory(c)))).filter(
        (a) => a.type !== 'product',
      );
      return { list: [...(idx.bySku.get(sku) ?? []), ...byCategory], ordered: false };
    }
    case 'brand_page':
      return { list: idx.byBrand.get(normText(req.brand_name ?? '')) ?? [], ordered: true };
    case 'digital_signage':
      return { list: idx.all.filter((a) => a.type === 'digital_signage'), ordered: true };
    case 'home':
      return { list: idx.all, ordered: true };
  }
}

/** What a placement accepts, prepared once per request. */
function placementFilter(types: readonly RmAdType[], size: string | undefined) {
  const wanted = size ? normText(size) : '';
  const compact = wanted.replace(/\s+/g, '');
  return (ad: IndexedAd) => {
    if (!types.includes(ad.type)) return false;
    if (ad.type !== 'banner') return true;
    return wanted !== '' && (ad.sizeKeys.includes(wanted) || ad.sizeKeys.includes(compact));
  };
}

/** Decides the ads of each placement of one page view: eligibility, pacing, auction, signed event URLs. */
export function createDecisionService({ index, signer, appUrl, requestStats, clock = systemClock }: DecisionDeps) {
  const businessDay = createBusinessDayClock();
  const eventUrl = (type: 'impression' | 'view' | 'click', token: string) => `${appUrl}/v1/beacon/${type}?t=${token}`;

  return {
    async decide(publisherId: number, req: RmaRequest): Promise<RmaResponse> {
      const now = clock();
      const idx = await index.get(publisherId);
      const requestId = randomUUID();
      const nowMs = now.getTime();
      const day = businessDay(now);
      // Index lists are kept in auction order; only candidates merged from several lists are sorted here.
      const { list, ordered } = contextCandidates(idx, req);
      const ranking = ordered ? list : [...list].sort(byEntryScore);
      const eligible = new Map<CampaignServing, boolean>();
      const live = (a: IndexedAd) => {
        let ok = eligible.get(a.serving);
        if (ok === undefined) eligible.set(a.serving, (ok = servable(a.serving, nowMs, day)));
        return ok && a.scored.bid > 0;
      };
      const dedupe = !req.allow_duplicates;
      const usedCampaigns = new Set<number>();
      const usedSkus = new Set<string>();
      const placements: Record<string, RmaAd[]> = {};

      for (const [name, placement] of Object.entries(req.placements)) {
        const fits = placementFilter(placement.types, placement.size);
        // The auction of this placement: fitting ads in score order, the best one per campaign and SKU
        // (unless duplicates are allowed), and one more than shown, whose score prices the last winner.
        const auction: Scored<IndexedAd>[] = [];
        const campaigns = new Set<number>();
        const skus = new Set<string>();
        const seen = new Set<IndexedAd>();
        for (const a of ranking) {
          if (auction.length > placement.quantity) break;
          if (seen.has(a) || !fits(a) || !live(a)) continue;
          seen.add(a);
          if (dedupe) {
            if (usedCampaigns.has(a.campaignId) || campaigns.has(a.campaignId)) continue;
            if (a.sku && (usedSkus.has(a.sku) || skus.has(a.sku))) continue;
            campaigns.add(a.campaignId);
            if (a.sku) skus.add(a.sku);
          }
          auction.push(a.scored);
        }
        const winners = auction.slice(0, placement.quantity);
        placements[name] = winners.map((s, i) => {
          const ad = s.candidate;
          const charge = price(s, auction[i + 1]);
          usedCampaigns.add(ad.campaignId);
          if (ad.sku) usedSkus.add(ad.sku);
          const served: ServedAd = {
            r: requestId,
            p: publisherId,
            a: ad.advertiserId,
            c: ad.campaignId,
            d: ad.adId,
            pl: name,
            cx: req.context,
            pos: i + 1,
            ...(req.user_id ? { u: req.user_id } : {}),
            ...(req.session_id ? { s: req.session_id } : {}),
            cpc: charge.cpcCents,
            cpm: charge.cpmCents,
            t: nowMs,
            ...(ad.destinationUrl ? { to: ad.destinationUrl } : {}),
          };
          const token = encodeURIComponent(signer.sign(served));
          return {
            ad_id: ad.adId,
            type: ad.type,
            position: i + 1,
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
            impression_url: eventUrl('impression', token),
            view_url: eventUrl('view', token),
            click_url: eventUrl('click', token),
          };
        });
        requestStats?.record(publisherId, name, req.context, placement.quantity, winners.length, nowMs);
      }
      return { request_id: requestId, placements };
    },
  };
}
export type DecisionService = ReturnType<typeof createDecisionService>;
