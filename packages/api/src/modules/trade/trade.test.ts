import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../generated/prisma/client.ts';
import { createTestApp, DEMO, DEMO_PASSWORD, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { hashPassword } from '../../lib/password.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';
import { moduleIds } from '../../db/access-modules.ts';
import { png } from '../ads/ads.fixtures.ts';

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let t: TestApp;
let retailer: string; // Supermercado Bom Preço's admin
let retailerManager: string;
let operator: string;
let brand: string; // Café Aurora's admin
let third: string; // Bom Preço Atacado's admin: grocery, with the module, linked to nobody here
let otherBrand: string; // Marca Distante's admin: an industry account with the module, linked to nobody
let ids: { bomPreco: number; aurora: number; atacado: number };
let stores: number[];
let products: number[];
let outsideProduct: number;
let atacadoStore: number;

async function signIn(email: string, accountId: number) {
  const token = await t.login(email);
  const res = await t.http.post('/changeaccount').set(bearer(token)).send({ account_id: accountId });
  expect(res.status).toBe(200);
  return res.body.newToken as string;
}

const fields = (over: Record<string, unknown> = {}) => ({
  title: 'Ponta de gôndola Café Aurora',
  kind: 'end_cap',
  description: 'Ponta de gôndola na entrada com degustação aos sábados',
  location_ids: stores,
  product_ids: products,
  start_date: dateIn(20),
  end_date: dateIn(34),
  investment: 2500.75,
  ...over,
});
const create = (token: string, body: Record<string, unknown>) => t.http.post('/api/trade').set(bearer(token)).send(body);
const get = (token: string, id: number) => t.http.get(`/api/trade/${id}`).set(bearer(token));
const edit = (token: string, id: number, body: Record<string, unknown>) => t.http.put(`/api/trade/${id}`).set(bearer(token)).send(body);
const act = (token: string, id: number, action: string, note?: string) =>
  t.http.post(`/api/trade/${id}/actions/${action}`).set(bearer(token)).send(note === undefined ? {} : { note });

/** A multipart upload through inject (fields first, then the photo). */
function uploadProof(token: string, id: number, formFields: Record<string, string>, file?: { content: Buffer; name: string; type: string }) {
  const boundary = '----trade-test-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(formFields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url: `/api/trade/${id}/proofs`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

/** The agreement and its history and proofs as stored. */
const snapshot = async (id: number) => ({
  agreement: await t.db.tradeAgreement.findUnique({ where: { id } }),
  events: await t.db.tradeAgreementEvent.count({ where: { agreementId: id } }),
  proofs: await t.db.tradeProof.count({ where: { agreementId: id } }),
});

/** A brand draft moved along the flow to `status` through the API. */
async function brandAgreement(status: 'draft' | 'proposed' | 'approved' | 'running', over: Record<string, unknown> = {}) {
  const res = await create(brand, { ...fields(over), counterpart_id: ids.bomPreco });
  expect(res.status).toBe(201);
  const id = res.body.id as number;
  if (status !== 'draft') expect((await act(brand, id, 'propose')).status).toBe(200);
  if (status === 'approved' || status === 'running') expect((await act(retailer, id, 'approve')).status).toBe(200);
  if (status === 'running') expect((await act(retailer, id, 'start')).status).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  ids = { bomPreco: idOf('supermercado-bom-preco'), aurora: idOf('cafe-aurora'), atacado: idOf('bom-preco-atacado') };
  // Industry accounts get the trade submodule by default (the seed), as grocery ones do.
  expect(await t.db.accountAccessModule.count({ where: { accountId: ids.aurora, moduleId: { in: moduleIds('promotional.trade') } } })).toBe(1);
  const distante = await t.db.account.create({ data: { slug: 'marca-distante', name: 'Marca Distante', type: 'industry', retailMediaRole: 'advertiser' }, select: { id: true } });
  await t.db.accountAccessModule.createMany({ data: moduleIds('dashboard', 'promotional.trade').map((moduleId) => ({ accountId: distante.id, moduleId })) });
  const distanteAdmin = await t.db.user.create({ data: { email: 'admin@distante.test', name: 'Admin Distante', passwordHash: await hashPassword(DEMO_PASSWORD) }, select: { id: true } });
  await t.db.membership.create({ data: { accountId: distante.id, userId: distanteAdmin.id, role: 'admin', status: 'active', allModules: true } });
  [retailer, retailerManager, operator, brand, third, otherBrand] = await Promise.all([
    signIn(DEMO.admin, ids.bomPreco),
    signIn('juliana.alves@varejo.test', ids.bomPreco),
    signIn(DEMO.operator, ids.bomPreco),
    signIn(DEMO.brand, ids.aurora),
    signIn(DEMO.admin, ids.atacado),
    signIn('admin@distante.test', distante.id),
  ]);
  const locs = await t.db.location.findMany({ where: { accountId: ids.bomPreco }, select: { id: true }, orderBy: { id: 'asc' }, take: 2 });
  stores = locs.map((l) => l.id);
  const auroraProducts = await t.db.product.findMany({
    where: { accountId: ids.bomPreco, brand: { equals: 'Café Aurora', mode: 'insensitive' } },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: 2,
  });
  products = auroraProducts.map((p) => p.id);
  outsideProduct = (await t.db.product.findFirstOrThrow({ where: { accountId: ids.bomPreco, NOT: { brand: { equals: 'Café Aurora', mode: 'insensitive' } } }, select: { id: true } })).id;
  atacadoStore = (await t.db.location.create({ data: { accountId: ids.atacado, name: 'Loja Atacado Trade', city: 'Campinas', state: 'SP', latitude: -22.9, longitude: -47.06 }, select: { id: true } })).id;
  expect(stores).toHaveLength(2);
  expect(products).toHaveLength(2);
}, 120_000);
afterAll(() => t?.close());

describe('trade agreements: the whole flow between Café Aurora and Bom Preço', () => {
  it('runs draft → proposed → rejected → draft → proposed → approved → running → done, each step by its side only', async () => {
    const created = await create(brand, { ...fields(), counterpart_id: ids.bomPreco });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body).toMatchObject({
      status: 'draft', author_side: 'brand', my_side: 'brand', kind: 'end_cap', investment: 2500.75,
      brand: { id: ids.aurora, name: 'Café Aurora' }, retailer: { id: ids.bomPreco, name: 'Supermercado Bom Preço' },
      location_ids: [...stores].sort((a, b) => a - b), product_ids: [...products].sort((a, b) => a - b),
    });

    // The retailer sees the brand's draft but neither edits nor proposes it; nobody approves a draft.
    expect((await get(retailer, id)).body).toMatchObject({ id, my_side: 'retailer', author_side: 'brand' });
    let before = await snapshot(id);
    const notEditable = await edit(retailer, id, fields({ title: 'Alterado pelo varejo' }));
    expect(notEditable.status).toBe(403);
    expectEnvelope(notEditable.body, 'TRADE_WRONG_SIDE');
    expect(notEditable.body.error.message).toBe('Esta ação cabe à indústria, que redigiu o acordo.');
    const wrongSide = await act(retailer, id, 'propose');
    expect(wrongSide.status).toBe(403);
    expectEnvelope(wrongSide.body, 'TRADE_WRONG_SIDE');
    expect(wrongSide.body.error.message).toBe('Esta ação cabe à indústria, que redigiu o acordo.');
    for (const [token, action] of [[retailer, 'approve'], [brand, 'approve'], [retailer, 'reject'], [brand, 'revise'], [retailer, 'start'], [brand, 'finish']] as const) {
      const res = await act(token, id, action, 'x');
      expect(res.status, action).toBe(409);
      expectEnvelope(res.body, 'TRADE_TRANSITION_REFUSED');
    }
    expect((await act(brand, id, 'approve')).body.error.message).toBe('Não é possível aprovar um acordo com status "rascunho".');
    expect(await snapshot(id)).toEqual(before);

    // The author edits its draft and proposes it.
    const edited = await edit(brand, id, fields({ title: 'Ponta de gôndola revisada', investment: 3000 }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Ponta de gôndola revisada', investment: 3000, status: 'draft' });
    const proposed = await act(brand, id, 'propose');
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({ message: 'Acordo enviado para aprovação da outra parte.', agreement: { status: 'proposed' } });

    // Only the other side decides; a proposal is no longer edited.
    before = await snapshot(id);
    const selfApprove = await act(brand, id, 'approve');
    expect(selfApprove.status).toBe(403);
    expect(selfApprove.body.error.message).toBe('Esta ação cabe ao varejista, a outra parte.');
    expect((await act(brand, id, 'reject', 'não')).status).toBe(403);
    const proposalEdit = await edit(brand, id, fields());
    expect(proposalEdit.status).toBe(409);
    expect(proposalEdit.body.error.message).toBe('Só o rascunho da própria conta pode ser alterado (status atual: proposto).');
    expect((await act(brand, id, 'propose')).status).toBe(409);
    const noReason = await act(retailer, id, 'reject');
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Informe o motivo da recusa (note).');
    expect(await snapshot(id)).toEqual(before);

    const rejected = await act(retailerManager, id, 'reject', 'Investimento abaixo do combinado');
    expect(rejected.status).toBe(200);
    expect(rejected.body.agreement).toMatchObject({ status: 'rejected', rejection_reason: 'Investimento abaixo do combinado' });
    expect(rejected.body.agreement.decided_at).not.toBeNull();

    // A rejected one goes back to draft by its author only.
    expect((await act(retailer, id, 'revise')).status).toBe(403);
    const revised = await act(brand, id, 'revise');
    expect(revised.body.agreement).toMatchObject({ status: 'draft', rejection_reason: null, decided_at: null });
    expect((await edit(brand, id, fields({ investment: 4200 }))).status).toBe(200);
    expect((await act(brand, id, 'propose')).status).toBe(200);
    const approved = await act(retailer, id, 'approve', 'De acordo');
    expect(approved.status).toBe(200);
    expect(approved.body.agreement.status).toBe('approved');

    // The retailer starts it; the brand does not; proofs wait for it to run.
    expect((await act(brand, id, 'start')).status).toBe(403);
    const early = await uploadProof(retailer, id, { location_id: String(stores[0]) }, { content: png(32, 32), name: 'foto.png', type: 'image/png' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('TRADE_PROOF_NOT_RUNNING');
    const started = await act(retailer, id, 'start');
    expect(started.body.agreement.status).toBe('running');
    expect((await act(retailer, id, 'cancel')).status).toBe(409);
    expect((await act(brand, id, 'cancel')).status).toBe(409);

    // Proof: the retailer's photo of a store of the agreement; both sides list it.
    const proof = await uploadProof(retailer, id, { location_id: String(stores[1]), note: 'Ponta montada na entrada' }, { content: png(64, 48, 32), name: 'ponta.png', type: 'image/png' });
    expect(proof.statusCode).toBe(201);
    expect(proof.json()).toMatchObject({ location_id: stores[1], media_type: 'image/png', file_name: 'ponta.png', note: 'Ponta montada na entrada' });
    for (const token of [retailer, brand]) {
      const listed = await t.http.get(`/api/trade/${id}/proofs`).set(bearer(token));
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual([proof.json()]);
    }
    const photo = await t.http.get(proof.json().url);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    const done = await act(brand, id, 'finish', 'Execução conferida');
    expect(done.body.agreement.status).toBe('done');
    for (const action of ['propose', 'approve', 'reject', 'revise', 'start', 'finish', 'cancel']) {
      expect((await act(retailer, id, action, 'x')).status, action).toBe(409);
    }

    const history = (await get(retailer, id)).body.history as Array<{ from_status: string | null; to_status: string; side: string; user_name: string | null; note: string | null }>;
    expect(history.map((h) => [h.from_status, h.to_status, h.side])).toEqual([
      [null, 'draft', 'brand'],
      ['draft', 'proposed', 'brand'],
      ['proposed', 'rejected', 'retailer'],
      ['rejected', 'draft', 'brand'],
      ['draft', 'proposed', 'brand'],
      ['proposed', 'approved', 'retailer'],
      ['approved', 'running', 'retailer'],
      ['running', 'done', 'brand'],
    ]);
    expect(history[2]).toMatchObject({ user_name: 'Juliana Alves', note: 'Investimento abaixo do combinado' });
    expect(history[7]).toMatchObject({ user_name: 'Marina Costa', note: 'Execução conferida' });
  });

  it('lets the retailer draft and propose too, and the brand approve', async () => {
    const created = await create(retailer, { ...fields({ kind: 'tasting', title: 'Degustação no sábado' }), counterpart_id: ids.aurora });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ author_side: 'retailer', my_side: 'retailer', brand: { id: ids.aurora }, retailer: { id: ids.bomPreco } });
    const id = created.body.id as number;
    const byBrand = await edit(brand, id, fields());
    expect(byBrand.status).toBe(403);
    expect(byBrand.body.error.message).toBe('Esta ação cabe ao varejista, que redigiu o acordo.');
    expect((await act(brand, id, 'propose')).status).toBe(403);
    expect((await act(retailer, id, 'propose')).status).toBe(200);
    expect((await act(retailer, id, 'approve')).status).toBe(403);
    const approved = await act(brand, id, 'approve');
    expect(approved.body.agreement.status).toBe('approved');
    // Either side cancels an approved agreement that has not started.
    const canceled = await act(brand, id, 'cancel', 'Mudança de planos');
    expect(canceled.body).toMatchObject({ message: 'Acordo cancelado.', agreement: { status: 'canceled' } });
  });

  it('lets only the author withdraw a draft or proposal', async () => {
    const id = await brandAgreement('proposed');
    expect((await act(retailer, id, 'cancel')).status).toBe(403);
    expect((await act(brand, id, 'cancel')).body.agreement.status).toBe('canceled');
    const draft = await brandAgreement('draft');
    expect((await act(retailer, draft, 'cancel')).status).toBe(403);
    const approved = await brandAgreement('approved');
    expect((await act(retailer, approved, 'cancel')).body.agreement.status).toBe('canceled');
  });

  it('starts an approved agreement when its period begins, as the system', async () => {
    const id = await brandAgreement('approved', { start_date: dateIn(-2), end_date: dateIn(5) });
    const res = await get(brand, id);
    expect(res.body.status).toBe('running');
    expect(res.body.history.at(-1)).toMatchObject({ from_status: 'approved', to_status: 'running', side: 'system', user_name: null });
    const listed = await t.http.get('/api/trade').query({ status: 'running' }).set(bearer(retailer));
    expect(listed.body.data.map((a: { id: number }) => a.id)).toContain(id);
  });

  it('takes proofs only from the retailer, as images of the agreement stores', async () => {
    const id = await brandAgreement('running');
    const before = await snapshot(id);
    const photo = { content: png(32, 32), name: 'foto.png', type: 'image/png' };
    const byBrand = await uploadProof(brand, id, { location_id: String(stores[0]) }, photo);
    expect(byBrand.statusCode).toBe(403);
    expect(byBrand.json().error.message).toBe('Somente o varejista envia fotos de execução.');
    const pdf = await uploadProof(retailer, id, { location_id: String(stores[0]) }, { content: Buffer.from('%PDF-1.4 nota'), name: 'nota.pdf', type: 'application/pdf' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe('Envie uma imagem JPEG, PNG ou WebP.');
    const otherStore = await uploadProof(retailer, id, { location_id: String(atacadoStore) }, photo);
    expect(otherStore.statusCode).toBe(400);
    expect(otherStore.json().error.message).toBe('Informe em location_id uma loja do acordo.');
    const noFile = await uploadProof(retailer, id, { location_id: String(stores[0]) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.code).toBe('VALIDATION_ERROR');
    const tooBig = await uploadProof(retailer, id, { location_id: String(stores[0]) }, { content: png(32, 32, 10 * 1024 * 1024 + 10), name: 'grande.png', type: 'image/png' });
    expect(tooBig.statusCode).toBe(413);
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('trade agreements: input and links', () => {
  it('refuses bad input with 400 in Portuguese, creating nothing', async () => {
    const count = await t.db.tradeAgreement.count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [fields({ end_date: dateIn(10), start_date: dateIn(20) }), 'end_date'],
      [fields({ kind: 'outdoor' }), 'kind'],
      [fields({ investment: -1 }), 'investment'],
      [fields({ location_ids: [] }), 'location_ids'],
      [fields({ title: '' }), 'title'],
      [fields({ start_date: '2026-02-30' }), 'start_date'],
    ];
    for (const [body, field] of cases) {
      const res = await create(brand, { ...body, counterpart_id: ids.bomPreco });
      expect(res.status, field).toBe(400);
      expectEnvelope(res.body, 'VALIDATION_ERROR');
      expect(JSON.stringify(res.body.error.details), field).toContain(field);
    }
    const period = await create(brand, { ...fields({ end_date: dateIn(10), start_date: dateIn(20) }), counterpart_id: ids.bomPreco });
    expect(JSON.stringify(period.body.error.details)).toContain('A data final deve ser igual ou posterior à de início.');
    expect((await create(brand, fields())).status).toBe(400);
    expect((await t.http.get('/api/trade').query({ status: 'pending' }).set(bearer(brand))).status).toBe(400);
    expect((await act(brand, 1, 'approve-all')).status).toBe(400);
    expect(await t.db.tradeAgreement.count()).toBe(count);
  });

  it('agrees only between linked parties, on the retailer stores and its products of the brand', async () => {
    const count = await t.db.tradeAgreement.count();
    const notLinked = await create(third, { ...fields(), counterpart_id: ids.aurora });
    expect(notLinked.status).toBe(422);
    expect(notLinked.body.error.message).toBe('A outra parte não é uma indústria ou varejista vinculado a esta conta por marcas.');
    expect((await create(brand, { ...fields(), counterpart_id: ids.atacado })).status).toBe(422);
    expect((await create(retailer, { ...fields(), counterpart_id: ids.atacado })).status).toBe(422);
    const badStore = await create(brand, { ...fields({ location_ids: [stores[0], atacadoStore] }), counterpart_id: ids.bomPreco });
    expect(badStore.status).toBe(422);
    expect(badStore.body.error.message).toBe(`Lojas que não são do varejista do acordo: ${atacadoStore}.`);
    const badProduct = await create(retailer, { ...fields({ product_ids: [products[0], outsideProduct] }), counterpart_id: ids.aurora });
    expect(badProduct.status).toBe(422);
    expect(badProduct.body.error.message).toBe(`Produtos que não são das marcas da indústria neste varejista: ${outsideProduct}.`);
    expect(await t.db.tradeAgreement.count()).toBe(count);
  });
});

describe('trade agreements: counterparts', () => {
  it('offers each side the parties linked to it, with the retailer stores and its products of the brand', async () => {
    const allStores = await t.db.location.findMany({ where: { accountId: ids.bomPreco }, select: { id: true } });
    const brandScope = await t.db.product.findMany({ where: { accountId: ids.bomPreco, brand: { equals: 'Café Aurora', mode: 'insensitive' } }, select: { id: true } });
    const forBrand = await t.http.get('/api/trade/counterparts').set(bearer(brand));
    expect(forBrand.status).toBe(200);
    // Rede Parceira Mídia is linked to Café Aurora too, but is a media network with no stores: not a retailer.
    expect(forBrand.body.data.map((c: { id: number; side: string }) => [c.id, c.side])).toEqual([[ids.bomPreco, 'retailer']]);
    const [bomPreco] = forBrand.body.data;
    expect(bomPreco.name).toBe('Supermercado Bom Preço');
    expect(bomPreco.locations.map((l: { id: number }) => l.id).sort()).toEqual(allStores.map((l) => l.id).sort());
    expect(bomPreco.products.map((p: { id: number }) => p.id).sort()).toEqual(brandScope.map((p) => p.id).sort());
    expect(bomPreco.products.map((p: { id: number }) => p.id)).not.toContain(outsideProduct);

    const forRetailer = await t.http.get('/api/trade/counterparts').set(bearer(retailer));
    expect(forRetailer.body.data.map((c: { id: number; side: string; name: string }) => [c.id, c.side, c.name])).toEqual([[ids.aurora, 'brand', 'Café Aurora']]);
    expect(forRetailer.body.data[0].products).toEqual(bomPreco.products);
    expect(forRetailer.body.data[0].locations).toEqual(bomPreco.locations);

    // Linked to nobody: nothing offered, nothing of the others' stores or products.
    const forThird = await t.http.get('/api/trade/counterparts').set(bearer(third));
    expect(forThird.status).toBe(200);
    expect(forThird.body).toEqual({ data: [] });
    expect((await t.http.get('/api/trade/counterparts')).status).toBe(401);
  });
});

describe('trade agreements: visibility', () => {
  it('shows each side its agreements only, filtered by status and counterpart, paginated', async () => {
    const id = await brandAgreement('proposed', { title: 'Acordo da listagem' });
    for (const token of [brand, retailer]) {
      const res = await t.http.get('/api/trade').query({ status: 'proposed', counterpart_id: token === brand ? ids.bomPreco : ids.aurora, quantity: 1 }).set(bearer(token));
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ id, status: 'proposed' });
      expect(res.body.meta).toMatchObject({ page: 1, quantity: 1 });
      expect(res.body.meta.total).toBeGreaterThanOrEqual(1);
    }
    const none = await t.http.get('/api/trade').query({ counterpart_id: ids.atacado }).set(bearer(brand));
    expect(none.body.data).toEqual([]);
    const thirds = await t.http.get('/api/trade').set(bearer(third));
    expect(thirds.status).toBe(200);
    expect(thirds.body.data).toEqual([]);
    expect(thirds.body.meta.total).toBe(0);
  });

  it('answers 404 to a third account, retailer or brand, on every route of an agreement, changing nothing', async () => {
    const id = await brandAgreement('running');
    const before = await snapshot(id);
    const calls = [third, otherBrand].flatMap((token) => [
      () => get(token, id),
      () => edit(token, id, fields()),
      () => t.http.get(`/api/trade/${id}/proofs`).set(bearer(token)),
      () => t.http.get(`/api/trade/${id}/results`).set(bearer(token)),
      ...['propose', 'approve', 'reject', 'revise', 'start', 'finish', 'cancel'].map((a) => () => act(token, id, a, 'x')),
    ]);
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(404);
      expectEnvelope(res.body, 'TRADE_NOT_FOUND');
      expect(res.body.error.message).toBe('Acordo de trade não encontrado.');
    }
    for (const token of [third, otherBrand]) {
      const upload = await uploadProof(token, id, { location_id: String(stores[0]) }, { content: png(32, 32), name: 'x.png', type: 'image/png' });
      expect(upload.statusCode).toBe(404);
    }
    const listed = await t.http.get('/api/trade').set(bearer(otherBrand));
    expect(listed.body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await t.http.get('/api/trade/counterparts').set(bearer(otherBrand))).body).toEqual({ data: [] });
    expect(await snapshot(id)).toEqual(before);
  });

  let matrixId = 0;
  beforeAll(async () => {
    matrixId = await brandAgreement('running', { title: 'Acordo da matriz' });
  });
  authorizationMatrix({
    operations: () => [
      ['list', () => t.http.get('/api/trade')],
      ['get', () => t.http.get(`/api/trade/${matrixId}`)],
      ['proofs', () => t.http.get(`/api/trade/${matrixId}/proofs`)],
      ['results', () => t.http.get(`/api/trade/${matrixId}/results`)],
      ['create', () => t.http.post('/api/trade').send({ ...fields(), counterpart_id: ids.aurora })],
      ['update', () => t.http.put(`/api/trade/${matrixId}`).send(fields())],
      ['finish', () => t.http.post(`/api/trade/${matrixId}/actions/finish`).send({})],
    ],
    reads: ['list', 'get', 'proofs', 'results'],
    idOperations: () => [
      ['get', () => t.http.get(`/api/trade/${matrixId}`)],
      ['proofs', () => t.http.get(`/api/trade/${matrixId}/proofs`)],
      ['results', () => t.http.get(`/api/trade/${matrixId}/results`)],
      ['update', () => t.http.put(`/api/trade/${matrixId}`).send(fields())],
      ['finish', () => t.http.post(`/api/trade/${matrixId}/actions/finish`).send({})],
    ],
    notFound: 'TRADE_NOT_FOUND',
    tokens: () => ({ operator, otherAccount: third }),
    snapshot: () => snapshot(matrixId),
  });
});

describe('trade agreements: results from the sales rollups', () => {
  it('compares the period with the previous one of equal length, per product and per store', async () => {
    const id = await brandAgreement('approved', { start_date: '2024-03-08', end_date: '2024-03-14' });
    const [p1, p2] = products as [number, number];
    const [s1, s2] = stores as [number, number];
    const row = (day: string, locationId: number, productId: number, units: number, cents: number) => ({
      accountId: ids.bomPreco, day: new Date(`${day}T00:00:00Z`), locationId, channel: 'vtex' as const, productId, lines: 1, units: new Prisma.Decimal(units), gmvCents: BigInt(cents),
    });
    await t.db.salesDailyStat.createMany({
      data: [
        row('2024-03-08', s1, p1, 10, 150_00),
        row('2024-03-14', s2, p1, 5, 75_00),
        row('2024-03-10', s1, p2, 2.5, 40_00),
        row('2024-03-01', s1, p1, 4, 60_00), // previous period: 2024-03-01 … 2024-03-07
        row('2024-03-07', s2, p2, 3, 45_00),
        row('2024-02-29', s1, p1, 100, 1_000_00), // before both periods
        row('2024-03-15', s1, p1, 100, 1_000_00), // after the period
        row('2024-03-09', s1, outsideProduct, 50, 500_00), // not a product of the agreement
      ],
    });
    for (const token of [brand, retailer]) {
      const res = await t.http.get(`/api/trade/${id}/results`).set(bearer(token));
      expect(res.status).toBe(200);
      expect(res.body.period).toEqual({ start_date: '2024-03-08', end_date: '2024-03-14' });
      expect(res.body.previous_period).toEqual({ start_date: '2024-03-01', end_date: '2024-03-07' });
      expect(res.body.total).toEqual({ current: { units: 17.5, value: 265 }, previous: { units: 7, value: 105 }, units_change_pct: 150, value_change_pct: 152.4 });
      const byProduct = Object.fromEntries(res.body.by_product.map((p: { product_id: number }) => [p.product_id, p]));
      expect(byProduct[p1]).toMatchObject({ current: { units: 15, value: 225 }, previous: { units: 4, value: 60 }, units_change_pct: 275 });
      expect(byProduct[p2]).toMatchObject({ current: { units: 2.5, value: 40 }, previous: { units: 3, value: 45 } });
      const byStore = Object.fromEntries(res.body.by_store.map((s: { location_id: number }) => [s.location_id, s]));
      expect(byStore[s1]).toMatchObject({ current: { units: 12.5, value: 190 }, previous: { units: 4, value: 60 } });
      expect(byStore[s2]).toMatchObject({ current: { units: 5, value: 75 }, previous: { units: 3, value: 45 } });
    }
    // The same totals as the rollups read directly.
    const [direct] = await t.db.$queryRaw<Array<{ units: number; cents: number }>>`
      SELECT sum(units)::float8 AS units, sum(gmv_cents)::float8 AS cents FROM sales_daily_stats
       WHERE account_id = ${ids.bomPreco} AND product_id = ANY(${products}::int[]) AND location_id = ANY(${stores}::int[])
         AND day BETWEEN '2024-03-08' AND '2024-03-14'`;
    const res = await t.http.get(`/api/trade/${id}/results`).set(bearer(brand));
    expect(res.body.total.current).toEqual({ units: direct!.units, value: direct!.cents / 100 });
  });
});
