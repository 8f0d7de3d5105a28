import type { z } from 'zod';
import {
  RM_REPORT_DEFAULT_DAYS,
  RM_REPORT_MAX_DAYS,
  SELECT_ADVERTISER_MESSAGE,
  fromCents,
  saoPauloToday,
  type CampaignAdType,
  type CampaignStatus,
  type RmReportAdsQuery,
  type RmReportCampaignState,
  type RmReportQuery,
} from '@backoffice/contracts';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { metricsOf, ZERO_SUMS } from '../campaigns/campaign-metrics.ts';
import { campaignStatus } from '../campaigns/campaign-status.ts';
import { isAdvertiser, isPublisher, type RmCaller, type RmScopes } from '../retail-media/scope.ts';
import { potentialRevenue } from './opportunity-cost.ts';
import { sumsOf } from '../campaigns/campaign-metrics.ts';
import type { Period, ReportScope, RmReportsRepo } from './rm-reports.repo.ts';

interface Deps {
  repo: RmReportsRepo;
  scopes: RmScopes;
  now?: () => Date;
}

type AdsQuery = z.output<typeof RmReportAdsQuery>;
type BlockedBy = NonNullable<z.input<typeof RmReportCampaignState>['blocked_by']>;

const DAY = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

/** Spec §2 defaults: the last 30 São Paulo days ending today; at most RM_REPORT_MAX_DAYS days. */
export function periodOf(q: { start_date?: string; end_date?: string }, today: string): Period {
  const end = q.end_date ?? (q.start_date && q.start_date > today ? q.start_date : today);
  const start = q.start_date ?? addDays(end, -(RM_REPORT_DEFAULT_DAYS - 1));
  if (daysBetween(start, end) + 1 > RM_REPORT_MAX_DAYS) {
    const detail = `o período pode ter no máximo ${RM_REPORT_MAX_DAYS} dias.`;
    throw new ValidationError('VALIDATION_ERROR', { field: 'start_date', detail }, [{ field: 'start_date', code: 'custom', message: detail }]);
  }
  return { start, end };
}

/** Which campaign stops serving first, in the order the ad server checks (status, then budgets, then wallet). */
export function blockedBy(s: {
  status: CampaignStatus;
  dailyBudgetCents: bigint;
  totalBudgetCents: bigint | null;
  spentTodayCents: bigint;
  consumedCents: bigint;
  walletCents: bigint | null;
}): BlockedBy | null {
  if (s.status !== 'active') return 'status';
  if (s.spentTodayCents >= s.dailyBudgetCents) return 'daily_budget';
  if (s.totalBudgetCents !== null && s.consumedCents >= s.totalBudgetCents) return 'total_budget';
  if ((s.walletCents ?? 0n) <= 0n) return 'wallet';
  return null;
}

const num = (v: bigint | number | null | undefined) => Number(v ?? 0);

/**
 * Retail-media reports (spec §2) over the rollups, in the caller's scope: a publisher sees its
 * inventory (and a network its sub-publishers) with every advertiser there; an advertiser only its
 * own campaigns on linked publishers. A deleted campaign leaves the numbers, its past serving included.
 */
export function createRmReportsService({ repo, scopes, now = () => new Date() }: Deps) {
  /** The caller's scope narrowed by the filters; a publisher or advertiser outside it is a 404. */
  async function reportScope(caller: RmCaller, q: RmReportQuery): Promise<ReportScope> {
    const s = await scopes.resolve(caller);
    const r: ReportScope = { callerId: caller.accountId, managed: s.managed, linked: s.linkedPublishers };
    if (q.publisher_id !== undefined) {
      if (!s.managed.includes(q.publisher_id) && !s.linkedPublishers.includes(q.publisher_id)) throw new NotFoundError('PUBLISHER_NOT_FOUND');
      r.publisherId = q.publisher_id;
    }
    if (q.advertiser_id !== undefined) {
      const own = isAdvertiser(caller) && q.advertiser_id === caller.accountId;
      if (!own && !(await repo.advertiserInScope(s.managed, q.advertiser_id))) throw new NotFoundError('ADVERTISER_NOT_FOUND');
      r.advertiserId = q.advertiser_id;
    }
    return r;
  }

  async function prepare(caller: RmCaller, q: RmReportQuery) {
    const today = saoPauloToday(now());
    const period = periodOf(q, today);
    return { scope: await reportScope(caller, q), period, today };
  }

  const periodOut = (p: Period) => ({ start_date: p.start, end_date: p.end });

  const reports = {
    async overview(caller: RmCaller, q: RmReportQuery) {
      const { scope, period } = await prepare(caller, q);
      const [totals, byDay, byType, byContext] = await Promise.all([
        repo.totals(scope, period),
        repo.byDay(scope, period),
        repo.byAdType(scope, period),
        repo.byContext(scope, period),
      ]);
      const days = [];
      for (let date = period.start; date <= period.end; date = addDays(date, 1)) days.push({ date, ...metricsOf(byDay.get(date) ?? ZERO_SUMS) });
      return {
        ...periodOut(period),
        totals: metricsOf(totals),
        days,
        by_ad_type: byType.map((row) => ({ ad_type: row.key as CampaignAdType, ...metricsOf(sumsOf(row)) })),
        by_context: byContext.map((row) => ({ context: row.key, ...metricsOf(sumsOf(row)) })),
      };
    },

    async hourOverview(caller: RmCaller, q: RmReportQuery) {
      const { scope, period } = await prepare(caller, q);
      const [byHour, series] = await Promise.all([repo.byHourOfDay(scope, period), repo.hourSeries(scope, period)]);
      return {
        ...periodOut(period),
        totals: metricsOf(byHour.total),
        hours: Array.from({ length: 24 }, (_, hour) => ({ hour, ...metricsOf(byHour.hours.get(hour) ?? ZERO_SUMS) })),
        series: series.map((s) => ({
          hour: s.hour.toISOString(),
          impressions: num(s.impressions),
          clicks: num(s.clicks),
          conversions: num(s.conversions),
          income: fromCents(s.incomeCents),
          total_spent: fromCents(s.spentCents),
        })),
      };
    },

    async advertisers(caller: RmCaller, q: RmReportQuery) {
      const { scope, period } = await prepare(caller, q);
      const [totals, rows] = await Promise.all([repo.totals(scope, period), repo.advertisers(scope, period, now())]);
      return {
        ...periodOut(period),
        totals: metricsOf(totals),
        rows: rows.map((r) => ({
          advertiser_id: r.id,
          advertiser_name: r.name,
          active_campaigns: r.active_campaigns,
          wallet_balance: r.wallet_cents === null ? null : fromCents(r.wallet_cents),
          ...metricsOf(sumsOf(r)),
        })),
      };
    },

    /** One advertiser's campaigns now: status, budgets, today's spend, wallet and what stops each from serving. */
    async advertisersState(caller: RmCaller, q: RmReportQuery) {
      const advertiserId = q.advertiser_id ?? (isPublisher(caller) ? undefined : caller.accountId);
      if (advertiserId === undefined) {
        throw new AppError(400, 'ADVERTISER_REQUIRED', 'ADVERTISER_REQUIRED', {}, [
          { field: 'advertiser_id', code: 'required', message: SELECT_ADVERTISER_MESSAGE },
        ]);
      }
      const { scope, period, today } = await prepare(caller, { ...q, advertiser_id: advertiserId });
      const at = now();
      const [advertiser, totals, wallet, rows] = await Promise.all([
        repo.accountName(advertiserId),
        repo.totals(scope, period),
        repo.walletBalance(scope),
        repo.campaignStates(scope, period, today),
      ]);
      if (!advertiser) throw new NotFoundError('ADVERTISER_NOT_FOUND');
      return {
        ...periodOut(period),
        advertiser,
        wallet_balance: fromCents(wallet),
        totals: metricsOf(totals),
        campaigns: rows.map((c) => {
          const status = campaignStatus({ active: c.active, startAt: c.start_at, endAt: c.end_at, canceledAt: c.canceled_at }, at);
          const spentTodayCents = c.spent_today_cents ?? 0n;
          const consumedCents = c.consumed_cents ?? 0n;
          const block = blockedBy({
            status,
            dailyBudgetCents: c.daily_budget_cents,
            totalBudgetCents: c.total_budget_cents,
            spentTodayCents,
            consumedCents,
            walletCents: c.wallet_cents,
          });
          return {
            campaign_id: c.id,
            name: c.name,
            status,
            ad_type: c.ad_type as CampaignAdType,
            publisher_name: c.publisher_name,
            daily_budget: fromCents(c.daily_budget_cents),
            total_budget: c.total_budget_cents === null ? null : fromCents(c.total_budget_cents),
            spent_today: fromCents(spentTodayCents),
            consumed_budget: fromCents(consumedCents),
            serving: block === null,
            blocked_by: block,
            ...metricsOf(sumsOf(c)),
          };
        }),
      };
    },

    /** Publishers only: placements asked, filled and left empty, and what the empty ones could have earned. */
    async opportunityCost(caller: RmCaller, q: RmReportQuery) {
      if (!isPublisher(caller)) throw new ForbiddenError('RM_REPORT_PUBLISHER_ONLY');
      const { scope, period } = await prepare(caller, q);
      if (scope.publisherId !== undefined && !scope.managed.includes(scope.publisherId)) throw new NotFoundError('PUBLISHER_NOT_FOUND');
      const rows = await repo.opportunity(scope.publisherId !== undefined ? [scope.publisherId] : scope.managed, period);
      const total = rows.find((r) => r.level === 'total');
      const overall = { returned: num(total?.ads_returned), revenue: num(total?.revenue_cents) };
      const figures = (r: (typeof rows)[number] | undefined) => {
        const requests = num(r?.requests);
        const filled = num(r?.filled);
        return {
          requests,
          filled,
          unfilled: num(r?.unfilled),
          fill_rate: requests === 0 ? 0 : Number((filled / requests).toFixed(4)),
          ads_requested: num(r?.ads_requested),
          ads_returned: num(r?.ads_returned),
          revenue: fromCents(num(r?.revenue_cents)),
          potential_cents: potentialRevenue(
            { adsRequested: num(r?.ads_requested), adsReturned: num(r?.ads_returned), revenueCents: num(r?.revenue_cents) },
            overall,
          ),
        };
      };
      const out = ({ potential_cents, ...f }: ReturnType<typeof figures>) => ({ ...f, potential_revenue: fromCents(potential_cents) });
      const placements = rows.filter((r) => r.level === 'row').map((r) => ({ placement: r.placement ?? '', context: r.context ?? '', f: figures(r) }));
      const totals = figures(total);
      totals.potential_cents = placements.reduce((n, p) => n + p.f.potential_cents, 0);
      return {
        ...periodOut(period),
        totals: out(totals),
        days: rows.filter((r) => r.level === 'day').map((r) => ({ date: r.day!, ...out(figures(r)) })),
        rows: placements
          .map((p) => ({ placement: p.placement, context: p.context, ...out(p.f) }))
          .sort((a, b) => b.requests - a.requests || a.placement.localeCompare(b.placement) || a.context.localeCompare(b.context)),
      };
    },

    async dailyConsolidation(caller: RmCaller, q: RmReportQuery) {
      const { scope, period } = await prepare(caller, q);
      const [totals, rows] = await Promise.all([repo.totals(scope, period), repo.dailyConsolidation(scope, period)]);
      return {
        ...periodOut(period),
        totals: metricsOf(totals),
        rows: rows.map((r) => ({
          date: r.day,
          publisher_id: r.publisher_id,
          publisher_name: r.publisher_name,
          advertiser_id: r.advertiser_id,
          advertiser_name: r.advertiser_name,
          ...metricsOf(sumsOf(r)),
        })),
      };
    },

    /** Ads that served in the period, paged and ordered in SQL; `all` returns every row on one page (downloads). */
    async ads(caller: RmCaller, q: AdsQuery, all = false) {
      const { scope, period } = await prepare(caller, q);
      const order = { by: q.order_by, direction: q.order_direction };
      const [totals, { rows, total }] = await Promise.all([
        repo.totals(scope, period),
        repo.ads(scope, period, order, all ? undefined : { page: q.page, quantity: q.quantity }),
      ]);
      const data = rows.map((r) => ({
        ad_id: r.ad_id,
        ad_type: r.ad_type as CampaignAdType,
        ad_name: r.ad_name,
        campaign_id: r.campaign_id,
        campaign_name: r.campaign_name,
        advertiser_name: r.advertiser_name,
        publisher_name: r.publisher_name,
        ...metricsOf(sumsOf(r)),
      }));
      const paging = all ? { page: 1, quantity: Math.max(total, 1) } : q;
      return { ...pageOf(data, paging, total), ...periodOut(period), totals: metricsOf(totals) };
    },
  };
  return reports;
}

export type RmReportsService = ReturnType<typeof createRmReportsService>;
