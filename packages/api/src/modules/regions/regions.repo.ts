import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

const regionSelect = {
  id: true,
  locationId: true,
  name: true,
  geometry: true,
  west: true,
  south: true,
  east: true,
  north: true,
  deliveryFeeCents: true,
  minOrderCents: true,
  etaMinutes: true,
  active: true,
  createdAt: true,
  updatedAt: true,
  location: { select: { name: true } },
} as const;

export type RegionRow = Prisma.DeliveryRegionGetPayload<{ select: typeof regionSelect }>;

/** A region found by the bounding-box prefilter, with what the search answers of its store. */
const candidateSelect = {
  id: true,
  locationId: true,
  name: true,
  geometry: true,
  deliveryFeeCents: true,
  minOrderCents: true,
  etaMinutes: true,
  location: {
    select: { name: true, street: true, number: true, neighborhood: true, city: true, state: true, zipCode: true, latitude: true, longitude: true },
  },
} as const;

export type CandidateRow = Prisma.DeliveryRegionGetPayload<{ select: typeof candidateSelect }>;

/** The columns a write sets; `accountId`, `locationId` and the ids are the repository's business. */
export interface RegionData {
  name: string;
  geometry: Prisma.InputJsonValue;
  west: number;
  south: number;
  east: number;
  north: number;
  deliveryFeeCents: bigint;
  minOrderCents: bigint;
  etaMinutes: number;
  active: boolean;
}

export interface RegionFilter {
  /** Only these stores (the caller's filter, intersected with the stores the user may see). */
  locationIds?: number[];
  active?: boolean;
}

const ORDER = [{ location: { name: 'asc' } }, { name: 'asc' }, { id: 'asc' }] satisfies Prisma.DeliveryRegionOrderByWithRelationInput[];

/** Delivery regions of one account: every query is scoped by `accountId`. */
export function createRegionsRepo(db: Db) {
  return {
    list(accountId: number, f: RegionFilter) {
      return db.deliveryRegion.findMany({
        where: { accountId, ...(f.locationIds ? { locationId: { in: f.locationIds } } : {}), ...(f.active === undefined ? {} : { active: f.active }) },
        select: regionSelect,
        orderBy: ORDER,
      });
    },
    /** The account's store, if it is one. */
    findLocation(accountId: number, locationId: number) {
      return db.location.findFirst({ where: { id: locationId, accountId }, select: { id: true, name: true } });
    },
    create(accountId: number, locationId: number, data: RegionData) {
      return db.deliveryRegion.create({ data: { ...data, accountId, locationId }, select: regionSelect });
    },
    /** Updates only the account's own region of that store; null when there is none. */
    async update(accountId: number, locationId: number, id: number, data: RegionData) {
      const { count } = await db.deliveryRegion.updateMany({ where: { id, accountId, locationId }, data });
      return count ? db.deliveryRegion.findFirst({ where: { id, accountId }, select: regionSelect }) : null;
    },
    /** Deletes the region unless a delivery window still uses it (one statement: a window added meanwhile keeps it). */
    async remove(accountId: number, locationId: number, id: number) {
      const { count } = await db.deliveryRegion.deleteMany({ where: { id, accountId, locationId, slots: { none: {} } } });
      return count > 0;
    },
    /** How many delivery windows use the region, or null when the store has no such region. */
    async windowsOf(accountId: number, locationId: number, id: number) {
      const region = await db.deliveryRegion.findFirst({ where: { id, accountId, locationId }, select: { _count: { select: { slots: true } } } });
      return region ? region._count.slots : null;
    },
    /**
     * The bounding-box prefilter, in SQL: the account's active regions of active stores whose box
     * holds the point (west ≤ lng ≤ east, south ≤ lat ≤ north). The exact test is the caller's.
     */
    candidates(accountId: number, at: { lat: number; lng: number }, locationIds?: number[]) {
      return db.deliveryRegion.findMany({
        where: {
          accountId,
          active: true,
          location: { active: true },
          ...(locationIds ? { locationId: { in: locationIds } } : {}),
          west: { lte: at.lng },
          east: { gte: at.lng },
          south: { lte: at.lat },
          north: { gte: at.lat },
        },
        select: candidateSelect,
        orderBy: { id: 'asc' },
      });
    },
  };
}
export type RegionsRepo = ReturnType<typeof createRegionsRepo>;
