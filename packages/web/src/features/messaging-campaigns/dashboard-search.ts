import { z } from 'zod';
import { MESSAGING_DASHBOARD_MAX_DAYS } from '@backoffice/contracts';
import { daysBetween, defaultPeriod, type Period } from '../../shared/ui/period';

const isoDate = z.iso.date();

/** The dashboard's period in the URL: a missing, reversed or too long one falls back to the last 30 days. */
export const MessagingDashboardSearch = z
  .object({ start_date: isoDate.optional().catch(undefined), end_date: isoDate.optional().catch(undefined) })
  .transform(({ start_date, end_date }): Period =>
    !start_date || !end_date || end_date < start_date || daysBetween(start_date, end_date) + 1 > MESSAGING_DASHBOARD_MAX_DAYS ? defaultPeriod() : { start_date, end_date },
  );
