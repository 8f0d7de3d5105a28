import type { z } from 'zod';
import {
  SLOT_TIMEZONE,
  SlotDate,
  minutesOfTime,
  msg,
  timeOfMinutes,
  type CreateDayWithoutWorkInput,
  type CreateSlotInput,
  type UpdateSlotInput,
  type DayWithoutWork,
  type DaysWithoutWorkQuery,
  type Slot,
  type SlotDateWindow,
  type SlotDatesQuery,
  type SlotMode,
  type SlotWeeklyQuery,
} from '@backoffice/contracts';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError, ValidationError, found } from '../../lib/errors.ts';
import { businessDate } from '../../lib/business-day.ts';
import { SlotFullError, type DayWithoutWorkRow, type SlotRow, type SlotsRepo } from './slots.repo.ts';
import { addDays, dateText, localIso, localTime, unbookableReason, weekdayOf, windowMoments } from './slot-time.ts';

/** The stores a user may see: null every store (agreed with the locations module: `locations.allowedLocationIds`). */
export type StoreScope = (accountId: number, userId: number) => Promise<number[] | null>;

interface Deps {
  repo: SlotsRepo;
  storeScope: StoreScope;
  clock?: () => Date;
}

/** Who asks: the account and the back-office user (whose stores may be limited). */
export interface Caller {
  accountId: number;
  userId: number;
}

export interface BookingRequest {
  accountId: number;
  slotId: number;
  /** YYYY-MM-DD, the São Paulo date of the window. */
  date: string;
  /** Who holds the place (an order number): booking twice with it keeps one place. */
  reference: string;
}

export interface BookingResult {
  booked: number;
  remaining: number;
}

const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

const toSlot = (s: SlotRow): z.input<typeof Slot> => ({
  id: s.id,
  location_id: s.locationId,
  region_id: s.regionId,
  mode: s.mode as SlotMode,
  weekday: s.weekday,
  start: timeOfMinutes(s.startMinute),
  end: timeOfMinutes(s.endMinute),
  capacity: s.capacity,
  cutoff_minutes: s.cutoffMinutes,
  prior_notice_minutes: s.priorNoticeMinutes,
  active: s.active,
  created_at: s.createdAt.toISOString(),
});

const toDay = (d: DayWithoutWorkRow): z.input<typeof DayWithoutWork> => ({
  id: d.id,
  location_id: d.locationId,
  date: dateText(d.date),
  mode: (d.mode as SlotMode | null) ?? null,
  reason: d.reason,
  created_at: d.createdAt.toISOString(),
});

/** The 409 of a window overlapping another of its store, mode, region and weekday. */
const overlapError = (input: { start: string; end: string }, o: SlotRow) =>
  new ConflictError('SLOT_OVERLAP', {
    start: input.start,
    end: input.end,
    other_start: timeOfMinutes(o.startMinute),
    other_end: timeOfMinutes(o.endMinute),
    weekday: WEEKDAYS[o.weekday]!,
  });

/** A YYYY-MM-DD date as messages show it: DD/MM/YYYY. */
const shownDate = (date: string) => date.split('-').reverse().join('/');

/** Whether a day without work removes the windows of a mode. */
const dayCovers = (d: DayWithoutWorkRow, mode: string) => d.mode === null || d.mode === mode;

/** A rule of the input checked here: a 400 naming the field, its detail worded by the contracts' catalogue (in the request's language). */
const invalid = (field: string, code: 'SLOT_REGION_NOT_IN_LOCATION' | 'SLOT_DATE_PAST') =>
  new ValidationError(code, {}, [{ field, code: 'custom', message: msg(code) }]);

/** A booking names a real calendar date and a reference of 1 to 120 characters (400 naming the field otherwise). */
function checkBooking(r: BookingRequest) {
  if (!SlotDate.safeParse(r.date).success) {
    throw new ValidationError('VALIDATION_ERROR', { field: 'date', detail: 'YYYY-MM-DD' }, [{ field: 'date', code: 'invalid_format', message: 'YYYY-MM-DD' }]);
  }
  if (r.reference.trim() === '' || r.reference.length > 120) {
    throw new ValidationError('VALIDATION_ERROR', { field: 'reference', detail: '1–120' }, [{ field: 'reference', code: 'custom', message: '1–120' }]);
  }
}

/**
 * Delivery and pickup windows of the stores: the weekly template, the concrete windows of the next
 * days, days without work, and booking a place in a window (never beyond its capacity). `clock` is
 * the present (tests set it to the exact minute).
 */
export function createSlotsService(deps: Deps) {
  const { repo, storeScope } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The store, if the account has it and the user works there (else 404, as for another account's). */
  async function visibleLocation(caller: Caller, locationId: number) {
    const location = found(await repo.findLocation(caller.accountId, locationId), 'SLOT_LOCATION_NOT_FOUND');
    const allowed = await storeScope(caller.accountId, caller.userId);
    if (allowed && !allowed.includes(location.id)) throw new NotFoundError('SLOT_LOCATION_NOT_FOUND');
    return location;
  }

  async function regionOf(accountId: number, locationId: number, regionId: number | null | undefined) {
    if (!regionId) return null;
    if (!(await repo.findRegion(accountId, locationId, regionId))) throw invalid('region_id', 'SLOT_REGION_NOT_IN_LOCATION');
    return regionId;
  }

  /** The slot of the account, if the caller sees its store. */
  async function visibleSlot(caller: Caller, id: number) {
    const slot = found(await repo.findSlot(caller.accountId, id), 'SLOT_NOT_FOUND');
    const allowed = await storeScope(caller.accountId, caller.userId);
    if (allowed && !allowed.includes(slot.locationId)) throw new NotFoundError('SLOT_NOT_FOUND');
    return slot;
  }

  return {
    async weekly(caller: Caller, q: z.output<typeof SlotWeeklyQuery>) {
      await visibleLocation(caller, q.location_id);
      const regionId = await regionOf(caller.accountId, q.location_id, q.region_id);
      const rows = await repo.listSlots(caller.accountId, { locationId: q.location_id, mode: q.mode, regionId: regionId ?? undefined });
      return {
        location_id: q.location_id,
        region_id: regionId,
        mode: q.mode ?? null,
        timezone: SLOT_TIMEZONE,
        weekdays: WEEKDAYS.map((_, weekday) => ({ weekday, windows: rows.filter((r) => r.weekday === weekday).map(toSlot) })),
      };
    },

    /** The windows of the next `days` São Paulo days from today, without the days without work. */
    async dates(caller: Caller, q: z.output<typeof SlotDatesQuery>) {
      await visibleLocation(caller, q.location_id);
      const regionId = await regionOf(caller.accountId, q.location_id, q.region_id);
      const at = now();
      const from = businessDate(at);
      const to = addDays(from, q.days - 1);
      const [slots, days] = await Promise.all([
        repo.listSlots(caller.accountId, { locationId: q.location_id, mode: q.mode, regionId: regionId ?? undefined, activeOnly: true }),
        repo.listDays(caller.accountId, { locationId: q.location_id, mode: q.mode, from, to }),
      ]);
      const usage = await repo.usage(slots.map((s) => s.id), from, to);
      const windows: Array<z.input<typeof SlotDateWindow> & { at: number }> = [];
      for (let i = 0; i < q.days; i++) {
        const date = addDays(from, i);
        const weekday = weekdayOf(date);
        const off = days.filter((d) => dateText(d.date) === date);
        for (const s of slots) {
          if (s.weekday !== weekday || off.some((d) => dayCovers(d, s.mode))) continue;
          const booked = usage.get(`${s.id}|${date}`) ?? 0;
          const reason = unbookableReason(s, date, booked, at);
          windows.push({
            at: windowMoments(s, date).startAt.getTime(),
            slot_id: s.id,
            date,
            weekday,
            mode: s.mode as SlotMode,
            region_id: s.regionId,
            start: localIso(date, s.startMinute),
            end: localIso(date, s.endMinute),
            capacity: s.capacity,
            booked,
            remaining: Math.max(s.capacity - booked, 0),
            bookable: reason === null,
            reason,
          });
        }
      }
      windows.sort((a, b) => a.at - b.at || a.slot_id - b.slot_id);
      return {
        location_id: q.location_id,
        region_id: regionId,
        mode: q.mode ?? null,
        timezone: SLOT_TIMEZONE,
        from,
        to,
        windows: windows.map(({ at: _at, ...w }) => w),
        days_without_work: days.map(toDay),
      };
    },

    async daysWithoutWork(caller: Caller, q: z.output<typeof DaysWithoutWorkQuery>) {
      if (q.location_id) await visibleLocation(caller, q.location_id);
      const allowed = q.location_id ? null : await storeScope(caller.accountId, caller.userId);
      const rows = await repo.listDays(caller.accountId, {
        locationId: q.location_id,
        locationIds: allowed,
        from: q.from ?? (q.to ? undefined : businessDate(now())),
        to: q.to,
      });
      return { data: rows.map(toDay) };
    },

    async create(caller: Caller, input: CreateSlotInput) {
      await visibleLocation(caller, input.location_id);
      const regionId = await regionOf(caller.accountId, input.location_id, input.region_id);
      const data = {
        locationId: input.location_id,
        regionId,
        mode: input.mode,
        weekday: input.weekday,
        startMinute: minutesOfTime(input.start),
        endMinute: minutesOfTime(input.end),
        capacity: input.capacity,
        cutoffMinutes: input.cutoff_minutes,
        priorNoticeMinutes: input.prior_notice_minutes,
      };
      const result = await repo.createSlot(caller.accountId, data);
      if ('overlaps' in result) throw overlapError(input, result.overlaps);
      return toSlot(result.created);
    },

    /**
     * Changes a window's times, capacity, cutoff, prior notice and whether it is active. The same
     * overlap (409) rule as creation, the window itself excluded; a capacity below what is booked on
     * a date from today on is refused (409 naming the date and the count), never overbooked.
     */
    async update(caller: Caller, id: number, input: UpdateSlotInput) {
      await visibleSlot(caller, id);
      const result = await repo.updateSlot(
        caller.accountId,
        id,
        {
          startMinute: minutesOfTime(input.start),
          endMinute: minutesOfTime(input.end),
          capacity: input.capacity,
          cutoffMinutes: input.cutoff_minutes,
          priorNoticeMinutes: input.prior_notice_minutes,
          active: input.active,
        },
        businessDate(now()),
      );
      if (!result) throw new NotFoundError('SLOT_NOT_FOUND');
      if ('overlaps' in result) throw overlapError(input, result.overlaps);
      if ('overbooked' in result) {
        throw new ConflictError('SLOT_CAPACITY_BELOW_BOOKED', {
          capacity: input.capacity,
          count: result.overbooked.booked,
          date: shownDate(result.overbooked.date),
        });
      }
      return toSlot(result.updated);
    },

    /** Deletes a window; refused while it holds bookings from today on. */
    async remove(caller: Caller, id: number) {
      const slot = await visibleSlot(caller, id);
      const held = await repo.heldBookingsFrom(slot.id, businessDate(now()));
      if (held > 0) throw new ConflictError('SLOT_HAS_BOOKINGS', { count: held });
      if (!(await repo.removeSlot(caller.accountId, id))) throw new NotFoundError('SLOT_NOT_FOUND');
    },

    async createDayWithoutWork(caller: Caller, input: CreateDayWithoutWorkInput) {
      if (input.location_id !== null) await visibleLocation(caller, input.location_id);
      else if (await storeScope(caller.accountId, caller.userId)) throw new ForbiddenError('DAY_WITHOUT_WORK_ALL_STORES');
      if (input.date < businessDate(now())) throw invalid('date', 'SLOT_DATE_PAST');
      if (await repo.findSameDay(caller.accountId, input.location_id, input.date, input.mode)) {
        throw new ConflictError('DAY_WITHOUT_WORK_EXISTS', { date: shownDate(input.date) });
      }
      const row = await repo.createDay(caller.accountId, { locationId: input.location_id, date: input.date, mode: input.mode, reason: input.reason });
      return toDay(row);
    },

    async deleteDayWithoutWork(caller: Caller, id: number) {
      const day = found(await repo.findDay(caller.accountId, id), 'DAY_WITHOUT_WORK_NOT_FOUND');
      const allowed = await storeScope(caller.accountId, caller.userId);
      if (allowed && (day.locationId === null || !allowed.includes(day.locationId))) throw new NotFoundError('DAY_WITHOUT_WORK_NOT_FOUND');
      if (!(await repo.removeDay(caller.accountId, id))) throw new NotFoundError('DAY_WITHOUT_WORK_NOT_FOUND');
    },

    /**
     * Books a place in a window on a date. Refused: another account's or unknown window (404), an
     * inactive one, a date of another weekday, a day without work, the cutoff or prior notice passed
     * (422), no place left (409). Never overbooks (see the repository's `book`).
     */
    async book(r: BookingRequest): Promise<BookingResult> {
      checkBooking(r);
      const slot = found(await repo.findSlot(r.accountId, r.slotId), 'SLOT_NOT_FOUND');
      if (!slot.active) throw new BusinessRuleError('SLOT_INACTIVE');
      const shown = shownDate(r.date);
      if (weekdayOf(r.date) !== slot.weekday) throw new BusinessRuleError('SLOT_NOT_ON_DATE', { date: shown });
      if (await repo.dayWithoutWorkOn(r.accountId, slot.locationId, slot.mode as SlotMode, r.date)) {
        throw new BusinessRuleError('SLOT_DAY_WITHOUT_WORK', { date: shown });
      }
      const at = now();
      const reason = unbookableReason(slot, r.date, 0, at);
      const { cutoffAt, lastNoticeAt } = windowMoments(slot, r.date);
      if (reason === 'cutoff') throw new BusinessRuleError('SLOT_CUTOFF_PASSED', { at: localTime(cutoffAt), minutes: slot.cutoffMinutes });
      if (reason === 'prior_notice') throw new BusinessRuleError('SLOT_PRIOR_NOTICE', { minutes: slot.priorNoticeMinutes, at: localTime(lastNoticeAt) });
      try {
        const { booked, capacity } = await repo.book(r.accountId, slot.id, r.date, r.reference);
        return { booked, remaining: Math.max(capacity - booked, 0) };
      } catch (err) {
        if (err instanceof SlotFullError) throw new ConflictError('SLOT_FULL', { date: shown });
        throw err;
      }
    },

    /** Gives back the reference's place in a window on a date (nothing to do when it holds none). */
    async release(r: BookingRequest): Promise<BookingResult & { released: boolean }> {
      checkBooking(r);
      const slot = found(await repo.findSlot(r.accountId, r.slotId), 'SLOT_NOT_FOUND');
      const { released, booked } = await repo.release(r.accountId, slot.id, r.date, r.reference, now());
      return { released, booked, remaining: Math.max(slot.capacity - booked, 0) };
    },
  };
}
export type SlotsService = ReturnType<typeof createSlotsService>;
