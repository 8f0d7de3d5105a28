import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { IdParam } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../../shared/api/client';
import type { components, operations } from '../../../shared/api/schema';
import { useSession } from '../../../shared/session/session';
import { notifySuccess } from '../../../shared/ui/notify';
import type { Period } from '../../../shared/ui/period';
import { countFilters, type CampaignsSearch } from './search';
import { t } from '../../../i18n';

type Schemas = components['schemas'];
export type CampaignListItem = Schemas['CampaignListItem'];
export type CampaignDetail = Schemas['CampaignDetail'];
export type CampaignMetrics = Schemas['CampaignMetrics'];
export type CampaignStatusCounts = Schemas['CampaignStatusCounts'];
export type CampaignKeyword = Schemas['CampaignKeyword'];
export type CampaignProductPerformance = Schemas['CampaignProductPerformance'];
export type CampaignAuditEntry = Schemas['CampaignAuditEntry'];
export type CampaignDashboard = Schemas['CampaignDashboard'];
export type CampaignTag = Schemas['CampaignTag'];
export type UpdateCampaignBody = operations['updateCampaign']['requestBody']['content']['application/json'];

export type ProductOrder = { order_by: 'conversions' | 'items_sold' | 'sales'; order_direction: 'asc' | 'desc' };
export type KeywordsQuery = { q?: string; page: number };

/** Spec §9: campaign lists refresh every 60 s. */
export const CAMPAIGNS_REFRESH_MS = 60_000;
export const KEYWORDS_PAGE_SIZE = 50;

/** Keys per account, so another account's campaigns never show after switching. */
export const campaignKeys = {
  all: (accountId: number) => ['account', accountId, 'rm-campaigns'] as const,
  lists: (accountId: number) => [...campaignKeys.all(accountId), 'list'] as const,
  list: (accountId: number, search: CampaignsSearch) => [...campaignKeys.lists(accountId), search] as const,
  counts: (accountId: number, filters: ReturnType<typeof countFilters>) => [...campaignKeys.lists(accountId), 'counts', filters] as const,
  details: (accountId: number) => [...campaignKeys.all(accountId), 'detail'] as const,
  detail: (accountId: number, id: number) => [...campaignKeys.details(accountId), id] as const,
  /** Everything hanging off one campaign (dashboard, keywords, products, audit). */
  of: (accountId: number, id: number) => [...campaignKeys.all(accountId), 'of', id] as const,
  dashboard: (accountId: number, id: number, period: Period) => [...campaignKeys.of(accountId, id), 'dashboard', period] as const,
  keywords: (accountId: number, id: number) => [...campaignKeys.of(accountId, id), 'keywords'] as const,
  keywordsPage: (accountId: number, id: number, query: KeywordsQuery) => [...campaignKeys.keywords(accountId, id), query] as const,
  products: (accountId: number, id: number) => [...campaignKeys.of(accountId, id), 'products'] as const,
  productsOrder: (accountId: number, id: number, order: ProductOrder) => [...campaignKeys.products(accountId, id), order] as const,
  audit: (accountId: number, id: number) => [...campaignKeys.of(accountId, id), 'audit'] as const,
  auditDebug: (accountId: number, id: number, debug: boolean) => [...campaignKeys.audit(accountId, id), { debug }] as const,
  tags: (accountId: number, name: string) => ['account', accountId, 'rm-campaign-tags', name] as const,
  counterparts: (accountId: number, role: string) => ['account', accountId, 'rm-counterparts', role] as const,
};

export const useAccountId = () => useSession()?.account.id ?? 0;

// Pages show their own "Erro: {message}" states, so the global toast stays quiet for loads.
export const campaignsListQuery = (accountId: number, search: CampaignsSearch) =>
  queryOptions({
    queryKey: campaignKeys.list(accountId, search),
    queryFn: () => unwrap(api.GET('/campaign/v2', { params: { query: search } })),
    placeholderData: keepPreviousData,
    refetchInterval: CAMPAIGNS_REFRESH_MS,
    meta: { silent: true },
  });

export const campaignCountsQuery = (accountId: number, search: CampaignsSearch) => {
  const filters = countFilters(search);
  return queryOptions({
    queryKey: campaignKeys.counts(accountId, filters),
    queryFn: () => unwrap(api.GET('/campaign/count-by-status', { params: { query: filters } })),
    placeholderData: keepPreviousData,
    refetchInterval: CAMPAIGNS_REFRESH_MS,
    meta: { silent: true },
  });
};

export const campaignQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: campaignKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/campaign/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

export const campaignDashboardQuery = (accountId: number, id: number, period: Period) =>
  queryOptions({
    queryKey: campaignKeys.dashboard(accountId, id, period),
    queryFn: () => unwrap(api.GET('/campaign/{id}/dashboard', { params: { path: { id }, query: period } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const campaignKeywordsQuery = (accountId: number, id: number, query: KeywordsQuery) =>
  queryOptions({
    queryKey: campaignKeys.keywordsPage(accountId, id, query),
    queryFn: () =>
      unwrap(api.GET('/campaign/{id}/keywords', { params: { path: { id }, query: { q: query.q || undefined, page: query.page, quantity: KEYWORDS_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const campaignProductsQuery = (accountId: number, id: number, order: ProductOrder) =>
  queryOptions({
    queryKey: campaignKeys.productsOrder(accountId, id, order),
    queryFn: () => unwrap(api.GET('/campaign/{id}/products', { params: { path: { id }, query: order } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const campaignAuditQuery = (accountId: number, id: number, debug: boolean) =>
  queryOptions({
    queryKey: campaignKeys.auditDebug(accountId, id, debug),
    queryFn: () => unwrap(api.GET('/campaign/{id}/audit', { params: { path: { id }, query: { debug: debug ? 'true' : 'false' } } })),
    meta: { silent: true },
  });

export const campaignTagsQuery = (accountId: number, name: string) =>
  queryOptions({
    queryKey: campaignKeys.tags(accountId, name),
    queryFn: () => unwrap(api.GET('/campaign-tags', { params: { query: { name: name || undefined } } })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export type RetailMediaRole = 'none' | 'publisher' | 'advertiser' | 'both';
export type Counterpart = { id: number; name: string; logo: string | null; group: 'publishers' | 'advertisers' };

/**
 * The list's `rmid` choices: an advertiser picks among its publishers, a publisher among its
 * advertisers; an account that is both sees both groups (itself once).
 */
export const counterpartsQuery = (accountId: number, role: RetailMediaRole) =>
  queryOptions({
    queryKey: campaignKeys.counterparts(accountId, role),
    queryFn: async (): Promise<Counterpart[]> => {
      const asAdvertiser = role === 'advertiser' || role === 'both';
      const asPublisher = role === 'publisher' || role === 'both';
      const [publishers, advertisers] = await Promise.all([
        asAdvertiser ? unwrap(api.GET('/publishers')) : Promise.resolve([]),
        asPublisher ? unwrap(api.GET('/advertisers', { params: { query: { quantity: 500, page: 1 } } })).then((r) => r.data) : Promise.resolve([]),
      ]);
      const seen = new Set<number>();
      const list: Counterpart[] = [];
      for (const p of publishers) if (!seen.has(p.id) && seen.add(p.id)) list.push({ id: p.id, name: p.name, logo: p.logo, group: 'publishers' });
      for (const a of advertisers) if (!seen.has(a.id) && seen.add(a.id)) list.push({ id: a.id, name: a.name, logo: a.account_logo, group: 'advertisers' });
      return list;
    },
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** View loader: an invalid id, or a 404 from the API (unknown or not visible), is the not-found state. */
export async function loadCampaign(queryClient: QueryClient, accountId: number, rawId: string) {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  try {
    return await queryClient.ensureQueryData(campaignQuery(accountId, parsed.data.id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

/** The advertiser side creates campaigns (spec §6): accounts whose retail media role is advertiser or both. */
export function useIsAdvertiserSide(): boolean {
  const role = useSession()?.account.retail_media_role;
  return role === 'advertiser' || role === 'both';
}

/** After a change: the campaign's own data, its history and every list that shows it. */
function useRefreshCampaign() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (campaign: CampaignDetail) => {
    queryClient.setQueryData(campaignKeys.detail(accountId, campaign.id), campaign);
    void queryClient.invalidateQueries({ queryKey: campaignKeys.audit(accountId, campaign.id) });
    return queryClient.invalidateQueries({ queryKey: campaignKeys.lists(accountId) });
  };
}

/** Spec §5: the edit sends only name, daily budget and end date; the view stays open. */
export function useUpdateCampaign(id: number) {
  const refresh = useRefreshCampaign();
  return useMutation({
    // The form shows 400s beside the fields; anything else is the "Erro" toast.
    meta: { silent: true },
    mutationFn: (body: UpdateCampaignBody) => unwrap(api.PUT('/campaign/{id}', { params: { path: { id } }, body })),
    onSuccess: (campaign) => {
      notifySuccess(t('rmCampaigns.edit.saved'));
      return refresh(campaign);
    },
  });
}

export function useToggleCampaign(id: number) {
  const refresh = useRefreshCampaign();
  return useMutation({
    mutationFn: (active: boolean) => unwrap(api.PATCH('/campaign/{id}', { params: { path: { id } }, body: { active } })),
    onSuccess: (campaign) => {
      notifySuccess(t(campaign.active ? 'rmCampaigns.actions.reactivated' : 'rmCampaigns.actions.paused'));
      return refresh(campaign);
    },
  });
}

export function useCancelCampaign(id: number) {
  const refresh = useRefreshCampaign();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/campaign/{id}/cancel', { params: { path: { id } } })),
    onSuccess: (campaign) => {
      notifySuccess(t('rmCampaigns.actions.canceled'));
      return refresh(campaign);
    },
  });
}

/** Keyword, category and product changes refresh the section, the campaign and its history. */
function useRefreshSection(id: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campaignKeys.of(accountId, id) }),
      queryClient.invalidateQueries({ queryKey: campaignKeys.detail(accountId, id) }),
    ]);
}

export function useAddKeywords(id: number) {
  const refresh = useRefreshSection(id);
  return useMutation({
    mutationFn: (keywords: string[]) => unwrap(api.POST('/campaign/{id}/keywords', { params: { path: { id } }, body: { keywords } })),
    onSuccess: (added) => {
      notifySuccess(t('rmCampaigns.keywords.added', { count: added.length }));
      return refresh();
    },
  });
}

export function useToggleKeyword(id: number) {
  const refresh = useRefreshSection(id);
  return useMutation({
    mutationFn: ({ keywordId, active }: { keywordId: number; active: boolean }) =>
      unwrap(api.PATCH('/campaign/{id}/keywords/{keywordId}', { params: { path: { id, keywordId } }, body: { active } })),
    onSuccess: () => refresh(),
  });
}

export function useRemoveKeyword(id: number) {
  const refresh = useRefreshSection(id);
  return useMutation({
    mutationFn: (keywordId: number) => unwrap(api.DELETE('/campaign/{id}/keywords/{keywordId}', { params: { path: { id, keywordId } } })),
    onSuccess: () => {
      notifySuccess(t('rmCampaigns.keywords.removed'));
      return refresh();
    },
  });
}

export function useSetCategories(id: number) {
  const refresh = useRefreshSection(id);
  return useMutation({
    mutationFn: (categories: string[]) => unwrap(api.PUT('/campaign/{id}/categories', { params: { path: { id } }, body: { categories } })),
    onSuccess: () => {
      notifySuccess(t('rmCampaigns.categories.saved'));
      return refresh();
    },
  });
}

export function useToggleProduct(id: number) {
  const refresh = useRefreshSection(id);
  return useMutation({
    mutationFn: ({ sku, active }: { sku: string; active: boolean }) =>
      unwrap(api.PATCH('/campaign/{id}/products/{sku}', { params: { path: { id, sku } }, body: { active } })),
    onSuccess: () => refresh(),
  });
}

/** The campaign the view shows: the route's loader has put it in the cache; actions refresh it. */
export function useCampaign(id: number) {
  return useQuery(campaignQuery(useAccountId(), id));
}
