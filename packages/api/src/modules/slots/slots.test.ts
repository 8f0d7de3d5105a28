import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStoresChanged } from '../../../test/fixtures/locations.ts';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';
import { businessDate } from '../../lib/business-day.ts';
import { AppError } from '../../lib/errors.ts';
import { createSlotsRepo } from './slots.repo.ts';
import { createSlotsService } from './slots.service.ts';
import { addDays, dateValue, instantOf, localIso, unbookableReason, weekdayOf } from './slot-time.ts';

const MANAGER = 'juliana.alves@varejo.test';
const DAY = 86_400_000;

let t: TestApp;
let adminToken: string;
let managerToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let atacado: number;
let seq = 0;

/** A store of Bom Preço of its own, so windows of one test never meet another's. */
async function newStore(accountId = bomPreco) {
  const row = await t.db.location.create({ data: { accountId, name: `Loja Teste Janelas ${++seq}`, city: 'São Paulo', state: 'SP' }, select: { id: true } });
  return row.id;
}

const slotBody = (locationId: number, over: Record<string, unknown> = {}) => ({
  location_id: locationId,
  mode: 'delivery',
  weekday: 1,
  start: '08:00',
  end: '10:00',
  capacity: 5,
  cutoff_minutes: 60,
  prior_notice_minutes: 120,
  ...over,
});

const createSlot = (b: Record<string, unknown>, token = adminToken) => t.http.post('/logistic/slots').set(bearer(token)).send(b);
const fieldsOf = (body: unknown) => (expectEnvelope(body, 'VALIDATION_ERROR').details ?? []).map((d) => d.field);

/** The service on the test's database, at a moment the test sets. */
function serviceAt(at: () => Date) {
  return createSlotsService({ repo: createSlotsRepo(t.db), storeScope: async () => null, clock: at });
}

/** The first date on or after `from` that falls on `weekday`. */
function nextWeekday(from: string, weekday: number) {
  let d = from;
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}

/** São Paulo's wall-clock time on a date as an instant ("HH:MM", seconds and ms optional). */
const sp = (date: string, hhmm: string, extraMs = 0) =>
  new Date(instantOf(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))).getTime() + extraMs);

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.code}`;
    throw err;
  }
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  adminToken = await t.login(DEMO.admin);
  managerToken = await t.login(MANAGER);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
}, 60_000);
afterAll(() => t?.close());

describe('slot time rules (São Paulo)', () => {
  const w = { startMinute: 10 * 60, capacity: 2, cutoffMinutes: 60, priorNoticeMinutes: 120 };
  const date = '2027-03-02';

  it('writes windows with the São Paulo offset, midnight as the next day', () => {
    expect(localIso(date, 8 * 60)).toBe('2027-03-02T08:00:00-03:00');
    expect(localIso(date, 1440)).toBe('2027-03-03T00:00:00-03:00');
    expect(instantOf(date, 8 * 60).toISOString()).toBe('2027-03-02T11:00:00.000Z');
  });

  it('prior notice: bookable with exactly the notice left, refused a moment later', () => {
    expect(unbookableReason(w, date, 0, sp(date, '07:59'))).toBeNull();
    expect(unbookableReason(w, date, 0, sp(date, '08:00'))).toBeNull();
    expect(unbookableReason(w, date, 0, sp(date, '08:00', 1))).toBe('prior_notice');
    expect(unbookableReason(w, date, 0, sp(date, '08:01'))).toBe('prior_notice');
    expect(unbookableReason(w, date, 0, sp(date, '08:59', 59_999))).toBe('prior_notice');
  });

  it('cutoff: refused from start − cutoff on, at that very minute included', () => {
    expect(unbookableReason(w, date, 0, sp(date, '09:00'))).toBe('cutoff');
    const lateCutoff = { ...w, cutoffMinutes: 120, priorNoticeMinutes: 30 };
    expect(unbookableReason(lateCutoff, date, 0, sp(date, '07:59', 59_999))).toBeNull();
    expect(unbookableReason(lateCutoff, date, 0, sp(date, '08:00'))).toBe('cutoff');
    expect(unbookableReason({ ...w, cutoffMinutes: 0, priorNoticeMinutes: 0 }, date, 0, sp(date, '09:59'))).toBeNull();
    expect(unbookableReason({ ...w, cutoffMinutes: 0, priorNoticeMinutes: 0 }, date, 0, sp(date, '10:00'))).toBe('cutoff');
  });

  it('full once booked reaches the capacity', () => {
    expect(unbookableReason(w, date, 1, sp(date, '06:00'))).toBeNull();
    expect(unbookableReason(w, date, 2, sp(date, '06:00'))).toBe('full');
  });
});

describe('POST /logistic/slots', () => {
  it('creates a window and shows it in the weekly grid', async () => {
    const store = await newStore();
    const res = await createSlot(slotBody(store, { weekday: 3, start: '14:00', end: '16:00', capacity: 7 }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ location_id: store, region_id: null, mode: 'delivery', weekday: 3, start: '14:00', end: '16:00', capacity: 7, active: true });
    const weekly = await t.http.get('/logistic/slots/weekly/').query({ location_id: store, mode: 'delivery' }).set(bearer(adminToken));
    expect(weekly.status).toBe(200);
    expect(weekly.body.timezone).toBe('America/Sao_Paulo');
    expect(weekly.body.weekdays).toHaveLength(7);
    expect(weekly.body.weekdays[3].windows.map((s: { id: number }) => s.id)).toEqual([res.body.id]);
    const pickup = await t.http.get('/logistic/slots/weekly/').query({ location_id: store, mode: 'pickup' }).set(bearer(adminToken));
    expect(pickup.body.weekdays.flatMap((d: { windows: unknown[] }) => d.windows)).toEqual([]);
  });

  it('refuses a window crossing São Paulo midnight, or ending at its start, naming end', async () => {
    const store = await newStore();
    for (const [start, end] of [['22:00', '01:00'], ['23:30', '00:00'], ['10:00', '10:00'], ['12:00', '11:59']]) {
      const res = await createSlot(slotBody(store, { start, end }));
      expect(res.status, `${start}–${end}`).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['end']);
      expect(expectEnvelope(res.body).message).toContain('meia-noite');
    }
    expect(await t.db.slot.count({ where: { locationId: store } })).toBe(0);
    const untilMidnight = await createSlot(slotBody(store, { start: '22:00', end: '24:00' }));
    expect(untilMidnight.status).toBe(201);
    expect(untilMidnight.body.end).toBe('24:00');
  });

  it('refuses overlapping windows of one store, mode, region and weekday (409 in Portuguese), and accepts adjacent or separate ones', async () => {
    const store = await newStore();
    expect((await createSlot(slotBody(store, { start: '08:00', end: '10:00' }))).status).toBe(201);
    for (const [start, end] of [['09:00', '11:00'], ['07:00', '08:01'], ['08:00', '10:00'], ['08:30', '09:30'], ['07:00', '12:00']]) {
      const res = await createSlot(slotBody(store, { start, end }));
      expect(res.status, `${start}–${end}`).toBe(409);
      const error = expectEnvelope(res.body, 'SLOT_OVERLAP');
      expect(error.message).toBe(`A janela ${start}–${end} se sobrepõe à janela 08:00–10:00 já cadastrada para segunda-feira nesta loja, modalidade e região.`);
    }
    expect((await createSlot(slotBody(store, { start: '10:00', end: '12:00' }))).status).toBe(201);
    expect((await createSlot(slotBody(store, { start: '06:00', end: '08:00' }))).status).toBe(201);
    expect((await createSlot(slotBody(store, { mode: 'pickup', start: '09:00', end: '11:00' }))).status).toBe(201);
    expect((await createSlot(slotBody(store, { weekday: 2, start: '09:00', end: '11:00' }))).status).toBe(201);
    const other = await newStore();
    expect((await createSlot(slotBody(other, { start: '09:00', end: '11:00' }))).status).toBe(201);
    expect(await t.db.slot.count({ where: { locationId: store } })).toBe(5);
  });

  it('keeps regions apart: a region window may overlap a store-wide one; the region must be the store’s', async () => {
    const store = await newStore();
    const otherStore = await newStore();
    const geometry = { type: 'Polygon', coordinates: [[[-46.7, -23.6], [-46.6, -23.6], [-46.6, -23.5], [-46.7, -23.6]]] };
    const region = await t.db.deliveryRegion.create({
      data: { accountId: bomPreco, locationId: store, name: 'Centro', geometry, west: -46.7, south: -23.6, east: -46.6, north: -23.5 },
    });
    expect((await createSlot(slotBody(store))).status).toBe(201);
    const regional = await createSlot(slotBody(store, { region_id: region.id }));
    expect(regional.status).toBe(201);
    expect(regional.body.region_id).toBe(region.id);
    expect((await createSlot(slotBody(store, { region_id: region.id, start: '09:00', end: '09:30' }))).status).toBe(409);
    const wrongStore = await createSlot(slotBody(otherStore, { region_id: region.id }));
    expect(wrongStore.status).toBe(400);
    expect(fieldsOf(wrongStore.body)).toEqual(['region_id']);
    const inEnglish = await t.http.post('/logistic/slots').set(bearer(adminToken)).set('accept-language', 'en').send(slotBody(otherStore, { region_id: region.id }));
    expect(expectEnvelope(inEnglish.body, 'VALIDATION_ERROR').details?.[0]?.message).toBe('The region given does not belong to this store.');
    const weekly = await t.http.get('/logistic/slots/weekly/').query({ location_id: store, region_id: region.id }).set(bearer(adminToken));
    expect(weekly.body.region_id).toBe(region.id);
    expect(weekly.body.weekdays[1].windows.map((s: { region_id: number | null }) => s.region_id).sort()).toEqual([region.id, null].sort());
  });

  it.each([
    [{ start: '8:00' }, 'start'],
    [{ start: '25:00' }, 'start'],
    [{ end: '10:60' }, 'end'],
    [{ capacity: 0 }, 'capacity'],
    [{ capacity: 2.5 }, 'capacity'],
    [{ weekday: 7 }, 'weekday'],
    [{ mode: 'drone' }, 'mode'],
    [{ cutoff_minutes: -1 }, 'cutoff_minutes'],
    [{ prior_notice_minutes: 'muito' }, 'prior_notice_minutes'],
    [{ location_id: 'abc' }, 'location_id'],
    [{ extra: true }, 'extra'],
  ])('answers 400 to %j naming %s', async (over, field) => {
    const store = await newStore();
    const res = await createSlot(slotBody(store, over));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
    expect(await t.db.slot.count({ where: { locationId: store } })).toBe(0);
  });

  it('answers 404 for another account’s store and creates nothing', async () => {
    const theirs = await newStore(atacado);
    const res = await createSlot(slotBody(theirs));
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'SLOT_LOCATION_NOT_FOUND');
    expect(await t.db.slot.count({ where: { locationId: theirs } })).toBe(0);
  });

  it('lets a manager write', async () => {
    expect((await createSlot(slotBody(await newStore()), managerToken)).status).toBe(201);
  });
});

describe('PUT /logistic/slots/:id', () => {
  const edit = (over: Record<string, unknown> = {}) => ({
    start: '08:00',
    end: '10:00',
    capacity: 5,
    cutoff_minutes: 60,
    prior_notice_minutes: 120,
    active: true,
    ...over,
  });
  const put = (id: number, b: Record<string, unknown>, token = adminToken) => t.http.put(`/logistic/slots/${id}`).set(bearer(token)).send(b);

  it('changes times, capacity, cutoff, prior notice and active; the grid shows it and the dates leave an inactive window out', async () => {
    const store = await newStore();
    const created = await createSlot(slotBody(store, { weekday: 2 }));
    const res = await put(created.body.id, edit({ start: '09:00', end: '24:00', capacity: 12, cutoff_minutes: 15, prior_notice_minutes: 0, active: false }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      location_id: store,
      mode: 'delivery',
      weekday: 2,
      start: '09:00',
      end: '24:00',
      capacity: 12,
      cutoff_minutes: 15,
      prior_notice_minutes: 0,
      active: false,
    });
    const weekly = await t.http.get('/logistic/slots/weekly/').query({ location_id: store }).set(bearer(adminToken));
    expect(weekly.body.weekdays[2].windows).toEqual([res.body]);
    const dates = await t.http.get('/logistic/slots/dates/').query({ location_id: store }).set(bearer(adminToken));
    expect(dates.body.windows).toEqual([]);
    const again = await put(created.body.id, edit({ capacity: 3 }), managerToken);
    expect(again.status).toBe(200);
    const after = await t.http.get('/logistic/slots/dates/').query({ location_id: store }).set(bearer(adminToken));
    expect(after.body.windows.map((w: { capacity: number }) => w.capacity)).toEqual([3, 3]);
  });

  it('applies the overlap rule of creation, the window itself excluded (409 in Portuguese), and the midnight rule (400 naming end)', async () => {
    const store = await newStore();
    const first = (await createSlot(slotBody(store, { start: '08:00', end: '10:00' }))).body.id as number;
    await createSlot(slotBody(store, { start: '12:00', end: '14:00' }));
    await createSlot(slotBody(store, { mode: 'pickup', start: '10:00', end: '11:00' }));
    expect((await put(first, edit({ start: '07:00', end: '09:30' }))).status).toBe(200);
    expect((await put(first, edit({ start: '07:00', end: '12:00' }))).status).toBe(200);
    const overlap = await put(first, edit({ start: '07:00', end: '12:30' }));
    expect(overlap.status).toBe(409);
    expect(expectEnvelope(overlap.body, 'SLOT_OVERLAP').message).toBe(
      'A janela 07:00–12:30 se sobrepõe à janela 12:00–14:00 já cadastrada para segunda-feira nesta loja, modalidade e região.',
    );
    for (const [start, end] of [['22:00', '01:00'], ['23:30', '00:00'], ['10:00', '10:00']]) {
      const res = await put(first, edit({ start, end }));
      expect(res.status, `${start}–${end}`).toBe(400);
      expect(fieldsOf(res.body)).toEqual(['end']);
      expect(expectEnvelope(res.body).message).toContain('meia-noite');
    }
    const row = await t.db.slot.findUniqueOrThrow({ where: { id: first } });
    expect([row.startMinute, row.endMinute]).toEqual([7 * 60, 12 * 60]);
  });

  it('refuses a capacity below what is booked on a date from today on (409 naming the date and the count); a past date does not count', async () => {
    const store = await newStore();
    const created = await createSlot(slotBody(store, { weekday: 4, start: '10:00', end: '12:00', capacity: 5 }));
    const slotId = created.body.id as number;
    const date = nextWeekday(addDays(businessDate(new Date()), 20), 4);
    const svc = serviceAt(() => new Date());
    for (const reference of ['PED-A', 'PED-B', 'PED-C']) await svc.book({ accountId: bomPreco, slotId, date, reference });
    const past = nextWeekday(addDays(businessDate(new Date()), -14), 4);
    await t.db.slotDayUsage.create({ data: { slotId, date: dateValue(past), booked: 5 } });

    const refused = await put(slotId, edit({ start: '10:00', end: '12:00', capacity: 2 }));
    expect(refused.status).toBe(409);
    expect(expectEnvelope(refused.body, 'SLOT_CAPACITY_BELOW_BOOKED').message).toBe(
      `Não é possível reduzir a capacidade para 2: a janela já tem 3 reservas em ${date.split('-').reverse().join('/')}.`,
    );
    expect((await t.db.slot.findUniqueOrThrow({ where: { id: slotId } })).capacity).toBe(5);
    const exact = await put(slotId, edit({ start: '10:00', end: '12:00', capacity: 3 }));
    expect(exact.status).toBe(200);
    expect(await codeOf(svc.book({ accountId: bomPreco, slotId, date, reference: 'PED-D' }))).toBe('409 SLOT_FULL');
    await svc.release({ accountId: bomPreco, slotId, date, reference: 'PED-A' });
    expect((await put(slotId, edit({ start: '10:00', end: '12:00', capacity: 2 }))).status).toBe(200);
  });

  it('never overbooks while the capacity is lowered during bookings', async () => {
    const store = await newStore();
    const slotId = (await createSlot(slotBody(store, { weekday: 4, start: '10:00', end: '12:00', capacity: 10 }))).body.id as number;
    const date = nextWeekday(addDays(businessDate(new Date()), 20), 4);
    const svc = serviceAt(() => new Date());
    const bookings = Array.from({ length: 8 }, (_, i) => svc.book({ accountId: bomPreco, slotId, date, reference: `PED-${i}` }));
    const lower = put(slotId, edit({ start: '10:00', end: '12:00', capacity: 4 }));
    const [res] = await Promise.all([lower, Promise.allSettled(bookings)]);
    const slot = await t.db.slot.findUniqueOrThrow({ where: { id: slotId } });
    const usage = await t.db.slotDayUsage.findUniqueOrThrow({ where: { slotId_date: { slotId, date: dateValue(date) } } });
    expect(usage.booked).toBeLessThanOrEqual(slot.capacity);
    expect(await t.db.slotBooking.count({ where: { slotId, releasedAt: null } })).toBe(usage.booked);
    if (res.status === 200) expect(slot.capacity).toBe(4);
    else {
      expect(res.status).toBe(409);
      expect(slot.capacity).toBe(10);
    }
  }, 60_000);

  it.each([
    [{ capacity: 0 }, 'capacity'],
    [{ capacity: undefined }, 'capacity'],
    [{ start: '7:00' }, 'start'],
    [{ end: '24:30' }, 'end'],
    [{ cutoff_minutes: -5 }, 'cutoff_minutes'],
    [{ prior_notice_minutes: 1.5 }, 'prior_notice_minutes'],
    [{ active: 'sim' }, 'active'],
    [{ weekday: 3 }, 'weekday'],
    [{ location_id: 1 }, 'location_id'],
  ])('answers 400 to %j naming %s and changes nothing', async (over, field) => {
    const store = await newStore();
    const slotId = (await createSlot(slotBody(store))).body.id as number;
    const before = await t.db.slot.findUniqueOrThrow({ where: { id: slotId } });
    const res = await put(slotId, edit(over));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
    expect(await t.db.slot.findUniqueOrThrow({ where: { id: slotId } })).toEqual(before);
  });

  it('answers 404 for another account’s window and for an unknown one, changing nothing; an operator gets 403', async () => {
    const theirs = await newStore(atacado);
    const slot = await t.db.slot.create({
      data: { accountId: atacado, locationId: theirs, mode: 'delivery', weekday: 1, startMinute: 480, endMinute: 600, capacity: 5 },
    });
    const res = await put(slot.id, edit({ capacity: 50 }));
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'SLOT_NOT_FOUND');
    expect(await t.db.slot.findUniqueOrThrow({ where: { id: slot.id } })).toEqual(slot);
    expect((await put(2_000_000_000, edit())).status).toBe(404);
    const mine = (await createSlot(slotBody(await newStore()))).body.id as number;
    expect((await put(mine, edit({ capacity: 50 }), operatorToken)).status).toBe(403);
  });
});

describe('GET /logistic/slots/dates/', () => {
  it('lists the next 14 days’ windows with São Paulo offsets, capacity, booked and remaining', async () => {
    const store = await newStore();
    for (const weekday of [0, 1, 2, 3, 4, 5, 6]) {
      expect((await createSlot(slotBody(store, { weekday, start: '18:00', end: '20:00', cutoff_minutes: 0, prior_notice_minutes: 0 }))).status).toBe(201);
    }
    const res = await t.http.get('/logistic/slots/dates/').query({ location_id: store }).set(bearer(adminToken));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const today = businessDate(new Date());
    expect(res.body).toMatchObject({ from: today, to: addDays(today, 13), timezone: 'America/Sao_Paulo' });
    // One window a day, but none on the account's days without work (the seeded 25/12 and 01/01 when they fall in the period).
    const datesOf = (body: { windows: Array<{ date: string }>; days_without_work: Array<{ date: string }> }, days: number) => {
      const off = new Set(body.days_without_work.map((d) => d.date));
      expect(body.windows.map((w) => w.date)).toEqual(Array.from({ length: days }, (_, i) => addDays(today, i)).filter((d) => !off.has(d)));
    };
    datesOf(res.body, 14);
    const first = res.body.windows.find((w: { date: string }) => w.date > today);
    expect(first.start).toBe(`${first.date}T18:00:00-03:00`);
    expect(first.end).toBe(`${first.date}T20:00:00-03:00`);
    expect(first).toMatchObject({ capacity: 5, booked: 0, remaining: 5, bookable: true, reason: null });
    const longer = await t.http.get('/logistic/slots/dates/').query({ location_id: store, days: 60 }).set(bearer(adminToken));
    datesOf(longer.body, 60);
    expect(longer.body.days_without_work.map((d: { reason: string }) => d.reason)).toEqual(expect.arrayContaining(['Natal', 'Confraternização Universal']));
  });

  it.each([
    [{ days: 61 }, 'days'],
    [{ days: 0 }, 'days'],
    [{ mode: 'drone' }, 'mode'],
  ])('answers 400 to %j naming %s', async (over, field) => {
    const res = await t.http.get('/logistic/slots/dates/').query({ location_id: await newStore(), ...over }).set(bearer(adminToken));
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
  });

  it('requires location_id (400) and answers 404 for another account’s store', async () => {
    const missing = await t.http.get('/logistic/slots/dates/').set(bearer(adminToken));
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toContain('location_id');
    const theirs = await t.http.get('/logistic/slots/dates/').query({ location_id: await newStore(atacado) }).set(bearer(adminToken));
    expect(theirs.status).toBe(404);
  });

  it('marks each window’s state at the exact minute (clock of the service)', async () => {
    const store = await newStore();
    const slot = (await createSlot(slotBody(store, { weekday: 2, start: '10:00', end: '12:00', cutoff_minutes: 60, prior_notice_minutes: 120, capacity: 1 }))).body;
    const date = nextWeekday(addDays(businessDate(new Date()), 30), 2);
    const stateAt = async (at: Date) => {
      const res = await serviceAt(() => at).dates({ accountId: bomPreco, userId: 0 }, { location_id: store, days: 1 });
      expect(res.windows).toHaveLength(1);
      return [res.windows[0]!.bookable, res.windows[0]!.reason];
    };
    expect(await stateAt(sp(date, '08:00'))).toEqual([true, null]);
    expect(await stateAt(sp(date, '08:01'))).toEqual([false, 'prior_notice']);
    expect(await stateAt(sp(date, '09:00'))).toEqual([false, 'cutoff']);
    await serviceAt(() => sp(date, '07:00')).book({ accountId: bomPreco, slotId: slot.id, date, reference: 'PED-1' });
    const full = await serviceAt(() => sp(date, '07:00')).dates({ accountId: bomPreco, userId: 0 }, { location_id: store, days: 1 });
    expect(full.windows[0]).toMatchObject({ booked: 1, remaining: 0, bookable: false, reason: 'full' });
  });

  it('removes every window of a day without work: the store’s or the account’s, one mode or both', async () => {
    const store = await newStore();
    for (const mode of ['delivery', 'pickup']) {
      for (const weekday of [0, 1, 2, 3, 4, 5, 6]) {
        expect((await createSlot(slotBody(store, { mode, weekday, start: '14:00', end: '16:00', cutoff_minutes: 0, prior_notice_minutes: 0 }))).status).toBe(201);
      }
    }
    const base = addDays(businessDate(new Date()), 40);
    const [storeDay, deliveryDay, accountDay] = [base, addDays(base, 1), addDays(base, 2)];
    const post = (b: Record<string, unknown>) => t.http.post('/logistic/slots/without-work').set(bearer(adminToken)).send(b);
    expect((await post({ location_id: store, date: storeDay, mode: null, reason: 'Inventário' })).status).toBe(201);
    expect((await post({ location_id: store, date: deliveryDay, mode: 'delivery', reason: 'Frota em manutenção' })).status).toBe(201);
    expect((await post({ location_id: null, date: accountDay, reason: 'Feriado municipal' })).status).toBe(201);
    const at = sp(addDays(base, -1), '09:00');
    const res = await serviceAt(() => at).dates({ accountId: bomPreco, userId: 0 }, { location_id: store, days: 5 });
    const byDate = (d: string) => res.windows.filter((w) => w.date === d).map((w) => w.mode).sort();
    expect(byDate(addDays(base, -1))).toEqual(['delivery', 'pickup']);
    expect(byDate(storeDay)).toEqual([]);
    expect(byDate(deliveryDay)).toEqual(['pickup']);
    expect(byDate(accountDay)).toEqual([]);
    expect(byDate(addDays(base, 3))).toEqual(['delivery', 'pickup']);
    expect(res.days_without_work.map((d) => d.date)).toEqual([storeDay, deliveryDay, accountDay]);
    const onlyDelivery = await serviceAt(() => at).dates({ accountId: bomPreco, userId: 0 }, { location_id: store, mode: 'pickup', days: 5 });
    expect(onlyDelivery.days_without_work.map((d) => d.date)).toEqual([storeDay, accountDay]);
    // Booking follows the same rule.
    const pickupSlot = await t.db.slot.findFirstOrThrow({ where: { locationId: store, mode: 'pickup', weekday: weekdayOf(storeDay) } });
    expect(await codeOf(serviceAt(() => at).book({ accountId: bomPreco, slotId: pickupSlot.id, date: storeDay, reference: 'X' }))).toBe('422 SLOT_DAY_WITHOUT_WORK');
  });
});

describe('booking (slots.book / slots.release)', () => {
  async function windowOf(over: Record<string, unknown> = {}) {
    const store = await newStore();
    const res = await createSlot(slotBody(store, { weekday: 4, start: '10:00', end: '12:00', cutoff_minutes: 60, prior_notice_minutes: 120, ...over }));
    expect(res.status).toBe(201);
    const date = nextWeekday(addDays(businessDate(new Date()), 20), 4);
    return { slotId: res.body.id as number, date, store };
  }

  it('refuses at the exact minutes: prior notice from start − notice + 1 ms, cutoff from start − cutoff', async () => {
    const { slotId, date } = await windowOf();
    const book = (at: Date, reference: string) => codeOf(serviceAt(() => at).book({ accountId: bomPreco, slotId, date, reference }));
    expect(await book(sp(date, '08:00', 1), 'A')).toBe('422 SLOT_PRIOR_NOTICE');
    expect(await book(sp(date, '09:00'), 'B')).toBe('422 SLOT_CUTOFF_PASSED');
    expect(await book(sp(date, '08:00'), 'C')).toBe('ok');
    const cutoffFirst = await windowOf({ cutoff_minutes: 120, prior_notice_minutes: 30 });
    const bookLate = (at: Date, reference: string) =>
      codeOf(serviceAt(() => at).book({ accountId: bomPreco, slotId: cutoffFirst.slotId, date: cutoffFirst.date, reference }));
    expect(await bookLate(sp(cutoffFirst.date, '08:00'), 'D')).toBe('422 SLOT_CUTOFF_PASSED');
    expect(await bookLate(sp(cutoffFirst.date, '07:59', 59_999), 'E')).toBe('ok');
  });

  it('books until full, is idempotent per reference, releases and stamps released_at', async () => {
    const { slotId, date } = await windowOf({ capacity: 2 });
    const svc = serviceAt(() => new Date());
    const req = (reference: string) => ({ accountId: bomPreco, slotId, date, reference });
    expect(await svc.book(req('PED-1'))).toEqual({ booked: 1, remaining: 1 });
    expect(await svc.book(req('PED-1'))).toEqual({ booked: 1, remaining: 1 });
    expect(await svc.book(req('PED-2'))).toEqual({ booked: 2, remaining: 0 });
    expect(await codeOf(svc.book(req('PED-3')))).toBe('409 SLOT_FULL');
    expect(await svc.book(req('PED-2'))).toEqual({ booked: 2, remaining: 0 });
    expect(await svc.release(req('PED-1'))).toEqual({ released: true, booked: 1, remaining: 1 });
    expect(await svc.release(req('PED-1'))).toEqual({ released: false, booked: 1, remaining: 1 });
    const released = await t.db.slotBooking.findFirstOrThrow({ where: { slotId, reference: 'PED-1' } });
    expect(released.releasedAt).toBeInstanceOf(Date);
    expect(await svc.book(req('PED-3'))).toEqual({ booked: 2, remaining: 0 });
    const usage = await t.db.slotDayUsage.findUniqueOrThrow({ where: { slotId_date: { slotId, date: dateValue(date) } } });
    expect(usage.booked).toBe(2);
    expect(await t.db.slotBooking.count({ where: { slotId, releasedAt: null } })).toBe(2);
  });

  it('refuses another account’s window (404), an inactive one, a date of another weekday', async () => {
    const { slotId, date } = await windowOf();
    const svc = serviceAt(() => new Date());
    expect(await codeOf(svc.book({ accountId: atacado, slotId, date, reference: 'X' }))).toBe('404 SLOT_NOT_FOUND');
    expect(await codeOf(svc.book({ accountId: bomPreco, slotId, date: addDays(date, 1), reference: 'X' }))).toBe('422 SLOT_NOT_ON_DATE');
    expect(await codeOf(svc.book({ accountId: bomPreco, slotId, date: '2027-02-30', reference: 'X' }))).toBe('400 VALIDATION_ERROR');
    expect(await codeOf(svc.book({ accountId: bomPreco, slotId, date, reference: ' ' }))).toBe('400 VALIDATION_ERROR');
    await t.db.slot.update({ where: { id: slotId }, data: { active: false } });
    expect(await codeOf(svc.book({ accountId: bomPreco, slotId, date, reference: 'X' }))).toBe('422 SLOT_INACTIVE');
    expect(await t.db.slotBooking.count({ where: { slotId } })).toBe(0);
    expect(await t.db.slotDayUsage.count({ where: { slotId } })).toBe(0);
  });

  it('never overbooks: 20 parallel bookings of a window of capacity 5 → exactly 5 succeed', async () => {
    const { slotId, date } = await windowOf({ capacity: 5 });
    const svc = serviceAt(() => new Date());
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => svc.book({ accountId: bomPreco, slotId, date, reference: `PED-${i}` })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    expect(refused.map((r) => (r.reason as AppError).code)).toEqual(Array(15).fill('SLOT_FULL'));
    expect(ok.map((r) => (r as PromiseFulfilledResult<{ booked: number }>).value.booked).sort()).toEqual([1, 2, 3, 4, 5]);
    const usage = await t.db.slotDayUsage.findUniqueOrThrow({ where: { slotId_date: { slotId, date: dateValue(date) } } });
    expect(usage.booked).toBe(5);
    expect(await t.db.slotBooking.count({ where: { slotId, releasedAt: null } })).toBe(5);
  }, 60_000);

  it('keeps one place for one reference booked 10 times in parallel', async () => {
    const { slotId, date } = await windowOf({ capacity: 5 });
    const svc = serviceAt(() => new Date());
    const results = await Promise.all(Array.from({ length: 10 }, () => svc.book({ accountId: bomPreco, slotId, date, reference: 'PED-UNICO' })));
    expect(results.every((r) => r.booked === 1 && r.remaining === 4)).toBe(true);
    expect(await t.db.slotBooking.count({ where: { slotId } })).toBe(1);
  }, 60_000);

  it('refuses to delete a window with bookings from today on (409), deletes it once released', async () => {
    const { slotId, date } = await windowOf();
    const svc = serviceAt(() => new Date());
    await svc.book({ accountId: bomPreco, slotId, date, reference: 'PED-9' });
    const refused = await t.http.delete(`/logistic/slots/${slotId}`).set(bearer(adminToken));
    expect(refused.status).toBe(409);
    expect(expectEnvelope(refused.body, 'SLOT_HAS_BOOKINGS').message).toContain('1 reserva');
    await svc.release({ accountId: bomPreco, slotId, date, reference: 'PED-9' });
    const res = await t.http.delete(`/logistic/slots/${slotId}`).set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Janela excluída com sucesso.');
    expect(await t.db.slot.count({ where: { id: slotId } })).toBe(0);
  });
});

describe('days without work', () => {
  const post = (b: Record<string, unknown>, token = adminToken) => t.http.post('/logistic/slots/without-work').set(bearer(token)).send(b);
  const future = (days: number) => businessDate(new Date(Date.now() + days * DAY));

  it('creates, lists (store’s and account-wide), refuses a duplicate and deletes by ?id=', async () => {
    const store = await newStore();
    const created = await post({ location_id: store, date: future(50), mode: 'pickup', reason: '  Inventário anual  ' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ location_id: store, date: future(50), mode: 'pickup', reason: 'Inventário anual' });
    const dup = await post({ location_id: store, date: future(50), mode: 'pickup' });
    expect(dup.status).toBe(409);
    expect(expectEnvelope(dup.body, 'DAY_WITHOUT_WORK_EXISTS').message).toContain('Já existe um dia sem expediente');
    const list = await t.http.get('/logistic/slots/without-work/').query({ location_id: store, from: future(49), to: future(51) }).set(bearer(adminToken));
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { id: number }) => d.id)).toEqual([created.body.id]);
    const holidays = await t.http.get('/logistic/slots/without-work/').query({ location_id: store }).set(bearer(adminToken));
    expect(holidays.body.data.filter((d: { location_id: number | null }) => d.location_id === null).map((d: { reason: string }) => d.reason)).toEqual(
      expect.arrayContaining(['Natal', 'Confraternização Universal']),
    );
    const del = await t.http.delete('/logistic/slots/without-work').query({ id: created.body.id }).set(bearer(adminToken));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Dia sem expediente removido com sucesso.');
    const again = await t.http.delete('/logistic/slots/without-work').query({ id: created.body.id }).set(bearer(adminToken));
    expect(again.status).toBe(404);
    expectEnvelope(again.body, 'DAY_WITHOUT_WORK_NOT_FOUND');
  });

  it.each([
    [{ date: '2026-02-30' }, 'date'],
    [{ date: '25/12/2026' }, 'date'],
    [{ mode: 'drone' }, 'mode'],
    [{ location_id: 0 }, 'location_id'],
    [{ reason: 'x'.repeat(201) }, 'reason'],
  ])('answers 400 to %j naming %s', async (over, field) => {
    const res = await post({ location_id: null, date: future(70), ...over });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
  });

  it('refuses a past date naming date, and another account’s store with 404', async () => {
    const past = await post({ location_id: null, date: future(-1) });
    expect(past.status).toBe(400);
    expect(fieldsOf(past.body)).toEqual(['date']);
    const theirs = await post({ location_id: await newStore(atacado), date: future(10) });
    expect(theirs.status).toBe(404);
    expectEnvelope(theirs.body, 'SLOT_LOCATION_NOT_FOUND');
    const missingId = await t.http.delete('/logistic/slots/without-work').set(bearer(adminToken));
    expect(missingId.status).toBe(400);
    expect(fieldsOf(missingId.body)).toContain('id');
  });
});

describe('a user limited to some stores', () => {
  it('sees and writes only their stores’ windows and days', async () => {
    const mine = await newStore();
    const notMine = await newStore();
    const manager = await t.db.user.findUniqueOrThrow({ where: { email: MANAGER } });
    await t.db.userLocation.create({ data: { accountId: bomPreco, locationId: mine, userId: manager.id } });
    await userStoresChanged(t, bomPreco, manager.id);
    try {
      expect((await createSlot(slotBody(mine), managerToken)).status).toBe(201);
      const refused = await createSlot(slotBody(notMine), managerToken);
      expect(refused.status).toBe(404);
      expectEnvelope(refused.body, 'SLOT_LOCATION_NOT_FOUND');
      const theirSlot = (await createSlot(slotBody(notMine))).body.id;
      expect((await t.http.delete(`/logistic/slots/${theirSlot}`).set(bearer(managerToken))).status).toBe(404);
      expect((await t.http.get('/logistic/slots/weekly/').query({ location_id: notMine }).set(bearer(managerToken))).status).toBe(404);
      const allStores = await t.http.post('/logistic/slots/without-work').set(bearer(managerToken)).send({ location_id: null, date: businessDate(new Date(Date.now() + 90 * DAY)) });
      expect(allStores.status).toBe(403);
      expect(await t.db.slot.count({ where: { id: theirSlot } })).toBe(1);
    } finally {
      await t.db.userLocation.deleteMany({ where: { userId: manager.id } });
      await userStoresChanged(t, bomPreco, manager.id);
    }
  });
});

describe('authorisation', () => {
  let store: number;
  let slot: number;
  let day: number;
  const dayDate = () => businessDate(new Date(Date.now() + 80 * DAY));
  beforeAll(async () => {
    store = await newStore();
    slot = (await createSlot(slotBody(store))).body.id;
    day = (await t.http.post('/logistic/slots/without-work').set(bearer(adminToken)).send({ location_id: store, date: dayDate() })).body.id;
  });

  const operations = () => [
    ['weekly', () => t.http.get('/logistic/slots/weekly/').query({ location_id: store })],
    ['dates', () => t.http.get('/logistic/slots/dates/').query({ location_id: store })],
    ['days', () => t.http.get('/logistic/slots/without-work/').query({ location_id: store })],
    ['create', () => t.http.post('/logistic/slots').send(slotBody(store, { weekday: 5 }))],
    ['update', () => t.http.put(`/logistic/slots/${slot}`).send({ start: '08:00', end: '09:00', capacity: 50, cutoff_minutes: 0, prior_notice_minutes: 0, active: false })],
    ['delete', () => t.http.delete(`/logistic/slots/${slot}`)],
    ['create day', () => t.http.post('/logistic/slots/without-work').send({ location_id: store, date: addDays(dayDate(), 1) })],
  ] as const;
  const snapshot = async () => ({
    slots: await t.db.slot.findMany({ where: { locationId: store }, orderBy: { id: 'asc' } }),
    days: await t.db.dayWithoutWork.findMany({ where: { locationId: store }, orderBy: { id: 'asc' } }),
  });

  describe('on the store', () => {
    authorizationMatrix({
      operations,
      reads: ['weekly', 'dates', 'days'],
      idOperations: () => operations().filter(([n]) => n !== 'delete' && n !== 'update'),
      notFound: 'SLOT_LOCATION_NOT_FOUND',
      tokens: () => ({ operator: operatorToken, otherAccount: atacadoToken }),
      snapshot,
    });
  });

  describe('on the window', () => {
    authorizationMatrix({
      operations: () => operations().filter(([n]) => n === 'delete' || n === 'update'),
      reads: [],
      idOperations: () => operations().filter(([n]) => n === 'delete' || n === 'update'),
      notFound: 'SLOT_NOT_FOUND',
      tokens: () => ({ operator: operatorToken, otherAccount: atacadoToken }),
      snapshot,
    });
  });

  describe('on the day without work', () => {
    const del = [['delete day', () => t.http.delete('/logistic/slots/without-work').query({ id: day })]] as const;
    authorizationMatrix({
      operations: () => del,
      reads: [],
      idOperations: () => del,
      notFound: 'DAY_WITHOUT_WORK_NOT_FOUND',
      tokens: () => ({ operator: operatorToken, otherAccount: atacadoToken }),
      snapshot,
    });
  });
});
