import type { z } from 'zod';
import { fromCents, type CampaignMetrics } from '@backoffice/contracts';

/** Sums of rm_daily_stats rows (counts and cents). */
export interface StatSums {
  impressions: bigint | number;
  views: bigint | number;
  clicks: bigint | number;
  conversions: bigint | number;
  incomeCents: bigint | number;
  spentCents: bigint | number;
}

/** The sums as SQL returns them (a sum over no rows is null). */
export interface StatSumRow {
  impressions: bigint | null;
  views: bigint | null;
  clicks: bigint | null;
  conversions: bigint | null;
  income_cents: bigint | null;
  spent_cents: bigint | null;
}

export const sumsOf = (r: StatSumRow): StatSums => ({
  impressions: r.impressions ?? 0n,
  views: r.views ?? 0n,
  clicks: r.clicks ?? 0n,
  conversions: r.conversions ?? 0n,
  incomeCents: r.income_cents ?? 0n,
  spentCents: r.spent_cents ?? 0n,
});

export const ZERO_SUMS: StatSums = { impressions: 0, views: 0, clicks: 0, conversions: 0, incomeCents: 0, spentCents: 0 };

const ratio = (a: number, b: number, places: number) => (b === 0 ? 0 : Number((a / b).toFixed(places)));

/** Shared rule (common brief): ratios are 0 when the divisor is 0; money in reais. */
export function metricsOf(s: StatSums): z.input<typeof CampaignMetrics> {
  const impressions = Number(s.impressions);
  const clicks = Number(s.clicks);
  const conversions = Number(s.conversions);
  const income = fromCents(s.incomeCents);
  const spent = fromCents(s.spentCents);
  const ecpm = ratio(spent * 1000, impressions, 2);
  return {
    impressions,
    views: Number(s.views),
    clicks,
    conversions,
    income,
    ctr: ratio(clicks, impressions, 4),
    conversion_rate: ratio(conversions, clicks, 4),
    ecpm,
    total_spent: spent,
    cpa: ratio(spent, conversions, 2),
    avg_cpc: ratio(spent, clicks, 2),
    avg_cpm: ecpm,
    roas: ratio(income, spent, 2),
    adcost: ratio(spent, income, 4),
  };
}
