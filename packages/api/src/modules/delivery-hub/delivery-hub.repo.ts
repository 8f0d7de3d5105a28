import { ACTIVE_DELIVERY_STATUSES, type DeliveryStatus } from '@backoffice/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';

const deliverySelect = {
  id: true,
  accountId: true,
  orderId: true,
  locationId: true,
  regionId: true,
  regionName: true,
  provider: true,
  providerReference: true,
  status: true,
  courierName: true,
  courierVehicle: true,
  feeCents: true,
  distanceMeters: true,
  etaAt: true,
  slotStartAt: true,
  slotEndAt: true,
  day: true,
  requestedAt: true,
  courierAssignedAt: true,
  pickedUpAt: true,
  deliveredAt: true,
  failedAt: true,
  canceledAt: true,
  failureReason: true,
  cancelReason: true,
  version: true,
  order: { select: { number: true } },
  location: { select: { name: true } },
} as const;

export type DeliveryRow = Prisma.DeliveryGetPayload<{ select: typeof deliverySelect }>;
export type DeliveryEventRow = { id: number; deliveryId: number; status: string; note: string | null; occurredAt: Date };

export interface NewDelivery {
  accountId: number;
  orderId: number;
  locationId: number;
  regionId: number | null;
  regionName: string | null;
  provider: string;
  providerReference: string;
  feeCents: number;
  distanceMeters: number;
  etaAt: Date;
  slotStartAt: Date | null;
  slotEndAt: Date | null;
  /** YYYY-MM-DD, São Paulo. */
  day: string;
  requestedAt: Date;
  note: string;
}

/** A status change of a delivery, with what the update brought. */
export interface DeliveryChange {
  to: DeliveryStatus;
  at: Date;
  note: string | null;
  courier?: { name: string; vehicle: string };
  etaAt?: Date;
  failureReason?: string;
  cancelReason?: string;
}

/** A provider's webhook event, written once (by provider and event id) in the same transaction as its effect. */
export interface WebhookRecord {
  provider: string;
  eventId: string;
  status: string;
  payload: unknown;
}

/** The counters one change adds to the day's rollup row of its store, region and courier. */
interface StatsDelta {
  deliveries?: number;
  delivered?: number;
  onTime?: number;
  withWindow?: number;
  failed?: number;
  canceled?: number;
  deliverySeconds?: number;
}

export interface StatsRow {
  day: string;
  region_id: number;
  region_name: string;
  courier_name: string;
  courier_vehicle: string;
  deliveries: number;
  delivered: number;
  on_time: number;
  with_window: number;
  failed: number;
  canceled: number;
  delivery_seconds: bigint;
}

/** A concurrent change won: the caller reads the delivery again and judges the update anew. */
export class StaleDelivery extends Error {}

const STAMP: Partial<Record<DeliveryStatus, 'courierAssignedAt' | 'pickedUpAt' | 'deliveredAt' | 'failedAt' | 'canceledAt'>> = {
  courier_assigned: 'courierAssignedAt',
  picked_up: 'pickedUpAt',
  delivered: 'deliveredAt',
  failed: 'failedAt',
  returned: 'failedAt',
  canceled: 'canceledAt',
};

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const isActive = (s: string) => (ACTIVE_DELIVERY_STATUSES as readonly string[]).includes(s);

/** Deliveries, their timeline, webhook events and the dashboard's daily rollup; every query by account. */
export function createDeliveryHubRepo(db: Db) {
  async function addStats(tx: Tx, d: { accountId: number; day: string; locationId: number; regionId: number | null; regionName: string | null; courier: { name: string; vehicle: string } | null }, delta: StatsDelta) {
    const n = (v?: number) => v ?? 0;
    await tx.$executeRaw`
      INSERT INTO delivery_daily_stats AS s (account_id, day, location_id, region_id, region_name, courier_name, courier_vehicle,
                                            deliveries, delivered, on_time, with_window, failed, canceled, delivery_seconds)
      VALUES (${d.accountId}, ${d.day}::date, ${d.locationId}, ${d.regionId ?? 0}, ${d.regionName ?? ''}, ${d.courier?.name ?? ''}, ${d.courier?.vehicle ?? ''},
              ${n(delta.deliveries)}, ${n(delta.delivered)}, ${n(delta.onTime)}, ${n(delta.withWindow)}, ${n(delta.failed)}, ${n(delta.canceled)}, ${BigInt(n(delta.deliverySeconds))})
      ON CONFLICT (account_id, day, location_id, region_id, courier_name) DO UPDATE SET
        region_name = EXCLUDED.region_name,
        courier_vehicle = EXCLUDED.courier_vehicle,
        deliveries = s.deliveries + EXCLUDED.deliveries,
        delivered = s.delivered + EXCLUDED.delivered,
        on_time = s.on_time + EXCLUDED.on_time,
        with_window = s.with_window + EXCLUDED.with_window,
        failed = s.failed + EXCLUDED.failed,
        canceled = s.canceled + EXCLUDED.canceled,
        delivery_seconds = s.delivery_seconds + EXCLUDED.delivery_seconds`;
  }

  /** What a change adds to the rollup: a finished delivery counts once, on the day it was requested. */
  function deltaOf(d: DeliveryRow, c: DeliveryChange): StatsDelta | null {
    if (c.to === 'delivered') {
      const windowed = d.slotEndAt !== null;
      return {
        delivered: 1,
        withWindow: windowed ? 1 : 0,
        onTime: windowed && c.at.getTime() <= d.slotEndAt!.getTime() ? 1 : 0,
        deliverySeconds: Math.max(0, Math.round((c.at.getTime() - d.requestedAt.getTime()) / 1000)),
      };
    }
    if (c.to === 'failed' || c.to === 'returned') return { failed: 1 };
    if (c.to === 'canceled') return { canceled: 1 };
    return null;
  }

  return {
    find: (accountId: number, id: number) => db.delivery.findFirst({ where: { id, accountId }, select: deliverySelect }),

    findByReference: (provider: string, reference: string) =>
      db.delivery.findUnique({ where: { provider_providerReference: { provider, providerReference: reference } }, select: deliverySelect }),

    /** The order's delivery under way, if any. */
    active: (accountId: number, orderId: number) =>
      db.delivery.findFirst({ where: { accountId, orderId, status: { in: [...ACTIVE_DELIVERY_STATUSES] } }, select: deliverySelect }),

    /** The order's deliveries, the latest first. */
    forOrder: (accountId: number, orderId: number) =>
      db.delivery.findMany({ where: { accountId, orderId }, select: deliverySelect, orderBy: { id: 'desc' } }),

    events: (accountId: number, deliveryIds: number[]): Promise<DeliveryEventRow[]> =>
      deliveryIds.length
        ? db.deliveryEvent.findMany({
            where: { accountId, deliveryId: { in: deliveryIds } },
            select: { id: true, deliveryId: true, status: true, note: true, occurredAt: true },
            orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }],
          })
        : Promise.resolve([]),

    /** What the provider is told of the order: its store's point, its region's name and its window's minutes. */
    async context(accountId: number, o: { locationId: number; regionId: number | null; slotId: number | null }) {
      const [location, region, slot] = await Promise.all([
        db.location.findFirst({ where: { id: o.locationId, accountId }, select: { name: true, latitude: true, longitude: true } }),
        o.regionId !== null ? db.deliveryRegion.findFirst({ where: { id: o.regionId, accountId }, select: { id: true, name: true } }) : null,
        o.slotId !== null ? db.slot.findFirst({ where: { id: o.slotId, accountId }, select: { startMinute: true, endMinute: true } }) : null,
      ]);
      return { location, region, slot };
    },

    /** Records a requested delivery with its first event and counts it in the rollup, in one transaction. */
    create(n: NewDelivery) {
      return db.$transaction(async (tx) => {
        const row = await tx.delivery.create({
          data: {
            accountId: n.accountId,
            orderId: n.orderId,
            locationId: n.locationId,
            regionId: n.regionId,
            regionName: n.regionName,
            provider: n.provider,
            providerReference: n.providerReference,
            status: 'requested',
            activeOrderId: n.orderId,
            feeCents: BigInt(n.feeCents),
            distanceMeters: n.distanceMeters,
            etaAt: n.etaAt,
            slotStartAt: n.slotStartAt,
            slotEndAt: n.slotEndAt,
            day: new Date(`${n.day}T00:00:00Z`),
            requestedAt: n.requestedAt,
          },
          select: { id: true },
        });
        await tx.deliveryEvent.create({ data: { accountId: n.accountId, deliveryId: row.id, status: 'requested', note: n.note, occurredAt: n.requestedAt } });
        await addStats(tx, { accountId: n.accountId, day: n.day, locationId: n.locationId, regionId: n.regionId, regionName: n.regionName, courier: null }, { deliveries: 1 });
        return row.id;
      });
    },

    /**
     * Applies a change (and records the webhook event that brought it) in one transaction: the event
     * once, the delivery conditional on the version read, its timeline and the rollup. 'duplicate'
     * when the event was already received; throws StaleDelivery when a concurrent change won.
     * Without a change, only records the event (an update that moves nothing).
     */
    apply(d: DeliveryRow, change: DeliveryChange | null, webhook?: WebhookRecord): Promise<'applied' | 'duplicate' | 'recorded'> {
      return db.$transaction(async (tx) => {
        if (webhook) {
          const inserted = await tx.$queryRaw<Array<{ id: number }>>`
            INSERT INTO delivery_webhook_events (account_id, delivery_id, provider, event_id, status, payload)
            VALUES (${d.accountId}, ${d.id}, ${webhook.provider}, ${webhook.eventId}, ${webhook.status}, ${JSON.stringify(webhook.payload)}::jsonb)
            ON CONFLICT (provider, event_id) DO NOTHING RETURNING id`;
          if (!inserted.length) return 'duplicate';
        }
        if (!change) return 'recorded';
        const stamp = STAMP[change.to];
        const courier = change.courier ?? (d.courierName ? { name: d.courierName, vehicle: d.courierVehicle ?? '' } : null);
        const { count } = await tx.delivery.updateMany({
          where: { id: d.id, accountId: d.accountId, status: d.status, version: d.version },
          data: {
            status: change.to,
            activeOrderId: isActive(change.to) ? d.orderId : null,
            version: { increment: 1 },
            ...(stamp ? { [stamp]: change.at } : {}),
            ...(change.courier ? { courierName: change.courier.name, courierVehicle: change.courier.vehicle } : {}),
            ...(change.etaAt ? { etaAt: change.etaAt } : {}),
            ...(change.failureReason ? { failureReason: change.failureReason } : {}),
            ...(change.cancelReason ? { cancelReason: change.cancelReason } : {}),
          },
        });
        if (count === 0) throw new StaleDelivery();
        await tx.deliveryEvent.create({ data: { accountId: d.accountId, deliveryId: d.id, status: change.to, note: change.note, occurredAt: change.at } });
        const delta = deltaOf(d, change);
        if (delta) {
          await addStats(tx, { accountId: d.accountId, day: dayOf(d.day), locationId: d.locationId, regionId: d.regionId, regionName: d.regionName, courier }, delta);
        }
        return 'applied';
      });
    },

    /** The rollup rows of a period (YYYY-MM-DD, São Paulo days), of one store or the stores allowed. */
    stats(accountId: number, f: { from: string; to: string; locationId?: number; allowedLocationIds: number[] | null }): Promise<StatsRow[]> {
      return db.$queryRaw<StatsRow[]>`
        SELECT to_char(s.day, 'YYYY-MM-DD') AS day, s.region_id, s.region_name, s.courier_name, s.courier_vehicle,
               s.deliveries, s.delivered, s.on_time, s.with_window, s.failed, s.canceled, s.delivery_seconds
          FROM delivery_daily_stats s
         WHERE s.account_id = ${accountId} AND s.day BETWEEN ${f.from}::date AND ${f.to}::date
           ${f.locationId !== undefined ? Prisma.sql`AND s.location_id = ${f.locationId}` : Prisma.empty}
           ${f.allowedLocationIds ? Prisma.sql`AND s.location_id = ANY(${f.allowedLocationIds}::int[])` : Prisma.empty}`;
    },

    storeExists: async (accountId: number, id: number) => (await db.location.count({ where: { id, accountId } })) > 0,
  };
}
export type DeliveryHubRepo = ReturnType<typeof createDeliveryHubRepo>;
