import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ANALYTICS_LIMIT_MAX, CONSUMER_CARDS, INDUSTRY_SELLOUT_CARDS, STOCK_CARDS } from '@backoffice/contracts';
import { api, unwrap } from '../../shared/api/client';
import { downloadedFile } from '../../shared/api/download';
import type { components, paths } from '../../shared/api/schema';
import { type IndustrySearch, type KpiSearch } from './industry-search';
import { industryBody } from './scope';

type Schemas = components['schemas'];
export type KpiTree = Schemas['KpiTree'];
export type IndustrySellout = Schemas['IndustrySellout'];
export type StockAnalytics = Schemas['StockAnalytics'];
export type Consumers = Schemas['Consumers'];
export type KpiNode = NonNullable<KpiTree['cards']['tree']>[number];
export type KpiRow = NonNullable<KpiTree['cards']['drill']>[number];
import type { FileFormat } from '../../shared/components/download-menu';
export type { FileFormat };

/** The four industry dashboards and their routes (spec §7: POST /metabase/…). */
type Paths = { kpi: '/metabase/kpi'; sellout: '/metabase/analytics'; stock: '/metabase/stocks'; consumers: '/metabase/customers' };
export type Dashboard = keyof Paths;

type BodyAt<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;
type Bodies = { [D in Dashboard]: BodyAt<Paths[D]> };
type Answers = { kpi: KpiTree; sellout: IndustrySellout; stock: StockAnalytics; consumers: Consumers };
/** A card of a dashboard (`tree`, `per_day`, `by_store`…). */
export type CardOf<D extends Dashboard> = Bodies[D] extends { queries: Array<infer C extends string> } ? C : never;
/** A dashboard's body without its cards: the period, the comparison and the filters (and /kpi's drill). */
export type BodyOf<D extends Dashboard> = Omit<Bodies[D], 'queries'>;

const fetchers: { [D in Dashboard]: (body: Bodies[D]) => Promise<Answers[D]> } = {
  kpi: (body) => unwrap(api.POST('/metabase/kpi', { body })),
  sellout: (body) => unwrap(api.POST('/metabase/analytics', { body })),
  stock: (body) => unwrap(api.POST('/metabase/stocks', { body })),
  consumers: (body) => unwrap(api.POST('/metabase/customers', { body })),
};

type Download = { blob: Blob; filename: string };
type Exporters = { [D in Dashboard]: (body: Bodies[D], card: CardOf<D>, format: FileFormat) => Promise<Download> };
// The name the server gives wins; this one is only its stand-in.
const fallbackName = (dashboard: Dashboard, card: string, body: { from?: string; to?: string }, format: FileFormat) =>
  `${dashboard}-${card.replace(/_/g, '-')}-${body.from ?? ''}-${body.to ?? ''}.${format}`;
const exporters: Exporters = {
  kpi: (body, card, format) => downloadedFile(api.POST('/metabase/kpi/export', { body: { body, card, format }, parseAs: 'blob' }), fallbackName('kpi', card, body, format)),
  sellout: (body, card, format) =>
    downloadedFile(api.POST('/metabase/analytics/export', { body: { body, card, format }, parseAs: 'blob' }), fallbackName('sellout', card, body, format)),
  stock: (body, card, format) => downloadedFile(api.POST('/metabase/stocks/export', { body: { body, card, format }, parseAs: 'blob' }), fallbackName('stock', card, body, format)),
  consumers: (body, card, format) =>
    downloadedFile(api.POST('/metabase/customers/export', { body: { body, card, format }, parseAs: 'blob' }), fallbackName('consumers', card, body, format)),
};

/** Keys per account, so another account's numbers never show after switching. */
export const industryKeys = {
  all: (accountId: number) => ['account', accountId, 'industry-analytics'] as const,
  card: (accountId: number, dashboard: Dashboard, card: string, body: object) => [...industryKeys.all(accountId), dashboard, card, body] as const,
  options: (accountId: number, period: { from: string; to: string }) => [...industryKeys.all(accountId), 'filter-options', period] as const,
};

/**
 * One card of a dashboard, asked on its own: each panel loads, fails and retries by itself (its own
 * error shows, so the global toast stays quiet), and keeps its previous numbers (dimmed) while new
 * filters load.
 */
export const cardQuery = <D extends Dashboard>(accountId: number, dashboard: D, card: CardOf<D>, body: BodyOf<D>) =>
  queryOptions({
    queryKey: industryKeys.card(accountId, dashboard, card, body),
    queryFn: () => fetchers[dashboard]({ ...body, queries: [card] } as Bodies[D]),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** One card as CSV or XLSX with the screen's filters, under the server's file name. */
export const fetchCardFile = <D extends Dashboard>(dashboard: D, card: CardOf<D>, body: BodyOf<D>, format: FileFormat) =>
  exporters[dashboard]({ ...body, queries: [card] } as Bodies[D], card, format);

/** /kpi's drill-down card opens by the screen's dimension; the tree does not depend on it. */
export const kpiDrillBody = (search: KpiSearch): BodyOf<'kpi'> => ({ ...industryBody(search), drill: search.drill });

export interface Retailer {
  id: number;
  name: string;
}
export interface Store extends Retailer {
  retailer_id: number;
  retailer: string;
}
/** What the filters offer: the retailers linked to the brand, their stores, the categories and products sold in the period. */
export interface FilterOptions {
  retailers: Retailer[];
  stores: Store[];
  categories: string[];
  products: Store[];
}

/**
 * The filters' choices: the sell-out of the period by retailer, store, category and product (the
 * retailers linked to the brand that sold its products, as many rows as the API gives).
 */
export const filterOptionsQuery = (accountId: number, { from, to }: { from: string; to: string }) =>
  queryOptions({
    queryKey: industryKeys.options(accountId, { from, to }),
    queryFn: async (): Promise<FilterOptions> => {
      const { cards } = await fetchers.sellout({ from, to, compare: 'none', limit: ANALYTICS_LIMIT_MAX, queries: ['by_retailer', 'by_store', 'by_category', 'by_product'] });
      const byName = <T extends { name: string }>(rows: T[]) => rows.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
      return {
        retailers: byName((cards.by_retailer ?? []).map((r) => ({ id: r.retailer_id, name: r.retailer }))),
        stores: byName((cards.by_store ?? []).map((s) => ({ id: s.location_id, name: s.store, retailer_id: s.retailer_id, retailer: s.retailer }))),
        categories: (cards.by_category ?? []).map((c) => c.category).sort((a, b) => a.localeCompare(b, 'pt-BR')),
        products: byName(
          (cards.by_product ?? []).flatMap((p) => (p.product_id === null ? [] : [{ id: p.product_id, name: p.name, retailer_id: p.retailer_id, retailer: p.retailer }])),
        ),
      };
    },
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** Starts a page's queries at once (its route's loader; not awaited): each card, and the filters' choices. */
export function prefetchDashboard<D extends Dashboard>(queryClient: QueryClient, accountId: number, dashboard: D, cards: ReadonlyArray<CardOf<D>>, body: BodyOf<D>, search: IndustrySearch) {
  for (const card of cards) void queryClient.prefetchQuery(cardQuery(accountId, dashboard, card, body));
  void queryClient.prefetchQuery(filterOptionsQuery(accountId, search));
}


/** Each page's route loader: every card of the page, and the filters' choices. */
export const prefetchPage = {
  kpi: (queryClient: QueryClient, accountId: number, search: KpiSearch) => {
    prefetchDashboard(queryClient, accountId, 'kpi', ['tree'], industryBody(search), search);
    prefetchDashboard(queryClient, accountId, 'kpi', ['drill'], kpiDrillBody(search), search);
  },
  sellout: (queryClient: QueryClient, accountId: number, search: IndustrySearch) =>
    prefetchDashboard(queryClient, accountId, 'sellout', INDUSTRY_SELLOUT_CARDS, industryBody(search), search),
  stock: (queryClient: QueryClient, accountId: number, search: IndustrySearch) => prefetchDashboard(queryClient, accountId, 'stock', STOCK_CARDS, industryBody(search), search),
  consumers: (queryClient: QueryClient, accountId: number, search: IndustrySearch) =>
    prefetchDashboard(queryClient, accountId, 'consumers', CONSUMER_CARDS, industryBody(search), search),
};
