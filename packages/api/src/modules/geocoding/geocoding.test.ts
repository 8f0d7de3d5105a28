import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createMemoryCache } from '../../lib/cache.ts';
import { createGazetteerGeocoder } from './gazetteer.ts';
import { cachedGeocoder, normalizeAddress, type Geocoder } from './geocoder.ts';
import { createNominatimGeocoder } from './nominatim.ts';
import { startNominatimStandIn } from './nominatim-stand-in.ts';

const gazetteer = createGazetteerGeocoder();

describe('the gazetteer', () => {
  it.each(['05422-001', '05422001', ' 05422-001 '])('finds a CEP alone (%s) at its street', async (cep) => {
    const [hit, ...rest] = await gazetteer.geocode(cep);
    expect(rest).toEqual([]);
    expect(hit).toEqual({
      label: 'Rua dos Pinheiros - Pinheiros, São Paulo - SP, 05422-001',
      lat: -23.5653,
      lng: -46.6856,
      zip_code: '05422-001',
      street: 'Rua dos Pinheiros',
      neighborhood: 'Pinheiros',
      city: 'São Paulo',
      state: 'SP',
      precision: 'zip',
    });
  });

  it('finds a street with number, neighbourhood and city, ignoring accents and case', async () => {
    const [hit] = await gazetteer.geocode('RUA TUIUTI, 1800, tatuape, sao paulo - sp');
    expect(hit).toMatchObject({ street: 'Rua Tuiuti', neighborhood: 'Tatuapé', zip_code: '03081-000', precision: 'street' });
    expect(hit!.label).toBe('Rua Tuiuti, 1800 - Tatuapé, São Paulo - SP, 03081-000');
  });

  it('reads abbreviations and a number written with the street', async () => {
    const [hit] = await gazetteer.geocode('Av. Ibirapuera 2500, Moema');
    expect(hit).toMatchObject({ street: 'Avenida Ibirapuera', zip_code: '04028-001', lat: -23.6019, lng: -46.6651 });
  });

  it('tells the same street in two neighbourhoods apart by the neighbourhood', async () => {
    const both = await gazetteer.geocode('Avenida Brigadeiro Faria Lima, São Paulo');
    expect(both.map((r) => r.neighborhood).sort()).toEqual(['Itaim Bibi', 'Pinheiros']);
    const one = await gazetteer.geocode('Av Brigadeiro Faria Lima, 3000, Itaim Bibi, São Paulo');
    expect(one.map((r) => r.zip_code)).toEqual(['04538-132']);
  });

  it('tells cities apart: Centro of Osasco is not Centro of Campinas', async () => {
    const [hit, ...rest] = await gazetteer.geocode('Centro, Osasco');
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ neighborhood: 'Centro', city: 'Osasco', precision: 'neighborhood', street: null, zip_code: null });
    expect((await gazetteer.geocode('Rua Coronel Quirino, 900, Cambuí, Campinas'))[0]).toMatchObject({ city: 'Campinas', zip_code: '13025-001' });
    expect((await gazetteer.geocode('Santo André'))[0]).toMatchObject({ city: 'Santo André', precision: 'city' });
  });

  it('answers a neighbourhood of the seeded cities at its centre', async () => {
    for (const name of ['Pinheiros', 'Moema', 'Tatuapé', 'Santana', 'Vila Mariana', 'Itaim Bibi', 'Perdizes', 'Lapa', 'Butantã', 'Mooca', 'Centro']) {
      const [hit] = await gazetteer.geocode(`${name}, São Paulo`);
      expect(hit, name).toMatchObject({ neighborhood: name, city: 'São Paulo', precision: 'neighborhood' });
    }
  });

  it('answers nothing for what it does not know', async () => {
    expect(await gazetteer.geocode('99999-999')).toEqual([]);
    expect(await gazetteer.geocode('Rua Inexistente das Flores, 10')).toEqual([]);
    expect(await gazetteer.geocode('Copacabana, Rio de Janeiro - RJ')).toEqual([]);
  });

  it('normalises addresses for the cache key', () => {
    expect(normalizeAddress('  Rua dos PINHEIROS ,1200 ,  São Paulo')).toBe('rua dos pinheiros, 1200, sao paulo');
  });
});

describe('the cache in front of a provider', () => {
  it('asks the provider once per normalised address for a day, and does not keep failures', async () => {
    let now = 0;
    const cache = createMemoryCache({ now: () => now });
    let calls = 0;
    let fail = false;
    const counting: Geocoder = {
      async geocode(address) {
        calls++;
        if (fail) throw new Error('down');
        return gazetteer.geocode(address);
      },
    };
    const geocoder = cachedGeocoder(counting, cache, 'test');
    const first = await geocoder.geocode('Rua Tuiuti, 1800, Tatuapé');
    expect(await geocoder.geocode('rua tuiuti , 1800,  TATUAPÉ')).toEqual(first);
    expect(calls).toBe(1);
    now += 86_401_000;
    await geocoder.geocode('Rua Tuiuti, 1800, Tatuapé');
    expect(calls).toBe(2);
    fail = true;
    await expect(geocoder.geocode('Rua Itapura')).rejects.toThrow('down');
    await expect(geocoder.geocode('Rua Itapura')).rejects.toThrow('down');
    expect(calls).toBe(4);
  });
});

describe('the Nominatim provider, against a local stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startNominatimStandIn>>;
  beforeAll(async () => {
    standIn = await startNominatimStandIn();
  });
  afterAll(() => standIn?.close());

  it('asks /search in Brazil with addressdetails and a User-Agent, and maps the answer', async () => {
    const nominatim = createNominatimGeocoder({ url: `${standIn.url}/`, userAgent: 'backoffice-test/1.0' });
    const results = await nominatim.geocode('Rua dos Pinheiros, 1200, São Paulo');
    const request = standIn.requests.at(-1)!;
    expect(request.path).toBe('/search');
    expect(Object.fromEntries(request.query)).toMatchObject({
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'br',
      q: 'Rua dos Pinheiros, 1200, São Paulo',
    });
    expect(request.headers['user-agent']).toBe('backoffice-test/1.0');
    expect(results).toEqual([
      {
        label: '1200, Rua dos Pinheiros, Pinheiros, São Paulo, Região Imediata de São Paulo, São Paulo, Região Sudeste, 05422-001, Brasil',
        lat: -23.5652904,
        lng: -46.6857327,
        zip_code: '05422-001',
        street: 'Rua dos Pinheiros',
        neighborhood: 'Pinheiros',
        city: 'São Paulo',
        state: 'SP',
        precision: 'address',
      },
    ]);
    const [copacabana] = await nominatim.geocode('Copacabana');
    expect(copacabana).toMatchObject({ neighborhood: 'Copacabana', city: 'Rio de Janeiro', state: 'RJ', street: null, zip_code: null, precision: 'neighborhood' });
  });

  it('fails as unavailable on an error answer or a timeout', async () => {
    const nominatim = createNominatimGeocoder({ url: standIn.url, userAgent: 'backoffice-test/1.0', timeoutMs: 200 });
    standIn.behaviour.status = 502;
    await expect(nominatim.geocode('Pinheiros')).rejects.toMatchObject({ status: 503, code: 'GEOCODER_UNAVAILABLE' });
    standIn.behaviour.status = 200;
    standIn.behaviour.delayMs = 1000;
    await expect(nominatim.geocode('Pinheiros')).rejects.toMatchObject({ status: 503, code: 'GEOCODER_UNAVAILABLE' });
    standIn.behaviour.delayMs = 0;
  });
});

describe('GET /api/location/geocode', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login(DEMO.admin);
  });
  afterAll(() => t?.close());

  it('answers the gazetteer by default, for a CEP and for a street', async () => {
    const cep = await t.http.get('/api/location/geocode').query({ address: '05422001' }).set(bearer(token));
    expect(cep.status).toBe(200);
    expect(cep.body.data[0]).toMatchObject({ zip_code: '05422-001', street: 'Rua dos Pinheiros', precision: 'zip' });
    const street = await t.http.get('/api/location/geocode').query({ address: 'Rua Voluntários da Pátria, 3100, Santana, São Paulo' }).set(bearer(token));
    expect(street.body.data[0]).toMatchObject({ zip_code: '02401-000', lat: -23.4997, lng: -46.6263, precision: 'street' });
  });

  it('keeps answers in the cache plugin, by normalised address', async () => {
    await t.http.get('/api/location/geocode').query({ address: 'Rua Itapura, Tatuapé' }).set(bearer(token)).expect(200);
    expect(await t.app.cache.get('geocode:gazetteer:rua itapura, tatuape')).toEqual([expect.objectContaining({ zip_code: '03310-000' })]);
  });

  it('refuses an address too short, naming the field', async () => {
    const res = await t.http.get('/api/location/geocode').query({ address: 'a' }).set(bearer(token));
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('address');
  });
});

describe('GET /api/location/geocode with GEOCODER=nominatim', () => {
  let t: TestApp;
  let token: string;
  let standIn: Awaited<ReturnType<typeof startNominatimStandIn>>;
  beforeAll(async () => {
    standIn = await startNominatimStandIn();
    t = await createTestApp({ geocoder: { provider: 'nominatim', url: standIn.url } });
    token = await t.login(DEMO.admin);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('asks the server once, then answers from the cache', async () => {
    const before = standIn.requests.length;
    for (let i = 0; i < 2; i++) {
      const res = await t.http.get('/api/location/geocode').query({ address: 'Rua dos Pinheiros, 1200' }).set(bearer(token));
      expect(res.status).toBe(200);
      expect(res.body.data[0]).toMatchObject({ precision: 'address', zip_code: '05422-001', state: 'SP' });
    }
    expect(standIn.requests.length - before).toBe(1);
    expect(standIn.requests.at(-1)!.headers['user-agent']).toMatch(/^backoffice-geocoder\/1\.0/);
  });

  it('answers 503 in the envelope, in Portuguese, when the server fails', async () => {
    standIn.behaviour.status = 500;
    const res = await t.http.get('/api/location/geocode').query({ address: 'Rua Tuiuti, 1800' }).set(bearer(token));
    standIn.behaviour.status = 200;
    expect(res.status).toBe(503);
    const error = expectEnvelope(res.body, 'GEOCODER_UNAVAILABLE');
    expect(error.message).toBe('O serviço de busca de endereços está indisponível no momento. Tente novamente em instantes.');
  });
});
