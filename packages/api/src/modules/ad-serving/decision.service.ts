import { randomUUID } from 'node:crypto';
import type { RmaAd, RmaRequest, RmaResponse, RmAdType } from '@backoffice/contracts';
import { categoryPrefixes, normCategory, normText, type AdIndex, type IndexedAd, type PublisherIndex } from './ad-index.ts';
import { rank, systemClock, withinBudget, type Clock } from './decision.ts';
import type { EventSigner, ServedAd } from './event-signing.ts';

export interface DecisionDeps {
  index: AdIndex;
  signer: EventSigner;
  appUrl: string;
  clock?: Clock;
}

const concat = (...lists: Array<IndexedAd[] | undefined>) => lists.flatMap((l) => l ?? []);

/** Candidates a request's context allows, before types, sizes, budgets and duplicates. */
function contextCandidates(idx: PublisherIndex, req: RmaRequest): IndexedAd[] {
  switch (req.context) {
    case 'search':
      return idx.byKeyword.get(normText(req.term ?? '')) ?? [];
    case 'category':
      return concat(...categoryPrefixes(req.category_name ?? '').map((c) => idx.byCategory.get(c)));
    case 'product_page': {
      const sku = req.product_sku ?? '';
      const categories = idx.productCategories.get(sku) ?? [];
      const byCategory = concat(...categories.flatMap(categoryPrefixes).map((c) => idx.byCategory.get(normCategory(c)))).filter(
        (a) => a.type !== 'product',
      );
      return [...(idx.bySku.get(sku) ?? []), ...byCategory];
    }
    case 'brand_page':
      return idx.byBrand.get(normText(req.brand_name ?? '')) ?? [];
    case 'digital_signage':
      return idx.all.filter((a) => a.type === 'digital_signage');
    case 'home':
      return idx.all;
  }
}

function fitsPlacement(ad: IndexedAd, types: readonly RmAdType[], size: string | undefined): boolean {
  if (!types.includes(ad.type)) return false;
  if (ad.type !== 'banner') return true;
  if (!size) return false;
  const wanted = normText(size);
  return ad.sizeKeys.includes(wanted) || ad.sizeKeys.includes(wanted.replace(/\s+/g, ''));
}

/** Decides the ads of each placement of one page view: eligibility, pacing, auction, signed event URLs. */
export function createDecisionService({ index, signer, appUrl, clock = systemClock }: DecisionDeps) {
  const eventUrl = (type: 'impression' | 'view' | 'click', token: string) => `${appUrl}/v1/beacon/${type}?t=${encodeURIComponent(token)}`;

  return {
    async decide(publisherId: number, req: RmaRequest): Promise<RmaResponse> {
      const now = clock();
      const idx = await index.get(publisherId);
      const requestId = randomUUID();
      const pool = contextCandidates(idx, req).filter((a) => withinBudget(a.budget, now));
      const usedCampaigns = new Set<number>();
      const usedSkus = new Set<string>();
      const dedupe = !req.allow_duplicates;
      const placements: Record<string, RmaAd[]> = {};

      for (const [name, placement] of Object.entries(req.placements)) {
        const seen = new Set<IndexedAd>();
        const fitting = pool.filter((a) => {
          if (seen.has(a) || !fitsPlacement(a, placement.types, placement.size)) return false;
          seen.add(a);
          return !dedupe || (!usedCampaigns.has(a.campaignId) && !(a.sku && usedSkus.has(a.sku)));
        });
        // Best ad per campaign and per SKU first (unless duplicates are allowed), then the auction prices them.
        let ranked = rank<IndexedAd>(fitting);
        if (dedupe) {
          const campaigns = new Set<number>();
          const skus = new Set<string>();
          const kept = ranked.filter(({ candidate: a }) => {
            if (campaigns.has(a.campaignId) || (a.sku && skus.has(a.sku))) return false;
            campaigns.add(a.campaignId);
            if (a.sku) skus.add(a.sku);
            return true;
          });
          ranked = rank<IndexedAd>(kept.map((k) => k.candidate));
        }
        placements[name] = ranked.slice(0, placement.quantity).map((r, i) => {
          const ad = r.candidate;
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
            cpc: r.cpcCents,
            cpm: r.cpmCents,
            t: now.getTime(),
            ...(ad.destinationUrl ? { to: ad.destinationUrl } : {}),
          };
          const token = signer.sign(served);
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
      }
      return { request_id: requestId, placements };
    },
  };
}
export type DecisionService = ReturnType<typeof createDecisionService>;
