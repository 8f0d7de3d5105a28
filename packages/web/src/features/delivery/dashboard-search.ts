import { z } from 'zod';
import { DELIVERY_DASHBOARD_MAX_DAYS } from '@backoffice/contracts';
import { daysBetween, defaultPeriod } from '../../shared/ui/period';

const isoDate = z.iso.date();

/**
 * The delivery dashboard's URL state: the period (`from`, `to`, São Paulo days) and the store. A
 * missing, malformed, reversed or too long period falls back to the last 30 days and a bad store id
 * to every store, so an old link never fails the page.
 */
export const DeliveryDashboardSearch = z
  .object({
    from: isoDate.optional().catch(undefined),
    to: isoDate.optional().catch(undefined),
    location_id: z.coerce.number().int().positive().optional().catch(undefined),
  })
  .transform(({ from, to, location_id }): DeliveryDashboardSearch => {
    const period =
      !from || !to || to < from || daysBetween(from, to) + 1 > DELIVERY_DASHBOARD_MAX_DAYS
        ? (({ start_date, end_date }) => ({ from: start_date, to: end_date }))(defaultPeriod())
        : { from, to };
    return location_id ? { ...period, location_id } : period;
  });

export type DeliveryDashboardSearch = { from: string; to: string; location_id?: number };
