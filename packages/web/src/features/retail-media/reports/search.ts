import { z } from 'zod';
import { RM_REPORT_ADS_PAGE_SIZE, RM_REPORT_MAX_DAYS, RM_REPORTS, RmReportAdsQuery, type RmReportKind } from '@backoffice/contracts';
import { addDays, daysBetween, defaultPeriod, type Period } from '../../../shared/ui/period';
import { todayInSaoPaulo } from '../../../shared/ui/sao-paulo-time';
import { searchPage } from '../../../shared/ui/search-params';

const isoDate = z.iso.date();
const id = z.coerce.number().int().positive();

/**
 * The filters every report shares, in the URL with the API's names. Forgiving: a missing,
 * reversed or too long period falls back to the last 30 days and a mistyped id is dropped, so an
 * old link never fails the page.
 */
export const ReportSearch = z
  .object({
    start_date: isoDate.optional().catch(undefined),
    end_date: isoDate.optional().catch(undefined),
    publisher_id: id.optional().catch(undefined),
    advertiser_id: id.optional().catch(undefined),
  })
  .transform(({ start_date, end_date, publisher_id, advertiser_id }) => {
    const valid = start_date && end_date && start_date <= end_date && daysBetween(start_date, end_date) + 1 <= RM_REPORT_MAX_DAYS;
    const period: Period = valid ? { start_date, end_date } : defaultPeriod();
    return { ...period, ...(publisher_id ? { publisher_id } : {}), ...(advertiser_id ? { advertiser_id } : {}) };
  });
export type ReportSearch = z.output<typeof ReportSearch>;
export type ReportFilters = Pick<ReportSearch, 'publisher_id' | 'advertiser_id'>;

const adsShape = RmReportAdsQuery.shape;
export type AdsOrderField = z.output<typeof adsShape.order_by>;

/**
 * The ads report adds its page and order to the shared filters. The order travels as `sort_by` and
 * `sort_direction` in the URL (the API's order_by/order_direction), so it never clashes with the
 * campaign list's own `order_by` values.
 */
export const AdsReportSearch = z.object({
  page: searchPage(),
  sort_by: adsShape.order_by.catch('total_spent'),
  sort_direction: adsShape.order_direction.catch('desc'),
});
export type AdsReportSearch = z.output<typeof AdsReportSearch>;
export const ADS_SEARCH_DEFAULTS = { page: 1, sort_by: 'total_spent', sort_direction: 'desc' } as const;
export const ADS_ORDER_FIELDS: readonly AdsOrderField[] = adsShape.order_by.unwrap().options;

/** The reports in the order of the navigation; a path segment that is not one of them is not a report. */
export const REPORTS = RM_REPORTS;
export const isReport = (value: string | undefined): value is RmReportKind => (REPORTS as readonly string[]).includes(value ?? '');

/** Quick periods, in days ending today (São Paulo). */
export const PERIOD_PRESETS = [7, 30, 90] as const;

export function presetPeriod(days: number, now: Date = new Date()): Period {
  const end_date = todayInSaoPaulo(now);
  return { start_date: addDays(end_date, -(days - 1)), end_date };
}

/** The preset the period matches (it ends today and lasts exactly that many days), if any. */
export function activePreset(period: Period, now: Date = new Date()): number | undefined {
  return PERIOD_PRESETS.find((days) => {
    const preset = presetPeriod(days, now);
    return preset.start_date === period.start_date && preset.end_date === period.end_date;
  });
}

/** The shared filters only: what moves with the person from one report to another. */
export function sharedSearch(search: ReportSearch): ReportSearch {
  const { start_date, end_date, publisher_id, advertiser_id } = search;
  return { start_date, end_date, ...(publisher_id ? { publisher_id } : {}), ...(advertiser_id ? { advertiser_id } : {}) };
}

/** A new period or filter: cleared values leave the URL, and a paged report starts again at page 1. */
export function applyReportFilter<S extends ReportSearch>(search: S, patch: Partial<ReportSearch>): S {
  const next: Record<string, unknown> = { ...search, ...patch };
  if (!next.publisher_id) delete next.publisher_id;
  if (!next.advertiser_id) delete next.advertiser_id;
  if ('page' in next) next.page = 1;
  return next as S;
}

/** What the API receives: the period and the filters, never the screen's own state. */
export const reportQuery = (search: ReportSearch) => sharedSearch(search);

/** The ads report's query: the filters, the page (50 a page) and the order. */
export const adsReportQuery = (search: ReportSearch & AdsReportSearch) => ({
  ...reportQuery(search),
  page: search.page,
  quantity: RM_REPORT_ADS_PAGE_SIZE,
  order_by: search.sort_by,
  order_direction: search.sort_direction,
});

/** A header click: the sorted column flips its direction; another column starts descending; back to page 1. */
export function toggleAdsSort<S extends AdsReportSearch>(search: S, field: AdsOrderField): S {
  const sort_direction = search.sort_by === field && search.sort_direction === 'desc' ? 'asc' : 'desc';
  return { ...search, sort_by: field, sort_direction, page: 1 };
}
