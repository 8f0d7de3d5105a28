import type { AttendanceAnalytics, AttendanceAnalyticsBody } from '@backoffice/contracts';
import { NotFoundError } from '../../lib/errors.ts';
import type { ChatDashboards } from '../chats/chat-dashboards.ts';
import type { Caller } from '../locations/locations.service.ts';
import type { MetabaseEmbeds } from './metabase-embed.ts';

interface Deps {
  dashboards: ChatDashboards;
  embeds: MetabaseEmbeds;
  storeExists: (accountId: number, id: number) => Promise<boolean>;
}

/**
 * Attendance analytics between `start` and `finish` (spec §7 POST /metabase/attendance): the chats'
 * dashboards (conversations, first response and resolution in the store's hours) as cards.
 */
export function createAttendanceAnalytics({ dashboards, embeds, storeExists }: Deps) {
  return {
    async answer(caller: Caller, b: AttendanceAnalyticsBody): Promise<AttendanceAnalytics> {
      if (b.location_id !== undefined && !(await storeExists(caller.accountId, b.location_id))) throw new NotFoundError('LOCATION_NOT_FOUND');
      const want = new Set(b.queries);
      const range = { start_date: b.start, end_date: b.finish, location_id: b.location_id };
      const board = want.has('summary') || want.has('per_day') ? await dashboards.dashboard(caller.accountId, range) : null;
      const report = want.has('per_attendant') || want.has('summary') ? await dashboards.attendance(caller.accountId, { start: b.start!, finish: b.finish!, location_id: b.location_id }) : null;
      const start = board?.start_date ?? report!.start;
      const finish = board?.end_date ?? report!.finish;
      const cards: AttendanceAnalytics['cards'] = {};
      if (want.has('summary') && board && report) {
        cards.summary = {
          conversations: board.totals.conversations,
          closed: board.totals.closed,
          first_response_median: board.totals.first_response.median,
          first_response_p90: board.totals.first_response.p90,
          resolution_median: board.totals.resolution.median,
          resolution_p90: board.totals.resolution.p90,
          messages_sent: report.attendants.reduce((n, a) => n + a.messages_sent, 0),
        };
      }
      if (want.has('per_day') && board) {
        cards.per_day = board.by_day.map((d) => ({ date: d.date, conversations: d.conversations, closed: d.closed, first_response_median: d.first_response.median }));
      }
      if (want.has('per_attendant') && report) {
        cards.per_attendant = report.attendants.map((a) => ({
          user_id: a.user_id,
          name: a.name,
          assigned: a.assigned,
          closed: a.closed,
          messages_sent: a.messages_sent,
          first_response_median: a.first_response.median,
          resolution_median: a.resolution.median,
        }));
      }
      return { start, finish, embed_url: embeds.url('attendance', { account_id: caller.accountId, location_id: b.location_id, start, finish }), cards };
    },
  };
}
