import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { GROCERY_CUSTOMER_CARDS, GROCERY_SELLOUT_CARDS } from '@backoffice/contracts';
import { api, unwrap } from '../../shared/api/client';
import { downloadedFile } from '../../shared/api/download';
import type { components } from '../../shared/api/schema';
import type { StoreSearch } from './grocery-search';

export type GrocerySellout = components['schemas']['GrocerySellout'];
export type GroceryCustomers = components['schemas']['GroceryCustomers'];
export type SelloutCard = (typeof GROCERY_SELLOUT_CARDS)[number];
export type CustomersCard = (typeof GROCERY_CUSTOMER_CARDS)[number];
import type { DownloadedFile, FileFormat } from '../../shared/components/download-menu';
export type { DownloadedFile, FileFormat };

/** Keys per account (another account's numbers never show after switching), one per dashboard card and filters. */
export const groceryKeys = {
  all: (accountId: number) => ['account', accountId, 'grocery-analytics'] as const,
  sellout: (accountId: number, card: SelloutCard, search: StoreSearch) => [...groceryKeys.all(accountId), 'sellout', card, search] as const,
  customers: (accountId: number, card: CustomersCard, search: StoreSearch) => [...groceryKeys.all(accountId), 'customers', card, search] as const,
};

/** The dashboards' body (without the cards asked for): only the filters set. */
const groceryBody = ({ location_id, from, to, compare, channel }: StoreSearch) => ({
  location_id,
  from,
  to,
  compare,
  ...(channel ? { channel } : {}),
});

// One request per card, so each panel loads and fails on its own (and shows its own error: no
// toast); the previous numbers stay, dimmed, while new filters load.
const common = { placeholderData: keepPreviousData, meta: { silent: true } } as const;

export const selloutQuery = (accountId: number, card: SelloutCard, search: StoreSearch) =>
  queryOptions({
    queryKey: groceryKeys.sellout(accountId, card, search),
    queryFn: () => unwrap(api.POST('/metabase/analytics-grocery', { body: { ...groceryBody(search), queries: [card] } })),
    ...common,
  });

export const customersQuery = (accountId: number, card: CustomersCard, search: StoreSearch) =>
  queryOptions({
    queryKey: groceryKeys.customers(accountId, card, search),
    queryFn: () => unwrap(api.POST('/metabase/customers-grocery', { body: { ...groceryBody(search), queries: [card] } })),
    ...common,
  });

/** Starts every card of the sell-out page at once (the route's loader; not awaited). */
export function prefetchSellout(queryClient: QueryClient, accountId: number, search: StoreSearch) {
  for (const card of GROCERY_SELLOUT_CARDS) void queryClient.prefetchQuery(selloutQuery(accountId, card, search));
}

/** Starts every card of the customers page at once (the route's loader; not awaited). */
export function prefetchCustomers(queryClient: QueryClient, accountId: number, search: StoreSearch) {
  for (const card of GROCERY_CUSTOMER_CARDS) void queryClient.prefetchQuery(customersQuery(accountId, card, search));
}

const fallbackName = (dashboard: string, card: string, format: FileFormat, { location_id, from, to }: StoreSearch) =>
  `${dashboard}-${card.replace(/_/g, '-')}-loja-${location_id}-${from}-${to}.${format}`;

/** One card of the sell-out dashboard as CSV or XLSX, with the screen's filters, under the server's file name. */
export function fetchSelloutFile(card: SelloutCard, format: FileFormat, search: StoreSearch): Promise<DownloadedFile> {
  const body = { body: { ...groceryBody(search), queries: [card] }, card, format };
  return downloadedFile(api.POST('/metabase/analytics-grocery/export', { body, parseAs: 'blob' }), fallbackName('sell-out', card, format, search));
}

/** One card of the customers dashboard as CSV or XLSX, with the screen's filters, under the server's file name. */
export function fetchCustomersFile(card: CustomersCard, format: FileFormat, search: StoreSearch): Promise<DownloadedFile> {
  const body = { body: { ...groceryBody(search), queries: [card] }, card, format };
  return downloadedFile(api.POST('/metabase/customers-grocery/export', { body, parseAs: 'blob' }), fallbackName('clientes', card, format, search));
}
