import { describe, expect, it } from 'vitest';
import type { CustomerAddressInput, GeocodeResult } from '@backoffice/contracts';
import { GeocoderUnavailableError } from '../geocoding/geocoder.ts';
import { createAddressLocator, sameAddresses } from './customer-addresses.ts';
import type { AddressRow } from './customers.repo.ts';

const caller = { accountId: 1, userId: 1 };
const input: CustomerAddressInput = {
  label: 'Casa',
  zip_code: '05422-001',
  street: 'Rua dos Pinheiros',
  number: '870',
  complement: null,
  neighborhood: 'Pinheiros',
  city: 'São Paulo',
  state: 'SP',
  is_default: true,
};
const point = (precision: GeocodeResult['precision']): GeocodeResult => ({
  label: 'x', lat: -23.5653, lng: -46.6856, zip_code: null, street: null, neighborhood: null, city: 'São Paulo', state: 'SP', precision,
});

/** A locator over fakes that records what it was asked. */
function locator(answer: () => Promise<GeocodeResult[]>, serving = [{ location_id: 7, region_id: 70 }, { location_id: 8, region_id: 80 }]) {
  const asked: string[] = [];
  const searched: unknown[] = [];
  const l = createAddressLocator({
    geocoder: { geocode: (address) => (asked.push(address), answer()) },
    regions: { search: async (_caller, q) => (searched.push(q), { data: serving }) },
  });
  return { l, asked, searched };
}

describe('customer address locator', () => {
  it('geocodes the address as one line and takes the first serving store (cheapest, then quickest)', async () => {
    const { l, asked, searched } = locator(async () => [point('street')]);
    const [a] = await l.resolve(caller, [input]);
    expect(asked).toEqual(['Rua dos Pinheiros, 870, Pinheiros, São Paulo, SP, 05422-001']);
    expect(searched).toEqual([{ lat: -23.5653, lng: -46.6856 }]);
    expect(a).toMatchObject({ latitude: -23.5653, longitude: -46.6856, locationId: 7, regionId: 70, zipCode: '05422-001', isDefault: true });
  });

  it('leaves an address the geocoder does not find, or finds only as a city, without a point or a store', async () => {
    for (const results of [[], [point('city')]]) {
      const { l, searched } = locator(async () => results);
      expect((await l.resolve(caller, [input]))[0]).toMatchObject({ latitude: null, longitude: null, locationId: null, regionId: null });
      expect(searched).toEqual([]);
    }
  });

  it('saves the address without a point when the geocoder is down (saving a customer does not wait on it)', async () => {
    const { l } = locator(async () => {
      throw new GeocoderUnavailableError();
    });
    expect((await l.resolve(caller, [input]))[0]).toMatchObject({ latitude: null, locationId: null });
  });

  it('a point no region serves has no store', async () => {
    const { l } = locator(async () => [point('zip')], []);
    expect((await l.resolve(caller, [input]))[0]).toMatchObject({ latitude: -23.5653, locationId: null, regionId: null });
  });

  it('keeps the point and store of an unchanged place without asking again; a moved one is located', async () => {
    const current: AddressRow = {
      id: 5, label: 'Casa', zipCode: '05422-001', street: 'Rua dos Pinheiros', number: '870', complement: null, neighborhood: 'Pinheiros',
      city: 'São Paulo', state: 'SP', latitude: -1, longitude: -2, locationId: 3, regionId: 30, isDefault: true, location: { name: 'Loja' },
    };
    const { l, asked } = locator(async () => [point('street')]);
    const [kept] = await l.resolve(caller, [{ ...input, id: 5, label: 'Lar', street: 'rua  dos PINHEIROS' }], [current]);
    expect(kept).toMatchObject({ id: 5, label: 'Lar', latitude: -1, longitude: -2, locationId: 3, regionId: 30 });
    expect(asked).toEqual([]);
    const [moved] = await l.resolve(caller, [{ ...input, id: 5, number: '900' }], [current]);
    expect(moved).toMatchObject({ id: 5, latitude: -23.5653, locationId: 7 });
    expect(sameAddresses([current], [kept!])).toBe(false);
    expect(sameAddresses([current], [{ ...kept!, label: 'Casa', street: 'Rua dos Pinheiros' }])).toBe(true);
  });
});
