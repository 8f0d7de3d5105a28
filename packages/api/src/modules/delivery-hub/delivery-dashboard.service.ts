import type { z } from 'zod';
import { DELIVERY_DASHBOARD_MAX_DAYS, msg, type DeliveryDashboard, type DeliveryDashboardQuery, type DeliveryFigures } from '@backoffice/contracts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { businessDate } from '../../lib/business-day.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import type { DeliveryHubRepo, StatsRow } from './delivery-hub.repo.ts';

const DAY = 86_400_000;
const DEFAULT_DAYS = 30;
// Calendar arithmetic on YYYY-MM-DD strings: noon UTC keeps clear of any offset.
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);
const rangeError = (field: string, detail: string) => new ValidationError('VALIDATION_ERROR', { field, detail }, [{ field, code: 'custom', message: detail }]);

type Sums = Pick<StatsRow, 'deliveries' | 'delivered' | 'on_time' | 'with_window' | 'failed' | 'canceled'> & { seconds: number };
const ZERO: Sums = { deliveries: 0, delivered: 0, on_time: 0, with_window: 0, failed: 0, canceled: 0, seconds: 0 };

const add = (a: Sums, r: StatsRow): Sums => ({
  deliveries: a.deliveries + Number(r.deliveries),
  delivered: a.delivered + Number(r.delivered),
  on_time: a.on_time + Number(r.on_time),
  with_window: a.with_window + Number(r.with_window),
  failed: a.failed + Number(r.failed),
  canceled: a.canceled + Number(r.canceled),
  seconds: a.seconds + Number(r.delivery_seconds),
});

function figures(s: Sums): z.input<typeof DeliveryFigures> {
  return {
    deliveries: s.deliveries,
    delivered: s.delivered,
    on_time: s.on_time,
    with_window: s.with_window,
    on_time_rate: s.with_window ? Math.round((s.on_time / s.with_window) * 10_000) / 10_000 : null,
    failed: s.failed,
    canceled: s.canceled,
    average_minutes: s.delivered ? Math.round((s.seconds / s.delivered / 60) * 10) / 10 : null,
  };
}

/** Sums the rows by a key, keeping the first row of each group for its labels. */
function groupBy(rows: StatsRow[], key: (r: StatsRow) => string) {
  const groups = new Map<string, { first: StatsRow; sums: Sums }>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k);
    if (g) g.sums = add(g.sums, r);
    else groups.set(k, { first: r, sums: add(ZERO, r) });
  }
  return [...groups.values()];
}

/** The delivery dashboard, from the daily rollup: per day, on time against the window, by region and by courier. */
export function createDeliveryDashboardService({ repo, scope, clock = () => new Date() }: { repo: DeliveryHubRepo; scope: StoreScope; clock?: () => Date }) {
  return {
    async dashboard(caller: Caller, q: DeliveryDashboardQuery): Promise<z.input<typeof DeliveryDashboard>> {
      const today = businessDate(clock());
      const to = q.to ?? (q.from && q.from > today ? q.from : today);
      const from = q.from ?? addDays(to, -(DEFAULT_DAYS - 1));
      if (to < from) throw rangeError('to', msg('END_DATE_BEFORE_START'));
      if (daysBetween(from, to) + 1 > DELIVERY_DASHBOARD_MAX_DAYS) throw rangeError(q.to ? 'to' : 'from', msg('PERIOD_TOO_LONG', { days: DELIVERY_DASHBOARD_MAX_DAYS }));

      const allowed = await scope(caller.accountId, caller.userId);
      if (q.location_id !== undefined) {
        const visible = (!allowed || allowed.includes(q.location_id)) && (await repo.storeExists(caller.accountId, q.location_id));
        if (!visible) throw new NotFoundError('LOCATION_NOT_FOUND');
      }
      const rows = await repo.stats(caller.accountId, { from, to, locationId: q.location_id, allowedLocationIds: allowed });

      const byDay = new Map(groupBy(rows, (r) => r.day).map((g) => [g.first.day, g.sums]));
      const per_day = [];
      for (let d = from; d <= to; d = addDays(d, 1)) per_day.push({ date: d, ...figures(byDay.get(d) ?? ZERO) });

      const regions = groupBy(rows, (r) => String(r.region_id))
        .map((g) => ({ region_id: g.first.region_id || null, name: g.first.region_id ? g.first.region_name : 'Sem região', ...figures(g.sums) }))
        .sort((a, b) => b.deliveries - a.deliveries || a.name.localeCompare(b.name, 'pt-BR'));

      // A courier's deliveries: those it finished, failed or had canceled (the request is counted before one is assigned).
      const couriers = groupBy(
        rows.filter((r) => r.courier_name !== ''),
        (r) => r.courier_name,
      )
        .map((g) => ({ name: g.first.courier_name, vehicle: g.first.courier_vehicle, ...figures({ ...g.sums, deliveries: g.sums.delivered + g.sums.failed + g.sums.canceled }) }))
        .sort((a, b) => b.delivered - a.delivered || a.name.localeCompare(b.name, 'pt-BR'));

      return { from, to, location_id: q.location_id ?? null, totals: figures(rows.reduce(add, ZERO)), per_day, regions, couriers };
    },
  };
}
