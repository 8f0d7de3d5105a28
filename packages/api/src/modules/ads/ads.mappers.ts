import type { z } from 'zod';
import { fromCents, type Ad, type AdCreativeMediaKind, type AdMetrics } from '@backoffice/contracts';
import type { AdRow, AdStatsRow } from './ads.repo.ts';
import { campaignStatus } from '../campaigns/campaign-status.ts';

const ratio = (a: bigint, b: bigint) => (b === 0n ? 0 : Math.round((Number(a) / Number(b)) * 10_000) / 10_000);

/** An ad's metrics from its summed stats (zeros without any); ratios are 0 when the divisor is 0. */
export function metricsOf(s: AdStatsRow | undefined): z.input<typeof AdMetrics> {
  const zero = 0n;
  const st = s ?? { impressions: zero, clicks: zero, conversions: zero, itemsSold: zero, incomeCents: zero, spentCents: zero };
  return {
    impressions: Number(st.impressions),
    clicks: Number(st.clicks),
    ctr: ratio(st.clicks, st.impressions),
    totalSpent: fromCents(st.spentCents),
    conversions: Number(st.conversions),
    conversionRate: ratio(st.conversions, st.clicks),
    income: fromCents(st.incomeCents),
    totalConversionsItemsQuantity: Number(st.itemsSold),
    roas: ratio(st.incomeCents, st.spentCents),
    adcost: ratio(st.spentCents, st.incomeCents),
  };
}

interface Asset {
  dimension: string;
  url: string;
  type: AdCreativeMediaKind;
}

const assetsOf = (v: unknown): Asset[] =>
  Array.isArray(v)
    ? v
        .filter((a): a is Record<string, unknown> => Boolean(a) && typeof a === 'object')
        .map((a) => ({ dimension: String(a.dimension ?? ''), url: String(a.url ?? ''), type: a.type === 'video' ? ('video' as const) : ('image' as const) }))
    : [];

const cents = (v: bigint | null) => (v === null ? null : fromCents(v));

/** The API shape of an ad; metrics only for approved ads (pending and rejected show a dash). */
export function toAd(
  row: AdRow,
  extra: { stats?: AdStatsRow; product?: { name: string; imageUrl: string | null }; now: Date },
): z.input<typeof Ad> {
  const c = row.campaign;
  return {
    id: row.id,
    campaign_id: c.id,
    campaign_name: c.name,
    campaign_status: campaignStatus(c, extra.now),
    ad_type: row.adType,
    ad_status: row.status,
    active: row.active,
    advertiser: { id: c.advertiser.id, name: c.advertiser.name },
    publisher: { id: c.publisher.id, name: c.publisher.name },
    settings: {
      media_url: row.mediaUrl,
      media_type: row.mediaType,
      alt_text: row.altText,
      ad_size: row.adSize,
      sku: row.sku,
      product_name: extra.product?.name ?? null,
      product_image_url: extra.product?.imageUrl ?? null,
      destination_url: row.destinationUrl,
      headline: row.headline,
      description: row.description,
      brand_name: row.brandName,
      brand_url: row.brandUrl,
      assets: assetsOf(row.assets),
      duration: row.durationSeconds,
      cpm: cents(row.cpmCents),
      cpc: cents(row.cpcCents),
      note: row.reviewNote,
    },
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    metrics: row.status === 'approved' ? metricsOf(extra.stats) : null,
  };
}
