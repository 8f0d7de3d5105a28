import { z } from 'zod';
import { daysBetween, defaultPeriod } from '../../shared/ui/period';

/** The longest period the dashboard asks for (a year and a day, like the other metrics screens). */
const MAX_DAYS = 366;
const isoDate = z.iso.date();

/**
 * The customers dashboard's URL state: the period (the last 30 days when missing, malformed,
 * reversed or too long, so an old link never fails the page) and an optional store.
 */
export const CustomersDashboardSearch = z
  .object({
    start_date: isoDate.optional().catch(undefined),
    end_date: isoDate.optional().catch(undefined),
    location_id: z.coerce.number().int().positive().optional().catch(undefined),
  })
  .transform(({ start_date, end_date, location_id }): { start_date: string; end_date: string; location_id?: number } => {
    const period =
      !start_date || !end_date || end_date < start_date || daysBetween(start_date, end_date) + 1 > MAX_DAYS ? defaultPeriod() : { start_date, end_date };
    return location_id === undefined ? period : { ...period, location_id };
  });

export type CustomersDashboardSearch = z.output<typeof CustomersDashboardSearch>;
