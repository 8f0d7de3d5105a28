import { z } from 'zod';
import { CHAT_CHANNELS, type ChatChannel } from '@backoffice/contracts';
import { daysBetween, defaultPeriod } from '../../shared/ui/period';

const isoDate = z.iso.date();
/** The longest period the chat dashboards ask for. */
export const CHAT_DASHBOARD_MAX_DAYS = 366;

/** The chat dashboards' URL state: the period (São Paulo days), the store and the channel. */
export type ChatDashboardSearch = { start_date: string; end_date: string; location_id?: number; channel?: ChatChannel };

/** A missing, reversed or too long period falls back to the last 30 days; a bad store or channel to all of them. */
export const ChatDashboardSearch = z
  .object({
    start_date: isoDate.optional().catch(undefined),
    end_date: isoDate.optional().catch(undefined),
    location_id: z.coerce.number().int().positive().optional().catch(undefined),
    channel: z.enum(CHAT_CHANNELS).optional().catch(undefined),
  })
  .transform(({ start_date, end_date, location_id, channel }): ChatDashboardSearch => {
    const period = !start_date || !end_date || end_date < start_date || daysBetween(start_date, end_date) + 1 > CHAT_DASHBOARD_MAX_DAYS ? defaultPeriod() : { start_date, end_date };
    return { ...period, ...(location_id ? { location_id } : {}), ...(channel ? { channel } : {}) };
  });

/** The attendance report's URL state: start and finish dates (spec §7 attendance), and the store. */
export type AttendanceSearch = { start: string; finish: string; location_id?: number };

export const AttendanceSearch = z
  .object({
    start: isoDate.optional().catch(undefined),
    finish: isoDate.optional().catch(undefined),
    location_id: z.coerce.number().int().positive().optional().catch(undefined),
  })
  .transform(({ start, finish, location_id }): AttendanceSearch => {
    const fallback = defaultPeriod();
    const period = !start || !finish || finish < start ? { start: fallback.start_date, finish: fallback.end_date } : { start, finish };
    return { ...period, ...(location_id ? { location_id } : {}) };
  });
