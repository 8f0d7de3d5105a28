import { CART_METRICS_DEFAULT_DAYS, CART_METRICS_MAX_DAYS, fromCents, msg, type CartAbandonmentQuery, type CartFunnel } from '@backoffice/contracts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import type { StoreScope } from '../locations/locations.service.ts';
import type { CartMetricsRepo, FunnelRow } from './cart-metrics.repo.ts';

interface Deps {
  repo: CartMetricsRepo;
  /** The stores a user may see (locations.allowedLocationIds). */
  scope: StoreScope;
  clock?: () => Date;
}

const DAY = 86_400_000;
// Calendar arithmetic on YYYY-MM-DD strings: noon UTC keeps clear of any offset.
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

const rangeError = (field: string, detail: string) =>
  new ValidationError('VALIDATION_ERROR', { field, detail }, [{ field, code: 'custom', message: detail }]);

/** The period asked for, defaulting to the last 30 São Paulo days (today included). */
export function cartMetricsRange(q: Pick<CartAbandonmentQuery, 'from' | 'to'>, now: Date) {
  const today = businessDate(now);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, -(CART_METRICS_DEFAULT_DAYS - 1));
  if (to < from) throw rangeError('to', msg('END_DATE_BEFORE_START'));
  if (daysBetween(from, to) + 1 > CART_METRICS_MAX_DAYS) throw rangeError(q.to ? 'to' : 'from', msg('PERIOD_TOO_LONG', { days: CART_METRICS_MAX_DAYS }));
  return { from, to, fromAt: startOfBusinessDay(from), toAt: endOfBusinessDay(to) };
}

const EMPTY: Omit<FunnelRow, 'kind' | 'day' | 'location_id' | 'store_name'> = {
  created: 0, links_sent: 0, opened: 0, converted: 0, abandoned: 0, reached: 0, abandoned_cents: 0n,
};

function funnel(r: Omit<FunnelRow, 'kind' | 'day' | 'location_id' | 'store_name'> = EMPTY): CartFunnel {
  return {
    created: r.created,
    links_sent: r.links_sent,
    opened: r.opened,
    converted: r.converted,
    abandoned: r.abandoned,
    abandonment_rate: r.reached ? Math.round((r.abandoned / r.reached) * 10_000) / 10_000 : 0,
    abandoned_value: fromCents(r.abandoned_cents),
  };
}

/** Cart abandonment: carts created in a period, by São Paulo day and by store, and what their customers left behind. */
export function createCartMetricsService(deps: Deps) {
  const now = deps.clock ?? (() => new Date());
  const { repo, scope } = deps;

  return {
    async cartAbandonment(caller: { accountId: number; userId: number }, q: CartAbandonmentQuery) {
      const range = cartMetricsRange(q, now());
      const allowed = await scope(caller.accountId, caller.userId);
      if (q.location_id !== undefined) {
        const visible = (!allowed || allowed.includes(q.location_id)) && (await repo.storeExists(caller.accountId, q.location_id));
        if (!visible) throw new NotFoundError('LOCATION_NOT_FOUND');
      }
      const rows = await repo.funnel(caller.accountId, { from: range.fromAt, to: range.toAt, locationId: q.location_id, allowedLocationIds: allowed });
      const byDay = new Map(rows.filter((r) => r.kind === 'day').map((r) => [r.day!, r]));
      const per_day = [];
      for (let d = range.from; d <= range.to; d = addDays(d, 1)) per_day.push({ date: d, ...funnel(byDay.get(d)) });
      const stores = rows
        .filter((r) => r.kind === 'store')
        .sort((a, b) => Number(b.abandoned_cents - a.abandoned_cents) || b.abandoned - a.abandoned || a.store_name!.localeCompare(b.store_name!, 'pt-BR'))
        .map((r) => ({ location_id: r.location_id!, name: r.store_name!, ...funnel(r) }));
      return {
        from: range.from,
        to: range.to,
        location_id: q.location_id ?? null,
        totals: funnel(rows.find((r) => r.kind === 'total')),
        per_day,
        stores,
      };
    },
  };
}
export type CartMetricsService = ReturnType<typeof createCartMetricsService>;
