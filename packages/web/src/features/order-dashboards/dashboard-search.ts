import { z } from 'zod';
import { FULFILMENTS, ORDER_CHANNELS, ORDER_DASHBOARD_MAX_DAYS, type Fulfilment, type OrderChannel } from '@backoffice/contracts';
import { daysBetween, defaultPeriod } from '../../shared/ui/period';

const isoDate = z.iso.date();

/** A dashboard's URL state: the period (São Paulo days), the store and, on the orders dashboard, the channel. */
export type DashboardSearch = { from: string; to: string; location_id?: number; channel?: OrderChannel };
/** The picking dashboard's: its `{mode}` (delivery or pickup; none: both) comes from the path. */
export type PickingSearch = DashboardSearch & { mode?: Fulfilment };

/**
 * A missing, malformed, reversed or too long period falls back to the last 30 days, and a bad store
 * or channel to all of them, so an old link never fails the page.
 */
export const DashboardSearch = z
  .object({
    from: isoDate.optional().catch(undefined),
    to: isoDate.optional().catch(undefined),
    location_id: z.coerce.number().int().positive().optional().catch(undefined),
    channel: z.enum(ORDER_CHANNELS).optional().catch(undefined),
  })
  .transform(({ from, to, location_id, channel }): DashboardSearch => {
    const period =
      !from || !to || to < from || daysBetween(from, to) + 1 > ORDER_DASHBOARD_MAX_DAYS
        ? (({ start_date, end_date }) => ({ from: start_date, to: end_date }))(defaultPeriod())
        : { from, to };
    return { ...period, ...(location_id ? { location_id } : {}), ...(channel ? { channel } : {}) };
  });

/** The `{mode}` of /orders/picking-dashboard/{mode}: delivery or pickup; anything else is not a page. */
export const parsePickingMode = (mode: string): Fulfilment | null => ((FULFILMENTS as readonly string[]).includes(mode) ? (mode as Fulfilment) : null);
