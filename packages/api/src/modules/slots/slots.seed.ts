import type { Db } from '../../db/client.ts';
import { businessDate } from '../../lib/business-day.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { dateValue } from './slot-time.ts';

const MON_SAT = [1, 2, 3, 4, 5, 6];
const h = (hour: number, minute = 0) => hour * 60 + minute;

interface Window {
  weekdays: number[];
  start: number;
  end: number;
  capacity: number;
  cutoff: number;
  notice: number;
}

/** Home delivery, Monday to Saturday: five two-hour windows, the busy evening ones larger. */
const DELIVERY: Window[] = [
  { weekdays: MON_SAT, start: h(8), end: h(10), capacity: 8, cutoff: 60, notice: 120 },
  { weekdays: MON_SAT, start: h(10), end: h(12), capacity: 10, cutoff: 60, notice: 120 },
  { weekdays: MON_SAT, start: h(14), end: h(16), capacity: 10, cutoff: 60, notice: 120 },
  { weekdays: MON_SAT, start: h(16), end: h(18), capacity: 12, cutoff: 60, notice: 120 },
  { weekdays: MON_SAT, start: h(18), end: h(20), capacity: 15, cutoff: 60, notice: 120 },
];
/** Sunday delivery only to the store's own neighbourhood (its first region), or the whole store without regions. */
const SUNDAY_DELIVERY: Window[] = [
  { weekdays: [0], start: h(9), end: h(12), capacity: 6, cutoff: 90, notice: 180 },
  { weekdays: [0], start: h(14), end: h(17), capacity: 6, cutoff: 90, notice: 180 },
];
/** Pickup at the store: every day, shorter notice. */
const PICKUP: Window[] = [
  { weekdays: MON_SAT, start: h(8), end: h(12), capacity: 20, cutoff: 30, notice: 60 },
  { weekdays: MON_SAT, start: h(12), end: h(16), capacity: 20, cutoff: 30, notice: 60 },
  { weekdays: MON_SAT, start: h(16), end: h(20), capacity: 25, cutoff: 30, notice: 60 },
  { weekdays: [0], start: h(9), end: h(13), capacity: 12, cutoff: 30, notice: 60 },
];

const STORES: Record<string, string[]> = {
  'supermercado-bom-preco': ['Bom Preço Pinheiros', 'Bom Preço Moema', 'Bom Preço Tatuapé'],
  'bom-preco-atacado': ['Atacado Guarulhos'],
};

/** The next 25/12 and 01/01 (from today, São Paulo), closed in every store of the account. */
function holidays(today: string) {
  const year = Number(today.slice(0, 4));
  const next = (mmdd: string, reason: string) => {
    const date = `${year}-${mmdd}` >= today ? `${year}-${mmdd}` : `${year + 1}-${mmdd}`;
    return { date, reason };
  };
  return [next('12-25', 'Natal'), next('01-01', 'Confraternização Universal')];
}

/**
 * Delivery and pickup windows of Bom Preço's three São Paulo stores and Atacado Guarulhos (some
 * per delivery region, found by store: the regions seed runs just before), and the year-end
 * holidays as days without work. Idempotent: a window by store, region, mode, weekday and start;
 * a day by account, date and mode.
 */
export const slotsSeed: ModuleSeed = { name: 'slots', seed: (db, { accountIds }) => seedSlots(db, accountIds) };

async function seedSlots(db: Db, accountIds: Map<string, number>): Promise<void> {
  for (const [slug, storeNames] of Object.entries(STORES)) {
    const accountId = accountIds.get(slug)!;
    for (const name of storeNames) {
      const store = await db.location.findFirst({ where: { accountId, name }, select: { id: true }, orderBy: { id: 'asc' } });
      if (!store) continue;
      const firstRegion = await db.deliveryRegion.findFirst({ where: { accountId, locationId: store.id, active: true }, select: { id: true }, orderBy: { id: 'asc' } });
      const plan = [
        ...DELIVERY.map((w) => ({ w, mode: 'delivery', regionId: null as number | null })),
        ...SUNDAY_DELIVERY.map((w) => ({ w, mode: 'delivery', regionId: firstRegion?.id ?? null })),
        ...PICKUP.map((w) => ({ w, mode: 'pickup', regionId: null as number | null })),
      ];
      const existing = await db.slot.findMany({ where: { accountId, locationId: store.id }, select: { regionId: true, mode: true, weekday: true, startMinute: true } });
      const key = (regionId: number | null, mode: string, weekday: number, start: number) => `${regionId}|${mode}|${weekday}|${start}`;
      const have = new Set(existing.map((s) => key(s.regionId, s.mode, s.weekday, s.startMinute)));
      const data = plan.flatMap(({ w, mode, regionId }) =>
        w.weekdays
          .filter((weekday) => !have.has(key(regionId, mode, weekday, w.start)))
          .map((weekday) => ({
            accountId,
            locationId: store.id,
            regionId,
            mode,
            weekday,
            startMinute: w.start,
            endMinute: w.end,
            capacity: w.capacity,
            cutoffMinutes: w.cutoff,
            priorNoticeMinutes: w.notice,
          })),
      );
      if (data.length) await db.slot.createMany({ data });
    }
    for (const { date, reason } of holidays(businessDate(new Date()))) {
      const where = { accountId, locationId: null, date: dateValue(date), mode: null };
      if (await db.dayWithoutWork.findFirst({ where, select: { id: true } })) continue;
      await db.dayWithoutWork.create({ data: { ...where, reason } });
    }
  }
}
