import type { z } from 'zod';
import {
  boundingBox,
  fromCents,
  regionContains,
  toCents,
  type CreateRegionBody,
  type GeocodeResult,
  type Region,
  type RegionFindBody,
  type RegionGeometry,
  type RegionInput,
  type RegionSearchQuery,
  type RegionSearchResult,
  type RegionServing,
} from '@backoffice/contracts';
import { ConflictError, found } from '../../lib/errors.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import type { CandidateRow, RegionData, RegionRow, RegionsRepo } from './regions.repo.ts';

interface Deps {
  repo: RegionsRepo;
  /** The geocoding module's: an address to candidate points, best first. */
  geocoder: { geocode(address: string): Promise<GeocodeResult[]> };
  /** The stores a user may see (null: every store of the account): the locations module's scope. */
  scope: StoreScope;
}

const toRegion = (r: RegionRow): z.input<typeof Region> => ({
  id: r.id,
  location_id: r.locationId,
  location_name: r.location.name,
  name: r.name,
  geometry: r.geometry as RegionGeometry,
  bounding_box: { west: r.west, south: r.south, east: r.east, north: r.north },
  delivery_fee: fromCents(r.deliveryFeeCents),
  min_order_value: fromCents(r.minOrderCents),
  estimated_delivery_minutes: r.etaMinutes,
  active: r.active,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const toServing = (r: CandidateRow): z.input<typeof RegionServing> => ({
  location_id: r.locationId,
  location_name: r.location.name,
  address: {
    street: r.location.street,
    number: r.location.number,
    neighborhood: r.location.neighborhood,
    city: r.location.city,
    state: r.location.state,
    zip_code: r.location.zipCode,
  },
  latitude: r.location.latitude,
  longitude: r.location.longitude,
  region_id: r.id,
  region_name: r.name,
  delivery_fee: fromCents(r.deliveryFeeCents),
  min_order_value: fromCents(r.minOrderCents),
  estimated_delivery_minutes: r.etaMinutes,
});

/** The columns of a region as sent: money in cents, and the bounding box of its geometry for the SQL prefilter. */
function toData(input: RegionInput): RegionData {
  const geometry = input.geometry as RegionGeometry;
  return {
    name: input.name,
    geometry,
    ...boundingBox(geometry),
    deliveryFeeCents: BigInt(toCents(input.delivery_fee)),
    minOrderCents: BigInt(toCents(input.min_order_value)),
    etaMinutes: input.estimated_delivery_minutes,
    active: input.active,
  };
}

/** Cheapest first, then the quickest; ties by store and region, so the answer is the same on every database. */
const byFeeThenEta = (a: CandidateRow, b: CandidateRow) =>
  Number(a.deliveryFeeCents - b.deliveryFeeCents) ||
  a.etaMinutes - b.etaMinutes ||
  a.location.name.localeCompare(b.location.name, 'pt-BR') ||
  a.id - b.id;

/** Delivery regions of an account's stores, and which of them serve a point. */
export function createRegionsService(deps: Deps) {
  const { repo } = deps;

  /** The stores the reader may see, intersected with the ones asked for (undefined: no limit). */
  async function visibleStores(reader: Caller, asked?: number[]): Promise<number[] | undefined> {
    const allowed = await deps.scope(reader.accountId, reader.userId);
    if (!allowed) return asked;
    return asked ? asked.filter((id) => allowed.includes(id)) : allowed;
  }

  const store = async (accountId: number, locationId: number) => found(await repo.findLocation(accountId, locationId), 'REGION_STORE_NOT_FOUND');

  return {
    async findByAccount(reader: Caller, q: z.output<typeof RegionFindBody>) {
      const locationIds = await visibleStores(reader, q.location_ids);
      return { data: (await repo.list(reader.accountId, { locationIds, active: q.active })).map(toRegion) };
    },

    async listByLocation(reader: Caller, locationId: number) {
      await store(reader.accountId, locationId);
      const visible = await visibleStores(reader, [locationId]);
      if (visible && !visible.includes(locationId)) found(null, 'REGION_STORE_NOT_FOUND');
      return { data: (await repo.list(reader.accountId, { locationIds: [locationId] })).map(toRegion) };
    },

    async create(accountId: number, input: z.output<typeof CreateRegionBody>) {
      await store(accountId, input.location_id);
      return toRegion(await repo.create(accountId, input.location_id, toData(input)));
    },

    /** The store of the path first (another account's: that store is not found), then its region. */
    async update(accountId: number, locationId: number, id: number, input: RegionInput) {
      await store(accountId, locationId);
      return toRegion(found(await repo.update(accountId, locationId, id, toData(input)), 'REGION_NOT_FOUND'));
    },

    /** Refused while delivery windows use the region: deleting it would take them, and their bookings, along. */
    async remove(accountId: number, locationId: number, id: number) {
      await store(accountId, locationId);
      if (await repo.remove(accountId, locationId, id)) return;
      const windows = found(await repo.windowsOf(accountId, locationId, id), 'REGION_NOT_FOUND');
      throw new ConflictError('REGION_IN_USE', { count: windows });
    },

    /**
     * The active stores and regions that serve a point (or the first place the geocoder finds for an
     * address): the regions whose bounding box holds it, in SQL, then exactly, in code (holes
     * excluded, an edge included). A point in two regions is answered with both.
     */
    async search(reader: Caller, q: z.output<typeof RegionSearchQuery>): Promise<z.input<typeof RegionSearchResult>> {
      let point: { lat: number; lng: number; label: string | null };
      if (q.lat !== undefined && q.lng !== undefined) point = { lat: q.lat, lng: q.lng, label: null };
      else {
        const [best] = await deps.geocoder.geocode(q.address!);
        if (!best) return { point: null, data: [] };
        point = { lat: best.lat, lng: best.lng, label: best.label };
      }
      const candidates = await repo.candidates(reader.accountId, point, await visibleStores(reader));
      const serving = candidates.filter((r) => regionContains(r.geometry as RegionGeometry, point)).sort(byFeeThenEta);
      return { point, data: serving.map(toServing) };
    },
  };
}
export type RegionsService = ReturnType<typeof createRegionsService>;
