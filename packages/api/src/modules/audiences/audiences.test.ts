import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';

let t: TestApp;
const ids = { bomPreco: 0, aurora: 0, rede: 0 };
const tokens = { admin: '', manager: '', operator: '', brand: '', partner: '' };
/** Seeded audiences of Bom Preço, by name. */
const seeded = { coffee: 0, families: 0, organic: 0, inactive: 0 };

type AudienceBody = { id: number; name: string; status: string; price: number | null; price_type: string | null; advertiser_ids: number[] };

const audienceBody = (over: Record<string, unknown> = {}) => ({
  publisher_id: ids.bomPreco,
  name: 'Churrasco de fim de semana',
  description: 'Clientes que compram carnes e cervejas às sextas.',
  estimated_audience: 5200,
  reach_range: 40,
  visibility: 'global',
  rules: [
    { attribute: 'purchased_category', operator: 'in', value: ['Bovinos', 'Cervejas'] },
    { attribute: 'average_ticket', operator: 'between', value: [120, 400] },
  ],
  ...over,
});
const create = (body: object, token = tokens.admin) => t.http.post('/audience').set(bearer(token)).send(body);
const approve = (id: number, body: object, token = tokens.admin) => t.http.patch(`/audience/actions/approve/${id}`).set(bearer(token)).send(body);
const reject = (id: number, body: object, token = tokens.admin) => t.http.patch(`/audience/actions/reject/${id}`).set(bearer(token)).send(body);
const names = (body: { data: AudienceBody[] }) => body.data.map((a) => a.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  Object.assign(ids, { bomPreco: idOf('supermercado-bom-preco'), aurora: idOf('cafe-aurora'), rede: idOf('rede-parceira-midia') });
  const audiences = await t.db.audience.findMany({ where: { publisherId: ids.bomPreco }, select: { id: true, name: true } });
  const audienceId = (name: string) => audiences.find((a) => a.name === name)!.id;
  Object.assign(seeded, {
    coffee: audienceId('Amantes de café'),
    families: audienceId('Famílias com crianças'),
    organic: audienceId('Compradores de orgânicos'),
    inactive: audienceId('Clientes inativos 90 dias'),
  });
  tokens.admin = await t.login(DEMO.admin);
  tokens.manager = await t.login('juliana.alves@varejo.test');
  tokens.operator = await t.login(DEMO.operator);
  tokens.brand = await t.login(DEMO.brand);
  tokens.partner = await t.login(DEMO.partner);
});
afterAll(async () => {
  await t?.close();
});

describe('audience authorization', () => {
  authorizationMatrix({
    operations: () => [
      ['list', () => t.http.get('/audience')],
      ['attributes', () => t.http.get('/audience/attributes')],
      ['get', () => t.http.get(`/audience/${seeded.organic}`)],
      ['create', () => t.http.post('/audience').send(audienceBody())],
      ['update', () => t.http.put(`/audience/${seeded.organic}`).send(audienceBody({ publisher_id: undefined }))],
      ['delete', () => t.http.delete(`/audience/${seeded.organic}`)],
      ['approve', () => t.http.patch(`/audience/actions/approve/${seeded.organic}`).send({ price_type: 'free' })],
      ['reject', () => t.http.patch(`/audience/actions/reject/${seeded.organic}`).send({ note: 'Não' })],
    ],
    reads: ['list', 'attributes', 'get'],
    idOperations: () => [
      ['get', () => t.http.get(`/audience/${seeded.organic}`)],
      ['update', () => t.http.put(`/audience/${seeded.organic}`).send(audienceBody({ publisher_id: undefined }))],
      ['delete', () => t.http.delete(`/audience/${seeded.organic}`)],
      ['approve', () => t.http.patch(`/audience/actions/approve/${seeded.organic}`).send({ price_type: 'free' })],
      ['reject', () => t.http.patch(`/audience/actions/reject/${seeded.organic}`).send({ note: 'Não' })],
    ],
    notFound: 'AUDIENCE_NOT_FOUND',
    tokens: () => ({ operator: tokens.operator, otherAccount: tokens.partner }),
    snapshot: () => t.db.audience.findMany({ orderBy: { id: 'asc' } }),
  });

  it('lets an advertiser see but not review an audience: 403, nothing changed', async () => {
    const before = await t.db.audience.findUniqueOrThrow({ where: { id: seeded.organic } });
    const a = await approve(seeded.organic, { price_type: 'free' }, tokens.brand);
    expect(a.status).toBe(403);
    expectEnvelope(a.body, 'AUDIENCE_REVIEW_FORBIDDEN');
    const r = await reject(seeded.coffee, { note: 'Não quero' }, tokens.brand);
    expect(r.status).toBe(403);
    expect(await t.db.audience.findUniqueOrThrow({ where: { id: seeded.organic } })).toEqual(before);
  });
});

describe('GET /audience', () => {
  it('shows the publisher every audience of its inventory, with the advertisers of private ones', async () => {
    const res = await t.http.get('/audience').set(bearer(tokens.admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(names(res.body)).toEqual(expect.arrayContaining(['Amantes de café', 'Clientes inativos 90 dias', 'Compradores de orgânicos', 'Famílias com crianças']));
    const families = res.body.data.find((a: AudienceBody) => a.id === seeded.families);
    expect(families).toMatchObject({
      status: 'approved',
      price: 0,
      price_type: 'free',
      visibility: 'private',
      advertiser_ids: [ids.aurora],
      advertisers: [{ id: ids.aurora, name: 'Café Aurora' }],
      billing_type: 'up_front',
      publisher: { id: ids.bomPreco, name: 'Supermercado Bom Preço' },
      permissions: { can_review: true, can_edit: true, can_delete: true },
    });
    const coffee = res.body.data.find((a: AudienceBody) => a.id === seeded.coffee);
    expect(coffee).toMatchObject({ price: 250, price_type: 'fixed', reach_range: 72, created_by_account: null });
    expect(coffee.rules.length).toBeGreaterThan(0);
    const inactive = res.body.data.find((a: AudienceBody) => a.id === seeded.inactive);
    expect(inactive).toMatchObject({ status: 'rejected', price: null, price_type: null });
    expect(inactive.note).toBeTruthy();
  });

  it('shows an advertiser approved global or private-to-it audiences and its own proposals, never the rejected others', async () => {
    const res = await t.http.get('/audience').set(bearer(tokens.brand));
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Amantes de café', 'Compradores de orgânicos', 'Famílias com crianças']);
    const families = res.body.data.find((a: AudienceBody) => a.id === seeded.families);
    expect(families).toMatchObject({ advertiser_ids: [ids.aurora], advertisers: [], permissions: { can_review: false, can_edit: false } });
    const organic = res.body.data.find((a: AudienceBody) => a.id === seeded.organic);
    expect(organic).toMatchObject({ status: 'awaiting_approval', created_by_account: { id: ids.aurora, name: 'Café Aurora' }, permissions: { can_edit: true } });
    const hidden = await t.http.get(`/audience/${seeded.inactive}`).set(bearer(tokens.brand));
    expect(hidden.status).toBe(404);
    expectEnvelope(hidden.body, 'AUDIENCE_NOT_FOUND');
  });

  it('filters by status and name and pages 50 by default', async () => {
    const res = await t.http.get('/audience').query({ status: 'approved', name: 'CAFÉ' }).set(bearer(tokens.admin));
    expect(res.body.data.map((a: AudienceBody) => a.id)).toEqual([seeded.coffee]);
    expect(res.body.meta).toMatchObject({ page: 1, quantity: 50, total: 1 });
    const bad = await t.http.get('/audience').query({ status: 'pending' }).set(bearer(tokens.admin));
    expect(bad.status).toBe(400);
    expect((await t.http.get('/audience').set(bearer(tokens.partner))).body.meta.total).toBe(0);
  });

  it('hides a private audience from an advertiser it is not for', async () => {
    const made = await create(audienceBody({ name: 'Só para o próprio varejo', visibility: 'private', advertiser_ids: [ids.bomPreco] }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await approve(made.body.id, { price_type: 'free' })).status).toBe(200);
    expect((await t.http.get(`/audience/${made.body.id}`).set(bearer(tokens.brand))).status).toBe(404);
  });
});

describe('GET /audience/attributes', () => {
  it('lists the customer attribute catalogue with pt-BR labels, operators and options', async () => {
    const res = await t.http.get('/audience/attributes').set(bearer(tokens.brand));
    expect(res.status).toBe(200);
    const keys = res.body.map((a: { key: string }) => a.key);
    expect(keys).toEqual(expect.arrayContaining(['gender', 'age_range', 'city', 'state', 'purchased_category', 'purchase_frequency', 'average_ticket', 'last_purchase_days', 'uses_app', 'has_coupon']));
    const gender = res.body.find((a: { key: string }) => a.key === 'gender');
    expect(gender).toMatchObject({ label: 'Gênero', type: 'enum' });
    expect(gender.options).toContainEqual({ value: 'female', label: 'Feminino' });
    expect(res.body.find((a: { key: string }) => a.key === 'uses_app')).toMatchObject({ type: 'boolean', operators: ['eq'] });
  });
});

describe('POST and PUT /audience', () => {
  it('creates an audience of the publisher awaiting approval', async () => {
    const res = await create(audienceBody());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'awaiting_approval', price: null, created_by_account: null, estimated_audience: 5200, reach_range: 40 });
  });

  it('lets a linked advertiser propose where audience campaigns are enabled, and only there', async () => {
    const res = await create(audienceBody({ name: 'Apreciadores de espresso', visibility: 'private', advertiser_ids: [ids.aurora] }), tokens.brand);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'awaiting_approval', created_by_account: { id: ids.aurora }, advertiser_ids: [ids.aurora] });

    const rede = await create(audienceBody({ publisher_id: ids.rede }), tokens.brand);
    expect(rede.status).toBe(403);
    expectEnvelope(rede.body, 'AUDIENCE_NOT_ENABLED');
    const stranger = await create(audienceBody({ publisher_id: ids.bomPreco }), tokens.partner);
    expect(stranger.status).toBe(404);
    expectEnvelope(stranger.body, 'PUBLISHER_NOT_FOUND');
  });

  it('requires advertisers for a private audience, linked to the publisher', async () => {
    const none = await create(audienceBody({ visibility: 'private', advertiser_ids: [] }));
    expect(none.status).toBe(400);
    expect(expectEnvelope(none.body, 'VALIDATION_ERROR').details?.[0]).toMatchObject({ field: 'advertiser_ids' });
    const noVisibility = await create(audienceBody({ visibility: undefined }));
    expect(noVisibility.status).toBe(400);
    expect(expectEnvelope(noVisibility.body).details?.[0]?.field).toBe('visibility');
    const unlinked = await create(audienceBody({ visibility: 'private', advertiser_ids: [ids.rede] }));
    expect(unlinked.status).toBe(400);
    expect(expectEnvelope(unlinked.body, 'VALIDATION_ERROR').details?.[0]).toMatchObject({ field: 'advertiser_ids' });
    const others = await create(audienceBody({ visibility: 'private', advertiser_ids: [ids.aurora, ids.bomPreco] }), tokens.brand);
    expect(others.status).toBe(400);
  });

  it('validates rules against the attribute catalogue, naming the rule field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ attribute: 'shoe_size', operator: 'eq', value: '42' }, 'rules.0.attribute'],
      [{ attribute: 'uses_app', operator: 'gt', value: true }, 'rules.0.operator'],
      [{ attribute: 'gender', operator: 'eq', value: 'robot' }, 'rules.0.value'],
      [{ attribute: 'average_ticket', operator: 'between', value: [300, 100] }, 'rules.0.value'],
      [{ attribute: 'uses_app', operator: 'eq', value: 'sim' }, 'rules.0.value'],
    ];
    for (const [rule, field] of cases) {
      const res = await create(audienceBody({ rules: [rule] }));
      expect(res.status, JSON.stringify(rule)).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.map((d) => d.field)).toContain(field);
    }
    const range = await create(audienceBody({ reach_range: 101 }));
    expect(range.status).toBe(400);
  });

  it('lets the proposer edit while awaiting approval, and only the publisher afterwards', async () => {
    const made = await create(audienceBody({ name: 'Café da manhã em família', visibility: 'global' }), tokens.brand);
    const edit = await t.http.put(`/audience/${made.body.id}`).set(bearer(tokens.brand)).send(audienceBody({ publisher_id: undefined, name: 'Café da manhã em casa' }));
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.name).toBe('Café da manhã em casa');
    expect((await approve(made.body.id, { price_type: 'fixed', price: 99.9 })).body).toMatchObject({ status: 'approved', price: 99.9 });
    const locked = await t.http.put(`/audience/${made.body.id}`).set(bearer(tokens.brand)).send(audienceBody({ publisher_id: undefined }));
    expect(locked.status).toBe(403);
    expectEnvelope(locked.body, 'AUDIENCE_LOCKED');
    const byPublisher = await t.http.put(`/audience/${made.body.id}`).set(bearer(tokens.manager)).send(audienceBody({ publisher_id: undefined, reach_range: 60 }));
    expect(byPublisher.status).toBe(200);
    expect(byPublisher.body).toMatchObject({ reach_range: 60, status: 'approved', price: 99.9 });
  });
});

describe('PATCH /audience/actions/approve and reject', () => {
  it('requires the price of a fixed approval, naming price in pt-BR', async () => {
    const res = await approve(seeded.organic, { price_type: 'fixed', billing_type: 'up_front' });
    expect(res.status).toBe(400);
    const err = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(err.details?.[0]).toMatchObject({ field: 'price', message: 'Informe o preço da audiência.' });
    expect(err.message).toContain('price');
    const zero = await approve(seeded.organic, { price_type: 'fixed', price: 0 });
    expect(zero.status).toBe(400);
    expect(await t.db.audience.findUniqueOrThrow({ where: { id: seeded.organic }, select: { status: true } })).toEqual({ status: 'awaiting_approval' });
  });

  it('approves free at price 0 and fixed in reais', async () => {
    const made = await create(audienceBody({ name: 'Aprovação gratuita' }));
    const free = await approve(made.body.id, { price_type: 'free', billing_type: 'up_front' });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
    expect(free.body).toMatchObject({ status: 'approved', price: 0, price_type: 'free', billing_type: 'up_front', note: null });
    expect(free.body.reviewed_at).toBeTruthy();
    const fixed = await approve(made.body.id, { price_type: 'fixed', price: 1234.5 });
    expect(fixed.body).toMatchObject({ price: 1234.5, price_type: 'fixed' });
    expect((await t.db.audience.findUniqueOrThrow({ where: { id: made.body.id } })).priceCents).toBe(123_450n);
  });

  it('reads the price as integer cents when the approving account uses a cents currency', async () => {
    await t.db.account.update({ where: { id: ids.bomPreco }, data: { currencyCents: true } });
    try {
      const made = await create(audienceBody({ name: 'Preço em centavos' }));
      const res = await approve(made.body.id, { price_type: 'fixed', price: 25000 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ price: 250, price_type: 'fixed' });
      expect((await t.db.audience.findUniqueOrThrow({ where: { id: made.body.id } })).priceCents).toBe(25_000n);
      const fraction = await approve(made.body.id, { price_type: 'fixed', price: 250.5 });
      expect(fraction.status).toBe(400);
      expect(expectEnvelope(fraction.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('price');
    } finally {
      await t.db.account.update({ where: { id: ids.bomPreco }, data: { currencyCents: false } });
    }
  });

  it('rejects with a required note, stored with the audience', async () => {
    const made = await create(audienceBody({ name: 'Para rejeitar' }));
    for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(501) }]) {
      const res = await reject(made.body.id, body);
      expect(res.status).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('note');
    }
    const res = await reject(made.body.id, { note: 'Regras amplas demais para o inventário.' }, tokens.manager);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', note: 'Regras amplas demais para o inventário.', price: null, price_type: null });
  });
});

describe('DELETE /audience/:id', () => {
  it('deletes an unused audience and refuses one a campaign uses', async () => {
    const made = await create(audienceBody({ name: 'Para excluir' }));
    const del = await t.http.delete(`/audience/${made.body.id}`).set(bearer(tokens.admin));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Audiência excluída com sucesso.');
    expect(await t.db.audience.count({ where: { id: made.body.id } })).toBe(0);

    const campaign = await t.db.campaign.create({
      data: { publisherId: ids.bomPreco, advertiserId: ids.aurora, name: 'Campanha com audiência', adType: 'product', dailyBudgetCents: 10_000n, startAt: new Date() },
    });
    await t.db.campaignAudience.create({ data: { campaignId: campaign.id, audienceId: seeded.coffee } });
    const used = await t.http.delete(`/audience/${seeded.coffee}`).set(bearer(tokens.admin));
    expect(used.status).toBe(409);
    expectEnvelope(used.body, 'AUDIENCE_IN_USE');
    expect(await t.db.audience.count({ where: { id: seeded.coffee } })).toBe(1);
  });

  it('lets the proposer withdraw only while awaiting approval', async () => {
    const made = await create(audienceBody({ name: 'Proposta retirada' }), tokens.brand);
    expect((await t.http.delete(`/audience/${made.body.id}`).set(bearer(tokens.brand))).status).toBe(200);
    const approved = await t.http.delete(`/audience/${seeded.families}`).set(bearer(tokens.brand));
    expect(approved.status).toBe(403);
    expect(await t.db.audience.count({ where: { id: seeded.families } })).toBe(1);
  });
});
