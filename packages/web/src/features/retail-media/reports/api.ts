import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RmReportFormat, RmReportKind } from '@backoffice/contracts';
import { api, unwrap } from '../../../shared/api/client';
import { downloadedFile } from '../../../shared/api/download';
import type { components } from '../../../shared/api/schema';
import { useSession, type AccountSummary } from '../../../shared/session/session';
import { REPORTS, adsReportQuery, reportQuery, type AdsReportSearch, type ReportSearch } from './search';

type Schemas = components['schemas'];
export type ReportMetrics = Schemas['CampaignMetrics'];
export type OverviewReport = Schemas['RmReportOverview'];
export type HourOverviewReport = Schemas['RmReportHourOverview'];
export type AdvertisersReport = Schemas['RmReportAdvertisers'];
export type AdvertiserRow = Schemas['RmReportAdvertiserRow'];
export type AdvertiserStateReport = Schemas['RmReportAdvertiserState'];
export type CampaignState = Schemas['RmReportCampaignState'];
export type OpportunityCostReport = Schemas['RmReportOpportunityCost'];
export type DailyConsolidationReport = Schemas['RmReportDailyConsolidation'];
export type DailyRow = Schemas['RmReportDailyRow'];
export type AdsReport = Schemas['RmReportAds'];
export type AdRow = Schemas['RmReportAdRow'];

export type Option = { value: string; label: string };
type Query = ReturnType<typeof reportQuery>;

/** Keys per account, so another account's numbers never show after switching. */
export const reportKeys = {
  all: (accountId: number) => ['account', accountId, 'rm-reports'] as const,
  report: (accountId: number, report: RmReportKind, query: object) => [...reportKeys.all(accountId), report, query] as const,
  publishers: (accountId: number) => [...reportKeys.all(accountId), 'publisher-options'] as const,
  advertisers: (accountId: number) => [...reportKeys.all(accountId), 'advertiser-options'] as const,
};

export const useAccountId = () => useSession()?.account.id ?? 0;

// Each report shows its own "Erro: {message}" with a retry, so the global toast stays quiet;
// the previous numbers stay (dimmed) while a new period loads.
const reportOptions = <T>(accountId: number, report: RmReportKind, query: object, fetcher: () => Promise<T>) =>
  queryOptions({ queryKey: reportKeys.report(accountId, report, query), queryFn: fetcher, placeholderData: keepPreviousData, meta: { silent: true } });

const params = (query: Query) => ({ params: { query } });

export const overviewQuery = (accountId: number, search: ReportSearch) =>
  reportOptions(accountId, 'overview', reportQuery(search), () => unwrap(api.GET('/report/overview', params(reportQuery(search)))));
export const hourOverviewQuery = (accountId: number, search: ReportSearch) =>
  reportOptions(accountId, 'hour_overview', reportQuery(search), () => unwrap(api.GET('/report/hour_overview', params(reportQuery(search)))));
export const advertisersReportQuery = (accountId: number, search: ReportSearch) =>
  reportOptions(accountId, 'advertisers', reportQuery(search), () => unwrap(api.GET('/report/advertisers', params(reportQuery(search)))));
/** Only asked once an advertiser is chosen (the API requires one). */
export const advertiserStateQuery = (accountId: number, search: ReportSearch & { advertiser_id: number }) =>
  reportOptions(accountId, 'advertisers_state', reportQuery(search), () => unwrap(api.GET('/report/advertisers_state', params(reportQuery(search)))));
export const opportunityCostQuery = (accountId: number, search: ReportSearch) =>
  reportOptions(accountId, 'opportunity_cost', reportQuery(search), () => unwrap(api.GET('/report/opportunity_cost', params(reportQuery(search)))));
export const dailyConsolidationQuery = (accountId: number, search: ReportSearch) =>
  reportOptions(accountId, 'daily_consolidation', reportQuery(search), () =>
    unwrap(api.GET('/report/daily_consolidation', params(reportQuery(search)))),
  );
export const adsReportQueryOptions = (accountId: number, search: ReportSearch & AdsReportSearch) =>
  reportOptions(accountId, 'ads', adsReportQuery(search), () => unwrap(api.GET('/report/ads', { params: { query: adsReportQuery(search) } })));

const isPublisherSide = (a: AccountSummary) => a.retail_media_role === 'publisher' || a.retail_media_role === 'both';
const isAdvertiserSide = (a: AccountSummary) => a.retail_media_role === 'advertiser' || a.retail_media_role === 'both';
const OPTIONS_PAGE = { page: 1, quantity: 500 };

/**
 * The publisher filter's choices: the account's own inventory (with its sub-publishers for a
 * network) and, on the advertiser side, the publishers it is linked to. Each once, own first.
 */
export const publisherOptionsQuery = (account: AccountSummary) =>
  queryOptions({
    queryKey: reportKeys.publishers(account.id),
    queryFn: async (): Promise<Option[]> => {
      const [subs, linked] = await Promise.all([
        isPublisherSide(account) && account.is_network ? unwrap(api.GET('/subpublishers', { params: { query: OPTIONS_PAGE } })).then((r) => r.data) : [],
        isAdvertiserSide(account) ? unwrap(api.GET('/publishers')) : [],
      ]);
      const own = isPublisherSide(account) ? [{ id: account.id, name: account.name }] : [];
      return uniqueOptions([...own, ...subs, ...linked]);
    },
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/**
 * The advertiser filter's choices (publishers only), by name: the advertisers linked to it and, for
 * an account on both sides, itself (its own campaigns on its own inventory).
 */
export const advertiserOptionsQuery = (account: AccountSummary) =>
  queryOptions({
    queryKey: reportKeys.advertisers(account.id),
    queryFn: async (): Promise<Option[]> => {
      const linked = await unwrap(api.GET('/advertisers', { params: { query: OPTIONS_PAGE } }));
      const own = isAdvertiserSide(account) ? [{ id: account.id, name: account.name }] : [];
      return uniqueOptions([...linked.data, ...own]).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
    },
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

function uniqueOptions(items: Array<{ id: number; name: string }>): Option[] {
  const seen = new Set<number>();
  return items.filter((i) => !seen.has(i.id) && seen.add(i.id)).map((i) => ({ value: String(i.id), label: i.name }));
}

// Private pages always have a session; this stands in for the render that follows a sign-out.
const NO_ACCOUNT: AccountSummary = { id: 0, name: '', type: 'grocery', white_label_variant: null, retail_media_role: 'none', is_network: false, currency_cents: false };

/** The filters the signed-in account can use, with their choices (empty while loading or when not offered). */
export function useReportFilterOptions() {
  const account = useSession()?.account ?? NO_ACCOUNT;
  const signedIn = account.id !== 0;
  const publishers = useQuery({ ...publisherOptionsQuery(account), enabled: signedIn });
  const advertisers = useQuery({ ...advertiserOptionsQuery(account), enabled: signedIn && isPublisherSide(account) });
  return {
    publishers: publishers.data ?? [],
    advertisers: advertisers.data ?? [],
    /** Publishers choose an advertiser; an advertiser reports only on itself. */
    showAdvertiser: isPublisherSide(account),
    /** Opportunity cost is about the inventory: publishers only (the API refuses advertisers). */
    reports: isPublisherSide(account) ? REPORTS : REPORTS.filter((r) => r !== 'opportunity_cost'),
  };
}

/** The advertiser of advertisers_state: the one chosen, or an advertiser account itself. */
export function useStateAdvertiserId(search: ReportSearch): number | undefined {
  const account = useSession()?.account;
  return search.advertiser_id ?? (account?.retail_media_role === 'advertiser' ? account.id : undefined);
}

export type DownloadRequest = { report: RmReportKind; format: RmReportFormat; search: ReportSearch };

/** Asks the API for a report file (the session's token goes with it) and returns it with its name. */
export function fetchReportFile({ report, format, search }: DownloadRequest): Promise<{ blob: Blob; filename: string }> {
  const call = api.GET('/report/{report}/download', { params: { path: { report }, query: { ...reportQuery(search), format } }, parseAs: 'blob' });
  return downloadedFile(call, `relatorio-${report}-${search.start_date}-${search.end_date}.${format}`);
}
