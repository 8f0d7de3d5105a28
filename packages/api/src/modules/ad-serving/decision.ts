/**
 * Ad decision rules (pure; the lead copies this block to the README).
 *
 * Expected CTR — smoothed from the ad's own history with a Bayesian prior:
 *     expectedCtr = (clicks + α) / (impressions + α / PRIOR_CTR),   PRIOR_CTR = 1 %, α = 1
 *   A new ad starts at exactly the prior (1 / 100 = 1 %); with history it moves towards clicks/impressions.
 *
 * Bid per click (cents):
 *   - CPC campaigns: the ad's cpc override, else the campaign cpc.
 *   - CPM campaigns: effective bid per click = (cpm / 1000) / expectedCtr (cpm: the ad's override, else the campaign's).
 *
 * Score = bid × expectedCtr (expected cents per impression). Ads sort by score, highest first
 * (ties: lower ad id first, so decisions are stable).
 *
 * Charge (generalised second price, per click, in cents): the ad at position i pays the minimal bid that
 * keeps its score above the next ad's: next.score / own.expectedCtr, rounded up, never above its own bid
 * and at least 1 cent. The last ad pays the reserve: 1 cent per click. CPM ads are charged per thousand
 * impressions: cpm charge = click charge × expectedCtr × 1000 (never above their cpm, at least 1 cent).
 *
 * Pacing (budget type "evenly"): a campaign's daily budget is spread over the São Paulo day. A campaign
 * is served only while todaySpend ≤ dailyBudget × (elapsed fraction of the day + 1/24); besides,
 * todaySpend < dailyBudget and lifetimeSpend < totalBudget (when set) always. `now` comes from an
 * injected clock so a day can be simulated.
 */
import { businessDate, startOfBusinessDay } from '../../lib/business-day.ts';

export const PRIOR_CTR = 0.01;
export const CTR_ALPHA = 1;
export const RESERVE_CENTS = 1;
export const PACING_SLACK = 1 / 24;
const DAY_MS = 86_400_000;

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export function expectedCtr(clicks: number, impressions: number): number {
  return (clicks + CTR_ALPHA) / (impressions + CTR_ALPHA / PRIOR_CTR);
}

export interface Candidate {
  adId: number;
  campaignId: number;
  /** 'cpc' when the campaign buys clicks, 'cpm' when it buys impressions. */
  pricing: 'cpc' | 'cpm';
  /** Cents: per click for CPC, per thousand impressions for CPM. */
  bidCents: number;
  clicks: number;
  impressions: number;
}

export interface Ranked<C extends Candidate = Candidate> {
  candidate: C;
  ctr: number;
  /** Effective bid per click, cents. */
  bid: number;
  score: number;
  /** What a click costs (cents), decided by the auction. */
  cpcCents: number;
  /** What a thousand impressions cost (cents); 0 for CPC ads. */
  cpmCents: number;
}

export function bidPerClick(c: Candidate, ctr: number): number {
  return c.pricing === 'cpc' ? c.bidCents : c.bidCents / 1000 / ctr;
}

export interface Scored<C extends Candidate = Candidate> {
  candidate: C;
  ctr: number;
  /** Effective bid per click, cents. */
  bid: number;
  score: number;
}

export function score<C extends Candidate>(candidate: C): Scored<C> {
  const ctr = expectedCtr(candidate.clicks, candidate.impressions);
  const bid = bidPerClick(candidate, ctr);
  return { candidate, ctr, bid, score: bid * ctr };
}

/** Highest score first; ties: lower ad id first, so decisions are stable. */
export const byScore = (a: Scored, b: Scored) => b.score - a.score || a.candidate.adId - b.candidate.adId;

/** The second-price charge of an ad whose next competitor in the same auction is `next` (none: the reserve). */
export function price(s: Scored, next: Scored | undefined): { cpcCents: number; cpmCents: number } {
  const raw = next ? Math.ceil(next.score / s.ctr - 1e-9) : RESERVE_CENTS;
  const click = Math.max(RESERVE_CENTS, Math.min(raw, Math.floor(s.bid) || RESERVE_CENTS));
  if (s.candidate.pricing === 'cpc') return { cpcCents: click, cpmCents: 0 };
  return { cpcCents: 0, cpmCents: Math.max(1, Math.min(s.candidate.bidCents, Math.round(click * s.ctr * 1000))) };
}

/** Ranks candidates by score and prices each with the second price of the next one. */
export function rank<C extends Candidate>(candidates: readonly C[]): Ranked<C>[] {
  const scored = candidates
    .map((c) => score(c))
    .filter((s) => s.bid > 0)
    .sort(byScore);
  return scored.map((s, i) => ({ ...s, ...price(s, scored[i + 1]) }));
}

/** Elapsed fraction (0..1) of the São Paulo day at `now`. */
export function dayFraction(now: Date): number {
  const start = startOfBusinessDay(businessDate(now)).getTime();
  return Math.min(1, Math.max(0, (now.getTime() - start) / DAY_MS));
}

export interface Budget {
  dailyBudgetCents: number;
  totalBudgetCents: number | null;
  todaySpentCents: number;
  lifetimeSpentCents: number;
}

/** Budget left and evenly paced at `now`. */
export function withinBudget(b: Budget, now: Date): boolean {
  return withinBudgetAt(b, dayFraction(now));
}

/** The same rule for an elapsed day fraction computed once per request (the hot path). */
export function withinBudgetAt(b: Budget, fraction: number): boolean {
  if (b.todaySpentCents >= b.dailyBudgetCents) return false;
  if (b.totalBudgetCents !== null && b.lifetimeSpentCents >= b.totalBudgetCents) return false;
  return b.todaySpentCents <= b.dailyBudgetCents * (fraction + PACING_SLACK);
}

export interface BusinessDay {
  /** São Paulo date, YYYY-MM-DD. */
  date: string;
  /** Elapsed fraction (0..1) of that day. */
  fraction: number;
}

/**
 * `businessDate` and `dayFraction` without formatting a date on every call: the day's bounds are
 * computed once per São Paulo day, so a decision pays two comparisons.
 */
export function createBusinessDayClock() {
  let date = '';
  let start = 0;
  let end = 0;
  return (now: Date): BusinessDay => {
    const ms = now.getTime();
    if (ms < start || ms >= end) {
      date = businessDate(now);
      start = startOfBusinessDay(date).getTime();
      const next = new Date(start + DAY_MS + 3 * 3_600_000);
      end = startOfBusinessDay(businessDate(next)).getTime();
    }
    return { date, fraction: Math.min(1, Math.max(0, (ms - start) / DAY_MS)) };
  };
}
