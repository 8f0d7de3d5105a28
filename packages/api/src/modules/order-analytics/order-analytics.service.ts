import {
  ORDER_CHANNELS,
  ORDER_DASHBOARD_DEFAULT_DAYS,
  ORDER_DASHBOARD_LIST_MAX,
  ORDER_DASHBOARD_MAX_DAYS,
  fromCents,
  msg,
  type ConversionDashboard,
  type OrdersDashboard,
  type OrdersDashboardQuery,
  type PickingDashboard,
  type PickingDashboardQuery,
  type RuptureDashboard,
  type StoreDashboardQuery,
} from '@backoffice/contracts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import type { OrderAnalyticsRepo, RuptureRow, SalesRow, StatsFilter } from './order-analytics.repo.ts';

interface Deps {
  repo: OrderAnalyticsRepo;
  /** The stores a user may see (locations.allowedLocationIds). */
  scope: StoreScope;
  clock?: () => Date;
}

const DAY = 86_400_000;
// Calendar arithmetic on YYYY-MM-DD strings: noon UTC keeps clear of any offset.
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);
const rangeError = (field: string, detail: string) => new ValidationError('VALIDATION_ERROR', { field, detail }, [{ field, code: 'custom', message: detail }]);

/** The period asked for, defaulting to the last 30 São Paulo days (today included). */
export function dashboardRange(q: { from?: string; to?: string }, now: Date) {
  const today = businessDate(now);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, -(ORDER_DASHBOARD_DEFAULT_DAYS - 1));
  if (to < from) throw rangeError('to', msg('END_DATE_BEFORE_START'));
  if (daysBetween(from, to) + 1 > ORDER_DASHBOARD_MAX_DAYS) throw rangeError(q.to ? 'to' : 'from', msg('PERIOD_TOO_LONG', { days: ORDER_DASHBOARD_MAX_DAYS }));
  return { from, to };
}

/** The period (dashboardRange) and the stores the caller may ask about: 404 for a store it does not see. */
export async function dashboardFilter(
  deps: { scope: StoreScope; storeExists: (accountId: number, id: number) => Promise<boolean> },
  caller: Caller,
  q: { from?: string; to?: string; location_id?: number },
  now: Date,
): Promise<StatsFilter> {
  const range = dashboardRange(q, now);
  const allowed = await deps.scope(caller.accountId, caller.userId);
  if (q.location_id !== undefined) {
    const visible = (!allowed || allowed.includes(q.location_id)) && (await deps.storeExists(caller.accountId, q.location_id));
    if (!visible) throw new NotFoundError('LOCATION_NOT_FOUND');
  }
  return { ...range, locationId: q.location_id, allowedLocationIds: allowed };
}

export function days(from: string, to: string) {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);
const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** A mean in cents rounded to the cent, in reais. */
const ticket = (cents: bigint, n: number) => (n > 0 ? fromCents(Math.round(Number(cents) / n)) : 0);
const minutes = (seconds: number, n: number) => (n > 0 ? round1(seconds / n / 60) : null);
/** Below a minute of measured picking, a rate per hour says nothing (a few lines in seconds would read as thousands). */
const MIN_MEASURED_SECONDS = 60;
/** Lines per hour of picking, one decimal (null with under a minute measured). */
const perHour = (lines: number, seconds: number) => (seconds >= MIN_MEASURED_SECONDS ? round1(lines / (seconds / 3600)) : null);

const sales = (r?: SalesRow) => ({
  gmv: fromCents(r?.total_cents ?? 0n),
  orders: r?.orders ?? 0,
  average_ticket: r ? ticket(r.total_cents, r.orders) : 0,
  canceled_orders: r?.canceled_orders ?? 0,
});

const rupture = (r?: RuptureRow) => ({
  picked_lines: r?.picked_lines ?? 0,
  missing_lines: r?.missing_lines ?? 0,
  rupture_rate: ratio(r?.missing_lines ?? 0, r?.picked_lines ?? 0),
  missing_value: fromCents(r?.missing_cents ?? 0n),
});
const byMissing = (a: RuptureRow, b: RuptureRow) => b.missing_lines - a.missing_lines || Number(b.missing_cents - a.missing_cents);

/** The orders dashboards: sales, picking, conversion and rupture over a period, within the caller's stores. */
export function createOrderAnalyticsService({ repo, scope, clock = () => new Date() }: Deps) {
  const filterOf = (caller: Caller, q: { from?: string; to?: string; location_id?: number }) => dashboardFilter({ scope, storeExists: repo.storeExists }, caller, q, clock());

  return {
    /** GMV, orders and average ticket per São Paulo day, store and channel. */
    async orders(caller: Caller, q: OrdersDashboardQuery): Promise<OrdersDashboard> {
      const f = await filterOf(caller, q);
      const rows = await repo.sales(caller.accountId, { ...f, channel: q.channel });
      const byDay = new Map(rows.filter((r) => r.kind === 'day').map((r) => [r.day!, r]));
      const total = rows.find((r) => r.kind === 'total');
      const byGmv = (a: SalesRow, b: SalesRow) => Number(b.total_cents - a.total_cents) || b.orders - a.orders;
      return {
        from: f.from,
        to: f.to,
        location_id: q.location_id ?? null,
        channel: q.channel ?? null,
        totals: { ...sales(total), paid_orders: total?.paid_orders ?? 0, canceled_value: fromCents(total?.canceled_cents ?? 0n) },
        per_day: days(f.from, f.to).map((date) => ({ date, ...sales(byDay.get(date)) })),
        stores: rows
          .filter((r) => r.kind === 'store')
          .sort((a, b) => byGmv(a, b) || (a.store_name ?? '').localeCompare(b.store_name ?? '', 'pt-BR'))
          .map((r) => ({ location_id: r.location_id!, name: r.store_name ?? '', ...sales(r) })),
        channels: rows
          .filter((r) => r.kind === 'channel')
          .sort((a, b) => byGmv(a, b) || a.channel!.localeCompare(b.channel!))
          .map((r) => ({ channel: r.channel!, ...sales(r) })),
      };
    },

    /** Time to pick, items per hour per operator and late orders, by work day (delivery, pickup or both). */
    async picking(caller: Caller, q: PickingDashboardQuery): Promise<PickingDashboard> {
      const f = { ...(await filterOf(caller, q)), fulfilment: q.fulfilment };
      const now = clock();
      const [rows, operators, late] = await Promise.all([
        repo.picking(caller.accountId, f),
        repo.operators(caller.accountId, f),
        repo.late(caller.accountId, f, now, ORDER_DASHBOARD_LIST_MAX),
      ]);
      const t = rows.find((r) => r.kind === 'total');
      const byDay = new Map(rows.filter((r) => r.kind === 'day').map((r) => [r.day!, r]));
      const lateTotal = (t?.late_orders ?? 0) + late.waiting;
      return {
        from: f.from,
        to: f.to,
        location_id: q.location_id ?? null,
        fulfilment: q.fulfilment ?? null,
        totals: {
          picked_orders: t?.picked_orders ?? 0,
          average_pick_minutes: minutes(t?.pick_seconds ?? 0, t?.picked_orders ?? 0),
          lines: t?.lines ?? 0,
          missing_lines: t?.missing_lines ?? 0,
          items_per_hour: perHour(t?.lines ?? 0, t?.pick_seconds ?? 0),
          due_orders: t?.due_orders ?? 0,
          on_time_orders: t?.on_time_orders ?? 0,
          late_orders: t?.late_orders ?? 0,
          waiting_late_orders: late.waiting,
          late_rate: ratio(lateTotal, (t?.on_time_orders ?? 0) + lateTotal),
        },
        per_day: days(f.from, f.to).map((date) => {
          const r = byDay.get(date);
          return {
            date,
            picked_orders: r?.picked_orders ?? 0,
            average_pick_minutes: minutes(r?.pick_seconds ?? 0, r?.picked_orders ?? 0),
            due_orders: r?.due_orders ?? 0,
            on_time_orders: r?.on_time_orders ?? 0,
            late_orders: r?.late_orders ?? 0,
          };
        }),
        operators: operators.map((o) => ({
          operator_id: o.operator_id || null,
          name: o.operator_id ? (o.name ?? `Operador #${o.operator_id}`) : 'Sem operador informado',
          lines: o.lines,
          missing_lines: o.missing_lines,
          substituted_lines: o.substituted_lines,
          picking_hours: round2(Math.max(o.pick_seconds, 0) / 3600),
          items_per_hour: perHour(o.lines, o.pick_seconds),
        })),
        late: late.rows.map((r) => {
          const until = r.ready_at ?? now;
          return {
            order_id: r.order_id,
            number: r.number,
            status: r.status,
            fulfilment: r.fulfilment,
            location: { id: r.location_id, name: r.store_name },
            window_start: r.deadline.toISOString(),
            ready_at: r.ready_at?.toISOString() ?? null,
            minutes_late: Math.max(0, Math.floor((until.getTime() - r.deadline.getTime()) / 60_000)),
          };
        }),
      };
    },

    /** Carts → orders → paid, and each channel's orders and payments. */
    async conversion(caller: Caller, q: StoreDashboardQuery): Promise<ConversionDashboard> {
      const f = await filterOf(caller, q);
      const [carts, orders] = await Promise.all([
        repo.cartFunnel(caller.accountId, f, startOfBusinessDay(f.from), endOfBusinessDay(f.to)),
        repo.sales(caller.accountId, f),
      ]);
      const cartTotal = carts.find((r) => r.kind === 'total');
      const cartDay = new Map(carts.filter((r) => r.kind === 'day').map((r) => [r.day!, r]));
      const orderDay = new Map(orders.filter((r) => r.kind === 'day').map((r) => [r.day!, r]));
      const channel = new Map(orders.filter((r) => r.kind === 'channel').map((r) => [r.channel!, r]));
      // Every order counts here, canceled ones too: the funnel is of orders placed.
      const placed = (r?: SalesRow) => (r ? r.orders + r.canceled_orders : 0);
      return {
        from: f.from,
        to: f.to,
        location_id: q.location_id ?? null,
        carts: {
          created: cartTotal?.created ?? 0,
          approved: cartTotal?.approved ?? 0,
          link_sent: cartTotal?.link_sent ?? 0,
          opened: cartTotal?.opened ?? 0,
          ordered: cartTotal?.ordered ?? 0,
          paid: cartTotal?.paid ?? 0,
        },
        channels: ORDER_CHANNELS.map((c) => {
          const r = channel.get(c);
          return {
            channel: c,
            orders: placed(r),
            paid_orders: r?.paid_orders ?? 0,
            completed_orders: r?.completed_orders ?? 0,
            canceled_orders: r?.canceled_orders ?? 0,
            payment_rate: ratio(r?.paid_orders ?? 0, placed(r)),
          };
        }).sort((a, b) => b.orders - a.orders),
        per_day: days(f.from, f.to).map((date) => ({
          date,
          carts_created: cartDay.get(date)?.created ?? 0,
          carts_ordered: cartDay.get(date)?.ordered ?? 0,
          orders: placed(orderDay.get(date)),
          paid_orders: orderDay.get(date)?.paid_orders ?? 0,
        })),
      };
    },

    /** Missing lines by product, main category and store, and the rupture rate. */
    async rupture(caller: Caller, q: StoreDashboardQuery): Promise<RuptureDashboard> {
      const f = await filterOf(caller, q);
      const rows = await repo.rupture(caller.accountId, f);
      const of = (kind: RuptureRow['kind']) => rows.filter((r) => r.kind === kind);
      const total = of('total')[0];
      const byDay = new Map(of('day').map((r) => [r.day!, r]));
      return {
        from: f.from,
        to: f.to,
        location_id: q.location_id ?? null,
        totals: { ...rupture(total), substituted_lines: total?.substituted_lines ?? 0 },
        per_day: days(f.from, f.to).map((date) => ({ date, ...rupture(byDay.get(date)) })),
        products: of('product')
          .filter((r) => r.missing_lines > 0)
          .sort((a, b) => byMissing(a, b) || (a.product_name ?? '').localeCompare(b.product_name ?? '', 'pt-BR'))
          .slice(0, ORDER_DASHBOARD_LIST_MAX)
          .map((r) => ({
            product_id: r.product_id,
            sku: r.sku,
            name: r.product_name ?? 'Produto excluído',
            category: r.category || 'Sem categoria',
            ...rupture(r),
          })),
        categories: of('category')
          .sort((a, b) => byMissing(a, b) || (a.category ?? '').localeCompare(b.category ?? '', 'pt-BR'))
          .map((r) => ({ category: r.category || 'Sem categoria', ...rupture(r) })),
        stores: of('store')
          .sort((a, b) => byMissing(a, b) || (a.store_name ?? '').localeCompare(b.store_name ?? '', 'pt-BR'))
          .map((r) => ({ location_id: r.location_id!, name: r.store_name ?? '', ...rupture(r) })),
      };
    },
  };
}
export type OrderAnalyticsService = ReturnType<typeof createOrderAnalyticsService>;
