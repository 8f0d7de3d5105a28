import type { z } from 'zod';
import type { Location, LocationInput, LocationListQuery, UpdateLocationBody, UserLocation } from '@backoffice/contracts';
import { ConflictError, NotFoundError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { translate, type Lang, type MessageCode } from '../../i18n/messages.ts';
import type { LocationData, LocationRow, LocationsRepo } from './locations.repo.ts';

/** What may still use a store and keep it from being deleted. */
export type LocationUseKind = 'slots' | 'promotions' | 'flyers' | 'orders';
/** Counts the rows of one kind that use a store of the account. */
export type LocationUseCounter = (accountId: number, locationId: number) => Promise<number>;

const USE_MESSAGES: Record<LocationUseKind, [one: MessageCode, many: MessageCode]> = {
  slots: ['LOCATION_USE_SLOTS_ONE', 'LOCATION_USE_SLOTS_MANY'],
  promotions: ['LOCATION_USE_PROMOTIONS_ONE', 'LOCATION_USE_PROMOTIONS_MANY'],
  flyers: ['LOCATION_USE_FLYERS_ONE', 'LOCATION_USE_FLYERS_MANY'],
  orders: ['LOCATION_USE_ORDERS_ONE', 'LOCATION_USE_ORDERS_MANY'],
};

/** "2 janelas de entrega ou retirada, 1 promoção e 3 encartes" */
export function describeUses(uses: Partial<Record<LocationUseKind, number>>, lang: Lang): string {
  const parts = (Object.keys(USE_MESSAGES) as LocationUseKind[])
    .filter((k) => (uses[k] ?? 0) > 0)
    .map((k) => translate(USE_MESSAGES[k][uses[k] === 1 ? 0 : 1], lang, { count: uses[k]! }));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} ${translate('LIST_AND', lang)} ${parts.at(-1)}` : (parts[0] ?? '');
}

const toLocation = (l: LocationRow): z.input<typeof Location> => ({
  id: l.id,
  name: l.name,
  seller_id: l.sellerId,
  cnpj: l.document,
  phone: l.phone,
  address: {
    zip_code: l.zipCode,
    street: l.street,
    number: l.number,
    complement: l.complement,
    neighborhood: l.neighborhood,
    city: l.city,
    state: l.state,
  },
  latitude: l.latitude,
  longitude: l.longitude,
  delivery_type: l.deliveryType as z.input<typeof Location>['delivery_type'],
  opening_hours: Array.isArray(l.openingHours) ? (l.openingHours as Array<{ weekday: number; open: string; close: string }>) : [],
  picking_capacity: l.pickingCapacity,
  active: l.active,
  created_at: l.createdAt.toISOString(),
  updated_at: l.updatedAt.toISOString(),
});

const toData = (b: LocationInput): LocationData => ({
  name: b.name,
  sellerId: b.seller_id ?? null,
  document: b.cnpj,
  phone: b.phone,
  zipCode: b.address.zip_code,
  street: b.address.street,
  number: b.address.number,
  complement: b.address.complement ?? null,
  neighborhood: b.address.neighborhood,
  city: b.address.city,
  state: b.address.state,
  latitude: b.latitude,
  longitude: b.longitude,
  deliveryType: b.delivery_type,
  openingHours: [...b.opening_hours].sort((a, c) => a.weekday - c.weekday),
  pickingCapacity: b.picking_capacity,
  active: b.active,
});

type Row = Awaited<ReturnType<LocationsRepo['userLocations']>>[number];
const toUserLocation = (r: Row): z.input<typeof UserLocation> => ({
  location_id: r.locationId,
  location_name: r.location.name,
  user_id: r.userId,
  name: r.user.name,
  email: r.user.email,
  created_at: r.createdAt.toISOString(),
});

/** The caller: the account and the user (whose store links may limit what it sees). */
export interface Caller {
  accountId: number;
  userId: number;
}

/** The stores a user may see (null: every store of the account): `allowedLocationIds`, as other modules receive it. */
export type StoreScope = (accountId: number, userId: number) => Promise<number[] | null>;

/**
 * Where the scopes are cached: the identity's cache of what memberships decide (plugins/identity.ts),
 * under the membership's tag, forgotten when the user's stores change.
 */
export interface ScopeCache {
  read<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T>;
  forget(userId: number, accountId: number): Promise<void>;
  tag(userId: number, accountId: number): string;
}

/** Stores, their users, and the scope a user limited to stores has. */
export function createLocationsService({ repo, scopes }: { repo: LocationsRepo; scopes?: ScopeCache }) {
  // Orders (a later issue) add their counter here through `countUses`, so a store with orders is kept too.
  const counters = new Map<LocationUseKind, LocationUseCounter>();

  // An account's admins see every store, even one they also work at; other members linked to stores see only those.
  const loadScope = async (accountId: number, userId: number) => {
    const { ids, admin } = await repo.userScope(accountId, userId);
    return !ids.length || admin ? null : ids;
  };
  // Read on every request of a store-limited screen (the chats list at traffic rate): cached while
  // the membership (its role) and the user's stores keep their version. Callers get their own copy.
  const allowedLocationIds: StoreScope = async (accountId, userId) => {
    if (!scopes) return loadScope(accountId, userId);
    const ids = await scopes.read(`store-scope:${userId}:${accountId}`, [scopes.tag(userId, accountId)], () => loadScope(accountId, userId));
    return ids && [...ids];
  };
  /** After a user's stores changed (a link added or removed, a store deleted): every instance reloads their scope. */
  const scopeChanged = async (accountId: number, userIds: number[]) => {
    for (const userId of new Set(userIds)) await scopes?.forget(userId, accountId);
  };

  /** The store, if the account has it and it is among the stores the caller may see (null: every one). */
  const ownedWithin = async (accountId: number, id: number, allowed: number[] | null) => {
    if (allowed && !allowed.includes(id)) throw new NotFoundError('LOCATION_NOT_FOUND');
    return found(await repo.find(accountId, id), 'LOCATION_NOT_FOUND');
  };
  /** The store, if the account has it and the caller is not limited to other stores. */
  const owned = async ({ accountId, userId }: Caller, id: number) => ownedWithin(accountId, id, await allowedLocationIds(accountId, userId));

  const uses = async (accountId: number, id: number) => {
    const base: Partial<Record<LocationUseKind, number>> = await repo.usage(accountId, id);
    for (const [kind, count] of counters) base[kind] = await count(accountId, id);
    return base;
  };

  return {
    /** The stores a user is limited to (its user-location links); null: every store of the account. */
    allowedLocationIds,

    /** Another module's rows that use stores (orders): a store they use cannot be deleted. */
    countUses(kind: LocationUseKind, counter: LocationUseCounter) {
      counters.set(kind, counter);
    },

    async list(caller: Caller, q: z.output<typeof LocationListQuery>) {
      const ids = (await allowedLocationIds(caller.accountId, caller.userId)) ?? undefined;
      const { rows, total } = await repo.list(caller.accountId, { search: q.search, active: q.active, ids }, q.page, q.quantity);
      return pageOf(rows.map(toLocation), q, total);
    },

    async get(caller: Caller, id: number) {
      return toLocation(await owned(caller, id));
    },

    async create(accountId: number, body: LocationInput) {
      return toLocation(await repo.create(accountId, toData(body)));
    },

    async update(caller: Caller, body: z.output<typeof UpdateLocationBody>) {
      await owned(caller, body.id);
      return toLocation(found(await repo.update(caller.accountId, body.id, toData(body)), 'LOCATION_NOT_FOUND'));
    },

    /** Deletes a store nothing uses any more; 409 naming what still uses it. */
    async remove(caller: Caller, id: number, lang: Lang) {
      const store = await owned(caller, id);
      const refuse = (inUse: Partial<Record<LocationUseKind, number>>) =>
        new ConflictError('LOCATION_IN_USE', { name: store.name, uses: describeUses(inUse, lang) });
      const inUse = await uses(caller.accountId, id);
      if (Object.values(inUse).some((n) => n > 0)) throw refuse(inUse);
      // Its users' links go with it (in cascade).
      const linked = (await repo.userLocations(caller.accountId, id)).map((r) => r.userId);
      if (await repo.removeUnused(caller.accountId, id)) return scopeChanged(caller.accountId, linked);
      // Something started using it (or it was deleted) between the count and the delete.
      if (!(await repo.find(caller.accountId, id))) throw new NotFoundError('LOCATION_NOT_FOUND');
      throw refuse(await uses(caller.accountId, id));
    },

    async userLocations(caller: Caller, locationId?: number) {
      const allowed = await allowedLocationIds(caller.accountId, caller.userId);
      if (locationId) await ownedWithin(caller.accountId, locationId, allowed);
      const rows = await repo.userLocations(caller.accountId, locationId);
      return { data: rows.filter((r) => !allowed || allowed.includes(r.locationId)).map(toUserLocation) };
    },

    async addUserLocation(caller: Caller, locationId: number, userId: number) {
      await owned(caller, locationId);
      if (!(await repo.isMember(caller.accountId, userId))) throw new NotFoundError('USER_NOT_FOUND');
      const link = await repo.addUserLocation(caller.accountId, locationId, userId);
      await scopeChanged(caller.accountId, [userId]);
      return toUserLocation(link);
    },

    async removeUserLocation(caller: Caller, locationId: number, userId: number) {
      await owned(caller, locationId);
      if (!(await repo.removeUserLocation(caller.accountId, locationId, userId))) throw new NotFoundError('USER_LOCATION_NOT_FOUND');
      await scopeChanged(caller.accountId, [userId]);
    },
  };
}
export type LocationsService = ReturnType<typeof createLocationsService>;
