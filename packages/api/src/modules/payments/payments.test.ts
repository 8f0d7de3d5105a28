import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatePaymentMethodConfigBody, PAYMENT_METHODS, UpdatePaymentMethodConfigBody } from '@backoffice/contracts';
import { bearer, createTestApp, DEMO, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { locationBody } from '../../../test/fixtures/locations.ts';
import { seed } from '../../seed.ts';

const BASE = '/api/payment-hub/payment/method-config';
const MANAGER = 'juliana.alves@varejo.test';

interface Config {
  _id: number;
  id: number;
  location_id: number | null;
  location_name: string | null;
  method: string;
  label: string;
  kind: string;
  active: boolean;
  min_order_value: number | null;
  max_installments: number | null;
}

let t: TestApp;
let adminToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
/** Store ids by name (both accounts). */
const store = new Map<string, number>();
let seq = 0;

const list = (query: Record<string, string | number> = {}, token = adminToken) => t.http.get(BASE).query({ quantity: 500, ...query }).set(bearer(token));
const create = (body: Record<string, unknown>, token = adminToken) => t.http.post(BASE).set(bearer(token)).send(body);
const update = (id: number, body: Record<string, unknown>, token = adminToken) => t.http.put(`${BASE}/${id}`).set(bearer(token)).send(body);
const remove = (id: number, token = adminToken) => t.http.delete(`${BASE}/${id}`).set(bearer(token));
const configs = (res: { body: { data: Config[] } }) => res.body.data;

/** A new store of Bom Preço: no configuration of its own yet. */
async function newStore() {
  const res = await t.http.post('/api/location/').set(bearer(adminToken)).send(locationBody(`Loja Pagamentos ${++seq}`));
  expect(res.status).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  const atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  for (const l of await t.db.location.findMany({ select: { id: true, name: true } })) store.set(l.name, l.id);
  adminToken = await t.login(DEMO.admin);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
});
afterAll(() => t?.close());

describe('the contract’s own checks', () => {
  it('refuses installments on a method that has none, naming the field', () => {
    const r = CreatePaymentMethodConfigBody.safeParse({ location_id: 1, method: 'cash', active: true, max_installments: 3 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['max_installments']);
    expect(CreatePaymentMethodConfigBody.safeParse({ location_id: null, method: 'credit_card', active: true, max_installments: 12 }).success).toBe(true);
    expect(CreatePaymentMethodConfigBody.safeParse({ location_id: 1, method: 'credit_card', active: true, max_installments: 13 }).success).toBe(false);
  });

  it('asks an update for something to change', () => {
    const r = UpdatePaymentMethodConfigBody.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['active']);
    expect(UpdatePaymentMethodConfigBody.safeParse({ min_order_value: null }).success).toBe(true);
  });
});

describe('GET /api/payment-hub/payment/method', () => {
  it('lists the hub’s methods, online and in person, in Portuguese', async () => {
    const res = await t.http.get('/api/payment-hub/payment/method').set(bearer(adminToken));
    expect(res.status).toBe(200);
    const methods = res.body.data as Array<{ method: string; label: string; kind: string; kind_label: string; installments: boolean }>;
    expect(methods.map((m) => m.method)).toEqual([...PAYMENT_METHODS]);
    const byCode = new Map(methods.map((m) => [m.method, m]));
    expect(byCode.get('pix')).toMatchObject({ label: 'Pix', kind: 'online', kind_label: 'Pagamento online' });
    expect(byCode.get('meal_voucher')).toMatchObject({ label: 'Vale-refeição', kind: 'in_person' });
    expect(byCode.get('food_voucher')).toMatchObject({ label: 'Vale-alimentação', kind: 'in_person' });
    expect(byCode.get('card_machine_credit')).toMatchObject({ kind: 'in_person', installments: true });
    expect(methods.filter((m) => m.kind === 'online').map((m) => m.method)).toEqual(['pix', 'credit_card', 'debit_card', 'boleto']);
  });

  it('needs the financial module: the operator without it gets 403, nobody signed in 401', async () => {
    expectEnvelope((await t.http.get('/api/payment-hub/payment/method').set(bearer(operatorToken))).body, 'FORBIDDEN_MODULE');
    expect((await t.http.get(BASE).set(bearer(operatorToken))).status).toBe(403);
    expect((await t.http.get(BASE)).status).toBe(401);
  });
});

describe('the seeded configuration', () => {
  it('gives Bom Preço account defaults and a few stores their own', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const all = configs(res);
    const defaults = all.filter((c) => c.location_id === null);
    expect(defaults.map((c) => c.method).sort()).toEqual(
      ['pix', 'credit_card', 'debit_card', 'boleto', 'cash', 'card_machine_credit', 'card_machine_debit', 'meal_voucher', 'food_voucher'].sort(),
    );
    expect(defaults.find((c) => c.method === 'credit_card')).toMatchObject({ active: true, max_installments: 6, min_order_value: 50, location_name: null });
    const tatuape = configs(await list({ location_id: store.get('Bom Preço Tatuapé')! }));
    expect(tatuape.map((c) => [c.method, c.active]).sort()).toEqual([['cash', false], ['food_voucher', false], ['meal_voucher', false]]);
    expect(tatuape.every((c) => c.location_name === 'Bom Preço Tatuapé' && c._id === c.id)).toBe(true);
    // Account defaults come first.
    expect(all.findIndex((c) => c.location_id !== null)).toBe(defaults.length);
  });

  it('is idempotent', async () => {
    const before = await t.db.paymentMethodConfig.count();
    await seed(t.db);
    expect(await t.db.paymentMethodConfig.count()).toBe(before);
  });
});

describe('POST, PUT and DELETE a store’s configuration', () => {
  it('creates, refuses a second of the same store and method (409 naming method), changes and restores it', async () => {
    const locationId = await newStore();
    const created = await create({ location_id: locationId, method: 'credit_card', active: true, min_order_value: 25.9, max_installments: 3 });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Configuração criada com sucesso');
    const config = created.body.config as Config;
    expect(config).toMatchObject({
      _id: config.id, location_id: locationId, location_name: `Loja Pagamentos ${seq}`, method: 'credit_card', label: 'Cartão de crédito',
      kind: 'online', active: true, min_order_value: 25.9, max_installments: 3,
    });
    expect((await t.db.paymentMethodConfig.findUniqueOrThrow({ where: { id: config.id } })).accountId).toBe(bomPreco);

    const again = await create({ location_id: locationId, method: 'credit_card', active: false });
    expect(again.status).toBe(409);
    const error = expectEnvelope(again.body, 'PAYMENT_CONFIG_EXISTS');
    expect(error.message).toContain('(method)');
    expect(error.details).toEqual([expect.objectContaining({ field: 'method', code: 'unique' })]);

    // Absent fields are kept, null clears.
    const changed = await update(config.id, { active: false });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Configuração alterada com sucesso');
    expect(changed.body.config).toMatchObject({ _id: config.id, active: false, min_order_value: 25.9, max_installments: 3 });
    const cleared = await update(config.id, { min_order_value: null, max_installments: 10 });
    expect(cleared.body.config).toMatchObject({ active: false, min_order_value: null, max_installments: 10 });
    expect(configs(await list({ location_id: locationId }))).toEqual([cleared.body.config]);

    const restored = await remove(config.id);
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Configuração restaurada com sucesso');
    expect(restored.body.config).toMatchObject({ id: config.id, method: 'credit_card' });
    expect(configs(await list({ location_id: locationId }))).toEqual([]);
    expectEnvelope((await remove(config.id)).body, 'PAYMENT_CONFIG_NOT_FOUND');
  });

  it('answers in English when asked', async () => {
    const locationId = await newStore();
    const res = await t.http.post(BASE).set(bearer(adminToken)).set('accept-language', 'en').send({ location_id: locationId, method: 'pix', active: true });
    expect(res.body.message).toBe('Configuration created successfully');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const locationId = await newStore();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ location_id: locationId, method: 'cheque', active: true }, 'method'],
      [{ location_id: locationId, method: 'cash', active: 'sim' }, 'active'],
      [{ location_id: locationId, method: 'cash', active: true, max_installments: 2 }, 'max_installments'],
      [{ location_id: locationId, method: 'credit_card', active: true, max_installments: 0 }, 'max_installments'],
      [{ location_id: locationId, method: 'pix', active: true, min_order_value: -1 }, 'min_order_value'],
      [{ location_id: locationId, method: 'pix', active: true, min_order_value: 10.005 }, 'min_order_value'],
      [{ location_id: 'loja', method: 'pix', active: true }, 'location_id'],
      [{ method: 'pix', active: true }, 'location_id'],
      [{ location_id: locationId, method: 'pix', active: true, account_id: 1 }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = expectEnvelope(res.body);
      if (field) expect(error.details!.map((d) => d.field), JSON.stringify(body)).toContain(field);
    }
    const pix = (await create({ location_id: locationId, method: 'pix', active: true })).body.config as Config;
    const noInstallments = await update(pix.id, { max_installments: 2 });
    expect(noInstallments.status).toBe(400);
    expect(expectEnvelope(noInstallments.body).details).toEqual([expect.objectContaining({ field: 'max_installments' })]);
    const nothing = await update(pix.id, {});
    expect(nothing.status).toBe(400);
    expect(expectEnvelope(nothing.body).details!.map((d) => d.field)).toEqual(['active']);
    expect((await update(pix.id, { active: true, method: 'cash' })).status).toBe(400);
    expect(configs(await list({ location_id: locationId }))).toEqual([pix]);
    expect((await t.http.get(BASE).query({ location_id: 'x' }).set(bearer(adminToken))).status).toBe(400);
  });
});

describe('the account’s defaults', () => {
  it('are configured with location_id null, one per method; removing one restores the hub’s default', async () => {
    const created = await create({ location_id: null, method: 'pix_on_delivery', active: true });
    expect(created.status).toBe(201);
    expect(created.body.config).toMatchObject({ location_id: null, location_name: null, kind: 'in_person', label: 'Pix na entrega' });
    const again = await create({ location_id: null, method: 'pix_on_delivery', active: false });
    expect(again.status).toBe(409);
    expect(expectEnvelope(again.body, 'PAYMENT_CONFIG_ACCOUNT_EXISTS').details![0]!.field).toBe('method');
    const removed = await remove(created.body.config.id);
    expect(removed.body.message).toBe('Configuração restaurada com sucesso');
    expect(configs(await list({ method: 'pix_on_delivery' })).filter((c) => c.location_id === null)).toEqual([]);
  });
});

describe('tenancy', () => {
  it('gives another account 404 for Bom Preço’s stores and configurations, and lists only its own', async () => {
    const locationId = await newStore();
    const config = (await create({ location_id: locationId, method: 'boleto', active: true })).body.config as Config;
    const before = await t.db.paymentMethodConfig.findUniqueOrThrow({ where: { id: config.id } });

    expectEnvelope((await create({ location_id: locationId, method: 'cash', active: true }, atacadoToken)).body, 'LOCATION_NOT_FOUND');
    expectEnvelope((await list({ location_id: locationId }, atacadoToken)).body, 'LOCATION_NOT_FOUND');
    const put = await update(config.id, { active: false }, atacadoToken);
    expect(put.status).toBe(404);
    expectEnvelope(put.body, 'PAYMENT_CONFIG_NOT_FOUND');
    expect((await remove(config.id, atacadoToken)).status).toBe(404);
    expect(await t.db.paymentMethodConfig.findUniqueOrThrow({ where: { id: config.id } })).toEqual(before);

    expect(configs(await list({}, atacadoToken))).toEqual([]);
    const atacadoStore = store.get('Atacado Guarulhos')!;
    const own = await create({ location_id: atacadoStore, method: 'cash', active: true }, atacadoToken);
    expect(own.status).toBe(201);
    expect(configs(await list({}, atacadoToken)).map((c) => c.id)).toEqual([own.body.config.id]);
    expect(configs(await list()).some((c) => c.id === own.body.config.id)).toBe(false);
    // Bom Preço's admin cannot configure Atacado's store either.
    expect((await create({ location_id: atacadoStore, method: 'pix', active: true })).status).toBe(404);
    expect((await create({ location_id: 999_999_999, method: 'pix', active: true })).status).toBe(404);
  });

  it('drops a store’s configurations with the store', async () => {
    const locationId = await newStore();
    await create({ location_id: locationId, method: 'cash', active: false });
    expect(await t.db.paymentMethodConfig.count({ where: { locationId } })).toBe(1);
    expect((await t.http.delete(`/api/location/${locationId}`).set(bearer(adminToken))).status).toBe(200);
    expect(await t.db.paymentMethodConfig.count({ where: { locationId } })).toBe(0);
  });

  it('limits a member linked to some stores to those stores; the account’s defaults stay read-only for them', async () => {
    const mine = await newStore();
    const other = await newStore();
    const otherConfig = (await create({ location_id: other, method: 'cash', active: true })).body.config as Config;
    const manager = await t.db.user.findUniqueOrThrow({ where: { email: MANAGER }, select: { id: true } });
    expect((await t.http.post('/api/location/user-location').set(bearer(adminToken)).send({ location_id: mine, user_id: manager.id })).status).toBe(201);
    const token = await t.login(MANAGER);

    const seen = configs(await list({}, token));
    expect(seen.some((c) => c.location_id === null)).toBe(true);
    expect(seen.every((c) => c.location_id === null || c.location_id === mine)).toBe(true);
    expect((await list({ location_id: other }, token)).status).toBe(404);
    expect((await create({ location_id: other, method: 'pix', active: true }, token)).status).toBe(404);
    expect((await update(otherConfig.id, { active: false }, token)).status).toBe(404);

    const own = await create({ location_id: mine, method: 'pix', active: false }, token);
    expect(own.status).toBe(201);
    expect((await update(own.body.config.id, { active: true }, token)).body.config.active).toBe(true);

    expectEnvelope((await create({ location_id: null, method: 'pix_on_delivery', active: true }, token)).body, 'PAYMENT_CONFIG_ALL_STORES');
    const accountDefault = seen.find((c) => c.location_id === null)!;
    expect((await update(accountDefault.id, { active: !accountDefault.active }, token)).status).toBe(403);
    expect((await remove(accountDefault.id, token)).status).toBe(403);
  });
});
