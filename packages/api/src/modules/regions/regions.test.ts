import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStoresChanged } from '../../../test/fixtures/locations.ts';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';

const MANAGER = 'juliana.alves@varejo.test';

let t: TestApp;
let adminToken: string;
let managerToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let atacado: number;
/** Bom Preço Pinheiros and Moema (seeded with regions), Atacado Guarulhos (another account). */
let pinheiros: number;
let moema: number;
let guarulhos: number;
let seq = 0;

/** A square in Vila Mariana, São Paulo ([longitude, latitude]). */
const SQUARE = [[-46.645, -23.595], [-46.625, -23.595], [-46.625, -23.575], [-46.645, -23.575], [-46.645, -23.595]];

const body = (over: Record<string, unknown> = {}) => ({
  name: `Vila Mariana ${++seq}`,
  geometry: { type: 'Polygon', coordinates: [SQUARE] },
  delivery_fee: 7.9,
  min_order_value: 80.5,
  estimated_delivery_minutes: 50,
  active: true,
  ...over,
});

const create = (b: Record<string, unknown>, token = adminToken) => t.http.post('/api/location/region/').set(bearer(token)).send(b);
const listOf = (locationId: number, token = adminToken) => t.http.get(`/api/location/region/${locationId}`).set(bearer(token));
const findByAccount = (b: Record<string, unknown>, token = adminToken) => t.http.post('/api/location/region/find-by-account').set(bearer(token)).send(b);

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  const store = async (accountId: number, name: string) => (await t.db.location.findFirstOrThrow({ where: { accountId, name } })).id;
  pinheiros = await store(bomPreco, 'Bom Preço Pinheiros');
  moema = await store(bomPreco, 'Bom Preço Moema');
  guarulhos = await store(atacado, 'Atacado Guarulhos');
  adminToken = await t.login(DEMO.admin);
  managerToken = await t.login(MANAGER);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
});
afterAll(() => t?.close());

describe('POST /api/location/region/', () => {
  it('creates a region of a store, money in reais, with its bounding box', async () => {
    const res = await create(body({ name: '  Vila Mariana  ', location_id: moema }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Região de entrega criada com sucesso!');
    expect(res.body.region).toMatchObject({
      location_id: moema,
      location_name: 'Bom Preço Moema',
      name: 'Vila Mariana',
      geometry: { type: 'Polygon', coordinates: [SQUARE] },
      bounding_box: { west: -46.645, south: -23.595, east: -46.625, north: -23.575 },
      delivery_fee: 7.9,
      min_order_value: 80.5,
      estimated_delivery_minutes: 50,
      active: true,
    });
    const row = await t.db.deliveryRegion.findUniqueOrThrow({ where: { id: res.body.region.id } });
    expect(row).toMatchObject({ accountId: bomPreco, deliveryFeeCents: 790n, minOrderCents: 8050n, west: -46.645, east: -46.625, south: -23.595, north: -23.575 });
  });

  it('lets a manager create, with a minimum order of zero by default', async () => {
    const { min_order_value: _, ...rest } = body({ location_id: pinheiros });
    const res = await create(rest, managerToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.region.min_order_value).toBe(0);
  });

  it('takes a multipolygon with a hole', async () => {
    const hole = [[-46.64, -23.59], [-46.64, -23.58], [-46.63, -23.58], [-46.63, -23.59], [-46.64, -23.59]];
    const other = [[-46.62, -23.595], [-46.61, -23.595], [-46.61, -23.585], [-46.62, -23.595]];
    const res = await create(body({ location_id: moema, geometry: { type: 'MultiPolygon', coordinates: [[SQUARE, hole], [other]] } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.region.bounding_box).toEqual({ west: -46.645, south: -23.595, east: -46.61, north: -23.575 });
  });

  const bad: Array<[string, unknown, string, string]> = [
    ['crosses itself (a bow tie)', { type: 'Polygon', coordinates: [[[-46.65, -23.6], [-46.63, -23.58], [-46.63, -23.6], [-46.65, -23.58], [-46.65, -23.6]]] }, 'geometry.coordinates', 'O polígono cruza a si mesmo: desenhe a região sem linhas que se cruzem ou se toquem.'],
    ['has fewer than 4 points', { type: 'Polygon', coordinates: [[[-46.65, -23.6], [-46.63, -23.58], [-46.65, -23.6]]] }, 'geometry.coordinates.0', 'O polígono precisa de ao menos 4 pontos (3 vértices e o primeiro repetido no fim).'],
    ['is not closed', { type: 'Polygon', coordinates: [[[-46.65, -23.6], [-46.63, -23.6], [-46.63, -23.58], [-46.65, -23.58]]] }, 'geometry.coordinates.0', 'O polígono não está fechado: o último ponto deve ser igual ao primeiro.'],
    ['lies outside Brazil (Lisbon)', { type: 'Polygon', coordinates: [[[-9.15, 38.7], [-9.1, 38.7], [-9.1, 38.75], [-9.15, 38.7]]] }, 'geometry.coordinates.0.0', 'Ponto fora do Brasil: a região deve ficar em território brasileiro ([longitude, latitude]).'],
    ['has [lat, lng] swapped (outside Brazil)', { type: 'Polygon', coordinates: [SQUARE.map(([lng, lat]) => [lat, lng])] }, 'geometry.coordinates.0.0', 'Ponto fora do Brasil: a região deve ficar em território brasileiro ([longitude, latitude]).'],
    ['has a position with one number', { type: 'Polygon', coordinates: [[SQUARE[0], [-46.63], ...SQUARE.slice(2)]] }, 'geometry.coordinates.0.1', 'Coordenada inválida: use [longitude, latitude] com números.'],
    ['has no ring', { type: 'Polygon', coordinates: [] }, 'geometry.coordinates', ''],
    ['is not a polygon', { type: 'Point', coordinates: [-46.63, -23.58] }, 'geometry.type', ''],
    ['has a hole crossing its outline', { type: 'Polygon', coordinates: [SQUARE, [[-46.65, -23.59], [-46.63, -23.59], [-46.63, -23.58], [-46.65, -23.58], [-46.65, -23.59]]] }, 'geometry.coordinates', 'O polígono cruza a si mesmo: desenhe a região sem linhas que se cruzem ou se toquem.'],
  ];
  it.each(bad)('refuses a geometry that %s with a 400 naming the field, storing nothing', async (_what, geometry, field, message) => {
    const before = await t.db.deliveryRegion.count();
    const res = await create(body({ location_id: moema, geometry }));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(error.details!.map((d) => d.field)).toContain(field);
    if (message) expect(error.details!.find((d) => d.field === field)!.message).toBe(message);
    expect(error.message).toContain(`"${error.details![0]!.field}"`);
    expect(await t.db.deliveryRegion.count()).toBe(before);
  });

  it('answers each problem of a multipolygon at its own path, in English when asked', async () => {
    const open = [[-46.65, -23.6], [-46.63, -23.6], [-46.63, -23.58], [-46.65, -23.58]];
    const res = await create(body({ location_id: moema, geometry: { type: 'MultiPolygon', coordinates: [[SQUARE], [open], [[[-9.15, 38.7], ...SQUARE.slice(1)]]] } })).set('accept-language', 'en');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ field: 'geometry.coordinates.1.0', message: 'The polygon is not closed: the last point must equal the first.' }),
      expect.objectContaining({ field: 'geometry.coordinates.2.0.0', message: 'Point outside Brazil: the region must lie in Brazilian territory ([longitude, latitude]).' }),
    ]);
  });

  it.each([
    ['delivery_fee', { delivery_fee: 7.999 }],
    ['delivery_fee', { delivery_fee: -1 }],
    ['min_order_value', { min_order_value: 10.001 }],
    ['estimated_delivery_minutes', { estimated_delivery_minutes: 0 }],
    ['estimated_delivery_minutes', { estimated_delivery_minutes: 30.5 }],
    ['name', { name: ' ' }],
    ['location_id', { location_id: 'Moema' }],
  ])('refuses a bad %s with a 400 naming it', async (field, over) => {
    const res = await create({ ...body({ location_id: moema }), ...over });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details!.map((d) => d.field)).toContain(field);
  });

  it("answers 404 for another account's store or a store that does not exist, storing nothing", async () => {
    const before = await t.db.deliveryRegion.count();
    for (const location_id of [guarulhos, 999_999]) {
      const res = await create(body({ location_id }));
      expect(res.status).toBe(404);
      expect(expectEnvelope(res.body, 'REGION_STORE_NOT_FOUND').message).toBe('Loja não encontrada.');
    }
    expect(await t.db.deliveryRegion.count()).toBe(before);
  });
});

describe('GET /api/location/region/:locationId and POST find-by-account', () => {
  it("lists a store's regions, the seeded ones included", async () => {
    const res = await listOf(pinheiros);
    expect(res.status).toBe(200);
    const names = res.body.data.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Pinheiros', 'Entorno de Pinheiros (Vila Madalena, Jardins, Butantã)']));
    expect(res.body.data.every((r: { location_id: number; location_name: string }) => r.location_id === pinheiros && r.location_name === 'Bom Preço Pinheiros')).toBe(true);
    const ring = res.body.data.find((r: { name: string }) => r.name.startsWith('Entorno'));
    expect(ring.geometry.coordinates).toHaveLength(2);
  });

  it("answers 404 for another account's store", async () => {
    const res = await listOf(guarulhos);
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'REGION_STORE_NOT_FOUND');
  });

  it('answers every region of the account with its store, filtered by store and active flag', async () => {
    const all = await findByAccount({});
    expect(all.status).toBe(200);
    const stores = new Set(all.body.data.map((r: { location_name: string }) => r.location_name));
    expect([...stores]).toEqual(expect.arrayContaining(['Bom Preço Pinheiros', 'Bom Preço Moema', 'Bom Preço Tatuapé']));
    expect(stores.has('Atacado Guarulhos')).toBe(false);
    const inactive = await findByAccount({ active: false });
    expect(inactive.body.data.map((r: { name: string }) => r.name)).toContain('Vila Formosa (suspensa)');
    expect(inactive.body.data.every((r: { active: boolean }) => !r.active)).toBe(true);
    const moemaOnly = await findByAccount({ location_ids: [moema] });
    expect(moemaOnly.body.data.length).toBeGreaterThan(0);
    expect(moemaOnly.body.data.every((r: { location_id: number }) => r.location_id === moema)).toBe(true);
    const theirs = await findByAccount({ location_ids: [guarulhos] });
    expect(theirs.body.data).toEqual([]);
  });

  it("answers another account its own regions only", async () => {
    const res = await findByAccount({}, atacadoToken);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { location_name: string }) => r.location_name)).toEqual(['Atacado Guarulhos', 'Atacado Guarulhos']);
  });
});

describe('PUT and DELETE /api/location/region/:locationId/:regionId', () => {
  it('replaces a region, bounding box included, and deletes it', async () => {
    const created = (await create(body({ location_id: moema }))).body.region;
    const moved = [[-46.66, -23.61], [-46.64, -23.61], [-46.65, -23.59], [-46.66, -23.61]];
    const put = await t.http
      .put(`/api/location/region/${moema}/${created.id}`)
      .set(bearer(managerToken))
      .send(body({ name: 'Vila Mariana e Vila Clementino', geometry: { type: 'Polygon', coordinates: [moved] }, delivery_fee: 10, active: false }));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.message).toBe('Região de entrega atualizada com sucesso!');
    expect(put.body.region).toMatchObject({ id: created.id, name: 'Vila Mariana e Vila Clementino', delivery_fee: 10, active: false, bounding_box: { west: -46.66, south: -23.61, east: -46.64, north: -23.59 } });
    const row = await t.db.deliveryRegion.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ west: -46.66, east: -46.64, deliveryFeeCents: 1000n, active: false });

    const del = await t.http.delete(`/api/location/region/${moema}/${created.id}`).set(bearer(adminToken));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Região de entrega excluída com sucesso!');
    expect(await t.db.deliveryRegion.findUnique({ where: { id: created.id } })).toBeNull();
    const again = await t.http.delete(`/api/location/region/${moema}/${created.id}`).set(bearer(adminToken));
    expect(again.status).toBe(404);
    expectEnvelope(again.body, 'REGION_NOT_FOUND');
  });

  it('refuses to delete a region its delivery windows still use (409 with the count), and deletes it once they are gone', async () => {
    const created = (await create(body({ location_id: moema }))).body.region;
    const slot = await t.db.slot.create({
      data: { accountId: bomPreco, locationId: moema, regionId: created.id, mode: 'delivery', weekday: 3, startMinute: 6 * 60, endMinute: 7 * 60, capacity: 4 },
    });
    const refused = await t.http.delete(`/api/location/region/${moema}/${created.id}`).set(bearer(adminToken));
    expect(refused.status).toBe(409);
    expect(expectEnvelope(refused.body, 'REGION_IN_USE').message).toContain('1 janela(s) de entrega');
    expect(await t.db.slot.count({ where: { id: slot.id } })).toBe(1);
    expect(await t.db.deliveryRegion.count({ where: { id: created.id } })).toBe(1);
    await t.db.slot.delete({ where: { id: slot.id } });
    expect((await t.http.delete(`/api/location/region/${moema}/${created.id}`).set(bearer(adminToken))).status).toBe(200);
  });

  it('answers 404 for a region named under another store of the account, changing nothing', async () => {
    const created = (await create(body({ location_id: moema }))).body.region;
    const put = await t.http.put(`/api/location/region/${pinheiros}/${created.id}`).set(bearer(adminToken)).send(body());
    expect(put.status).toBe(404);
    const del = await t.http.delete(`/api/location/region/${pinheiros}/${created.id}`).set(bearer(adminToken));
    expect(del.status).toBe(404);
    expect((await t.db.deliveryRegion.findUniqueOrThrow({ where: { id: created.id } })).name).toBe(created.name);
  });

  it('refuses a bad geometry on update with a 400 naming the field', async () => {
    const created = (await create(body({ location_id: moema }))).body.region;
    const res = await t.http
      .put(`/api/location/region/${moema}/${created.id}`)
      .set(bearer(adminToken))
      .send(body({ geometry: { type: 'Polygon', coordinates: [SQUARE.slice(0, 3)] } }));
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details![0]!.field).toBe('geometry.coordinates.0');
  });
});

describe('a user limited to stores (user-location)', () => {
  it("sees only their stores' regions in lists and searches", async () => {
    const manager = await t.db.user.findUniqueOrThrow({ where: { email: MANAGER } });
    await t.db.userLocation.create({ data: { accountId: bomPreco, locationId: moema, userId: manager.id } });
    await userStoresChanged(t, bomPreco, manager.id);
    try {
      const all = await findByAccount({}, managerToken);
      expect(all.status).toBe(200);
      expect(new Set(all.body.data.map((r: { location_id: number }) => r.location_id))).toEqual(new Set([moema]));
      const asked = await findByAccount({ location_ids: [pinheiros, moema] }, managerToken);
      expect(new Set(asked.body.data.map((r: { location_id: number }) => r.location_id))).toEqual(new Set([moema]));
      expect((await listOf(pinheiros, managerToken)).status).toBe(404);
      expect((await listOf(moema, managerToken)).status).toBe(200);
      const search = await t.http.get('/api/location/search-by-polygon').query({ lat: -23.585, lng: -46.68 }).set(bearer(managerToken));
      expect(search.body.data.map((d: { location_name: string }) => d.location_name)).toEqual(['Bom Preço Moema']);
      // The admin, not limited, still sees both stores there.
      const admin = await t.http.get('/api/location/search-by-polygon').query({ lat: -23.585, lng: -46.68 }).set(bearer(adminToken));
      expect(admin.body.data.map((d: { location_name: string }) => d.location_name)).toEqual(['Bom Preço Moema', 'Bom Preço Pinheiros']);
    } finally {
      await t.db.userLocation.deleteMany({ where: { userId: manager.id } });
      await userStoresChanged(t, bomPreco, manager.id);
    }
  });
});

describe('authorisation', () => {
  let region: { id: number; location_id: number };
  beforeAll(async () => {
    region = (await create(body({ location_id: moema }))).body.region;
  });
  authorizationMatrix({
    operations: () => [
      ['findByAccount', () => t.http.post('/api/location/region/find-by-account').send({})],
      ['listByLocation', () => t.http.get(`/api/location/region/${region.location_id}`)],
      ['search', () => t.http.get('/api/location/search-by-polygon').query({ lat: -23.585, lng: -46.635 })],
      ['create', () => t.http.post('/api/location/region/').send(body({ location_id: moema }))],
      ['update', () => t.http.put(`/api/location/region/${region.location_id}/${region.id}`).send(body({ name: 'Alterada' }))],
      ['remove', () => t.http.delete(`/api/location/region/${region.location_id}/${region.id}`)],
    ],
    reads: ['findByAccount', 'listByLocation', 'search'],
    idOperations: () => [
      ['listByLocation', () => t.http.get(`/api/location/region/${region.location_id}`)],
      ['create', () => t.http.post('/api/location/region/').send(body({ location_id: moema }))],
      ['update', () => t.http.put(`/api/location/region/${region.location_id}/${region.id}`).send(body({ name: 'Alterada' }))],
      ['remove', () => t.http.delete(`/api/location/region/${region.location_id}/${region.id}`)],
    ],
    notFound: 'REGION_STORE_NOT_FOUND',
    tokens: () => ({ operator: operatorToken, otherAccount: atacadoToken }),
    snapshot: () => t.db.deliveryRegion.findMany({ where: { accountId: bomPreco }, orderBy: { id: 'asc' } }),
  });

  it("does not show another account's regions in a search, nor this one's to it", async () => {
    const theirs = await t.http.get('/api/location/search-by-polygon').query({ lat: -23.585, lng: -46.635 }).set(bearer(atacadoToken));
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    const ours = await t.http.get('/api/location/search-by-polygon').query({ lat: -23.585, lng: -46.635 }).set(bearer(adminToken));
    expect(ours.body.data.map((d: { region_id: number }) => d.region_id)).toContain(region.id);
  });
});
