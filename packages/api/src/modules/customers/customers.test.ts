import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCpf, type Customer } from '@backoffice/contracts';
import { createTestApp, DEMO, DEMO_PASSWORD, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { customerBody, PINHEIROS_ADDRESS } from '../../../test/fixtures/customers.ts';
import { moduleIds } from '../../db/access-modules.ts';
import { hashPassword } from '../../lib/password.ts';
import { startOfBusinessDay } from '../../lib/business-day.ts';
import { dashboardPeriod } from './customer-dashboard.ts';

const MANAGER = 'juliana.alves@varejo.test';

let t: TestApp;
let adminToken: string;
let managerToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
/** Store ids by name. */
const store = new Map<string, number>();
let seq = 0;

type Body = Record<string, unknown>;
const body = (over: Body = {}): Body => ({ ...customerBody(`Cliente de Teste ${++seq}`), ...over });
const create = (b: Body, token = adminToken) => t.http.post('/api/customer/').set(bearer(token)).send(b);
const update = (b: Body, token = adminToken) => t.http.put('/api/customer/').set(bearer(token)).send(b);
const get = (id: number, token = adminToken) => t.http.get(`/api/customer/${id}`).set(bearer(token));
const search = (query: Record<string, string | number>, token = adminToken) => t.http.get('/search/customers').query(query).set(bearer(token));
const created = async (b: Body = body()): Promise<Customer> => {
  const res = await create(b);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.customer as Customer;
};
/** The PUT body that keeps a customer as it is (its addresses by id). */
const asBody = (c: Customer): Body => ({
  id: c.id,
  name: c.name,
  description: c.description,
  cpf: c.cpf,
  phone: c.phone,
  email: c.email,
  birth_date: c.birth_date,
  seller_id: c.seller_id,
  tags: c.tags,
  opt_in: c.opt_in,
  addresses: c.addresses.map((a) => ({
    id: a.id,
    label: a.label,
    zip_code: a.zip_code,
    street: a.street,
    number: a.number,
    complement: a.complement,
    neighborhood: a.neighborhood,
    city: a.city,
    state: a.state,
    is_default: a.is_default,
  })),
});

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  const atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  for (const l of await t.db.location.findMany({ where: { accountId: bomPreco }, select: { id: true, name: true } })) store.set(l.name, l.id);
  adminToken = await t.login(DEMO.admin);
  managerToken = await t.login(MANAGER);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
});
afterAll(() => t?.close());

describe('create, read and update', () => {
  it('creates a customer: the spec’s message, CPF in digits, phone in E.164, the address geocoded with its serving store', async () => {
    const res = await create(body({ cpf: '529.982.247-25', phone: '(11) 98123-4567', email: 'Maria.Souza@Exemplo.com.br', name: '  Maria Souza  ' }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Cliente criado com sucesso');
    const c = res.body.customer as Customer;
    expect(c).toMatchObject({ name: 'Maria Souza', cpf: '52998224725', phone: '+5511981234567', email: 'maria.souza@exemplo.com.br', tags: ['vip', 'app'], opt_in: true });
    expect(c.opt_in_at).not.toBeNull();
    expect(c.addresses).toHaveLength(1);
    expect(c.addresses[0]).toMatchObject({
      zip_code: '05422-001',
      street: 'Rua dos Pinheiros',
      is_default: true,
      latitude: -23.5653,
      longitude: -46.6856,
      location_id: store.get('Bom Preço Pinheiros'),
      location_name: 'Bom Preço Pinheiros',
      region_name: 'Pinheiros',
    });
    expect((await get(c.id)).body).toEqual(c);
  });

  it('answers in English when asked', async () => {
    const res = await create(body()).set('accept-language', 'en');
    expect(res.body.message).toBe('Customer created successfully');
  });

  it('needs only a name (spec §5); the first address is the default when none is marked', async () => {
    const bare = await created({ name: 'Só Nome' });
    expect(bare).toMatchObject({ cpf: null, phone: null, email: null, birth_date: null, tags: [], opt_in: false, opt_in_at: null, addresses: [] });
    const two = await created({
      name: 'Dois Endereços',
      addresses: [
        { ...PINHEIROS_ADDRESS, is_default: false },
        { ...PINHEIROS_ADDRESS, label: 'Trabalho', is_default: false },
      ],
    });
    expect(two.addresses.map((a) => a.is_default).sort()).toEqual([false, true]);
    expect(two.addresses[0]).toMatchObject({ label: 'Casa', is_default: true });
  });

  it('saves an address the geocoder does not know without a point or a store (not an error)', async () => {
    const c = await created(
      body({ addresses: [{ zip_code: '69900-000', street: 'Rua Inexistente do Acre', number: '1', city: 'Rio Branco', state: 'AC', is_default: true }] }),
    );
    expect(c.addresses[0]).toMatchObject({ latitude: null, longitude: null, location_id: null, region_id: null, location_name: null });
  });

  it('serves an address in Moema from Bom Preço Moema, and one outside every region from no store', async () => {
    const c = await created(
      body({
        addresses: [
          { zip_code: '04077-020', street: 'Avenida Moema', number: '300', neighborhood: 'Moema', city: 'São Paulo', state: 'SP', is_default: true },
          { zip_code: '05422-001', street: 'Rua dos Pinheiros', number: '10', neighborhood: 'Pinheiros', city: 'Campinas', state: 'SP' },
        ],
      }),
    );
    expect(c.addresses[0]).toMatchObject({ location_name: 'Bom Preço Moema', region_name: 'Moema' });
  });

  it('updates a customer: the spec’s message; a changed address is geocoded again, an unchanged one keeps its store; removed ones go', async () => {
    const c = await created(body({ addresses: [PINHEIROS_ADDRESS, { ...PINHEIROS_ADDRESS, label: 'Trabalho', is_default: false }] }));
    const next = asBody(c);
    const addresses = next.addresses as Body[];
    const res = await update({
      ...next,
      name: 'Nome Novo',
      tags: ['atacado'],
      addresses: [{ ...addresses[0], number: '900', complement: 'Casa 3' }, { zip_code: '04077-020', street: 'Avenida Moema', number: '55', neighborhood: 'Moema', city: 'São Paulo', state: 'SP' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Cliente atualizado com sucesso');
    const u = res.body.customer as Customer;
    expect(u).toMatchObject({ id: c.id, name: 'Nome Novo', tags: ['atacado'], cpf: c.cpf, created_at: c.created_at });
    expect(u.addresses).toHaveLength(2);
    expect(u.addresses[0]).toMatchObject({ id: c.addresses[0]!.id, number: '900', complement: 'Casa 3', location_name: 'Bom Preço Pinheiros' });
    expect(u.addresses[1]).toMatchObject({ street: 'Avenida Moema', location_name: 'Bom Preço Moema', is_default: false });
    expect(await t.db.customerAddress.count({ where: { id: c.addresses[1]!.id } })).toBe(0);
  });

  it('keeps the time of consent while it lasts and clears it when withdrawn', async () => {
    const c = await created(body({ opt_in: true }));
    const kept = (await update({ ...asBody(c), name: 'Outro Nome' })).body.customer as Customer;
    expect(kept.opt_in_at).toBe(c.opt_in_at);
    const out = (await update({ ...asBody(c), opt_in: false })).body.customer as Customer;
    expect(out).toMatchObject({ opt_in: false, opt_in_at: null });
  });

  it('lets attendants (operators) register and update customers, but not choose their seller', async () => {
    const c = (await create(body(), operatorToken)).body.customer as Customer;
    expect(c.id).toBeGreaterThan(0);
    expect((await update({ ...asBody(c), name: 'Atualizado pelo atendente' }, operatorToken)).status).toBe(200);
    const refused = await create(body({ seller_id: 'vend-01' }), operatorToken);
    expect(refused.status).toBe(403);
    expectEnvelope(refused.body, 'CUSTOMER_SELLER_ID_ROLE');
    expect((await create(body({ seller_id: 'vend-01' }), managerToken)).body.customer.seller_id).toBe('vend-01');
  });

  it('refuses an address id that is not the customer’s (422 naming it), and changes nothing', async () => {
    const a = await created();
    const b = await created();
    const before = await get(b.id);
    const res = await update({ ...asBody(b), addresses: [{ ...PINHEIROS_ADDRESS, id: a.addresses[0]!.id }] });
    expect(res.status).toBe(422);
    expect(expectEnvelope(res.body, 'CUSTOMER_ADDRESS_UNKNOWN').details?.[0]?.field).toBe('addresses.0.id');
    expect((await get(b.id)).body).toEqual(before.body);
  });
});

describe('duplicates', () => {
  it('refuses a CPF another customer of the account has: 409 naming the field', async () => {
    const c = await created();
    const res = await create(body({ cpf: c.cpf }));
    expect(res.status).toBe(409);
    const error = expectEnvelope(res.body, 'CUSTOMER_CPF_TAKEN');
    expect(error.message).toBe('Já existe um cliente com este CPF.');
    expect(error.details).toEqual([{ field: 'cpf', code: 'unique', message: 'Já existe um cliente com este CPF.' }]);
  });

  it('refuses a phone another customer has, whatever its format: 409 naming the field', async () => {
    const c = await created();
    const digits = c.phone!.slice(3);
    const res = await create(body({ phone: `${digits.slice(0, 2)} ${digits.slice(2, 7)}-${digits.slice(7)}` }));
    expect(res.status).toBe(409);
    const error = expectEnvelope(res.body, 'CUSTOMER_PHONE_TAKEN');
    expect(error.message).toBe('Já existe um cliente com este telefone.');
    expect(error.details?.[0]?.field).toBe('phone');
  });

  it('refuses taking another customer’s CPF on update, and accepts keeping one’s own', async () => {
    const a = await created();
    const b = await created();
    expect((await update({ ...asBody(b), cpf: a.cpf })).status).toBe(409);
    expect((await update(asBody(b))).status).toBe(200);
  });

  it('accepts the same CPF and phone in another account', async () => {
    const c = await created();
    const res = await create(body({ cpf: c.cpf, phone: c.phone }), atacadoToken);
    expect(res.status).toBe(201);
  });
});

describe('bad input: 400 naming the field', () => {
  const refused = async (over: Body, field: string, message?: string) => {
    const res = await create(body(over));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    const detail = error.details?.find((d) => d.field === field);
    expect(detail, JSON.stringify(error.details)).toBeDefined();
    if (message) expect(detail!.message).toBe(message);
  };

  it('a CPF whose check digits are wrong', () => refused({ cpf: '529.982.247-24' }, 'cpf', 'CPF inválido: confira os dígitos.'));
  it('a phone that is not Brazilian', () => refused({ phone: '+1 415 555 0100' }, 'phone'));
  it('a landline where a mobile is asked', () => refused({ phone: '(11) 3456-7890' }, 'phone', 'Informe um celular brasileiro com DDD: (11) 98765-4321.'));
  it('no name', () => refused({ name: '' }, 'name'));
  it('an e-mail', () => refused({ email: 'maria@' }, 'email'));
  it('a birth date in the future', () => refused({ birth_date: '2999-01-01' }, 'birth_date'));
  it('more than 20 tags', () => refused({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'));
  it('a CEP', () => refused({ addresses: [{ ...PINHEIROS_ADDRESS, zip_code: '0542' }] }, 'addresses.0.zip_code'));
  it('a state', () => refused({ addresses: [{ ...PINHEIROS_ADDRESS, state: 'XX' }] }, 'addresses.0.state'));
  it('two default addresses', () =>
    refused({ addresses: [PINHEIROS_ADDRESS, { ...PINHEIROS_ADDRESS, label: 'Outra' }] }, 'addresses.1.is_default', 'Apenas um endereço pode ser o principal.'));
});

describe('another account’s customer', () => {
  it('is 404 on read, update, export, anonymise and audit, and nothing changes', async () => {
    const c = await created();
    const before = await t.db.customer.findUnique({ where: { id: c.id }, include: { addresses: true, audits: true } });
    const calls = [
      get(c.id, atacadoToken),
      update({ ...asBody(c), name: 'Invasor' }, atacadoToken),
      t.http.get(`/api/customer/${c.id}/export`).set(bearer(atacadoToken)),
      t.http.post(`/api/customer/${c.id}/anonymize`).set(bearer(atacadoToken)),
      t.http.get(`/api/customer/${c.id}/audit`).set(bearer(atacadoToken)),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(expectEnvelope(res.body, 'CUSTOMER_NOT_FOUND').message).toBe('Cliente não encontrado.');
    }
    expect(await t.db.customer.findUnique({ where: { id: c.id }, include: { addresses: true, audits: true } })).toEqual(before);
  });

  it('is not found by search', async () => {
    const c = await created(body({ name: 'Cliente Exclusivo Zanzibar' }));
    expect((await search({ search: 'zanzibar' }, atacadoToken)).body.data).toEqual([]);
    expect((await search({ search: 'zanzibar' })).body.data.map((r: { id: number }) => r.id)).toEqual([c.id]);
  });
});

describe('search', () => {
  let joao: Customer;
  beforeAll(async () => {
    joao = await created(
      body({ name: 'João Conceição Araújo', cpf: '390.533.447-05', phone: '(11) 99731-2468', email: 'joao.araujo@provedor.com.br', tags: ['vip', 'busca'], opt_in: false }),
    );
  });
  const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((r) => r.id);

  it('finds a name without accents or capitals', async () => {
    expect(ids(await search({ search: 'joao conceicao' }))).toContain(joao.id);
    expect(ids(await search({ search: 'ARAUJO' }))).toContain(joao.id);
  });

  it('finds a CPF in digits or formatted, and a phone in any format', async () => {
    for (const q of ['39053344705', '390.533.447-05', '390.533', '(11) 99731-2468', '11997312468', '+55 11 99731-2468', '99731-2468']) {
      expect(ids(await search({ search: q })), q).toEqual([joao.id]);
    }
  });

  it('finds an e-mail', async () => {
    expect(ids(await search({ search: 'joao.araujo@provedor' }))).toEqual([joao.id]);
  });

  it('filters by tag, opt-in and serving store, and answers the list’s shape', async () => {
    const res = await search({ tag: 'busca', opt_in: 'false', location_id: store.get('Bom Preço Pinheiros')! });
    expect(ids(res)).toEqual([joao.id]);
    expect(res.body.data[0]).toMatchObject({
      name: 'João Conceição Araújo',
      city: 'São Paulo',
      neighborhood: 'Pinheiros',
      store: { id: store.get('Bom Preço Pinheiros'), name: 'Bom Preço Pinheiros' },
    });
    expect(ids(await search({ tag: 'busca', opt_in: 'true' }))).toEqual([]);
    expect(ids(await search({ tag: 'busca', location_id: store.get('Bom Preço Moema')! }))).toEqual([]);
  });

  it('pages by 50 by default, by name, and sorts by registration newest first', async () => {
    const page = await search({});
    expect(page.body.meta).toMatchObject({ page: 1, quantity: 50 });
    expect(page.body.data).toHaveLength(50);
    expect(page.body.meta.total).toBeGreaterThanOrEqual(300);
    const names = page.body.data.map((r: { name: string }) => r.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase());
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const newest = await search({ order_by: 'created_at', quantity: 5 });
    const times = newest.body.data.map((r: { created_at: string }) => r.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('LGPD', () => {
  it('exports everything held on a customer as a JSON attachment, and audits the export', async () => {
    const c = await created();
    const locationId = store.get('Bom Preço Pinheiros')!;
    const product = await t.db.product.findFirstOrThrow({ where: { accountId: bomPreco }, select: { id: true, name: true } });
    await t.db.shoppingCart.create({
      data: {
        accountId: bomPreco,
        customerId: c.id,
        locationId,
        status: 'approved',
        listText: '2kg de arroz',
        subTotalCents: 2590n,
        discountCents: 100n,
        totalCents: 2490n,
        items: {
          create: [{ position: 1, detail: '2kg de arroz', query: 'arroz', quantity: 2, unitMeasurement: 'un', status: 'confirmed', productId: product.id, unitPriceCents: 1295n, subTotalCents: 2590n }],
        },
      },
    });
    const res = await t.http.get(`/api/customer/${c.id}/export`).set(bearer(managerToken));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="cliente-${c.id}-dados-pessoais.json"`);
    expect(res.body.customer).toEqual((await get(c.id)).body);
    expect(res.body.account).toEqual({ id: bomPreco, name: 'Supermercado Bom Preço' });
    expect(res.body.shopping_carts).toHaveLength(1);
    expect(res.body.shopping_carts[0]).toMatchObject({ status: 'approved', location_name: 'Bom Preço Pinheiros', list_text: '2kg de arroz', sub_total: 25.9, discount: 1, total: 24.9 });
    expect(res.body.shopping_carts[0].items[0]).toMatchObject({ detail: '2kg de arroz', product_id: product.id, product_name: product.name, unit_price: 12.95, quantity: 2 });
    expect(res.body.audit.map((a: { action: string }) => a.action)).toEqual(['create']);
    const rows = await t.db.customerAudit.findMany({ where: { customerId: c.id }, orderBy: { id: 'asc' }, include: { user: { select: { email: true } } } });
    expect(rows.map((r) => [r.action, r.user?.email])).toEqual([
      ['create', DEMO.admin],
      ['export', MANAGER],
    ]);
  });

  it('leaves export, audit and anonymisation to those who may', async () => {
    const c = await created();
    expect((await t.http.get(`/api/customer/${c.id}/export`).set(bearer(operatorToken))).status).toBe(403);
    expect((await t.http.get(`/api/customer/${c.id}/audit`).set(bearer(operatorToken))).status).toBe(403);
    expect((await t.http.post(`/api/customer/${c.id}/anonymize`).set(bearer(managerToken))).status).toBe(403);
  });

  it('anonymises: personal fields erased, addresses reduced to city, state and store, audited; then no edit and no second time', async () => {
    const c = await created(body({ seller_id: 'vend-02', description: 'Mora com a mãe' }));
    const res = await t.http.post(`/api/customer/${c.id}/anonymize`).set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Cliente anonimizado com sucesso.');
    const a = res.body.customer as Customer;
    expect(a).toMatchObject({ id: c.id, name: 'Cliente anonimizado', description: null, cpf: null, phone: null, email: null, birth_date: null, tags: [], opt_in: false, opt_in_at: null });
    expect(a.anonymized_at).not.toBeNull();
    expect(a.addresses[0]).toMatchObject({
      label: null, zip_code: '', street: '', number: '', complement: null, neighborhood: null, latitude: null, longitude: null,
      city: 'São Paulo', state: 'SP', location_id: store.get('Bom Preço Pinheiros'),
    });
    const row = await t.db.customer.findUniqueOrThrow({ where: { id: c.id } });
    expect(JSON.stringify(row)).not.toContain(c.cpf!);
    expect(JSON.stringify(await t.db.customerAddress.findMany({ where: { customerId: c.id } }))).not.toContain('Pinheiros"');

    const edit = await update({ ...asBody(c), name: 'De Volta' });
    expect(edit.status).toBe(409);
    expectEnvelope(edit.body, 'CUSTOMER_IS_ANONYMIZED');
    const again = await t.http.post(`/api/customer/${c.id}/anonymize`).set(bearer(adminToken));
    expect(again.status).toBe(409);
    expectEnvelope(again.body, 'CUSTOMER_ALREADY_ANONYMIZED');
    // The CPF is free again.
    expect((await create(body({ cpf: c.cpf }))).status).toBe(201);

    const trail = await t.http.get(`/api/customer/${c.id}/audit`).set(bearer(managerToken));
    expect(trail.body.data.map((e: { action: string }) => e.action)).toEqual(['anonymize', 'create']);
  });

  it('shows who did what when, with the names of the changed fields and never their values', async () => {
    const c = await created(body({ tags: [] }));
    await update({ ...asBody(c), email: 'novo.email@exemplo.com.br', tags: ['vip'] }, operatorToken);
    await update(asBody({ ...c, email: 'novo.email@exemplo.com.br', tags: ['vip'] }));
    await t.http.get(`/api/customer/${c.id}/export`).set(bearer(adminToken));
    const res = await t.http.get(`/api/customer/${c.id}/audit`).set(bearer(adminToken));
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(3);
    const [exported, updated, createdEntry] = res.body.data;
    expect(exported).toMatchObject({ action: 'export', user: { name: 'Ana Paula Souza' }, fields: [] });
    expect(updated).toMatchObject({ action: 'update', user: { email: DEMO.operator, name: 'Carlos Eduardo Lima' }, fields: ['email', 'tags'] });
    expect(createdEntry.action).toBe('create');
    expect(createdEntry.fields).toEqual(expect.arrayContaining(['name', 'cpf', 'phone', 'email', 'birth_date', 'opt_in', 'addresses']));
    expect(JSON.stringify(res.body)).not.toContain('novo.email');
    const rows = await t.db.customerAudit.findMany({ where: { customerId: c.id } });
    expect(JSON.stringify(rows.map((r) => r.details))).not.toContain('novo.email');
  });
});

describe('dashboard', () => {
  let token: string;
  let storeA: number;
  let storeB: number;

  /** A grocery account of its own with two stores, so the numbers are the test's only. */
  beforeAll(async () => {
    const account = await t.db.account.create({ data: { slug: 'dash-clientes', name: 'Mercado do Painel', type: 'grocery', retailMediaRole: 'none' }, select: { id: true } });
    await t.db.accountAccessModule.createMany({ data: moduleIds('customers').map((moduleId) => ({ accountId: account.id, moduleId })) });
    const user = await t.db.user.create({ data: { email: 'painel@clientes.test', name: 'Dona do Painel', passwordHash: await hashPassword(DEMO_PASSWORD) } });
    await t.db.membership.create({ data: { accountId: account.id, userId: user.id, role: 'admin', status: 'active', allModules: true } });
    storeA = (await t.db.location.create({ data: { accountId: account.id, name: 'Loja A', city: 'São Paulo', state: 'SP' } })).id;
    storeB = (await t.db.location.create({ data: { accountId: account.id, name: 'Loja B', city: 'São Paulo', state: 'SP' } })).id;
    token = await t.login('painel@clientes.test');

    // São Paulo days 2026-03-01..03 (UTC-3): 10:00 local is 13:00Z.
    const at = (day: string, hour = 10) => new Date(startOfBusinessDay(day).getTime() + hour * 3_600_000);
    const customer = async (name: string, createdAt: Date, storeId: number | null, optIn = false) => {
      const c = await t.db.customer.create({ data: { accountId: account.id, name, createdAt, optIn } });
      if (storeId !== null || name === 'Sem Loja') {
        await t.db.customerAddress.create({
          data: { accountId: account.id, customerId: c.id, zipCode: '05422-001', street: 'Rua', number: '1', city: 'São Paulo', state: 'SP', isDefault: true, locationId: storeId },
        });
      }
      return c.id;
    };
    const cart = (customerId: number, locationId: number, createdAt: Date, status: 'approved' | 'link_sent' | 'opened' | 'in_review' | 'deleted', totalReais: number) =>
      t.db.shoppingCart.create({ data: { accountId: account.id, customerId, locationId, createdAt, status, listText: 'x', totalCents: BigInt(totalReais * 100) } });

    const old = await customer('Cliente Antiga', at('2026-02-10'), storeA, true);
    const ana = await customer('Ana Nova', at('2026-03-01'), storeA, true);
    await customer('Bia Nova', at('2026-03-01', 23), storeB);
    const caio = await customer('Caio Novo', at('2026-03-03'), null);
    await customer('Sem Loja', at('2026-03-02'), null);
    await customer('Depois do Período', at('2026-03-05'), storeA);
    // Ana comes back on the 2nd and the 3rd, twice on the 3rd; the old customer on the 1st and 3rd.
    await cart(ana, storeA, at('2026-03-01', 12), 'in_review', 10);
    await cart(ana, storeA, at('2026-03-02'), 'approved', 100);
    await cart(ana, storeA, at('2026-03-03'), 'link_sent', 50);
    await cart(ana, storeB, at('2026-03-03', 15), 'opened', 25.5);
    await cart(old, storeA, at('2026-03-01'), 'approved', 300);
    await cart(old, storeB, at('2026-03-03'), 'deleted', 999);
    // Caio has no address: his store is his latest cart's.
    await cart(caio, storeB, at('2026-03-03', 11), 'in_review', 5);
    // São Paulo's 2026-03-03 ends at 02:59:59Z on the 4th: a cart at 23:30 local counts on the 3rd.
    await cart(old, storeA, new Date(startOfBusinessDay('2026-03-03').getTime() + 23.5 * 3_600_000), 'approved', 1);
  });

  const dashboard = (query: Record<string, string | number>) => t.http.get('/api/customer/dashboard').query(query).set(bearer(token));

  it('counts new and returning customers per São Paulo day, dense, with totals and the top spenders', async () => {
    const res = await dashboard({ from: '2026-02-28', to: '2026-03-04' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.per_day).toEqual([
      { date: '2026-02-28', new_customers: 0, returning_customers: 0 },
      { date: '2026-03-01', new_customers: 2, returning_customers: 1 },
      { date: '2026-03-02', new_customers: 1, returning_customers: 1 },
      { date: '2026-03-03', new_customers: 1, returning_customers: 2 },
      { date: '2026-03-04', new_customers: 0, returning_customers: 0 },
    ]);
    expect(res.body.totals).toEqual({ customers: 5, new_customers: 4, returning_customers: 2, customers_with_carts: 3, opt_in: 2, spend: 476.5 });
    expect(res.body.top_customers).toEqual([
      { id: expect.any(Number), name: 'Cliente Antiga', carts: 2, spend: 301 },
      { id: expect.any(Number), name: 'Ana Nova', carts: 3, spend: 175.5 },
    ]);
    expect(res.body.by_store).toEqual([
      { location_id: storeA, location_name: 'Loja A', customers: 2, new_customers: 1, returning_customers: 2 },
      { location_id: storeB, location_name: 'Loja B', customers: 2, new_customers: 2, returning_customers: 2 },
      { location_id: null, location_name: null, customers: 1, new_customers: 1, returning_customers: 0 },
    ]);
  });

  it('limits everything to one store', async () => {
    const res = await dashboard({ from: '2026-03-01', to: '2026-03-03', location_id: storeB });
    expect(res.body.totals).toEqual({ customers: 2, new_customers: 2, returning_customers: 2, customers_with_carts: 3, opt_in: 0, spend: 25.5 });
    expect(res.body.per_day.map((d: { returning_customers: number }) => d.returning_customers)).toEqual([0, 0, 2]);
    expect(res.body.by_store.map((s: { location_id: number }) => s.location_id)).toEqual([storeB]);
  });

  it('refuses a period longer than 366 days or backwards, naming `to`', async () => {
    for (const q of [{ from: '2025-01-01', to: '2026-03-01' }, { from: '2026-03-02', to: '2026-03-01' }]) {
      const res = await dashboard(q);
      expect(res.status).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('to');
    }
  });

  it('defaults to the last 30 São Paulo days', () => {
    expect(dashboardPeriod({}, new Date('2026-03-31T02:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(dashboardPeriod({ from: '2020-01-01' }, new Date('2026-03-31T12:00:00Z'))).toEqual({ from: '2025-03-31', to: '2026-03-31' });
  });

  it('is for members with the customers dashboard module', async () => {
    expect((await t.http.get('/api/customer/dashboard').set(bearer(adminToken))).status).toBe(200);
  });
});

describe('seed', () => {
  it('gives Bom Preço about 300 customers with valid CPFs, São Paulo mobiles and served addresses over the last 90 days', async () => {
    const rows = await t.db.customer.findMany({
      where: { accountId: bomPreco, name: { not: { startsWith: 'Cliente de Teste' } }, cpf: { not: null }, createdAt: { lt: new Date(Date.now() - 60_000) } },
      select: { cpf: true, phone: true, createdAt: true, tags: true, optIn: true, addresses: { select: { isDefault: true, locationId: true, latitude: true } } },
    });
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(rows.every((r) => isValidCpf(r.cpf!))).toBe(true);
    expect(rows.every((r) => /^\+55119\d{8}$/.test(r.phone!))).toBe(true);
    expect(rows.every((r) => r.createdAt.getTime() > Date.now() - 91 * 86_400_000)).toBe(true);
    expect(rows.every((r) => r.addresses.filter((a) => a.isDefault).length === 1 && r.addresses.every((a) => a.latitude !== null))).toBe(true);
    const served = rows.filter((r) => r.addresses.find((a) => a.isDefault)!.locationId !== null).length;
    expect(served / rows.length).toBeGreaterThan(0.8);
    for (const tag of ['vip', 'atacado', 'app']) expect(rows.some((r) => r.tags.includes(tag))).toBe(true);
    const optIn = rows.filter((r) => r.optIn).length / rows.length;
    expect(optIn).toBeGreaterThan(0.3);
    expect(optIn).toBeLessThan(0.8);
  });

  it('is idempotent', async () => {
    const { customersSeed } = await import('./customers.seed.ts');
    const before = await t.db.customer.count();
    await customersSeed.seed(t.db, { accountIds: new Map([['supermercado-bom-preco', bomPreco]]) });
    expect(await t.db.customer.count()).toBe(before);
  });
});

