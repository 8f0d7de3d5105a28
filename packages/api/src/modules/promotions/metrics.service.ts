import { fromCents, METRICS_MAX_DAYS, type PromotionMetricsQuery } from '@backoffice/contracts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { promotionStatus } from './promotion-status.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import type { MetricsRepo, MetricsRow, MetricsScope } from './metrics.repo.ts';

interface Deps {
  repo: MetricsRepo;
  clock?: () => Date;
}

const DAY = 86_400_000;
const TOP_COUPONS = 10;
const DEFAULT_DAYS = 30;

// Calendar arithmetic on YYYY-MM-DD strings: noon UTC keeps clear of any offset.
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const maxDate = (a: string, b: string) => (a > b ? a : b);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

const rangeError = (field: string, detail: string) =>
  new ValidationError('VALIDATION_ERROR', { field, detail }, [{ field, code: 'custom', message: detail }]);

/** The period asked for, defaulting to the last 30 São Paulo days (today included). */
export function metricsRange(q: PromotionMetricsQuery, now: Date) {
  const end = q.end_date ?? (q.start_date ? maxDate(q.start_date, businessDate(now)) : businessDate(now));
  const start = q.start_date ?? addDays(end, -(DEFAULT_DAYS - 1));
  if (end < start) throw rangeError('end_date', 'A data final deve ser igual ou posterior à inicial.');
  if (daysBetween(start, end) + 1 > METRICS_MAX_DAYS) {
    throw rangeError(q.end_date ? 'end_date' : 'start_date', `O período pode ter no máximo ${METRICS_MAX_DAYS} dias.`);
  }
  return { start, end, from: startOfBusinessDay(start), to: endOfBusinessDay(end) };
}

const money = (cents: bigint | number) => fromCents(cents);

/** Totals and a dense per-day series (zeros on quiet days) from the repository's grouped rows. */
function series(rows: MetricsRow[], start: string, end: string) {
  const total = rows.find((r) => r.day === null);
  const byDay = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day, r]));
  const per_day = [];
  for (let d = start; d <= end; d = addDays(d, 1)) {
    const r = byDay.get(d);
    per_day.push({
      date: d,
      uses: r?.uses ?? 0,
      customers: r?.customers ?? 0,
      discount: money(r?.discount_cents ?? 0),
      revenue: money(r?.revenue_cents ?? 0),
    });
  }
  return {
    totals: {
      uses: total?.uses ?? 0,
      customers: total?.customers ?? 0,
      discount: money(total?.discount_cents ?? 0),
      revenue: money(total?.revenue_cents ?? 0),
      released: total?.released ?? 0,
    },
    per_day,
  };
}

/** Promotion and coupon metrics read from the redemptions the pricing engine records. */
export function createMetricsService(deps: Deps) {
  const now = deps.clock ?? (() => new Date());
  const { repo } = deps;

  const read = async (accountId: number, scope: MetricsScope, q: PromotionMetricsQuery) => {
    const range = metricsRange(q, now());
    const rows = await repo.aggregate(accountId, scope, range.from, range.to);
    return { range, ...series(rows, range.start, range.end) };
  };

  return {
    /** One promotion of the account; another account's id is not found. */
    async promotion(accountId: number, id: number, q: PromotionMetricsQuery) {
      if (!(await repo.promotionExists(accountId, id))) throw new NotFoundError('PROMOTION_NOT_FOUND');
      const { range, totals, per_day } = await read(accountId, { promotionId: id }, q);
      return { promotion_id: id, start_date: range.start, end_date: range.end, totals, per_day };
    },

    /** Every coupon of the account, with the most used ones. */
    async coupons(accountId: number, q: PromotionMetricsQuery) {
      const at = now();
      const { range, totals, per_day } = await read(accountId, { coupons: true }, q);
      const top = await repo.topCoupons(accountId, range.from, range.to, TOP_COUPONS);
      return {
        start_date: range.start,
        end_date: range.end,
        totals,
        per_day,
        top_coupons: top.map((c) => ({
          id: c.id,
          name: c.name,
          code: c.code,
          status: promotionStatus(c, at),
          uses: c.uses,
          customers: c.customers,
          discount: money(c.discount_cents),
          revenue: money(c.revenue_cents),
        })),
      };
    },
  };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
