import type { Db, Tx } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { SlotMode } from '@backoffice/contracts';
import { dateValue } from './slot-time.ts';

const slotSelect = {
  id: true,
  locationId: true,
  regionId: true,
  mode: true,
  weekday: true,
  startMinute: true,
  endMinute: true,
  capacity: true,
  cutoffMinutes: true,
  priorNoticeMinutes: true,
  active: true,
  createdAt: true,
} as const;
export type SlotRow = Prisma.SlotGetPayload<{ select: typeof slotSelect }>;

const daySelect = { id: true, locationId: true, date: true, mode: true, reason: true, createdAt: true } as const;
export type DayWithoutWorkRow = Prisma.DayWithoutWorkGetPayload<{ select: typeof daySelect }>;

export interface SlotData {
  locationId: number;
  regionId: number | null;
  mode: SlotMode;
  weekday: number;
  startMinute: number;
  endMinute: number;
  capacity: number;
  cutoffMinutes: number;
  priorNoticeMinutes: number;
}

/** Which windows of a store: one mode or both; with a region, its own windows and the store-wide ones. */
export interface SlotScope {
  locationId: number;
  mode?: SlotMode;
  regionId?: number;
  activeOnly?: boolean;
}

/** The days without work that apply to a store (its own and the account-wide ones), or to the stores a user sees. */
export interface DayScope {
  /** One store: its days and the account-wide ones. */
  locationId?: number;
  /** Limited to these stores (a user's): their days and the account-wide ones. */
  locationIds?: number[] | null;
  from?: string;
  to?: string;
  mode?: SlotMode;
}

export class SlotFullError extends Error {}
/** Raised inside the booking transaction to undo its increment when the reference already holds the window. */
class AlreadyHeld extends Error {}

/** Slots, their per-date usage and bookings, and days without work of one account: every query is scoped by `accountId`. */
export function createSlotsRepo(db: Db) {
  const slotWhere = (accountId: number, s: SlotScope): Prisma.SlotWhereInput => ({
    accountId,
    locationId: s.locationId,
    ...(s.mode ? { mode: s.mode } : {}),
    ...(s.regionId ? { OR: [{ regionId: null }, { regionId: s.regionId }] } : {}),
    ...(s.activeOnly ? { active: true } : {}),
  });

  const dayWhere = (accountId: number, d: DayScope): Prisma.DayWithoutWorkWhereInput => ({
    accountId,
    AND: [
      d.locationId !== undefined ? { OR: [{ locationId: null }, { locationId: d.locationId }] } : {},
      d.locationIds ? { OR: [{ locationId: null }, { locationId: { in: d.locationIds } }] } : {},
      d.mode ? { OR: [{ mode: null }, { mode: d.mode }] } : {},
      d.from ? { date: { gte: dateValue(d.from) } } : {},
      d.to ? { date: { lte: dateValue(d.to) } } : {},
    ],
  });

  /** The number booked of a window on a date (0 without a usage row). */
  async function bookedOn(q: Db | Tx, slotId: number, date: string): Promise<number> {
    const row = await q.slotDayUsage.findUnique({ where: { slotId_date: { slotId, date: dateValue(date) } }, select: { booked: true } });
    return row?.booked ?? 0;
  }

  return {
    findLocation(accountId: number, id: number) {
      return db.location.findFirst({ where: { id, accountId }, select: { id: true, name: true } });
    },
    findRegion(accountId: number, locationId: number, id: number) {
      return db.deliveryRegion.findFirst({ where: { id, accountId, locationId }, select: { id: true } });
    },
    findSlot(accountId: number, id: number) {
      return db.slot.findFirst({ where: { id, accountId }, select: slotSelect });
    },
    listSlots(accountId: number, scope: SlotScope) {
      return db.slot.findMany({
        where: slotWhere(accountId, scope),
        select: slotSelect,
        orderBy: [{ weekday: 'asc' }, { startMinute: 'asc' }, { mode: 'asc' }, { id: 'asc' }],
      });
    },

    /**
     * Creates a window unless one of the same store, mode, region and weekday overlaps it: the check
     * and the insert run under a lock on the store's row, so two concurrent creations cannot both pass.
     * Returns the overlapped window instead when there is one.
     */
    createSlot(accountId: number, data: SlotData): Promise<{ created: SlotRow } | { overlaps: SlotRow }> {
      return db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM locations WHERE id = ${data.locationId} AND account_id = ${accountId} FOR UPDATE`;
        const overlaps = await tx.slot.findFirst({
          where: {
            accountId,
            locationId: data.locationId,
            regionId: data.regionId,
            mode: data.mode,
            weekday: data.weekday,
            startMinute: { lt: data.endMinute },
            endMinute: { gt: data.startMinute },
          },
          select: slotSelect,
          orderBy: { startMinute: 'asc' },
        });
        if (overlaps) return { overlaps };
        return { created: await tx.slot.create({ data: { ...data, accountId }, select: slotSelect }) };
      });
    },

    /**
     * Changes a window's times and rules, under the same lock on its store as creation (the overlap
     * check, the window itself excluded) and a lock on the window's row: bookings take a share lock
     * on it first, so the capacity checked against what is booked from `fromDate` on cannot be
     * overtaken by a booking in between. Returns the overlapped window, or the first date (and its
     * count) booked beyond the new capacity, instead of updating.
     */
    updateSlot(
      accountId: number,
      id: number,
      data: Pick<SlotData, 'startMinute' | 'endMinute' | 'capacity' | 'cutoffMinutes' | 'priorNoticeMinutes'> & { active: boolean },
      fromDate: string,
    ): Promise<{ updated: SlotRow } | { overlaps: SlotRow } | { overbooked: { date: string; booked: number } } | null> {
      return db.$transaction(
        async (tx) => {
          const current = await tx.slot.findFirst({ where: { id, accountId }, select: slotSelect });
          if (!current) return null;
          await tx.$queryRaw`SELECT id FROM locations WHERE id = ${current.locationId} AND account_id = ${accountId} FOR UPDATE`;
          await tx.$queryRaw`SELECT id FROM slots WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`;
          const overlaps = await tx.slot.findFirst({
            where: {
              accountId,
              id: { not: id },
              locationId: current.locationId,
              regionId: current.regionId,
              mode: current.mode,
              weekday: current.weekday,
              startMinute: { lt: data.endMinute },
              endMinute: { gt: data.startMinute },
            },
            select: slotSelect,
            orderBy: { startMinute: 'asc' },
          });
          if (overlaps) return { overlaps };
          const beyond = await tx.slotDayUsage.findFirst({
            where: { slotId: id, date: { gte: dateValue(fromDate) }, booked: { gt: data.capacity } },
            select: { date: true, booked: true },
            orderBy: { date: 'asc' },
          });
          if (beyond) return { overbooked: { date: beyond.date.toISOString().slice(0, 10), booked: beyond.booked } };
          return { updated: await tx.slot.update({ where: { id }, data, select: slotSelect }) };
        },
        { maxWait: 15_000, timeout: 15_000 },
      );
    },

    /** Bookings still held on a window from `fromDate` on. */
    heldBookingsFrom(slotId: number, fromDate: string) {
      return db.slotBooking.count({ where: { slotId, releasedAt: null, date: { gte: dateValue(fromDate) } } });
    },
    async removeSlot(accountId: number, id: number) {
      const { count } = await db.slot.deleteMany({ where: { id, accountId } });
      return count > 0;
    },

    /** What is booked per window and date in [from, to]: key `${slotId}|${YYYY-MM-DD}`. */
    async usage(slotIds: number[], from: string, to: string): Promise<Map<string, number>> {
      if (!slotIds.length) return new Map();
      const rows = await db.slotDayUsage.findMany({
        where: { slotId: { in: slotIds }, date: { gte: dateValue(from), lte: dateValue(to) } },
        select: { slotId: true, date: true, booked: true },
      });
      return new Map(rows.map((r) => [`${r.slotId}|${r.date.toISOString().slice(0, 10)}`, r.booked]));
    },

    listDays(accountId: number, scope: DayScope) {
      return db.dayWithoutWork.findMany({
        where: dayWhere(accountId, scope),
        select: daySelect,
        orderBy: [{ date: 'asc' }, { id: 'asc' }],
      });
    },
    /** A day without work that removes the windows of a store and mode on a date, if any. */
    dayWithoutWorkOn(accountId: number, locationId: number, mode: SlotMode, date: string) {
      return db.dayWithoutWork.findFirst({ where: dayWhere(accountId, { locationId, mode, from: date, to: date }), select: daySelect });
    },
    findDay(accountId: number, id: number) {
      return db.dayWithoutWork.findFirst({ where: { id, accountId }, select: daySelect });
    },
    /** The same store (or all), date and mode (or both) already marked. */
    findSameDay(accountId: number, locationId: number | null, date: string, mode: SlotMode | null) {
      return db.dayWithoutWork.findFirst({ where: { accountId, locationId, date: dateValue(date), mode }, select: daySelect });
    },
    createDay(accountId: number, data: { locationId: number | null; date: string; mode: SlotMode | null; reason: string | null }) {
      return db.dayWithoutWork.create({ data: { ...data, date: dateValue(data.date), accountId }, select: daySelect });
    },
    async removeDay(accountId: number, id: number) {
      const { count } = await db.dayWithoutWork.deleteMany({ where: { id, accountId } });
      return count > 0;
    },

    /**
     * Takes one place of a window on a date for `reference`, never beyond its capacity: one atomic
     * statement increments the date's usage only while it is below the capacity (concurrent bookings
     * queue on the usage row and each sees the one before), in the transaction that records the
     * booking. A reference that already holds the window gets its place again (idempotent), the
     * increment undone. Throws SlotFullError when no place is left.
     */
    async book(accountId: number, slotId: number, date: string, reference: string): Promise<{ booked: number; capacity: number; already: boolean }> {
      try {
        return await db.$transaction(
          async (tx) => {
            // A share lock on the window: an edit of its capacity waits for this booking, and this one for the edit.
            await tx.$queryRaw`SELECT id FROM slots WHERE id = ${slotId} AND account_id = ${accountId} FOR SHARE`;
            const rows = await tx.$queryRaw<Array<{ booked: number; capacity: number }>>`
              INSERT INTO slot_day_usage (slot_id, date, booked)
              SELECT s.id, ${date}::date, 1 FROM slots s WHERE s.id = ${slotId} AND s.account_id = ${accountId} AND s.capacity >= 1
              ON CONFLICT (slot_id, date) DO UPDATE SET booked = slot_day_usage.booked + 1
              WHERE slot_day_usage.booked < (SELECT capacity FROM slots WHERE id = ${slotId})
              RETURNING booked, (SELECT capacity FROM slots WHERE id = ${slotId}) AS capacity`;
            // After the usage row is locked (or refused): a booking of the same reference committed before is visible now.
            const held = await tx.slotBooking.findFirst({
              where: { accountId, slotId, date: dateValue(date), reference, releasedAt: null },
              select: { id: true },
            });
            if (held) throw new AlreadyHeld();
            const row = rows[0];
            if (!row) throw new SlotFullError();
            await tx.slotBooking.create({ data: { accountId, slotId, date: dateValue(date), reference } });
            return { booked: Number(row.booked), capacity: Number(row.capacity), already: false };
          },
          { maxWait: 15_000, timeout: 15_000 },
        );
      } catch (err) {
        if (!(err instanceof AlreadyHeld)) throw err;
        const slot = await db.slot.findFirstOrThrow({ where: { id: slotId, accountId }, select: { capacity: true } });
        return { booked: await bookedOn(db, slotId, date), capacity: slot.capacity, already: true };
      }
    },

    /** Releases the reference's place on a window and date, if it holds one: stamps released_at and gives the place back. */
    release(accountId: number, slotId: number, date: string, reference: string, at: Date): Promise<{ released: boolean; booked: number }> {
      return db.$transaction(
        async (tx) => {
          const { count } = await tx.slotBooking.updateMany({
            where: { accountId, slotId, date: dateValue(date), reference, releasedAt: null },
            data: { releasedAt: at },
          });
          if (count === 0) return { released: false, booked: await bookedOn(tx, slotId, date) };
          const rows = await tx.$queryRaw<Array<{ booked: number }>>`
            UPDATE slot_day_usage SET booked = GREATEST(booked - ${count}, 0)
            WHERE slot_id = ${slotId} AND date = ${date}::date RETURNING booked`;
          return { released: true, booked: Number(rows[0]?.booked ?? 0) };
        },
        { maxWait: 15_000, timeout: 15_000 },
      );
    },
  };
}
export type SlotsRepo = ReturnType<typeof createSlotsRepo>;
