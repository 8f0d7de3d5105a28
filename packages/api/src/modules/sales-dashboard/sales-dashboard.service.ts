import {
  SALES_TOP_DEFAULT,
  fromCents,
  type Comparison,
  type GmvPerDay,
  type MarginPerDay,
  type SalesCards,
  type SalesDashboardQuery,
  type SalesTopQuery,
  type TopCustomers,
  type TopProducts,
} from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import { JsonText } from '../../lib/route.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import { createOrderAnalyticsRepo } from '../order-analytics/order-analytics.repo.ts';
import { addDays, dashboardFilter, days, daysBetween } from '../order-analytics/order-analytics.service.ts';
import { noOrdersCache, type OrdersCache } from '../orders/orders-cache.ts';
import type { SalesEngine, SalesFilter, SalesTotals } from './sales-engine.ts';

interface Deps {
  engine: SalesEngine;
  db: Db;
  /** The stores a user may see (locations.allowedLocationIds). */
  scope: StoreScope;
  /**
   * Where answers are kept while the orders they count stay the same: the orders' cache, whose
   * versions every write of an order or its lines raises (a sale is an order and its lines).
   */
  cache?: OrdersCache;
  clock?: () => Date;
}

/** The same calendar day a year before (29 February: the 28th). */
function yearBefore(date: string) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = m === 2 && d === 29 ? 28 : d;
  return `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The comparison period of [from, to]: the same number of days just before, or the same days a year before. */
export function comparisonOf(from: string, to: string, compare: Comparison): { from: string; to: string } | null {
  if (compare === 'none') return null;
  if (compare === 'previous_year') return { from: yearBefore(from), to: yearBefore(to) };
  const n = daysBetween(from, to) + 1;
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

/** The day of the comparison period matching `date` (its offset from the start), or null past its end. */
export const matching = (date: string, from: string, previous: { from: string; to: string } | null) => {
  if (!previous) return null;
  const d = addDays(previous.from, daysBetween(from, date));
  return d <= previous.to ? d : null;
};

/** (value − previous) ÷ previous, 4 places; null with no comparison or a previous of 0. */
export const change = (value: number, previous: number | null) => (previous === null || previous === 0 ? null : Math.round(((value - previous) / Math.abs(previous)) * 10_000) / 10_000);
export const rate = (a: bigint, b: bigint) => (b > 0n ? Math.round((Number(a) / Number(b)) * 10_000) / 10_000 : 0);
export const units = (n: number) => Math.round(n * 1000) / 1000;
export const ticket = (cents: bigint, n: number) => (n > 0 ? fromCents(Math.round(Number(cents) / n)) : 0);

/** The cards' values of a period's totals. */
function cardValues(t: SalesTotals) {
  return {
    gmv: fromCents(t.gmvCents),
    orders: t.orders,
    average_ticket: ticket(t.gmvCents, t.orders),
    customers: t.customers,
    units: units(t.units),
    margin: fromCents(t.costedCents - t.costCents),
    margin_rate: rate(t.costedCents - t.costCents, t.costedCents),
    costed_share: rate(t.costedCents, t.itemsCents),
  };
}

/**
 * The dashboard data service: a grocery account's sales over a period (São Paulo days), within the
 * caller's stores, each figure beside the comparison period's. Read from the sales rollups.
 */
export function createSalesDashboardService({ engine, db, scope, cache = noOrdersCache, clock = () => new Date() }: Deps) {
  const { storeExists } = createOrderAnalyticsRepo(db);

  /** The period, its comparison, and the filters of both. */
  async function periodsOf(caller: Caller, q: SalesDashboardQuery) {
    const f = await dashboardFilter({ scope, storeExists }, caller, q, clock());
    const compare = q.compare ?? 'previous_period';
    const previous = comparisonOf(f.from, f.to, compare);
    const current: SalesFilter = { ...f, channel: q.channel };
    const head = { from: f.from, to: f.to, location_id: q.location_id ?? null, channel: q.channel ?? null, compare, previous };
    return { current, before: previous ? { ...current, ...previous } : null, head };
  }
  type Periods = Awaited<ReturnType<typeof periodsOf>>;

  /**
   * `load`'s answer as JSON text, kept per the periods, stores and channel it counts (and `extra`) until
   * a sale of the store (or of any, with none chosen) changes on a day up to the period's end (a later
   * day's orders leave it), or a name it shows changes.
   */
  async function cached<T>(caller: Caller, kind: string, p: Periods, extra: unknown, load: () => Promise<T>): Promise<JsonText<T>> {
    const key = `sales:${kind}:${JSON.stringify([p.current, p.before, p.head.compare, extra])}`;
    return new JsonText(await cache.readStoreDays(caller.accountId, p.current.locationId, p.current.to, key, async () => JSON.stringify(await load())));
  }

  /** The days of the period and of its comparison, each by its date. */
  async function daysOf(caller: Caller, { current, before }: Periods) {
    const [now, then] = await Promise.all([engine.perDay(caller.accountId, current), before ? engine.perDay(caller.accountId, before) : []]);
    return { byDay: new Map(now.map((r) => [r.day, r])), prevByDay: new Map(then.map((r) => [r.day, r])) };
  }

  return {
    async cards(caller: Caller, q: SalesDashboardQuery): Promise<JsonText<SalesCards>> {
      const p = await periodsOf(caller, q);
      return cached(caller, 'cards', p, null, async (): Promise<SalesCards> => {
        const { current, before, head } = p;
        const [now, then] = await Promise.all([engine.totals(caller.accountId, current), before ? engine.totals(caller.accountId, before) : null]);
        const a = cardValues(now);
        const b = then ? cardValues(then) : null;
        const card = <K extends keyof typeof a>(k: K) => ({ value: a[k], previous: b ? b[k] : null, change: change(a[k], b ? b[k] : null) });
        return {
          ...head,
          cards: {
            gmv: card('gmv'),
            orders: card('orders'),
            average_ticket: card('average_ticket'),
            customers: card('customers'),
            units: card('units'),
            margin: card('margin'),
            margin_rate: card('margin_rate'),
            costed_share: card('costed_share'),
          },
        };
      });
    },

    async gmvPerDay(caller: Caller, q: SalesDashboardQuery): Promise<JsonText<GmvPerDay>> {
      const p = await periodsOf(caller, q);
      return cached(caller, 'gmvPerDay', p, null, async (): Promise<GmvPerDay> => {
        const { head } = p;
        const { byDay, prevByDay } = await daysOf(caller, p);
        return {
          ...head,
          days: days(head.from, head.to).map((date) => {
            const r = byDay.get(date);
            const previousDate = matching(date, head.from, head.previous);
            const p = previousDate ? prevByDay.get(previousDate) : undefined;
            return {
              date,
              gmv: fromCents(r?.gmvCents ?? 0n),
              orders: r?.orders ?? 0,
              previous_date: previousDate,
              previous_gmv: previousDate ? fromCents(p?.gmvCents ?? 0n) : null,
              previous_orders: previousDate ? (p?.orders ?? 0) : null,
            };
          }),
        };
      });
    },

    async marginPerDay(caller: Caller, q: SalesDashboardQuery): Promise<JsonText<MarginPerDay>> {
      const p = await periodsOf(caller, q);
      return cached(caller, 'marginPerDay', p, null, async (): Promise<MarginPerDay> => {
        const { head } = p;
        const { byDay, prevByDay } = await daysOf(caller, p);
        return {
          ...head,
          days: days(head.from, head.to).map((date) => {
            const r = byDay.get(date);
            const costed = r?.costedCents ?? 0n;
            const cost = r?.costCents ?? 0n;
            const previousDate = matching(date, head.from, head.previous);
            const p = previousDate ? prevByDay.get(previousDate) : undefined;
            const pCosted = p?.costedCents ?? 0n;
            const pCost = p?.costCents ?? 0n;
            return {
              date,
              items_value: fromCents(r?.itemsCents ?? 0n),
              costed_value: fromCents(costed),
              cost: fromCents(cost),
              margin: fromCents(costed - cost),
              margin_rate: costed > 0n ? rate(costed - cost, costed) : null,
              previous_date: previousDate,
              previous_margin: previousDate ? fromCents(pCosted - pCost) : null,
              previous_margin_rate: previousDate && pCosted > 0n ? rate(pCosted - pCost, pCosted) : null,
            };
          }),
        };
      });
    },

    async topProducts(caller: Caller, q: SalesTopQuery): Promise<JsonText<TopProducts>> {
      const p = await periodsOf(caller, q);
      return cached(caller, 'topProducts', p, q.limit ?? SALES_TOP_DEFAULT, async (): Promise<TopProducts> => {
        const { current, before, head } = p;
        const [top, totals] = await Promise.all([engine.products(caller.accountId, current, { limit: q.limit ?? SALES_TOP_DEFAULT }), engine.totals(caller.accountId, current)]);
        const ids = top.map((r) => r.productId);
        const [then, catalog] = await Promise.all([
          before && ids.length ? engine.products(caller.accountId, before, { ids }) : [],
          db.product.findMany({ where: { accountId: caller.accountId, id: { in: ids } }, select: { id: true, sku: true, name: true, brand: true, categories: true } }),
        ]);
        const prev = new Map(then.map((r) => [r.productId, r]));
        const byId = new Map(catalog.map((p) => [p.id, p]));
        return {
          ...head,
          items_value: fromCents(totals.itemsCents),
          products: top.map((r) => {
            const p = byId.get(r.productId);
            const value = fromCents(r.itemsCents);
            const previous = before ? fromCents(prev.get(r.productId)?.itemsCents ?? 0n) : null;
            return {
              product_id: p ? p.id : null,
              sku: p?.sku ?? null,
              name: p?.name ?? 'Produto excluído',
              brand: p?.brand ?? null,
              category: p?.categories[0] || null,
              units: units(r.units),
              value,
              margin: r.costedCents > 0n ? fromCents(r.costedCents - r.costCents) : null,
              share: totals.itemsCents > 0n ? Math.min(1, rate(r.itemsCents, totals.itemsCents)) : 0,
              previous_value: previous,
              change: change(value, previous),
            };
          }),
        };
      });
    },

    async topCustomers(caller: Caller, q: SalesTopQuery): Promise<JsonText<TopCustomers>> {
      const p = await periodsOf(caller, q);
      return cached(caller, 'topCustomers', p, q.limit ?? SALES_TOP_DEFAULT, async (): Promise<TopCustomers> => {
        const { current, before, head } = p;
        const top = await engine.customers(caller.accountId, current, { limit: q.limit ?? SALES_TOP_DEFAULT });
        const ids = top.map((r) => r.customerId);
        const [then, people] = await Promise.all([
          before && ids.length ? engine.customers(caller.accountId, before, { ids }) : [],
          db.customer.findMany({ where: { accountId: caller.accountId, id: { in: ids } }, select: { id: true, name: true } }),
        ]);
        const prev = new Map(then.map((r) => [r.customerId, r]));
        const names = new Map(people.map((c) => [c.id, c.name]));
        return {
          ...head,
          customers: top.map((r) => ({
            customer_id: r.customerId,
            name: names.get(r.customerId) ?? '',
            orders: r.orders,
            gmv: fromCents(r.gmvCents),
            average_ticket: ticket(r.gmvCents, r.orders),
            last_order_date: r.lastDay,
            previous_gmv: before ? fromCents(prev.get(r.customerId)?.gmvCents ?? 0n) : null,
          })),
        };
      });
    },
  };
}
export type SalesDashboardService = ReturnType<typeof createSalesDashboardService>;
