import {
  ANALYTICS_LIMIT_DEFAULT,
  FREQUENCY_BUCKETS,
  RFM_SEGMENTS,
  fromCents,
  type GroceryCustomers,
  type GroceryCustomersBody,
  type GrocerySellout,
  type GrocerySelloutBody,
} from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import { JsonText } from '../../lib/route.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import { createOrderAnalyticsRepo } from '../order-analytics/order-analytics.repo.ts';
import { dashboardFilter, days } from '../order-analytics/order-analytics.service.ts';
import { noOrdersCache, type OrdersCache } from '../orders/orders-cache.ts';
import { change, comparisonOf, matching, rate, ticket, units } from '../sales-dashboard/sales-dashboard.service.ts';
import type { SalesEngine, SalesFilter, SalesTotals } from '../sales-dashboard/sales-engine.ts';
import { createGroceryAnalyticsRepo, type GroceryAnalyticsRepo, type GroupSales } from './grocery-analytics.repo.ts';
import type { MetabaseEmbeds } from './metabase-embed.ts';

interface Deps {
  db: Db;
  engine: SalesEngine;
  /** The rankings' and customers' reads (the analytics engine's; PostgreSQL's by default). */
  repo?: GroceryAnalyticsRepo;
  embeds: MetabaseEmbeds;
  /** The stores a user may see (locations.allowedLocationIds). */
  scope: StoreScope;
  /** Answers kept while the orders of the store stay the same (the orders' cache). */
  cache?: OrdersCache;
  clock?: () => Date;
}

type Body = GrocerySelloutBody | GroceryCustomersBody;
const round2 = (n: number) => Math.round(n * 100) / 100;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** A figure beside its comparison: value, previous (null without one) and the change. */
export const cardOf = <T extends number>(value: T, previous: T | null) => ({ value, previous, change: change(value, previous) });

/** A ranked row's figures: units, sales, its share of the period's `total`, and the comparison's sales (null without one). */
function salesFigures(r: { itemsCents: bigint; units: number }, previousCents: bigint | null, total: bigint) {
  const sales = fromCents(r.itemsCents);
  const previous = previousCents === null ? null : fromCents(previousCents);
  return { units: units(r.units), sales, share: total > 0n ? Math.min(1, rate(r.itemsCents, total)) : 0, previous_sales: previous, change: change(sales, previous) };
}

/** Rows ranked by sales with their share and the comparison's sales of the same key. */
export function ranked<R extends { key: string; itemsCents: bigint; units: number }>(rows: R[], before: R[] | null, total: bigint) {
  const prev = before ? new Map(before.map((r) => [r.key, r.itemsCents])) : null;
  return rows.map((r) => ({ row: r, ...salesFigures(r, prev ? (prev.get(r.key) ?? 0n) : null, total) }));
}

const margin = (r: { costedCents: bigint; costCents: bigint }) => (r.costedCents > 0n ? fromCents(r.costedCents - r.costCents) : null);

/**
 * A supermarket's analytics (spec §2 /analytics/sellout/ and /analytics/customers): one store of
 * the caller's account, chosen first, over a period beside its comparison. Read from the sales and
 * customers rollups; answers kept while the store's orders stay the same.
 */
export function createGroceryAnalytics({ db, engine, repo = createGroceryAnalyticsRepo(db), embeds, scope, cache = noOrdersCache, clock = () => new Date() }: Deps) {
  const { storeExists } = createOrderAnalyticsRepo(db);

  async function periodsOf(caller: Caller, b: Body, dashboard: string) {
    const f = await dashboardFilter({ scope, storeExists }, caller, b, clock());
    const compare = b.compare ?? 'previous_period';
    const previous = comparisonOf(f.from, f.to, compare);
    const current: SalesFilter = { ...f, channel: b.channel };
    const head = {
      from: f.from,
      to: f.to,
      compare,
      previous,
      location_id: b.location_id,
      embed_url: embeds.url(dashboard, { account_id: caller.accountId, location_id: b.location_id, from: f.from, to: f.to }),
    };
    return { current, before: previous ? { ...current, ...previous } : null, head };
  }
  type Periods = Awaited<ReturnType<typeof periodsOf>>;

  /**
   * The answer as JSON text, kept per periods, store, channel and cards until a sale of the store
   * changes on a day up to the period's end (an answer reads nothing after it: a later day's orders
   * leave it).
   */
  async function cached<T>(caller: Caller, kind: string, p: Periods, b: Body, load: () => Promise<T>): Promise<JsonText<T>> {
    const key = `analytics:${kind}:${JSON.stringify([p.current, p.before, p.head.compare, b.queries, b.limit ?? null])}`;
    return new JsonText(await cache.readStoreDays(caller.accountId, p.current.locationId, p.current.to, key, async () => JSON.stringify(await load())));
  }

  const totalsOf = (caller: Caller, p: Periods) =>
    Promise.all([engine.totals(caller.accountId, p.current), p.before ? engine.totals(caller.accountId, p.before) : null]);

  function summary(now: SalesTotals, then: SalesTotals | null) {
    const values = (t: SalesTotals) => ({
      sales: fromCents(t.itemsCents),
      units: units(t.units),
      orders: t.orders,
      average_ticket: ticket(t.gmvCents, t.orders),
      average_price: t.units > 0 ? round2(fromCents(t.itemsCents) / t.units) : 0,
      margin: fromCents(t.costedCents - t.costCents),
      margin_rate: rate(t.costedCents - t.costCents, t.costedCents),
    });
    const a = values(now);
    const b = then ? values(then) : null;
    return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, cardOf(v, b ? b[k as keyof typeof a] : null)])) as {
      [K in keyof typeof a]: ReturnType<typeof cardOf<(typeof a)[K]>>;
    };
  }

  /** Rows ranked by sales with their share and the comparison's sales (null without one). */
  const rankedRows = (rows: GroupSales[], limit: number, total: bigint, compared: boolean) =>
    rows.slice(0, limit).map((r) => ({ row: r, margin: margin(r), ...salesFigures(r, compared ? r.previousCents : null, total) }));

  return {
    async sellout(caller: Caller, b: GrocerySelloutBody): Promise<JsonText<GrocerySellout>> {
      const p = await periodsOf(caller, b, 'analytics-grocery');
      return cached(caller, 'grocery-sellout', p, b, async (): Promise<GrocerySellout> => {
        const want = new Set(b.queries);
        const limit = b.limit ?? ANALYTICS_LIMIT_DEFAULT;
        const grouped = want.has('by_category') || want.has('by_brand') || want.has('by_product');
        // The totals, the days and the groupings read side by side.
        const [[now, then], perDays, g] = await Promise.all([
          totalsOf(caller, p),
          want.has('per_day') ? Promise.all([engine.perDay(caller.accountId, p.current), p.before ? engine.perDay(caller.accountId, p.before) : []]) : null,
          grouped ? repo.breakdown(caller.accountId, p.current, p.head.previous) : null,
        ]);
        const cards: GrocerySellout['cards'] = {};
        if (want.has('summary')) cards.summary = summary(now, then);
        if (perDays) {
          const [a, z] = perDays;
          const byDay = new Map(a.map((r) => [r.day, r]));
          const prevByDay = new Map(z.map((r) => [r.day, r]));
          cards.per_day = days(p.head.from, p.head.to).map((date) => {
            const r = byDay.get(date);
            const previousDate = matching(date, p.head.from, p.head.previous);
            return {
              date,
              sales: fromCents(r?.itemsCents ?? 0n),
              units: units(r?.units ?? 0),
              previous_date: previousDate,
              previous_sales: previousDate ? fromCents(prevByDay.get(previousDate)?.itemsCents ?? 0n) : null,
            };
          });
        }
        if (g) {
          const compared = p.head.previous !== null;
          if (want.has('by_category')) cards.by_category = rankedRows(g.category, limit, now.itemsCents, compared).map(({ row, ...r }) => ({ category: row.key || 'Sem categoria', ...r }));
          if (want.has('by_brand')) cards.by_brand = rankedRows(g.brand, limit, now.itemsCents, compared).map(({ row, ...r }) => ({ brand: row.key || 'Sem marca', ...r }));
          if (want.has('by_product')) {
            const top = rankedRows(g.product, limit, now.itemsCents, compared);
            const ids = top.map((r) => Number(r.row.key));
            const catalog = await db.product.findMany({ where: { accountId: caller.accountId, id: { in: ids } }, select: { id: true, sku: true, name: true, brand: true, categories: true } });
            const byId = new Map(catalog.map((c) => [c.id, c]));
            cards.by_product = top.map(({ row, ...r }) => {
              const c = byId.get(Number(row.key));
              return { product_id: c ? c.id : null, sku: c?.sku ?? null, name: c?.name ?? 'Produto excluído', brand: c?.brand ?? null, category: c?.categories[0] || null, ...r };
            });
          }
        }
        return { ...p.head, cards };
      });
    },

    async customers(caller: Caller, b: GroceryCustomersBody): Promise<JsonText<GroceryCustomers>> {
      const p = await periodsOf(caller, b, 'customers-grocery');
      return cached(caller, 'grocery-customers', p, b, async (): Promise<GroceryCustomers> => {
        // Each card reads on its own: their queries run side by side.
        const loads: { [K in keyof Cards]-?: () => Promise<NonNullable<Cards[K]>> } = {
          summary: async () => {
            const [a, z] = await Promise.all([repo.customers(caller.accountId, p.current), p.before ? repo.customers(caller.accountId, p.before) : null]);
            const values = (c: typeof a) => ({
              customers: c.customers,
              new_customers: c.newCustomers,
              returning_customers: c.customers - c.newCustomers,
              orders: c.orders,
              frequency: c.customers > 0 ? round2(c.orders / c.customers) : 0,
              average_ticket: ticket(c.gmvCents, c.orders),
            });
            const now = values(a);
            const then = z ? values(z) : null;
            return {
              customers: cardOf(now.customers, then?.customers ?? null),
              new_customers: cardOf(now.new_customers, then?.new_customers ?? null),
              returning_customers: cardOf(now.returning_customers, then?.returning_customers ?? null),
              orders: cardOf(now.orders, then?.orders ?? null),
              frequency: cardOf(now.frequency, then?.frequency ?? null),
              average_ticket: cardOf(now.average_ticket, then?.average_ticket ?? null),
            };
          },
          per_day: async () => {
            const rows = new Map((await repo.perDay(caller.accountId, p.current)).map((r) => [r.day, r]));
            return days(p.head.from, p.head.to).map((date) => {
              const r = rows.get(date);
              return { date, customers: r?.customers ?? 0, new_customers: r?.new_customers ?? 0, returning_customers: (r?.customers ?? 0) - (r?.new_customers ?? 0), orders: r?.orders ?? 0 };
            });
          },
          frequency: async () => {
            const rows = new Map((await repo.frequency(caller.accountId, p.current)).map((r) => [r.bucket, r]));
            const total = [...rows.values()].reduce((n, r) => n + r.customers, 0);
            return FREQUENCY_BUCKETS.map((bucket) => {
              const r = rows.get(bucket);
              return { bucket, customers: r?.customers ?? 0, share: total ? round4((r?.customers ?? 0) / total) : 0, sales: fromCents(r?.gmv_cents ?? 0n) };
            });
          },
          rfm: async () => {
            const rows = new Map((await repo.rfm(caller.accountId, p.current)).map((r) => [r.segment, r]));
            const total = [...rows.values()].reduce((n, r) => n + r.customers, 0);
            return RFM_SEGMENTS.map((segment) => {
              const r = rows.get(segment);
              return {
                segment,
                customers: r?.customers ?? 0,
                share: total ? round4((r?.customers ?? 0) / total) : 0,
                sales: fromCents(r?.gmv_cents ?? 0n),
                average_recency_days: r ? Math.round(r.recency * 10) / 10 : 0,
                average_orders: r ? round2(r.orders) : 0,
              };
            });
          },
          cohorts: async () => {
            const lastMonth = `${p.head.to.slice(0, 7)}-01`;
            const firstMonth = monthsBefore(lastMonth, 11);
            const rows = await repo.cohorts(caller.accountId, p.current, firstMonth);
            const sizes = new Map(rows.filter((r) => r.offset === 0).map((r) => [r.cohort, r.customers]));
            return [...sizes.entries()].map(([cohort, size]) => {
              const span = monthDiff(`${cohort}-01`, lastMonth);
              const active = new Map(rows.filter((r) => r.cohort === cohort).map((r) => [r.offset, r.customers]));
              return { cohort, customers: size, retention: Array.from({ length: span + 1 }, (_, k) => round4((active.get(k) ?? 0) / size)) };
            });
          },
        };
        const wanted = CUSTOMER_CARDS.filter((q) => b.queries.includes(q));
        const loaded = await Promise.all(wanted.map((q) => loads[q]()));
        return { ...p.head, cards: Object.fromEntries(wanted.map((q, i) => [q, loaded[i]])) as Cards };
      });
    },
  };
}
export type GroceryAnalytics = ReturnType<typeof createGroceryAnalytics>;
type Cards = GroceryCustomers['cards'];
/** The customers' cards in the order an answer lists them. */
const CUSTOMER_CARDS = ['summary', 'per_day', 'frequency', 'rfm', 'cohorts'] as const;

/** The first day of the month `n` months before the month of `first` (YYYY-MM-01). */
function monthsBefore(first: string, n: number) {
  const [y, m] = first.split('-').map(Number) as [number, number];
  const k = y * 12 + (m - 1) - n;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}-01`;
}
/** Whole months from the month of `a` to the month of `b`. */
function monthDiff(a: string, b: string) {
  const [ya, ma] = a.split('-').map(Number) as [number, number];
  const [yb, mb] = b.split('-').map(Number) as [number, number];
  return (yb - ya) * 12 + (mb - ma);
}
