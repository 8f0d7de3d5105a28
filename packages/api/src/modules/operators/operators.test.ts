import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf, isValidCpf, brazilianPhone, CreateOperatorBody, OperatorListQuery } from '@backoffice/contracts';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';
import { randomCpf } from '../../../test/fixtures/operators.ts';
import { seed } from '../../seed.ts';
import { createOperatorsRepo } from './operators.repo.ts';
import { createOperatorsService } from './operators.service.ts';
import { cpfFrom } from './operators.seed.ts';

const MANAGER = 'juliana.alves@varejo.test';

let t: TestApp;
let adminToken: string;
let managerToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let atacado: number;
/** Store ids by name (both accounts). */
const store = new Map<string, number>();
let seq = 0;

const body = (over: Record<string, unknown> = {}) => ({
  name: `Operador de Teste ${++seq}`,
  cpf: randomCpf(),
  phone: '(11) 98765-4321',
  email: 'operador.teste@bompreco.test',
  role: 'picker',
  location_ids: [store.get('Bom Preço Pinheiros')],
  ...over,
});
const deliverer = (over: Record<string, unknown> = {}) => body({ role: 'deliverer', vehicle: { type: 'motorcycle', plate: 'abc-1234' }, ...over });

const create = (b: Record<string, unknown>, token = adminToken) => t.http.post('/api/operator').set(bearer(token)).send(b);
const update = (id: number, b: Record<string, unknown>, token = adminToken) => t.http.put(`/api/operator/${id}`).set(bearer(token)).send(b);
const list = (query: Record<string, string | number | boolean>, token = adminToken) => t.http.get('/api/operator').query(query).set(bearer(token));
const names = (res: { body: { data: Array<{ name: string }> } }) => res.body.data.map((o) => o.name);
const snapshotOf = (id: number) => t.db.operator.findUnique({ where: { id }, include: { locations: { orderBy: { locationId: 'asc' } } } });

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  for (const l of await t.db.location.findMany({ select: { id: true, name: true } })) store.set(l.name, l.id);
  adminToken = await t.login(DEMO.admin);
  managerToken = await t.login(MANAGER);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
});
afterAll(() => t?.close());

describe('the contract’s own checks', () => {
  it('validates CPF check digits, formatted or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf(cpfFrom('418273605'))).toBe(true);
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });

  it('normalises Brazilian phones to E.164', () => {
    expect(brazilianPhone('(11) 98765-4321')).toBe('+5511987654321');
    expect(brazilianPhone('+55 11 98765-4321')).toBe('+5511987654321');
    expect(brazilianPhone('5511987654321')).toBe('+5511987654321');
    expect(brazilianPhone('(11) 3456-7890')).toBe('+551134567890');
    expect(brazilianPhone('+1 415 555 0100')).toBeNull();
    expect(brazilianPhone('(11) 8765-43210')).toBeNull();
    expect(brazilianPhone('(01) 98765-4321')).toBeNull();
    expect(brazilianPhone('telefone')).toBeNull();
  });

  it('parses a deliverer’s vehicle plate in both Brazilian formats', () => {
    const parse = (plate: string) => CreateOperatorBody.parse(deliverer({ location_ids: [1], vehicle: { type: 'car', plate } })).vehicle?.plate;
    expect(parse('abc-1234')).toBe('ABC1234');
    expect(parse('BRA2E19')).toBe('BRA2E19');
    expect(CreateOperatorBody.safeParse(deliverer({ location_ids: [1], vehicle: { type: 'car', plate: 'AB-12345' } })).success).toBe(false);
  });
});

describe('seed', () => {
  it('gives Bom Preço’s Pinheiros, Moema and Tatuapé 3–4 operators each and Atacado Guarulhos 2, with valid CPFs', async () => {
    for (const name of ['Bom Preço Pinheiros', 'Bom Preço Moema', 'Bom Preço Tatuapé', 'Atacado Guarulhos']) {
      const rows = await t.db.operator.findMany({ where: { locations: { some: { locationId: store.get(name) } } }, select: { cpf: true, role: true, accountId: true } });
      const own = rows.filter((r) => r.accountId === (name.startsWith('Atacado') ? atacado : bomPreco));
      expect(own.length, name).toBeGreaterThanOrEqual(name.startsWith('Atacado') ? 2 : 3);
      expect(own.every((r) => isValidCpf(r.cpf)), name).toBe(true);
    }
    const roles = new Set((await t.db.operator.findMany({ where: { accountId: bomPreco }, select: { role: true } })).map((r) => r.role));
    expect(roles).toEqual(new Set(['picker', 'deliverer', 'manager']));
    const deliverers = await t.db.operator.findMany({ where: { accountId: bomPreco, role: 'deliverer' }, select: { vehicle: true } });
    expect(deliverers.every((d) => d.vehicle && typeof d.vehicle === 'object')).toBe(true);
  });

  it('is idempotent (operators by CPF)', async () => {
    const before = await t.db.operator.count();
    await seed(t.db);
    expect(await t.db.operator.count()).toBe(before);
  });
});

describe('POST /api/operator', () => {
  it('adds a deliverer with the verbatim message, storing CPF digits, the E.164 phone and the plate as typed in either format', async () => {
    const cpf = randomCpf();
    const res = await create(deliverer({ name: '  Érica Conceição  ', cpf: formatCpf(cpf), email: 'Erica@Exemplo.COM', location_ids: [store.get('Bom Preço Moema'), store.get('Bom Preço Pinheiros')] }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Operador adicionado com sucesso!');
    expect(res.body.operator).toMatchObject({
      name: 'Érica Conceição',
      cpf,
      phone: '+5511987654321',
      email: 'erica@exemplo.com',
      role: 'deliverer',
      vehicle: { type: 'motorcycle', plate: 'ABC1234' },
      active: true,
      locations: [
        { id: store.get('Bom Preço Moema'), name: 'Bom Preço Moema' },
        { id: store.get('Bom Preço Pinheiros'), name: 'Bom Preço Pinheiros' },
      ],
    });
    const row = await t.db.operator.findUniqueOrThrow({ where: { id: res.body.operator.id }, include: { locations: true } });
    expect(row).toMatchObject({ accountId: bomPreco, cpf, phone: '+5511987654321' });
    expect(row.locations).toHaveLength(2);
    expect((await t.http.get(`/api/operator/${row.id}`).set(bearer(adminToken))).body).toEqual(res.body.operator);
  });

  it('adds a picker without phone or e-mail, and a deliverer by bicycle (no plate), a Mercosul plate and in English', async () => {
    const picker = await create(body({ phone: null, email: undefined }));
    expect(picker.status).toBe(201);
    expect(picker.body.operator).toMatchObject({ phone: null, email: null, vehicle: null });
    const bike = await create(deliverer({ vehicle: { type: 'bicycle' } }));
    expect(bike.body.operator.vehicle).toEqual({ type: 'bicycle', plate: null });
    const van = await create(deliverer({ vehicle: { type: 'van', plate: 'bra2e19' } })).set('accept-language', 'en');
    expect(van.body).toMatchObject({ message: 'Operator added successfully!', operator: { vehicle: { type: 'van', plate: 'BRA2E19' } } });
  });

  it.each([
    ['missing name', { name: undefined }, 'name'],
    ['CPF with wrong check digits', { cpf: '529.982.247-24' }, 'cpf'],
    ['CPF of one repeated digit', { cpf: '11111111111' }, 'cpf'],
    ['CPF of 10 digits', { cpf: '5299822472' }, 'cpf'],
    ['foreign phone', { phone: '+1 415 555 0100' }, 'phone'],
    ['phone without area code', { phone: '98765-4321' }, 'phone'],
    ['unknown role', { role: 'driver' }, 'role'],
    ['no store', { location_ids: [] }, 'location_ids'],
    ['bad e-mail', { email: 'nao-e-email' }, 'email'],
    ['a vehicle for a picker', { vehicle: { type: 'car', plate: 'ABC1234' } }, 'vehicle'],
    ['a deliverer without vehicle', { role: 'deliverer' }, 'vehicle'],
    ['a car without plate', { role: 'deliverer', vehicle: { type: 'car' } }, 'vehicle.plate'],
    ['a plate out of format', { role: 'deliverer', vehicle: { type: 'motorcycle', plate: 'AB12345' } }, 'vehicle.plate'],
    ['a bicycle with a plate', { role: 'deliverer', vehicle: { type: 'bicycle', plate: 'ABC1234' } }, 'vehicle.plate'],
    ['an unknown vehicle type', { role: 'deliverer', vehicle: { type: 'truck', plate: 'ABC1234' } }, 'vehicle.type'],
    ['unknown field', { salary: 2000 }, 'salary'],
  ])('refuses %s with a 400 naming the field, adding nothing', async (_, over, field) => {
    const before = await t.db.operator.count();
    const res = await create(body(over));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(error.details?.[0]?.field).toBe(field);
    expect(error.message).toContain(field);
    expect(await t.db.operator.count()).toBe(before);
  });

  it('refuses an unknown store and another account’s store alike (422 naming location_ids), adding nothing', async () => {
    const before = await t.db.operator.count();
    const unknown = await create(body({ location_ids: [store.get('Bom Preço Pinheiros'), 999_999] }));
    const theirs = await create(body({ location_ids: [store.get('Bom Preço Pinheiros'), store.get('Atacado Guarulhos')] }));
    for (const [res, id] of [[unknown, 999_999], [theirs, store.get('Atacado Guarulhos')]] as const) {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      const error = expectEnvelope(res.body, 'OPERATOR_LOCATIONS_UNKNOWN');
      expect(error.details?.[0]?.field).toBe('location_ids');
      expect(error.message).toBe(`Dados inválidos em "location_ids": lojas não encontradas nesta conta: ${id}.`);
    }
    expect(await t.db.operator.count()).toBe(before);
  });

  it('refuses a CPF already in the account (409 naming cpf), formatted or not; another account may have it', async () => {
    const cpf = randomCpf();
    expect((await create(body({ cpf }))).status).toBe(201);
    const before = await t.db.operator.count();
    for (const again of [cpf, formatCpf(cpf)]) {
      const res = await create(body({ cpf: again }));
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      const error = expectEnvelope(res.body, 'OPERATOR_CPF_TAKEN');
      expect(error.details?.[0]?.field).toBe('cpf');
      expect(error.message).toContain('cpf');
    }
    expect(await t.db.operator.count()).toBe(before);
    const elsewhere = await create(body({ cpf, location_ids: [store.get('Atacado Guarulhos')] }), atacadoToken);
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
  });

  it('lets two concurrent adds of one CPF make one operator (the other a 409)', async () => {
    const cpf = randomCpf();
    const answers = await Promise.all([create(body({ cpf })), create(body({ cpf }))]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.db.operator.count({ where: { accountId: bomPreco, cpf } })).toBe(1);
  });
});

describe('GET /api/operator', () => {
  let tag: string;
  beforeAll(async () => {
    tag = `Filtro${Date.now().toString(36)}`;
    const make = async (over: Record<string, unknown>) => expect((await create(body(over))).status).toBe(201);
    await make({ name: `Úrsula ${tag}`, role: 'manager', location_ids: [store.get('Bom Preço Tatuapé')] });
    await make({ name: `anderson ${tag}`, role: 'picker', active: false, location_ids: [store.get('Bom Preço Moema')] });
    await make({ name: `Álvaro ${tag}`, role: 'picker', location_ids: [store.get('Bom Preço Moema'), store.get('Bom Preço Tatuapé')] });
    await make({ name: `Bianca ${tag}`, role: 'deliverer', vehicle: { type: 'bicycle' }, location_ids: [store.get('Bom Preço Pinheiros')] });
  });

  it('pages the account’s operators by name, accents and case aside', async () => {
    const res = await list({ search: tag });
    expect(res.status).toBe(200);
    expect(names(res)).toEqual([`Álvaro ${tag}`, `anderson ${tag}`, `Bianca ${tag}`, `Úrsula ${tag}`]);
    expect(res.body.meta).toEqual({ page: 1, quantity: 50, total: 4, total_pages: 1 });
    const second = await list({ search: tag, quantity: 3, page: 2 });
    expect(names(second)).toEqual([`Úrsula ${tag}`]);
    expect(second.body.meta).toEqual({ page: 2, quantity: 3, total: 4, total_pages: 2 });
    const all = await list({ quantity: 500 });
    const folded = names(all).map((n) => n.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase());
    expect(folded).toEqual([...folded].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(all.body.data.every((o: { location_ids: number[] }) => o.location_ids.every((id) => ![store.get('Atacado Guarulhos')].includes(id)))).toBe(true);
  });

  it.each([
    ['location_id', () => ({ location_id: store.get('Bom Preço Tatuapé')! }), ['Álvaro', 'Úrsula']],
    ['role', () => ({ role: 'picker' }), ['Álvaro', 'anderson']],
    ['active=false', () => ({ active: 'false' }), ['anderson']],
    ['active=true and role', () => ({ active: 'true', role: 'deliverer' }), ['Bianca']],
  ])('filters by %s', async (_, query, expected) => {
    const res = await list({ search: tag, ...query() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(names(res)).toEqual(expected.map((n) => `${n} ${tag}`));
  });

  it('searches the name without accents or case, the CPF, the phone and the e-mail', async () => {
    const cpf = randomCpf();
    const made = await create(body({ name: 'Letícia Conceição Buscável', cpf, phone: '(21) 99123-8765', email: 'leticia.busca@exemplo.com' }));
    const id = made.body.operator.id;
    for (const search of ['leticia conceicao', 'LETÍCIA', formatCpf(cpf).slice(0, 7), cpf, '(21) 99123', '+5521991238765', 'Leticia.Busca@', 'exemplo.com']) {
      const res = await list({ search, quantity: 500 });
      expect(res.body.data.map((o: { id: number }) => o.id), search).toContain(id);
    }
    expect((await list({ search: 'Letícia Conceição Inexistente' })).body.data).toEqual([]);
    // Digits inside words are not a CPF or phone: "Filtro 991238" does not find her number.
    expect((await list({ search: `Filtro ${cpf.slice(2, 8)}`, quantity: 500 })).body.data.map((o: { id: number }) => o.id)).not.toContain(id);
    expect((await list({ search: '991238', quantity: 500 })).body.data.map((o: { id: number }) => o.id)).toContain(id);
    // LIKE wildcards are text.
    expect((await list({ search: '%' })).body.data).toEqual([]);
  });

  it('refuses an unknown role or active value naming the parameter', async () => {
    for (const [query, field] of [[{ role: 'driver' }, 'role'], [{ active: 'sim' }, 'active'], [{ location_id: 'x' }, 'location_id']] as const) {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe(field);
    }
  });
});

describe('PUT and DELETE /api/operator/:id', () => {
  it('replaces an operator with the verbatim message; a deliverer turned picker loses the vehicle', async () => {
    const created = (await create(deliverer())).body.operator;
    const res = await update(created.id, body({ name: 'Nome Novo', cpf: created.cpf, role: 'picker', active: false, location_ids: [store.get('Bom Preço Moema')] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Operador atualizado com sucesso!');
    expect(res.body.operator).toMatchObject({ id: created.id, name: 'Nome Novo', cpf: created.cpf, role: 'picker', vehicle: null, active: false, location_ids: [store.get('Bom Preço Moema')] });
    const row = await t.db.operator.findUniqueOrThrow({ where: { id: created.id }, include: { locations: true } });
    expect(row.vehicle).toBeNull();
    expect(row.locations.map((l) => l.locationId)).toEqual([store.get('Bom Preço Moema')]);
  });

  it('refuses another operator’s CPF (409) and a bad body (400), changing nothing', async () => {
    const a = (await create(body())).body.operator;
    const b = (await create(body())).body.operator;
    const before = await snapshotOf(b.id);
    const taken = await update(b.id, body({ cpf: a.cpf }));
    expect(taken.status).toBe(409);
    expect(expectEnvelope(taken.body, 'OPERATOR_CPF_TAKEN').details?.[0]?.field).toBe('cpf');
    const bad = await update(b.id, body({ cpf: b.cpf, role: 'deliverer' }));
    expect(bad.status).toBe(400);
    expect(expectEnvelope(bad.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('vehicle');
    const theirStore = await update(b.id, body({ cpf: b.cpf, location_ids: [store.get('Atacado Guarulhos')] }));
    expect(theirStore.status).toBe(422);
    expect(await snapshotOf(b.id)).toEqual(before);
  });

  it('removes an operator with the verbatim message, then answers 404', async () => {
    const created = (await create(body())).body.operator;
    const res = await t.http.delete(`/api/operator/${created.id}`).set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Operador removido com sucesso!' });
    expect(await t.db.operatorLocation.count({ where: { operatorId: created.id } })).toBe(0);
    for (const res2 of [
      await t.http.get(`/api/operator/${created.id}`).set(bearer(adminToken)),
      await t.http.delete(`/api/operator/${created.id}`).set(bearer(adminToken)),
      await update(created.id, body()),
    ]) {
      expect(res2.status).toBe(404);
      expect(expectEnvelope(res2.body, 'OPERATOR_NOT_FOUND').message).toBe('Operador não encontrado.');
    }
  });
});

describe('authorisation', () => {
  let own: number;
  let ownCpf: string;
  beforeAll(async () => {
    const created = (await create(deliverer({ name: 'Operador Protegido' }))).body.operator;
    own = created.id;
    ownCpf = created.cpf;
  });

  const operations = () =>
    [
      ['list', () => t.http.get('/api/operator')],
      ['get', () => t.http.get(`/api/operator/${own}`)],
      ['create', () => t.http.post('/api/operator').send(body())],
      ['update', () => t.http.put(`/api/operator/${own}`).send(body({ cpf: ownCpf, name: 'Invadido', location_ids: [store.get('Atacado Guarulhos')] }))],
      ['delete', () => t.http.delete(`/api/operator/${own}`)],
    ] as const;

  authorizationMatrix({
    operations,
    reads: ['list', 'get'],
    idOperations: () => operations().filter(([n]) => n !== 'list' && n !== 'create'),
    notFound: 'OPERATOR_NOT_FOUND',
    tokens: () => ({ operator: operatorToken, otherAccount: atacadoToken }),
    snapshot: () => snapshotOf(own),
  });

  it('leaves the operator out of another account’s list, and refuses its stores to that account', async () => {
    const theirs = await list({ quantity: 500 }, atacadoToken);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.map((o: { id: number }) => o.id)).not.toContain(own);
    expect(theirs.body.data.length).toBeGreaterThanOrEqual(2);
    expect((await list({ location_id: store.get('Bom Preço Pinheiros')! }, atacadoToken)).body.data).toEqual([]);
    const create2 = await create(body(), atacadoToken);
    expect(create2.status).toBe(422);
  });

  it('lets a manager write', async () => {
    const created = await create(body(), managerToken);
    expect(created.status).toBe(201);
    expect((await update(created.body.operator.id, body({ cpf: created.body.operator.cpf, name: 'Editado pela gerente' }), managerToken)).status).toBe(200);
    expect((await t.http.delete(`/api/operator/${created.body.operator.id}`).set(bearer(managerToken))).status).toBe(200);
  });
});

describe('store scope (a user limited to some stores)', () => {
  it('lists and opens only operators of the user’s stores, and assigns only those (keeping the operator’s others)', async () => {
    const pinheiros = store.get('Bom Preço Pinheiros')!;
    const moema = store.get('Bom Preço Moema')!;
    const tatuape = store.get('Bom Preço Tatuapé')!;
    const service = createOperatorsService({ repo: createOperatorsRepo(t.db), scope: async () => [pinheiros] });
    const all = createOperatorsService({ repo: createOperatorsRepo(t.db), scope: async () => null });
    const caller = { accountId: bomPreco, userId: 1 };
    const input = (over: Record<string, unknown>) => CreateOperatorBody.parse(body(over));

    const both = await all.create(caller, input({ name: 'Escopo Duas Lojas', location_ids: [pinheiros, moema] }));
    const elsewhere = await all.create(caller, input({ name: 'Escopo Fora', location_ids: [tatuape] }));

    const listed = await service.list(caller, OperatorListQuery.parse({ quantity: 500 }));
    const ids = listed.data.map((o) => o.id);
    expect(ids).toContain(both.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(listed.data.every((o) => o.location_ids.includes(pinheiros))).toBe(true);
    expect((await service.list(caller, OperatorListQuery.parse({ quantity: 500, location_id: tatuape }))).data).toEqual([]);

    await expect(service.get(caller, elsewhere.id)).rejects.toMatchObject({ status: 404, code: 'OPERATOR_NOT_FOUND' });
    await expect(service.update(caller, elsewhere.id, input({ location_ids: [pinheiros] }))).rejects.toMatchObject({ status: 404 });
    await expect(service.remove(caller, elsewhere.id)).rejects.toMatchObject({ status: 404 });
    await expect(service.create(caller, input({ location_ids: [tatuape] }))).rejects.toMatchObject({ status: 422, code: 'OPERATOR_LOCATIONS_UNKNOWN' });

    // An edit keeps the store the user does not see but may not add one.
    const kept = await service.update(caller, both.id, input({ cpf: both.cpf, name: 'Escopo Editado', location_ids: [pinheiros, moema] }));
    expect(kept.location_ids.sort()).toEqual([pinheiros, moema].sort());
    await expect(service.update(caller, both.id, input({ cpf: both.cpf, location_ids: [pinheiros, tatuape] }))).rejects.toMatchObject({ status: 422 });
    expect(await all.get(caller, elsewhere.id)).toMatchObject({ name: 'Escopo Fora' });
  });

  it('applies the user-location links of the caller through the API', async () => {
    const pinheiros = store.get('Bom Preço Pinheiros')!;
    const manager = await t.db.user.findUniqueOrThrow({ where: { email: MANAGER }, select: { id: true } });
    const link = await t.http.post('/api/location/user-location').set(bearer(adminToken)).send({ location_id: pinheiros, user_id: manager.id });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    try {
      const outside = (await create(body({ name: 'Fora do Escopo da Gerente', location_ids: [store.get('Bom Preço Tatuapé')] }))).body.operator;
      const listed = await list({ quantity: 500 }, managerToken);
      expect(listed.status).toBe(200);
      expect(listed.body.data.length).toBeGreaterThan(0);
      expect(listed.body.data.every((o: { location_ids: number[] }) => o.location_ids.includes(pinheiros))).toBe(true);
      expect((await t.http.get(`/api/operator/${outside.id}`).set(bearer(managerToken))).status).toBe(404);
      expect((await t.http.get(`/api/operator/${outside.id}`).set(bearer(adminToken))).status).toBe(200);
    } finally {
      await t.http.delete(`/api/location/user-location/${pinheiros}/${manager.id}`).set(bearer(adminToken));
    }
  });
});
