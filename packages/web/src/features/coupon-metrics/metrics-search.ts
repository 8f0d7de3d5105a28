import { z } from 'zod';
import { METRICS_MAX_DAYS } from '@backoffice/contracts';
import { daysBetween, defaultPeriod } from '../../shared/ui/period';

const isoDate = z.iso.date();

/**
 * The dashboard's URL state. Missing, malformed, reversed or too long ranges fall back to the
 * last 30 days, so an old link never fails the page.
 */
export const CouponMetricsSearch = z
  .object({
    start_date: isoDate.optional().catch(undefined),
    end_date: isoDate.optional().catch(undefined),
  })
  .transform(({ start_date, end_date }) => {
    if (!start_date || !end_date || end_date < start_date || daysBetween(start_date, end_date) + 1 > METRICS_MAX_DAYS) return defaultPeriod();
    return { start_date, end_date };
  });

export type CouponMetricsSearch = z.output<typeof CouponMetricsSearch>;
