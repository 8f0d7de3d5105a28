import {
  ANALYTICS_LIMIT_DEFAULT,
  CONSUMER_SEGMENTS,
  FREQUENCY_BUCKETS,
  K_ANONYMITY,
  fromCents,
  type Consumers,
  type ConsumersBody,
  type IndustrySellout,
  type IndustrySelloutBody,
  type KpiBody,
  type KpiNode,
  type KpiTree,
  type StockAnalytics,
  type StockBody,
} from '@backoffice/contracts';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { JsonText } from '../../lib/route.ts';
import { noOrdersCache, type OrdersCache } from '../orders/orders-cache.ts';
import type { Caller } from '../locations/locations.service.ts';
import { addDays, dashboardRange, days, daysBetween } from '../order-analytics/order-analytics.service.ts';
import { change, comparisonOf, matching, units } from '../sales-dashboard/sales-dashboard.service.ts';
import { brandScopeOf } from './brand-scope.ts';
import { cardOf, ranked } from './grocery-analytics.service.ts';
import { createIndustryAnalyticsRepo, type BuyersBy, type IndustryAnalyticsRepo, type BuyersTotal, type KeyedBuyers, type KeyedSales, type PeriodRows, type Periods, type SalesBy, type Window } from './industry-analytics.repo.ts';
import type { MetabaseEmbeds } from './metabase-embed.ts';

interface Deps {
  db: Db;
  /** The dashboards' reads (the analytics engine's; PostgreSQL's by default). */
  repo?: IndustryAnalyticsRepo;
  embeds: MetabaseEmbeds;
  /**
   * Where answers are kept while what they read stays the same: the brands' sales and ruptures at the
   * retailers up to the period's last day (the orders' cache, versions per retailer, brand and day),
   * and for stock answers the retailers' offers too (their catalogs' versions).
   */
  cache?: OrdersCache;
  clock?: () => Date;
}
type Body = KpiBody | IndustrySelloutBody | StockBody | ConsumersBody;

/** A customer count a brand may see: under K_ANONYMITY customers it is hidden (null). */
export const visible = (customers: number): number | null => (customers >= K_ANONYMITY ? customers : null);

/**
 * The counts of cells that add up to a total shown elsewhere (segments, buckets, retailers, stores),
 * each under K_ANONYMITY hidden; and while the hidden ones together count fewer than K_ANONYMITY
 * (the total minus the shown ones would give them away), the smallest shown one is hidden too.
 */
export function suppressed(counts: number[]): Array<number | null> {
  const out: Array<number | null> = counts.map(visible);
  const hiddenSum = () => counts.reduce((n, c, i) => n + (out[i] === null ? c : 0), 0);
  while (hiddenSum() > 0 && hiddenSum() < K_ANONYMITY) {
    let smallest = -1;
    for (let i = 0; i < counts.length; i++) if (out[i] !== null && (smallest < 0 || counts[i]! < counts[smallest]!)) smallest = i;
    if (smallest < 0) break;
    out[smallest] = null;
  }
  return out;
}
const round2 = (n: number) => Math.round(n * 100) / 100;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
/** A ratio kept to 6 places (the KPI tree's parents are products of them). */
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1e6) / 1e6 : null);
const byKey = <T extends { key: string }>(rows: T[]) => new Map(rows.map((r) => [r.key, r]));

/** The buckets of purchase occasions in a period (as the grocery frequency: 1, 2, 3, 4–5, 6+). */
const frequencyBucket = (n: number) => (n >= 6 ? '6+' : n >= 4 ? '4-5' : (String(n) as '1' | '2' | '3'));
/** Buyers of the 365 days up to `to` by occasions: 1, 2–3, 4–11, 12 or more. */
const segmentOf = (n: number): (typeof CONSUMER_SEGMENTS)[number] => (n >= 12 ? 'loyal' : n >= 4 ? 'regular' : n >= 2 ? 'occasional' : 'one_time');

/**
 * The industry's dashboards (spec: /kpi, /sell-out, /stock, /customers): its own brands' products
 * at the retailers linked to it, as aggregates. Customer figures come only as counts of at least
 * K_ANONYMITY customers (a smaller one is null) and never name a person.
 */
export function createIndustryAnalytics({ db, repo = createIndustryAnalyticsRepo(db), embeds, cache = noOrdersCache, clock = () => new Date() }: Deps) {

  async function contextOf(caller: Caller, b: Body, dashboard: string) {
    const range = dashboardRange(b, clock());
    const scope = await brandScopeOf(db, caller.accountId, b);
    const compare = b.compare ?? 'previous_period';
    const previous = comparisonOf(range.from, range.to, compare);
    const now: Window = { ...range, locationId: scope.locationId };
    const then: Window | null = previous ? { ...previous, locationId: scope.locationId } : null;
    const periods: Periods = { now, then };
    const head = {
      from: range.from,
      to: range.to,
      compare,
      previous,
      embed_url: embeds.url(dashboard, { account_id: caller.accountId, retailer_id: b.retailer_id, location_id: b.location_id, from: range.from, to: range.to }),
    };
    return { scope, now, then, periods, head, limit: b.limit ?? ANALYTICS_LIMIT_DEFAULT };
  }
  type Context = Awaited<ReturnType<typeof contextOf>>;

  /**
   * The answer as JSON text, kept per body, period and the scope's retailers and products (a product
   * renamed, recategorized, or moved into or out of a brand changes the key) until a sale or a rupture
   * of one of the scope's brands at one of its retailers changes on a day up to the period's end
   * (another brand's orders leave it, and so do later days'), or with `offers`, until one of the
   * retailers' offers changes.
   */
  async function cached<T>(caller: Caller, kind: string, b: Body, c: Context, load: () => Promise<T>, offers = false): Promise<JsonText<T>> {
    const scope = createHash('sha1').update(JSON.stringify([c.scope.retailers, c.scope.products, c.scope.brands])).digest('base64url');
    const key = `industry:${kind}:${caller.accountId}:${scope}:${JSON.stringify([c.head.from, c.head.to, c.head.compare, b])}`;
    const reads = {
      brands: c.scope.retailers.flatMap((r) => r.brands.map((brand) => ({ accountId: r.id, brand }))),
      upTo: c.head.to,
      catalogs: offers ? c.scope.retailers.map((r) => r.id) : [],
    };
    return new JsonText(await cache.readBrands(reads, key, async () => JSON.stringify(await load())));
  }

  /** Names of the retailers, stores and products of row keys. */
  async function labels(c: Context, storeKeys: string[] = []) {
    const retailers = new Map(c.scope.retailers.map((r) => [String(r.id), r.name]));
    const products = new Map(c.scope.products.map((p) => [String(p.productId), p]));
    const ids = [...new Set(storeKeys.map((k) => Number(k.split(':')[1])))];
    const stores = new Map((ids.length ? await repo.stores(ids) : []).map((s) => [s.id, s.name]));
    return {
      retailer: (id: string | number) => retailers.get(String(id)) ?? '',
      store: (id: number) => stores.get(id) ?? `Loja ${id}`,
      product: (id: string | number) => products.get(String(id)),
    };
  }

  const salesSeries = (c: Context, perDay: PeriodRows<KeyedSales>) => {
    const a = byKey(perDay.now);
    const z = perDay.then ? byKey(perDay.then) : null;
    return days(c.head.from, c.head.to).map((date) => {
      const previousDate = matching(date, c.head.from, c.head.previous);
      return {
        date,
        sales: fromCents(a.get(date)?.itemsCents ?? 0n),
        units: units(a.get(date)?.units ?? 0),
        previous_date: previousDate,
        previous_sales: previousDate && z ? fromCents(z.get(previousDate)?.itemsCents ?? 0n) : null,
      };
    });
  };

  /** The KPI tree's nodes of one period's figures. */
  function kpiValues(s: { units: number; itemsCents: bigint }, b: KeyedBuyers | null | undefined, withBuyers: boolean) {
    const value = fromCents(s.itemsCents);
    const customers = withBuyers ? visible(b?.customers ?? 0) : null;
    return {
      sell_out_value: value,
      units: units(s.units),
      average_price: ratio(value, s.units),
      buying_customers: customers,
      frequency: customers === null || !b ? null : ratio(b.purchases, b.customers),
      units_per_purchase: withBuyers && b ? ratio(b.units, b.purchases) : null,
    };
  }

  const answers = {
    async kpi(caller: Caller, b: KpiBody): Promise<JsonText<KpiTree>> {
      const c = await contextOf(caller, b, 'kpi');
      return cached(caller, 'kpi', b, c, () => kpiOf(c, b));
    },

    async sellout(caller: Caller, b: IndustrySelloutBody): Promise<JsonText<IndustrySellout>> {
      const c = await contextOf(caller, b, 'analytics');
      return cached(caller, 'sellout', b, c, () => selloutOf(c, b));
    },

    async consumers(caller: Caller, b: ConsumersBody): Promise<JsonText<Consumers>> {
      const c = await contextOf(caller, b, 'customers');
      return cached(caller, 'consumers', b, c, () => consumersOf(c, b));
    },

    async stock(caller: Caller, b: StockBody): Promise<JsonText<StockAnalytics>> {
      const c = await contextOf(caller, b, 'stocks');
      return cached(caller, 'stock', b, c, () => stockOf(c, b), true);
    },
  };

  async function kpiOf(c: Context, b: KpiBody): Promise<KpiTree> {
    const drill = b.drill ?? 'retailer';
    const withBuyers = c.scope.brands !== null;
    const [tree, drilled] = [b.queries.includes('tree'), b.queries.includes('drill')];
    // The drill's rows with their buyers (the customers' rollup has retailers and stores).
    const buyersDrill = withBuyers && (drill === 'retailer' || drill === 'store') ? drill : null;
    // With the customers' rollup (no category or product narrowing), every node of the tree comes from
    // it: the parents are then exactly the products of their children.
    const salesBy: SalesBy[] = [...(tree && !withBuyers ? (['total'] as const) : []), ...(drilled ? [drill] : [])];
    const buyersBy: BuyersBy[] = [...(tree && withBuyers ? (['total'] as const) : []), ...(drilled && buyersDrill ? [buyersDrill] : [])];
    const [sales, buyers] = await Promise.all([repo.sales(c.scope, c.periods, salesBy), repo.buyers(c.scope, c.periods, buyersBy)]);
    const cards: KpiTree['cards'] = {};
    if (tree) {
      const totals = (period: 'now' | 'then') => {
        const x = withBuyers ? buyers.total[period]?.[0] : sales.total[period]?.[0];
        return kpiValues({ units: x?.units ?? 0, itemsCents: x?.itemsCents ?? 0n }, withBuyers ? buyers.total[period]?.[0] : null, withBuyers);
      };
      const a = totals('now');
      const z = c.then ? totals('then') : null;
      const node = (key: KpiNode['key'], parent: KpiNode['key'] | null, operator: KpiNode['operator']): KpiNode => ({
        key,
        parent,
        operator,
        value: a[key],
        previous: z ? z[key] : null,
        change: a[key] === null || !z ? null : change(a[key]!, z[key]),
      });
      cards.tree = [
        node('sell_out_value', null, 'product'),
        node('units', 'sell_out_value', 'product'),
        node('average_price', 'sell_out_value', null),
        node('buying_customers', 'units', null),
        node('frequency', 'units', null),
        node('units_per_purchase', 'units', null),
      ];
    }
    if (drilled) {
      const { now, then } = sales[drill];
      const rows = now.slice(0, c.limit);
      const l = await labels(c, drill === 'store' ? rows.map((r) => r.key) : []);
      const prev = then ? byKey(then) : null;
      const drillBuyers = buyersDrill ? buyers[buyersDrill].now : [];
      const buyersOf = byKey(drillBuyers);
      // Every row's buyers, rows beyond the limit too: together they make the tree's total.
      const buyersShown = suppressed(drillBuyers.map((x) => x.customers));
      const shownBuyers = new Map(drillBuyers.map((x, i) => [x.key, buyersShown[i]]));
      cards.drill = rows.map((r) => {
        const v = kpiValues(r, buyersOf.get(r.key), buyersDrill !== null);
        if (buyersDrill && shownBuyers.get(r.key) === null) Object.assign(v, { buying_customers: null, frequency: null });
        const previous = prev ? fromCents(prev.get(r.key)?.itemsCents ?? 0n) : null;
        const label =
          drill === 'retailer' ? l.retailer(r.key)
          : drill === 'store' ? `${l.store(Number(r.key.split(':')[1]))} · ${l.retailer(r.key.split(':')[0]!)}`
          : drill === 'product' ? (l.product(r.key)?.name ?? `Produto ${r.key}`)
          : r.key || 'Sem categoria';
        return {
          key: r.key,
          label,
          sell_out_value: v.sell_out_value,
          units: v.units,
          average_price: v.average_price === null ? null : round2(v.average_price),
          buying_customers: v.buying_customers,
          frequency: v.frequency === null ? null : round2(v.frequency),
          units_per_purchase: v.units_per_purchase === null ? null : round2(v.units_per_purchase),
          previous_sell_out_value: previous,
          change: change(v.sell_out_value, previous),
        };
      });
    }
    return { ...c.head, drill, cards };
  }

  async function selloutOf(c: Context, b: IndustrySelloutBody): Promise<IndustrySellout> {
    const want = new Set(b.queries);
    const cards: IndustrySellout['cards'] = {};
    const by = new Set<SalesBy>(['total']);
    if (want.has('summary')) by.add('store').add('product');
    if (want.has('per_day')) by.add('day');
    for (const [card, grouping] of [['by_retailer', 'retailer'], ['by_store', 'store'], ['by_category', 'category'], ['by_product', 'product']] as const) if (want.has(card)) by.add(grouping);
    const sales = await repo.sales(c.scope, c.periods, [...by]);
    const [total, before] = [sales.total.now[0], sales.total.then?.[0]];
    const sum = total?.itemsCents ?? 0n;
    const grouped = (by: 'retailer' | 'store' | 'category' | 'product') => ranked(sales[by].now.slice(0, c.limit), sales[by].then, sum);
    if (want.has('summary')) {
      const [stores, products] = [sales.store.now, sales.product.now];
      const values = (s: KeyedSales | null | undefined) => ({ sales: fromCents(s?.itemsCents ?? 0n), units: units(s?.units ?? 0), average_price: s && s.units > 0 ? round2(fromCents(s.itemsCents) / s.units) : 0 });
      const a = values(total);
      const z = c.then ? values(before) : null;
      cards.summary = {
        sales: cardOf(a.sales, z?.sales ?? null),
        units: cardOf(a.units, z?.units ?? null),
        average_price: cardOf(a.average_price, z?.average_price ?? null),
        retailers: new Set(stores.map((s) => s.key.split(':')[0])).size,
        stores: stores.length,
        products: products.length,
      };
    }
    if (want.has('per_day')) cards.per_day = salesSeries(c, sales.day);
    if (want.has('by_retailer')) {
      const l = await labels(c);
      cards.by_retailer = grouped('retailer').map(({ row, ...r }) => ({ retailer_id: Number(row.key), retailer: l.retailer(row.key), ...r }));
    }
    if (want.has('by_store')) {
      const g = grouped('store');
      const l = await labels(c, g.map((r) => r.row.key));
      cards.by_store = g.map(({ row, ...r }) => {
        const [retailer, store] = row.key.split(':').map(Number) as [number, number];
        return { retailer_id: retailer, retailer: l.retailer(retailer), location_id: store, store: l.store(store), ...r };
      });
    }
    if (want.has('by_category')) cards.by_category = grouped('category').map(({ row, ...r }) => ({ category: row.key || 'Sem categoria', ...r }));
    if (want.has('by_product')) {
      const l = await labels(c);
      cards.by_product = grouped('product').map(({ row, ...r }) => {
        const p = l.product(row.key);
        return {
          product_id: Number(row.key),
          sku: p?.sku ?? null,
          name: p?.name ?? `Produto ${row.key}`,
          brand: p?.brand ?? null,
          category: p?.category ?? null,
          retailer_id: p?.retailerId ?? 0,
          retailer: p ? l.retailer(p.retailerId) : '',
          ...r,
        };
      });
    }
    return { ...c.head, cards };
  }

  async function stockOf(c: Context, b: StockBody): Promise<StockAnalytics> {
    const want = new Set(b.queries);
    const span = daysBetween(c.head.from, c.head.to) + 1;
    const [cells, missing, stockPerDay] = await Promise.all([
      repo.cells(c.scope, c.now),
      repo.missing(c.scope, c.periods),
      want.has('per_day') ? repo.stockPerDay(c.scope, c.now) : [],
    ]);
    type Acc = { stock: number; out: number; tracked: number; units: number; missing: number };
    const empty = (): Acc => ({ stock: 0, out: 0, tracked: 0, units: 0, missing: 0 });
    const groups = { retailer: new Map<string, Acc>(), store: new Map<string, Acc>(), product: new Map<string, Acc>() };
    const all = empty();
    const add = (cell: { retailerId: number; locationId: number; productId: number }, f: (a: Acc) => void) => {
      f(all);
      for (const [name, key] of [['retailer', `${cell.retailerId}`], ['store', `${cell.retailerId}:${cell.locationId}`], ['product', `${cell.retailerId}:${cell.productId}`]] as const) {
        const map = groups[name];
        if (!map.has(key)) map.set(key, empty());
        f(map.get(key)!);
      }
    };
    for (const o of cells) if (o.stock !== null) add(o, (a) => ((a.stock += o.stock!), (a.out += o.out ? 1 : 0), (a.tracked += 1)));
    for (const s of cells) if (s.units !== null) add(s, (a) => (a.units += s.units!));
    for (const m of missing.now) add(m, (a) => (a.missing += m.missing));
    const figures = (a: Acc) => {
      const daily = a.units / span;
      return {
        stock_units: a.stock,
        out_of_stock: a.out,
        tracked: a.tracked,
        daily_units: round2(daily),
        coverage_days: daily > 0 ? Math.round((a.stock / daily) * 10) / 10 : null,
        missing_lines: a.missing,
      };
    };
    const order = (m: Map<string, Acc>) => [...m.entries()].sort(([, x], [, y]) => y.missing - x.missing || y.out - x.out || y.stock - x.stock).slice(0, c.limit);
    const cards: StockAnalytics['cards'] = {};
    if (want.has('summary')) {
      const f = figures(all);
      cards.summary = {
        stock_units: f.stock_units,
        tracked: f.tracked,
        out_of_stock: f.out_of_stock,
        out_of_stock_share: f.tracked ? round4(f.out_of_stock / f.tracked) : 0,
        coverage_days: f.coverage_days,
        missing_lines: cardOf(f.missing_lines, missing.then),
      };
    }
    if (want.has('per_day')) {
      const [stock, perDay] = [byKeyDay(stockPerDay), new Map<string, number>()];
      for (const m of missing.now) perDay.set(m.day, (perDay.get(m.day) ?? 0) + m.missing);
      cards.per_day = days(c.head.from, c.head.to).map((date) => ({
        date,
        stock_units: stock.get(date)?.stock ?? null,
        out_of_stock: stock.get(date)?.out ?? 0,
        missing_lines: perDay.get(date) ?? 0,
      }));
    }
    const l = await labels(c, [...groups.store.keys()]);
    if (want.has('by_retailer')) cards.by_retailer = order(groups.retailer).map(([key, a]) => ({ retailer_id: Number(key), retailer: l.retailer(key), ...figures(a) }));
    if (want.has('by_store')) {
      cards.by_store = order(groups.store).map(([key, a]) => {
        const [retailer, store] = key.split(':').map(Number) as [number, number];
        return { retailer_id: retailer, retailer: l.retailer(retailer), location_id: store, store: l.store(store), ...figures(a) };
      });
    }
    if (want.has('by_product')) {
      cards.by_product = order(groups.product).map(([key, a]) => {
        const [retailer, product] = key.split(':').map(Number) as [number, number];
        const p = l.product(product);
        return { retailer_id: retailer, retailer: l.retailer(retailer), product_id: product, sku: p?.sku ?? '', name: p?.name ?? `Produto ${product}`, ...figures(a) };
      });
    }
    return { ...c.head, cards };
  }

  async function consumersOf(c: Context, b: ConsumersBody): Promise<Consumers> {
    const want = new Set(b.queries);
    const cards: Consumers['cards'] = {};
    const summary = want.has('summary');
    const year = want.has('segments') ? { ...c.now, from: addDays(c.head.to, -364) } : null;
    const [occasions, grouped] = await Promise.all([
      repo.occasions(c.scope, { now: summary || want.has('frequency') ? c.now : null, then: summary ? c.then : null, year }, summary),
      repo.buyers(c.scope, { now: c.now, then: null }, [...(want.has('per_day') ? (['day'] as const) : []), ...(want.has('by_retailer') ? (['retailer'] as const) : [])]),
    ]);
    if (summary) {
      const values = (x: BuyersTotal | null) => {
        const customers = visible(x?.customers ?? 0);
        return {
          buying_customers: customers,
          new_buyers: visible(x?.newCustomers ?? 0),
          repeat_buyers: visible(x?.repeatCustomers ?? 0),
          purchases: x?.purchases ?? 0,
          frequency: customers === null || !x ? null : round2(x.purchases / x.customers),
          units_per_purchase: x && x.purchases ? round2(x.units / x.purchases) : null,
        };
      };
      const a = values(occasions.now.total);
      const z = c.then ? values(occasions.then.total) : null;
      const hidden = <T extends number | null>(v: T, p: T | null) => ({ value: v, previous: p, change: v === null || p === null ? null : change(v, p) });
      cards.summary = {
        buying_customers: hidden(a.buying_customers, z ? z.buying_customers : null),
        new_buyers: hidden(a.new_buyers, z ? z.new_buyers : null),
        repeat_buyers: hidden(a.repeat_buyers, z ? z.repeat_buyers : null),
        purchases: cardOf(a.purchases, z ? z.purchases : null),
        frequency: hidden(a.frequency, z ? z.frequency : null),
        units_per_purchase: hidden(a.units_per_purchase, z ? z.units_per_purchase : null),
      };
    }
    if (want.has('per_day')) {
      const rows = byKey(grouped.day.now);
      cards.per_day = days(c.head.from, c.head.to).map((date) => ({ date, buying_customers: visible(rows.get(date)?.customers ?? 0), purchases: rows.get(date)?.purchases ?? 0 }));
    }
    if (want.has('by_retailer')) {
      const l = await labels(c);
      const rows = grouped.retailer.now;
      const shown = suppressed(rows.map((r) => r.customers));
      cards.by_retailer = rows.slice(0, c.limit).map((r, i) => ({
        retailer_id: Number(r.key),
        retailer: l.retailer(r.key),
        buying_customers: shown[i]!,
        purchases: r.purchases,
        units: units(r.units),
        sales: fromCents(r.itemsCents),
      }));
    }
    if (want.has('segments')) {
      const counts = occasions.year.byOccasions;
      const seg = new Map(CONSUMER_SEGMENTS.map((s) => [s, { customers: 0, cents: 0n }]));
      for (const r of counts) {
        const s = seg.get(segmentOf(r.occasions))!;
        s.customers += r.customers;
        s.cents += r.itemsCents;
      }
      const total = counts.reduce((n, r) => n + r.customers, 0);
      const shown = suppressed(CONSUMER_SEGMENTS.map((segment) => seg.get(segment)!.customers));
      cards.segments = CONSUMER_SEGMENTS.map((segment, i) => {
        const n = shown[i]!;
        return { segment, buying_customers: n, share: n === null ? null : round4(n / total), sales: n === null ? null : fromCents(seg.get(segment)!.cents) };
      });
    }
    if (want.has('frequency')) {
      const buckets = new Map<string, number>();
      for (const r of occasions.now.byOccasions) buckets.set(frequencyBucket(r.occasions), (buckets.get(frequencyBucket(r.occasions)) ?? 0) + r.customers);
      const shown = suppressed(FREQUENCY_BUCKETS.map((bucket) => buckets.get(bucket) ?? 0));
      cards.frequency = FREQUENCY_BUCKETS.map((bucket, i) => ({ bucket, buying_customers: shown[i]! }));
    }
    return { ...c.head, cards };
  }

  return answers;
}
export type IndustryAnalytics = ReturnType<typeof createIndustryAnalytics>;

const byKeyDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((r) => [r.day, r]));
