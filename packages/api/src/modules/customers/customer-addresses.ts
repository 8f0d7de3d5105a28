import type { FastifyBaseLogger } from 'fastify';
import type { CustomerAddressInput, GeocodeResult } from '@backoffice/contracts';
import { foldText } from '../../lib/like.ts';
import type { Caller } from '../locations/locations.service.ts';
import type { AddressData, AddressRow } from './customers.repo.ts';

export interface AddressLocatorDeps {
  /** The geocoding module's: an address to candidate points, best first. */
  geocoder: { geocode(address: string): Promise<GeocodeResult[]> };
  /** The regions module's search: the stores serving a point, cheapest then quickest first. */
  regions: {
    search(reader: Caller, q: { lat?: number; lng?: number; address?: string }): Promise<{ data: Array<{ location_id: number; region_id: number }> }>;
  };
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

type Located = Pick<AddressData, 'latitude' | 'longitude' | 'locationId' | 'regionId'>;
const NOWHERE: Located = { latitude: null, longitude: null, locationId: null, regionId: null };

/** What places an address on the map: a change elsewhere (label, complement, default) keeps its point and store. */
const placeKey = (a: { zipCode: string; street: string; number: string; neighborhood: string | null; city: string; state: string }) =>
  [a.zipCode, a.street, a.number, a.neighborhood ?? '', a.city, a.state].map((v) => foldText(v).replace(/\s+/g, ' ').trim()).join('|');

/** The one line the geocoder reads: street, number, neighbourhood, city, state, CEP. */
const addressLine = (a: CustomerAddressInput) => [a.street, a.number, a.neighborhood, a.city, a.state, a.zip_code].filter(Boolean).join(', ');

/**
 * Geocodes customers' addresses and finds the store and delivery region that serve each (the
 * cheapest, then the quickest). Runs before the write's transaction: a slow geocoder holds no
 * locks. An address the geocoder does not place (or places only at its city), or a geocoder that
 * is down, leaves it without a point and without a store: saving a customer never waits on it.
 */
export function createAddressLocator({ geocoder, regions, log }: AddressLocatorDeps) {
  async function locate(caller: Caller, a: CustomerAddressInput): Promise<Located> {
    let results: GeocodeResult[];
    try {
      results = await geocoder.geocode(addressLine(a));
    } catch (err) {
      log?.warn({ err }, 'customer address not geocoded: geocoder unavailable');
      return NOWHERE;
    }
    const best = results.find((r) => r.precision !== 'city');
    if (!best) return NOWHERE;
    const { data } = await regions.search(caller, { lat: best.lat, lng: best.lng });
    const serving = data[0];
    return { latitude: best.lat, longitude: best.lng, locationId: serving?.location_id ?? null, regionId: serving?.region_id ?? null };
  }

  return {
    /** The addresses as written: an unchanged place keeps its point and store, a new or moved one is located. */
    async resolve(caller: Caller, input: CustomerAddressInput[], current: AddressRow[] = []): Promise<AddressData[]> {
      const byId = new Map(current.map((a) => [a.id, a]));
      return Promise.all(
        input.map(async (a) => {
          const columns = {
            label: a.label ?? null,
            zipCode: a.zip_code,
            street: a.street,
            number: a.number,
            complement: a.complement ?? null,
            neighborhood: a.neighborhood ?? null,
            city: a.city,
            state: a.state,
            isDefault: a.is_default,
          };
          const before = a.id !== undefined ? byId.get(a.id) : undefined;
          const place =
            before && placeKey(before) === placeKey(columns)
              ? { latitude: before.latitude, longitude: before.longitude, locationId: before.locationId, regionId: before.regionId }
              : await locate(caller, a);
          return { ...(a.id !== undefined ? { id: a.id } : {}), ...columns, ...place };
        }),
      );
    },
  };
}
export type AddressLocator = ReturnType<typeof createAddressLocator>;

/** Whether two address lists say the same (for the audit's changed fields). */
export function sameAddresses(current: AddressRow[], next: AddressData[]): boolean {
  const key = (a: Omit<AddressData, 'latitude' | 'longitude' | 'locationId' | 'regionId' | 'id'> & { id?: number }) =>
    JSON.stringify([a.id ?? null, placeKey(a), a.label ?? null, a.complement ?? null, a.isDefault]);
  if (current.length !== next.length) return false;
  const a = current.map(key).sort();
  const b = next.map(key).sort();
  return a.every((v, i) => v === b[i]);
}
