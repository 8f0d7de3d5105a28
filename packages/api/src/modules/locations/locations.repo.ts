import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { folded, foldText, likeLiteral } from '../../lib/like.ts';

const locationSelect = {
  id: true,
  name: true,
  sellerId: true,
  document: true,
  phone: true,
  zipCode: true,
  street: true,
  number: true,
  complement: true,
  neighborhood: true,
  city: true,
  state: true,
  latitude: true,
  longitude: true,
  deliveryType: true,
  openingHours: true,
  pickingCapacity: true,
  active: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type LocationRow = Prisma.LocationGetPayload<{ select: typeof locationSelect }>;

/** The columns a write sets; `accountId` and the id are the repository's business. */
export interface LocationData {
  name: string;
  sellerId: string | null;
  document: string;
  phone: string;
  zipCode: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  deliveryType: string;
  openingHours: Array<{ weekday: number; open: string; close: string }>;
  pickingCapacity: number | null;
  active: boolean;
}

export interface LocationFilters {
  search?: string;
  active?: boolean;
  /** Only these stores (a user limited to stores); undefined: every store. */
  ids?: number[];
}

/** Stores of one account: every query is scoped by `accountId`. */
export function createLocationsRepo(db: Db) {
  const conditions = (accountId: number, f: LocationFilters) => {
    const c = [Prisma.sql`account_id = ${accountId}`];
    if (f.active !== undefined) c.push(Prisma.sql`active = ${f.active}`);
    if (f.ids) c.push(f.ids.length ? Prisma.sql`id IN (${Prisma.join(f.ids)})` : Prisma.sql`FALSE`);
    if (f.search) {
      const like = `%${likeLiteral(foldText(f.search))}%`;
      c.push(
        Prisma.sql`(${folded(Prisma.sql`name`)} LIKE ${like} OR ${folded(Prisma.sql`coalesce(city, '')`)} LIKE ${like})`,
      );
    }
    return Prisma.join(c, ' AND ');
  };

  return {
    /** Every store, active first, by name: what pickers list. */
    minified(accountId: number) {
      return db.location.findMany({
        where: { accountId },
        select: { id: true, name: true, city: true, state: true, active: true },
        orderBy: [{ active: 'desc' }, { name: 'asc' }, { id: 'asc' }],
      });
    },

    /** A page of stores by name (accents folded, as a person sorts them). */
    async list(accountId: number, f: LocationFilters, page: number, quantity: number) {
      const where = conditions(accountId, f);
      const [ids, [count]] = await Promise.all([
        db.$queryRaw<Array<{ id: number }>>`
          SELECT id FROM locations WHERE ${where}
          ORDER BY ${folded(Prisma.sql`name`)}, id
          LIMIT ${quantity} OFFSET ${(page - 1) * quantity}`,
        db.$queryRaw<Array<{ total: bigint }>>`SELECT count(*) AS total FROM locations WHERE ${where}`,
      ]);
      const rows = ids.length ? await db.location.findMany({ where: { accountId, id: { in: ids.map((r) => r.id) } }, select: locationSelect }) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { rows: ids.map((r) => byId.get(r.id)!).filter(Boolean), total: Number(count?.total ?? 0) };
    },

    find(accountId: number, id: number) {
      return db.location.findFirst({ where: { accountId, id }, select: locationSelect });
    },

    create(accountId: number, data: LocationData) {
      return db.location.create({ data: { ...data, accountId }, select: locationSelect });
    },

    /** Null when the store is not the account's. */
    async update(accountId: number, id: number, data: LocationData) {
      const { count } = await db.location.updateMany({ where: { accountId, id }, data });
      return count ? db.location.findFirst({ where: { accountId, id }, select: locationSelect }) : null;
    },

    /**
     * Deletes the store only while no delivery/pickup window, promotion or flyer uses it, in one
     * statement (a window added meanwhile keeps it); false when it was not deleted.
     */
    async removeUnused(accountId: number, id: number) {
      const count = await db.$executeRaw`
        DELETE FROM locations l WHERE l.account_id = ${accountId} AND l.id = ${id}
          AND NOT EXISTS (SELECT 1 FROM slots s WHERE s.account_id = ${accountId} AND s.location_id = l.id)
          AND NOT EXISTS (SELECT 1 FROM promotions p WHERE p.account_id = ${accountId} AND l.id = ANY(p.location_ids))
          AND NOT EXISTS (SELECT 1 FROM flyers f WHERE f.account_id = ${accountId} AND l.id = ANY(f.location_ids))`;
      return count > 0;
    },

    /** What still names the store: its delivery/pickup windows, promotions and flyers restricted to it. */
    async usage(accountId: number, id: number) {
      const [slots, promotions, flyers] = await Promise.all([
        db.slot.count({ where: { accountId, locationId: id } }),
        db.promotion.count({ where: { accountId, locationIds: { has: id } } }),
        db.flyer.count({ where: { accountId, locationIds: { has: id } } }),
      ]);
      return { slots, promotions, flyers };
    },

    /** The stores a user is linked to (none: not limited), and whether the user is an active admin of the account: one round trip. */
    async userScope(accountId: number, userId: number) {
      const [r] = await db.$queryRaw<Array<{ ids: number[]; admin: boolean }>>`
        SELECT ARRAY(SELECT ul.location_id FROM user_locations ul
                      WHERE ul.account_id = ${accountId} AND ul.user_id = ${userId} ORDER BY ul.location_id) AS ids,
               EXISTS (SELECT 1 FROM memberships m
                        WHERE m.account_id = ${accountId} AND m.user_id = ${userId} AND m.role = 'admin' AND m.status = 'active') AS admin`;
      return r!;
    },

    /** Whether the account has the store and the user may see it (the rule of `allowedLocationIds`: an admin, a user linked to no store, or one linked to it), in one round trip. */
    async visibleTo(accountId: number, userId: number, id: number) {
      const [r] = await db.$queryRaw<Array<{ visible: boolean }>>`
        SELECT EXISTS (
          SELECT 1 FROM locations l
           WHERE l.account_id = ${accountId} AND l.id = ${id}
             AND (NOT EXISTS (SELECT 1 FROM user_locations ul WHERE ul.account_id = ${accountId} AND ul.user_id = ${userId})
                  OR EXISTS (SELECT 1 FROM user_locations ul WHERE ul.account_id = ${accountId} AND ul.user_id = ${userId} AND ul.location_id = ${id})
                  OR EXISTS (SELECT 1 FROM memberships m
                              WHERE m.account_id = ${accountId} AND m.user_id = ${userId} AND m.role = 'admin' AND m.status = 'active'))
        ) AS visible`;
      return r!.visible;
    },

    userLocations(accountId: number, locationId?: number) {
      return db.userLocation.findMany({
        where: { accountId, ...(locationId ? { locationId } : {}) },
        select: {
          locationId: true,
          userId: true,
          createdAt: true,
          location: { select: { name: true } },
          user: { select: { name: true, email: true } },
        },
        orderBy: [{ locationId: 'asc' }, { userId: 'asc' }],
      });
    },

    /** Whether the user belongs to the account (invited or active). */
    async isMember(accountId: number, userId: number) {
      return (await db.membership.count({ where: { accountId, userId } })) > 0;
    },

    /** Links a user to a store (again: no change); the link as listed. */
    async addUserLocation(accountId: number, locationId: number, userId: number) {
      await db.userLocation.upsert({
        where: { locationId_userId: { locationId, userId } },
        create: { accountId, locationId, userId },
        update: {},
      });
      const [row] = await db.userLocation.findMany({
        where: { accountId, locationId, userId },
        select: { locationId: true, userId: true, createdAt: true, location: { select: { name: true } }, user: { select: { name: true, email: true } } },
      });
      return row!;
    },

    async removeUserLocation(accountId: number, locationId: number, userId: number) {
      const { count } = await db.userLocation.deleteMany({ where: { accountId, locationId, userId } });
      return count > 0;
    },
  };
}
export type LocationsRepo = ReturnType<typeof createLocationsRepo>;
