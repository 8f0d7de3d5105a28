import type { z } from 'zod';
import { BOT_STEPS, CHAT_CHANNEL_LABELS, type AttendanceQuery, type ChatChannel, type ChatDashboardQuery } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import { businessMinutes, localDate, parseOpeningHours, timeStats, zonedInstant, type StoreSchedule } from './business-hours.ts';

const DAY = 86_400_000;

interface ChatTimes {
  id: number;
  locationId: number | null;
  channel: string;
  attendantUserId: number | null;
  createdAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
}

/** Reads for the attendance dashboards (Prisma stays here). */
export function createChatDashboardsRepo(db: Db) {
  return {
    chats: (accountId: number, from: Date, to: Date, f: { location_id?: number; channel?: string }) =>
      db.chat.findMany({
        where: { accountId, createdAt: { gte: from, lt: to }, ...(f.location_id ? { locationId: f.location_id } : {}), ...(f.channel ? { channel: f.channel } : {}) },
        select: { id: true, locationId: true, channel: true, attendantUserId: true, createdAt: true, firstResponseAt: true, resolvedAt: true },
      }),
    async schedules(accountId: number, locationIds: number[]) {
      const [locations, days] = await Promise.all([
        db.location.findMany({ where: { accountId, id: { in: locationIds } }, select: { id: true, openingHours: true } }),
        db.dayWithoutWork.findMany({ where: { accountId, mode: null, OR: [{ locationId: null }, { locationId: { in: locationIds } }] }, select: { locationId: true, date: true } }),
      ]);
      return { locations, days };
    },
    users: (ids: number[]) => db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
    steps: (accountId: number, from: Date, to: Date, locationId?: number, channel?: string) =>
      db.chatBotStep.findMany({
        where: {
          accountId,
          reachedAt: { gte: from, lt: to },
          ...(locationId || channel ? { chat: { ...(locationId ? { locationId } : {}), ...(channel ? { channel } : {}) } } : {}),
        },
        select: { step: true, reachedAt: true, outcome: true },
      }),
    abandonAfter: async (accountId: number) => (await db.chatBotFlow.findUnique({ where: { accountId }, select: { abandonAfterMinutes: true } }))?.abandonAfterMinutes ?? 30,
    events: (accountId: number, from: Date, to: Date) =>
      db.chatEvent.findMany({ where: { accountId, createdAt: { gte: from, lt: to } }, select: { kind: true, fromUserId: true, toUserId: true, toStatus: true } }),
    closedBy: (accountId: number, from: Date, to: Date) =>
      db.chat.groupBy({ by: ['attendantUserId'], where: { accountId, status: 'closed', resolvedAt: { gte: from, lt: to } }, _count: { _all: true } }),
    sent: (accountId: number, from: Date, to: Date) =>
      db.chatMessage.groupBy({ by: ['authorUserId'], where: { accountId, author: 'attendant', createdAt: { gte: from, lt: to } }, _count: { _all: true } }),
  };
}
export type ChatDashboardsRepo = ReturnType<typeof createChatDashboardsRepo>;

/** The days of a range in São Paulo, as instants [from, to). */
function rangeOf(start: string | undefined, end: string | undefined, now: Date) {
  const endDate = end ?? localDate(now);
  const startDate = start ?? localDate(new Date(Date.parse(`${endDate}T12:00:00Z`) - 29 * DAY));
  const next = new Date(Date.parse(`${endDate}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
  return { startDate, endDate, from: new Date(zonedInstant(startDate, '00:00')), to: new Date(zonedInstant(next, '00:00')) };
}

/** Business-hours durations of chats: first response and resolution, each from the chat's start, in its store's hours. */
async function durations(repo: ChatDashboardsRepo, accountId: number, chats: ChatTimes[]) {
  const locationIds = [...new Set(chats.map((c) => c.locationId).filter((l): l is number => l !== null))];
  const { locations, days } = locationIds.length ? await repo.schedules(accountId, locationIds) : { locations: [], days: [] };
  const schedules = new Map<number | null, StoreSchedule>();
  const accountDays = days.filter((d) => d.locationId === null).map((d) => d.date.toISOString().slice(0, 10));
  schedules.set(null, { openingHours: [], daysOff: new Set(accountDays) });
  for (const l of locations) {
    const own = days.filter((d) => d.locationId === l.id).map((d) => d.date.toISOString().slice(0, 10));
    schedules.set(l.id, { openingHours: parseOpeningHours(l.openingHours), daysOff: new Set([...accountDays, ...own]) });
  }
  return chats.map((c) => {
    const s = schedules.get(c.locationId) ?? schedules.get(null)!;
    return {
      ...c,
      firstResponse: c.firstResponseAt ? businessMinutes(c.createdAt, c.firstResponseAt, s) : null,
      resolution: c.resolvedAt ? businessMinutes(c.createdAt, c.resolvedAt, s) : null,
    };
  });
}

type Timed = Awaited<ReturnType<typeof durations>>[number];
const summarize = (rows: Timed[]) => ({
  conversations: rows.length,
  closed: rows.filter((r) => r.resolvedAt !== null).length,
  first_response: timeStats(rows.flatMap((r) => (r.firstResponse === null ? [] : [r.firstResponse]))),
  resolution: timeStats(rows.flatMap((r) => (r.resolution === null ? [] : [r.resolution]))),
});
function groupBy<K>(rows: Timed[], key: (r: Timed) => K) {
  const m = new Map<K, Timed[]>();
  for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return m;
}

/** The attendance dashboards: conversations and times per day, attendant and channel; bot steps; the report by attendant. */
export function createChatDashboards({ repo, clock = () => new Date() }: { repo: ChatDashboardsRepo; clock?: () => Date }) {
  return {
    async dashboard(accountId: number, q: z.output<typeof ChatDashboardQuery>) {
      const { startDate, endDate, from, to } = rangeOf(q.start_date, q.end_date, clock());
      const rows = await durations(repo, accountId, await repo.chats(accountId, from, to, q));
      const byAttendant = groupBy(rows, (r) => r.attendantUserId);
      const names = new Map((await repo.users([...byAttendant.keys()].filter((u): u is number => u !== null))).map((u) => [u.id, u.name]));
      const byDay = groupBy(rows, (r) => localDate(r.createdAt));
      const days: string[] = [];
      for (let d = startDate; d <= endDate; d = new Date(Date.parse(`${d}T12:00:00Z`) + DAY).toISOString().slice(0, 10)) days.push(d);
      return {
        start_date: startDate,
        end_date: endDate,
        totals: summarize(rows),
        by_day: days.map((date) => ({ date, ...summarize(byDay.get(date) ?? []) })),
        by_attendant: [...byAttendant.entries()]
          .map(([userId, list]) => ({ user_id: userId, name: userId === null ? 'Sem atendente' : (names.get(userId) ?? `Usuário ${userId}`), ...summarize(list) }))
          .sort((a, b) => b.conversations - a.conversations || a.name.localeCompare(b.name, 'pt-BR')),
        by_channel: [...groupBy(rows, (r) => r.channel).entries()]
          .map(([channel, list]) => ({ channel: channel as ChatChannel, label: CHAT_CHANNEL_LABELS[channel as ChatChannel] ?? channel, ...summarize(list) }))
          .sort((a, b) => b.conversations - a.conversations),
      };
    },

    /** Per step: reached, left by advancing, abandoned (explicitly, or still there past the flow's timeout), in progress. */
    async botSteps(accountId: number, q: z.output<typeof ChatDashboardQuery>) {
      const { startDate, endDate, from, to } = rangeOf(q.start_date, q.end_date, clock());
      const [steps, abandonAfter] = await Promise.all([repo.steps(accountId, from, to, q.location_id, q.channel), repo.abandonAfter(accountId)]);
      const cutoff = clock().getTime() - abandonAfter * 60_000;
      return {
        start_date: startDate,
        end_date: endDate,
        steps: BOT_STEPS.map((step) => {
          const mine = steps.filter((s) => s.step === step);
          const advanced = mine.filter((s) => s.outcome === 'advanced').length;
          const abandoned = mine.filter((s) => s.outcome === 'abandoned' || (s.outcome === null && s.reachedAt.getTime() < cutoff)).length;
          const reached = mine.length;
          return { step, reached, advanced, abandoned, in_progress: reached - advanced - abandoned, abandon_rate: reached ? Math.round((abandoned / reached) * 1000) / 1000 : 0 };
        }),
      };
    },

    /** By attendant between start and finish: chats assigned, transferred in and out, closed, messages sent, and times of the chats they had. */
    async attendance(accountId: number, q: z.output<typeof AttendanceQuery>) {
      const { startDate, endDate, from, to } = rangeOf(q.start, q.finish, clock());
      const [events, closed, sent, chats] = await Promise.all([
        repo.events(accountId, from, to),
        repo.closedBy(accountId, from, to),
        repo.sent(accountId, from, to),
        repo.chats(accountId, from, to, { location_id: q.location_id }),
      ]);
      const timed = await durations(repo, accountId, chats);
      const ids = new Set<number>();
      for (const e of events) [e.fromUserId, e.toUserId].forEach((u) => u !== null && ids.add(u));
      for (const c of closed) if (c.attendantUserId !== null) ids.add(c.attendantUserId);
      for (const s of sent) if (s.authorUserId !== null) ids.add(s.authorUserId);
      for (const c of timed) if (c.attendantUserId !== null) ids.add(c.attendantUserId);
      const names = new Map((await repo.users([...ids])).map((u) => [u.id, u.name]));
      const byAttendant = groupBy(timed, (r) => r.attendantUserId);
      return {
        start: startDate,
        finish: endDate,
        attendants: [...ids]
          .map((userId) => {
            const mine = byAttendant.get(userId) ?? [];
            const s = summarize(mine);
            return {
              user_id: userId,
              name: names.get(userId) ?? `Usuário ${userId}`,
              assigned: events.filter((e) => e.kind === 'assigned' && e.toUserId === userId).length,
              transferred_in: events.filter((e) => e.kind === 'transferred' && e.toUserId === userId).length,
              transferred_out: events.filter((e) => e.kind === 'transferred' && e.fromUserId === userId).length,
              closed: closed.find((c) => c.attendantUserId === userId)?._count._all ?? 0,
              messages_sent: sent.find((c) => c.authorUserId === userId)?._count._all ?? 0,
              first_response: s.first_response,
              resolution: s.resolution,
            };
          })
          .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
      };
    },
  };
}
export type ChatDashboards = ReturnType<typeof createChatDashboards>;
