import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase, type Db } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { seed } from '../../seed.ts';
import { bearer, createTestApp, DEMO, DEMO_PASSWORD } from '../../../test/helpers.ts';
import { clearRedisPrefix } from '../../../test/redis-keys.ts';

/**
 * GET /api/location/search-by-polygon: which active stores and regions serve a point, through the
 * HTTP route, on PGlite and on PostgreSQL (when DATABASE_URL is set): the same answers on both.
 */

type Backend = { name: string; http: ReturnType<typeof supertest>; db: Db; token: string; atacadoToken: string; close(): Promise<void> };

/** The app on an in-memory PGlite database of its own, migrated and seeded (whatever DATABASE_URL says). */
async function pgliteBackend(): Promise<Backend> {
  const database = await createDatabase({ dataDir: 'memory://' });
  await migrate(database);
  await seed(database.prisma);
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' }, { redisPrefix: prefix, webDist: undefined, appUrl: 'http://localhost:3000' });
  const app = await buildApp(config, { logger: false, database });
  await app.ready();
  const http = supertest(app.server);
  return {
    name: 'PGlite',
    http,
    db: database.prisma,
    ...(await tokens(http, database.prisma)),
    async close() {
      await app.close();
      await database.close();
      if (config.redisUrl) await clearRedisPrefix(config.redisUrl, prefix);
    },
  };
}

/** The test app on PostgreSQL (a copy of the seeded template). */
async function postgresBackend(): Promise<Backend> {
  const t = await createTestApp();
  return { name: 'PostgreSQL', http: t.http, db: t.db, ...(await tokens(t.http, t.db)), close: () => t.close() };
}

async function tokens(http: ReturnType<typeof supertest>, db: Db) {
  const login = await http.post('/authenticate').send({ email: DEMO.admin, password: DEMO_PASSWORD });
  const token = login.body.token as string;
  const atacado = await db.account.findFirstOrThrow({ where: { slug: 'bom-preco-atacado' }, select: { id: true } });
  const changed = await http.post('/changeaccount').set(bearer(token)).send({ account_id: atacado.id });
  return { token, atacadoToken: changed.body.newToken as string };
}

/** A store of Bom Preço in Curitiba (straight into the database: the store routes are another module's). */
async function createStore(b: Backend, name: string, active: boolean): Promise<number> {
  const account = await b.db.account.findFirstOrThrow({ where: { slug: 'supermercado-bom-preco' }, select: { id: true } });
  const row = await b.db.location.create({
    data: { accountId: account.id, name, active, street: 'Rua XV de Novembro', number: '100', neighborhood: 'Centro', city: 'Curitiba', state: 'PR', zipCode: '80020-310', latitude: -25.43, longitude: -49.27 },
    select: { id: true },
  });
  return row.id;
}

const square = (west: number, south: number, east: number, north: number) => [
  [west, south], [east, south], [east, north], [west, north], [west, south],
];
const polygon = (...rings: number[][][]) => ({ type: 'Polygon', coordinates: rings });

/**
 * Regions of test stores around Curitiba (far from the seeded ones), [longitude, latitude]:
 * A: a square with a square hole; B: a multipolygon of two squares with a gap; C (another store):
 * a square overlapping A's east side and B's west part; D: inactive, over everything; E: active,
 * over everything, of an inactive store.
 */
const STORES = [
  { name: 'Loja Curitiba Centro', active: true, regions: [
    { name: 'A com buraco', geometry: polygon(square(-49.3, -25.46, -49.24, -25.4), square(-49.28, -25.44, -49.26, -25.42).reverse()), delivery_fee: 5, estimated_delivery_minutes: 30 },
    { name: 'B multipolígono', geometry: { type: 'MultiPolygon', coordinates: [[square(-49.2, -25.46, -49.16, -25.42)], [square(-49.14, -25.46, -49.1, -25.42)]] }, delivery_fee: 8, estimated_delivery_minutes: 40 },
    { name: 'D inativa', geometry: polygon(square(-49.35, -25.5, -49.05, -25.35)), delivery_fee: 1, estimated_delivery_minutes: 10, active: false },
  ] },
  { name: 'Loja Curitiba Batel', active: true, regions: [
    { name: 'C sobreposta', geometry: polygon(square(-49.25, -25.45, -49.19, -25.41)), delivery_fee: 5, estimated_delivery_minutes: 50 },
  ] },
  { name: 'Loja Curitiba Fechada', active: false, regions: [
    { name: 'E de loja inativa', geometry: polygon(square(-49.35, -25.5, -49.05, -25.35)), delivery_fee: 1, estimated_delivery_minutes: 10 },
  ] },
];

/** [what, lat, lng, the regions that serve it, in the order answered]. */
const VECTORS: Array<[string, number, number, string[]]> = [
  ['inside A only', -25.45, -49.29, ['A com buraco']],
  ['outside every active region', -25.48, -49.29, []],
  ['on the outer edge of A', -25.43, -49.3, ['A com buraco']],
  ['on a corner of A', -25.46, -49.3, ['A com buraco']],
  ['in the hole of A', -25.43, -49.27, []],
  ['on the edge of the hole of A (the region\'s boundary)', -25.43, -49.28, ['A com buraco']],
  ['in the second polygon of B', -25.44, -49.12, ['B multipolígono']],
  ['in the gap between the polygons of B', -25.44, -49.15, []],
  ['in A and C (same fee: the quicker first)', -25.43, -49.245, ['A com buraco', 'C sobreposta']],
  ['in C and B (the cheaper first)', -25.43, -49.195, ['C sobreposta', 'B multipolígono']],
  ['far away (Manaus)', -3.1, -60.02, []],
];

const backends: Backend[] = [];
/** Answers per backend: vector → [store, region, fee, minimum, ETA]. */
const answers = new Map<string, Map<string, unknown>>();

beforeAll(async () => {
  backends.push(await pgliteBackend());
  if (process.env.DATABASE_URL) backends.push(await postgresBackend());
  for (const b of backends) {
    for (const s of STORES) {
      const created = await createStore(b, s.name, s.active);
      for (const r of s.regions) {
        const res = await b.http.post('/api/location/region/').set(bearer(b.token)).send({ location_id: created, min_order_value: 50, active: true, ...r });
        if (res.status !== 201) throw new Error(`${b.name}: region ${r.name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
  }
}, 180_000);
afterAll(async () => {
  for (const b of backends) await b.close();
});

describe.each([['PGlite'], ...(process.env.DATABASE_URL ? [['PostgreSQL']] : [])])('search-by-polygon on %s', (backendName) => {
  const backend = () => backends.find((b) => b.name === backendName)!;
  const search = (query: Record<string, string | number>, token = backend().token) =>
    backend().http.get('/api/location/search-by-polygon').query(query).set(bearer(token));

  it.each(VECTORS)('%s', async (what, lat, lng, expected) => {
    const res = await search({ lat, lng });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.point).toEqual({ lat, lng, label: null });
    const names = (res.body.data as Array<{ region_name: string }>).map((d) => d.region_name).filter((n) => STORES.some((s) => s.regions.some((r) => r.name === n)));
    expect(names, what).toEqual(expected);
    const of = answers.get(what) ?? new Map<string, unknown>();
    of.set(backendName, res.body.data);
    answers.set(what, of);
  });

  it('answers the store, fee, minimum and delivery time of each region', async () => {
    const res = await search({ lat: -25.43, lng: -49.245 });
    expect(res.body.data).toEqual([
      expect.objectContaining({ location_name: 'Loja Curitiba Centro', region_name: 'A com buraco', delivery_fee: 5, min_order_value: 50, estimated_delivery_minutes: 30, address: expect.objectContaining({ city: 'Curitiba', state: 'PR' }) }),
      expect.objectContaining({ location_name: 'Loja Curitiba Batel', region_name: 'C sobreposta', delivery_fee: 5, min_order_value: 50, estimated_delivery_minutes: 50 }),
    ]);
  });

  it('answers the seeded stores that overlap around Itaim Bibi, the cheaper first', async () => {
    const res = await search({ lat: -23.585, lng: -46.68 });
    expect(res.body.data.map((d: { location_name: string; region_name: string; delivery_fee: number }) => [d.location_name, d.region_name, d.delivery_fee])).toEqual([
      ['Bom Preço Moema', 'Vila Olímpia e Itaim Bibi', 8.9],
      ['Bom Preço Pinheiros', 'Entorno de Pinheiros (Vila Madalena, Jardins, Butantã)', 9.9],
    ]);
  });

  it('geocodes an address (the offline gazetteer) and answers who serves it', async () => {
    const res = await search({ address: '04533-000' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.point).toMatchObject({ lat: -23.585, lng: -46.679 });
    expect(res.body.point.label).toContain('Tabapuã');
    expect(res.body.data.map((d: { region_name: string }) => d.region_name)).toEqual([
      'Vila Olímpia e Itaim Bibi',
      'Entorno de Pinheiros (Vila Madalena, Jardins, Butantã)',
    ]);
    expect(res.body.data[0]).toMatchObject({ location_name: 'Bom Preço Moema', address: { street: 'Avenida Ibirapuera', number: '2500', city: 'São Paulo', state: 'SP' } });
  });

  it('answers no point and nobody for an address the geocoder does not know', async () => {
    const res = await search({ address: 'Rua que não existe, Cidade Imaginária' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ point: null, data: [] });
  });

  it("answers another account nothing of Bom Preço's regions", async () => {
    const res = await search({ lat: -25.43, lng: -49.245 }, backend().atacadoToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    const guarulhos = await search({ lat: -23.45, lng: -46.53 }, backend().atacadoToken);
    expect(guarulhos.body.data.map((d: { region_name: string }) => d.region_name)).toEqual(['Guarulhos Centro e Cumbica']);
  });

  it('refuses a point without both coordinates, naming the missing one', async () => {
    const res = await search({ lat: -23.5 });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ field: 'lng', message: 'Informe lat e lng juntos, ou um endereço (address).' });
    const none = await search({});
    expect(none.status).toBe(400);
    expect(none.body.error.details[0].field).toBe('lat');
  });
});

describe('the regions seed', () => {
  it('gives the seeded stores their regions once, however often it runs', async () => {
    const { db } = backends[0]!;
    const count = () => db.deliveryRegion.count({ where: { location: { name: { in: ['Bom Preço Pinheiros', 'Bom Preço Moema', 'Bom Preço Tatuapé', 'Atacado Guarulhos'] } } } });
    const before = await count();
    expect(before).toBe(10);
    await seed(db);
    expect(await count()).toBe(before);
  });
});

describe('PGlite and PostgreSQL', () => {
  it.runIf(process.env.DATABASE_URL)('answer every vector the same', () => {
    for (const [what, of] of answers) expect(of.get('PGlite'), what).toEqual(of.get('PostgreSQL'));
    expect(answers.size).toBe(VECTORS.length);
  });
});
