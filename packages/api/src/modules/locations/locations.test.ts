import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';
import { locationBody, userStoresChanged } from '../../../test/fixtures/locations.ts';
import { isValidCnpj } from '@backoffice/contracts';
import { createLocationsRepo } from './locations.repo.ts';
import { createLocationsService, describeUses } from './locations.service.ts';

const MANAGER = 'juliana.alves@varejo.test';
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

let t: TestApp;
let adminToken: string;
let managerToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let managerId: number;
let seq = 0;

const body = (over: Record<string, unknown> = {}) => ({ ...locationBody(`Bom Preço Teste ${++seq}`), ...over });
const address = (over: Record<string, unknown>) => ({ ...locationBody('x').address, ...over });
const create = (b: Record<string, unknown>, token = adminToken) => t.http.post('/api/location/').set(bearer(token)).send(b);
const list = (query: Record<string, string | number>, token = adminToken) => t.http.get('/api/location').query(query).set(bearer(token));

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  const atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  adminToken = await t.login(DEMO.admin);
  managerToken = await t.login(MANAGER);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
  managerId = (await t.db.user.findUniqueOrThrow({ where: { email: MANAGER } })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/location/', () => {
  it('creates a store: CNPJ stored as digits, CEP formatted, phone in E.164, hours by weekday', async () => {
    const res = await create(
      body({
        cnpj: '11222333000181',
        phone: '+55 11 98765-4321',
        address: address({ zip_code: '05422001', complement: '  ' }),
        opening_hours: [
          { weekday: 6, open: '08:00', close: '20:00' },
          { weekday: 1, open: '07:30', close: '22:00' },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      cnpj: '11222333000181',
      phone: '+5511987654321',
      address: { zip_code: '05422-001', complement: null, state: 'SP', city: 'São Paulo' },
      delivery_type: 'both',
      opening_hours: [
        { weekday: 1, open: '07:30', close: '22:00' },
        { weekday: 6, open: '08:00', close: '20:00' },
      ],
      picking_capacity: 30,
      active: true,
    });
    const row = await t.db.location.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ accountId: bomPreco, document: '11222333000181', zipCode: '05422-001' });
  });

  it('lets a manager create and refuses an operator (role)', async () => {
    expect((await create(body(), managerToken)).status).toBe(201);
    const res = await create(body(), operatorToken);
    expect(res.status).toBe(403);
  });

  it.each([
    ['a CNPJ with wrong check digits', { cnpj: '11.222.333/0001-82' }, 'cnpj', 'dígitos verificadores'],
    ['a CNPJ of one repeated digit', { cnpj: '11111111111111' }, 'cnpj', 'dígitos verificadores'],
    ['a CNPJ too short', { cnpj: '1122233300018' }, 'cnpj', '14 dígitos'],
    ['a CEP of 7 digits', { address: address({ zip_code: '0542200' }) }, 'address.zip_code', 'CEP'],
    ['a CEP with letters', { address: address({ zip_code: '05422-00A' }) }, 'address.zip_code', 'CEP'],
    ['an unknown UF', { address: address({ state: 'XX' }) }, 'address.state', ''],
    ['a lower-case UF', { address: address({ state: 'sp' }) }, 'address.state', ''],
    ['a latitude outside Brazil', { latitude: 40.7 }, 'latitude', 'Brasil'],
    ['a longitude outside Brazil', { longitude: -80 }, 'longitude', 'Brasil'],
    ['a phone without area code', { phone: '3456-7890' }, 'phone', 'DDD'],
    ['closing before opening', { opening_hours: [{ weekday: 1, open: '18:00', close: '08:00' }] }, 'opening_hours.0.close', 'fechamento'],
    [
      'a weekday twice',
      { opening_hours: [{ weekday: 2, open: '08:00', close: '12:00' }, { weekday: 2, open: '13:00', close: '18:00' }] },
      'opening_hours.1.weekday',
      'dia da semana',
    ],
    ['an hour of 25', { opening_hours: [{ weekday: 1, open: '08:00', close: '25:00' }] }, 'opening_hours.0.close', 'HH:MM'],
    ['an unknown delivery type', { delivery_type: 'drone' }, 'delivery_type', ''],
    ['a missing name', { name: undefined }, 'name', ''],
    ['an unknown field', { region: 'x' }, 'region', ''],
  ])('refuses %s with a 400 naming the field, in Portuguese', async (_, over, field, text) => {
    const before = await t.db.location.count();
    const res = await create(body(over));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(error.details?.[0]?.field).toBe(field);
    expect(error.message).toContain(`Dados inválidos em "${field}"`);
    expect(error.message).toContain(text);
    expect(await t.db.location.count()).toBe(before);
  });
});

describe('GET /api/location', () => {
  it('pages the account’s stores by name, 500 per page by default', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    const total = await t.db.location.count({ where: { accountId: bomPreco } });
    expect(res.body.meta).toEqual({ page: 1, quantity: 500, total, total_pages: 1 });
    const names = res.body.data.map((l: { name: string }) => l.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.normalize('NFD').replace(/\p{M}/gu, '').localeCompare(b.normalize('NFD').replace(/\p{M}/gu, ''))));
    expect(names).toContain('Bom Preço Pinheiros');
    expect(names).not.toContain('Atacado Guarulhos');
    expect((await list({ quantity: 501 })).status).toBe(400);
    const second = await list({ quantity: 2, page: 2 });
    expect(second.body.data.map((l: { name: string }) => l.name)).toEqual(names.slice(2, 4));
  });

  it('searches name or city without accents or case, and filters active', async () => {
    const byCity = await list({ search: 'SANTO andre' });
    expect(byCity.body.data.map((l: { name: string }) => l.name)).toEqual(['Bom Preço Santo André']);
    const byName = await list({ search: 'tatuape' });
    expect(byName.body.data.map((l: { name: string }) => l.name)).toEqual(['Bom Preço Tatuapé']);
    const campinas = await list({ search: 'campinas' });
    expect(campinas.body.data).toHaveLength(1);
    const inactive = await list({ active: 'false' });
    expect(inactive.body.data.map((l: { name: string }) => l.name)).toEqual(['Bom Preço Santo André']);
    const active = await list({ active: 'true' });
    expect(active.body.data.every((l: { active: boolean }) => l.active)).toBe(true);
    expect((await list({ search: '100%' })).body.data).toEqual([]);
  });

  it('folds accented capitals too: "agua" finds "ÁGUA BRANCA"', async () => {
    const { body: store } = await create(body({ name: 'ÁGUA BRANCA EXPRESS' }));
    expect((await list({ search: 'agua branca' })).body.data.map((l: { id: number }) => l.id)).toContain(store.id);
  });
});

describe('the seeded stores', () => {
  it('have a valid CNPJ, a phone, a seller id, opening hours and a delivery type', async () => {
    const res = await list({});
    const pinheiros = res.body.data.find((l: { name: string }) => l.name === 'Bom Preço Pinheiros');
    expect(pinheiros).toMatchObject({ seller_id: 'bompreco-pinheiros', phone: '+551130311200', delivery_type: 'both', picking_capacity: 40 });
    expect(pinheiros.opening_hours).toHaveLength(7);
    const seeded = await t.db.location.findMany({ where: { externalId: { not: null } }, select: { name: true, document: true, phone: true } });
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    for (const store of seeded) {
      expect(isValidCnpj(store.document ?? ''), store.name).toBe(true);
      expect(store.phone, store.name).toMatch(/^\+55\d{10,11}$/);
    }
    const atacado = await t.db.location.findFirstOrThrow({ where: { externalId: 'AT01' } });
    expect(atacado).toMatchObject({ document: '78901234000105', complement: 'Galpão 3' });
  });
});

describe('GET /api/location/delivery-type', () => {
  it('lists the three types with their Portuguese names', async () => {
    const res = await t.http.get('/api/location/delivery-type').set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 'delivery', name: 'Entrega' },
      { id: 'pickup', name: 'Retirada' },
      { id: 'both', name: 'Entrega e retirada' },
    ]);
  });

  it('keeps /api/location/minified for pickers', async () => {
    const res = await t.http.get('/api/location/minified').set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toHaveProperty('city');
  });
});

describe('GET, PUT and DELETE /api/location', () => {
  it('reads, replaces and deletes a store', async () => {
    const { body: created } = await create(body());
    const got = await t.http.get(`/api/location/${created.id}`).set(bearer(adminToken));
    expect(got.body).toEqual(created);
    const changed = { ...body({ name: 'Bom Preço Vila Mariana', delivery_type: 'pickup', picking_capacity: null, active: false }), id: created.id };
    changed.address = address({ zip_code: '04010-100', street: 'Rua Domingos de Morais', number: '2000', complement: null, neighborhood: 'Vila Mariana' });
    const put = await t.http.put('/api/location/').set(bearer(managerToken)).send(changed);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ id: created.id, name: 'Bom Preço Vila Mariana', delivery_type: 'pickup', picking_capacity: null, active: false });
    expect(put.body.address).toMatchObject({ street: 'Rua Domingos de Morais', complement: null, neighborhood: 'Vila Mariana' });
    const del = await t.http.delete(`/api/location/${created.id}`).set(bearer(adminToken));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Loja excluída com sucesso!');
    expectEnvelope((await t.http.get(`/api/location/${created.id}`).set(bearer(adminToken))).body, 'LOCATION_NOT_FOUND');
  });

  it('answers 404 to an unknown id', async () => {
    const res = await t.http.put('/api/location/').set(bearer(adminToken)).send({ ...body(), id: 999_999 });
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'LOCATION_NOT_FOUND');
  });
});

describe('DELETE /api/location/:id while the store is in use', () => {
  it('refuses with 409 naming the slots, promotions and flyers that use it, and deletes once they are gone', async () => {
    const { body: store } = await create(body({ name: 'Bom Preço Em Uso' }));
    const slot = await t.db.slot.create({
      data: { accountId: bomPreco, locationId: store.id, mode: 'delivery', weekday: 1, startMinute: 480, endMinute: 600, capacity: 10 },
    });
    const flyer = await t.http
      .post('/api/promotion-flyer')
      .set(bearer(adminToken))
      .send({ name: 'Encarte da loja', start_at: iso(-1), end_at: iso(5), location_ids: [store.id] });
    expect(flyer.status, JSON.stringify(flyer.body)).toBe(201);

    const refused = await t.http.delete(`/api/location/${store.id}`).set(bearer(adminToken));
    expect(refused.status).toBe(409);
    const error = expectEnvelope(refused.body, 'LOCATION_IN_USE');
    expect(error.message).toBe(
      'A loja "Bom Preço Em Uso" não pode ser excluída: ainda é usada por 1 janela de entrega ou retirada e 1 encarte. Remova esses vínculos ou desative a loja.',
    );
    const en = await t.http.delete(`/api/location/${store.id}`).set(bearer(adminToken)).set('accept-language', 'en');
    expect(en.body.error.message).toContain('1 delivery or pickup window and 1 flyer');

    await t.db.slot.delete({ where: { id: slot.id } });
    const promotion = await t.http.post('/api/promotion').set(bearer(adminToken)).send({
      name: 'Promoção da loja', description: 'Leite integral 1L', promotion_type: 'buy_pay', start_promotion: iso(-1), end_promotion: iso(5),
      benefits: { pay: 3, take: 4 }, trigger: { kind: 'quantity', quantity: 4 }, selected_offers: ['leite-integral-1l'], location_ids: [store.id],
    });
    expect(promotion.status, JSON.stringify(promotion.body)).toBe(201);
    await t.http.delete(`/api/promotion-flyer/${flyer.body.id}`).set(bearer(adminToken)).expect(200);
    const byPromotion = await t.http.delete(`/api/location/${store.id}`).set(bearer(adminToken));
    expect(byPromotion.status).toBe(409);
    expect(byPromotion.body.error.message).toContain('ainda é usada por 1 promoção.');

    await t.db.promotion.deleteMany({ where: { accountId: bomPreco, locationIds: { has: store.id } } });
    expect((await t.http.delete(`/api/location/${store.id}`).set(bearer(adminToken))).status).toBe(200);
  });

  it('keeps a store that a window starts using between the count and the delete', async () => {
    const { body: store } = await create(body({ name: 'Bom Preço Corrida' }));
    await t.db.slot.create({ data: { accountId: bomPreco, locationId: store.id, mode: 'pickup', weekday: 2, startMinute: 600, endMinute: 660, capacity: 5 } });
    const repo = createLocationsRepo(t.db);
    let counted = 0;
    // The first count misses the window, as if it had been added right after it.
    const racing = { ...repo, usage: async (a: number, id: number) => (counted++ ? repo.usage(a, id) : { slots: 0, promotions: 0, flyers: 0 }) };
    const service = createLocationsService({ repo: racing });
    const admin = await t.db.user.findUniqueOrThrow({ where: { email: DEMO.admin } });
    await expect(service.remove({ accountId: bomPreco, userId: admin.id }, store.id, 'pt-BR')).rejects.toMatchObject({
      status: 409,
      params: { uses: '1 janela de entrega ou retirada' },
    });
    expect(await t.db.location.count({ where: { id: store.id } })).toBe(1);
  });

  it('describes several uses of each kind', () => {
    expect(describeUses({ slots: 3, promotions: 2, flyers: 0, orders: 5 }, 'pt-BR')).toBe('3 janelas de entrega ou retirada, 2 promoções e 5 pedidos');
  });
});

describe('user-location', () => {
  it('links a member to stores: the member then sees only those stores, in the list and by id', async () => {
    const { body: a } = await create(body({ name: 'Bom Preço Equipe A' }));
    const { body: b } = await create(body({ name: 'Bom Preço Equipe B' }));
    expect((await list({}, managerToken)).body.data.length).toBeGreaterThan(2);

    const link = await t.http.post('/api/location/user-location').set(bearer(adminToken)).send({ location_id: a.id, user_id: managerId });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body).toMatchObject({ location_id: a.id, location_name: 'Bom Preço Equipe A', user_id: managerId, name: 'Juliana Alves', email: MANAGER });
    // Linking again changes nothing.
    expect((await t.http.post('/api/location/user-location').set(bearer(adminToken)).send({ location_id: a.id, user_id: managerId })).status).toBe(201);

    const users = await t.http.get('/api/location/user-location').query({ location_id: a.id }).set(bearer(adminToken));
    expect(users.body.data).toEqual([link.body]);

    const scoped = await list({}, managerToken);
    expect(scoped.body.data.map((l: { id: number }) => l.id)).toEqual([a.id]);
    expect(scoped.body.meta.total).toBe(1);
    expect((await t.http.get(`/api/location/${b.id}`).set(bearer(managerToken))).status).toBe(404);
    expect((await t.http.get(`/api/location/${a.id}`).set(bearer(managerToken))).status).toBe(200);
    // The stores picker (promotions, flyers) offers the same stores.
    const picker = await t.http.get('/api/location/minified').set(bearer(managerToken));
    expect(picker.body.data.map((l: { id: number }) => l.id)).toEqual([a.id]);

    const removed = await t.http.delete(`/api/location/user-location/${a.id}/${managerId}`).set(bearer(adminToken));
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Usuário desvinculado da loja.');
    expect((await list({}, managerToken)).body.meta.total).toBeGreaterThan(2);
    const again = await t.http.delete(`/api/location/user-location/${a.id}/${managerId}`).set(bearer(adminToken));
    expect(again.status).toBe(404);
    expectEnvelope(again.body, 'USER_LOCATION_NOT_FOUND');
  });

  it('gives a member linked only to a store that is deleted every store again, at once', async () => {
    const { body: c } = await create(body({ name: 'Bom Preço Equipe C' }));
    expect((await t.http.post('/api/location/user-location').set(bearer(adminToken)).send({ location_id: c.id, user_id: managerId })).status).toBe(201);
    expect((await list({}, managerToken)).body.data.map((l: { id: number }) => l.id)).toEqual([c.id]);
    expect((await t.http.delete(`/api/location/${c.id}`).set(bearer(adminToken))).status).toBe(200);
    expect((await list({}, managerToken)).body.meta.total).toBeGreaterThan(2);
  });

  it('leaves an admin who works at a store unlimited: admins see every store', async () => {
    const { body: a } = await create(body({ name: 'Bom Preço Equipe do Admin' }));
    const admin = await t.db.user.findUniqueOrThrow({ where: { email: DEMO.admin } });
    await t.http.post('/api/location/user-location').set(bearer(adminToken)).send({ location_id: a.id, user_id: admin.id }).expect(201);
    try {
      expect((await list({}, adminToken)).body.meta.total).toBeGreaterThan(1);
    } finally {
      await t.http.delete(`/api/location/user-location/${a.id}/${admin.id}`).set(bearer(adminToken)).expect(200);
    }
  });

  it('refuses a user who is not a member of the account', async () => {
    const { body: store } = await create(body());
    const outsider = await t.db.user.findUniqueOrThrow({ where: { email: DEMO.brand } });
    const res = await t.http.post('/api/location/user-location').set(bearer(adminToken)).send({ location_id: store.id, user_id: outsider.id });
    expect(res.status).toBe(404);
    expectEnvelope(res.body, 'USER_NOT_FOUND');
    expect(await t.db.userLocation.count({ where: { locationId: store.id } })).toBe(0);
  });
});

describe('authorisation', () => {
  let store: { id: number };
  beforeAll(async () => {
    store = (await create(body({ name: 'Bom Preço Matriz de Acesso' }))).body;
    await t.http.post('/api/location/user-location').set(bearer(adminToken)).send({ location_id: store.id, user_id: managerId }).expect(201);
    // The manager stays unlimited for the other tests: the link is only here to be read and refused.
  });
  afterAll(async () => {
    await t.db.userLocation.deleteMany({ where: { locationId: store.id } });
    await userStoresChanged(t, bomPreco, managerId);
  });

  const idOperations = () =>
    [
      ['get', () => t.http.get(`/api/location/${store.id}`)],
      ['update', () => t.http.put('/api/location/').send({ ...body(), id: store.id })],
      ['remove', () => t.http.delete(`/api/location/${store.id}`)],
      ['userLocations', () => t.http.get('/api/location/user-location').query({ location_id: store.id })],
      ['addUserLocation', () => t.http.post('/api/location/user-location').send({ location_id: store.id, user_id: managerId })],
      ['removeUserLocation', () => t.http.delete(`/api/location/user-location/${store.id}/${managerId}`)],
    ] as const;

  authorizationMatrix({
    operations: () => [
      ...idOperations(),
      ['list', () => t.http.get('/api/location')],
      ['create', () => t.http.post('/api/location/').send(body())],
      ['deliveryTypes', () => t.http.get('/api/location/delivery-type')],
      ['geocode', () => t.http.get('/api/location/geocode').query({ address: '05422-001' })],
    ],
    reads: ['get', 'list', 'userLocations', 'deliveryTypes', 'geocode'],
    idOperations,
    notFound: 'LOCATION_NOT_FOUND',
    tokens: () => ({ operator: operatorToken, otherAccount: atacadoToken }),
    snapshot: async () => ({
      store: await t.db.location.findUnique({ where: { id: store.id } }),
      links: await t.db.userLocation.findMany({ where: { locationId: store.id } }),
      count: await t.db.location.count(),
    }),
  });

  it('does not list another account’s stores', async () => {
    const res = await list({ search: 'Matriz de Acesso' }, atacadoToken);
    expect(res.body.data).toEqual([]);
  });
});
