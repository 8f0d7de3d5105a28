import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { authorizationMatrix } from '../../../test/authorization-matrix.ts';
import { createLocalMediaStorage } from '../../lib/media-storage.ts';
import { endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import { createFlyersRepo } from './flyers.repo.ts';
import { createFlyersService } from './flyers.service.ts';

const MANAGER = 'juliana.alves@varejo.test';
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake image body')]);

let t: TestApp;
/** DATA_DIR of the test app: uploads land in `<dataDir>/uploads` (the database is the test's own either way). */
let dataDir: string;
let uploadsRoot: string;
let adminToken: string;
let managerToken: string;
let operatorToken: string;
let atacadoToken: string;
let bomPreco: number;
let seq = 0;

const body = (over: Record<string, unknown> = {}) => ({
  name: `Encarte de Ofertas ${++seq}`,
  message: 'Ofertas da semana',
  start_at: iso(-1),
  end_at: iso(10),
  ...over,
});

const create = (b: Record<string, unknown>, token = adminToken) => t.http.post('/api/promotion-flyer').set(bearer(token)).send(b);
const list = (query: Record<string, string | number>, token = adminToken) => t.http.get('/api/promotion-flyer').query(query).set(bearer(token));
const act = (id: number, action: string, token = adminToken) => t.http.post(`/api/promotion-flyer/${id}/actions/${action}`).set(bearer(token));

/** A multipart/form-data upload through inject: the whole body is known, so an early answer never races the sender. */
function upload(file: Buffer, filename: string, contentType: string, token = adminToken, field = 'file') {
  const boundary = '----flyer-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/promotion-flyer/media',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'flyers-test-'));
  uploadsRoot = join(dataDir, 'uploads');
  t = await createTestApp({ dataDir });
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  const atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  adminToken = await t.login(DEMO.admin);
  managerToken = await t.login(MANAGER);
  operatorToken = await t.login(DEMO.operator);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST /api/promotion-flyer', () => {
  it('creates a flyer with the defaults and its computed status', async () => {
    const res = await create(body({ name: '  Encarte Semanal  ', message: 'Linha 1\r\nLinha 2\rLinha 3' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Encarte Semanal',
      message: 'Linha 1\nLinha 2\nLinha 3',
      status: 'active',
      active: true,
      disabled_at: null,
      location_ids: [],
      media_url: null,
      media_type: null,
      media_name: null,
    });
    expect((await t.db.flyer.findUniqueOrThrow({ where: { id: res.body.id } })).accountId).toBe(bomPreco);
  });

  it('creates an inactive flyer as paused, with its disabled date', async () => {
    const res = await create(body({ active: false, location_ids: [3, 1, 3] }));
    expect(res.body).toMatchObject({ status: 'pause', active: false, location_ids: [3, 1] });
    expect(res.body.disabled_at).not.toBeNull();
  });

  it.each([
    ['missing name', { name: undefined }, 'name'],
    ['short name', { name: 'A' }, 'name'],
    ['end before start', { start_at: iso(5), end_at: iso(1) }, 'end_at'],
    ['date without offset', { start_at: '2026-11-20T00:00:00' }, 'start_at'],
    ['outside media_url', { media_url: 'https://exemplo.com/encarte.png' }, 'media_url'],
    ['traversing media_url', { media_url: '/uploads/../../etc/passwd' }, 'media_url'],
    ['media_url not issued by the API', { media_url: '/brand/flyers/nao-existe.svg' }, 'media_url'],
    ['media_url of a file that does not exist', { media_url: '/uploads/1/00000000-0000-4000-8000-000000000000.png' }, 'media_url'],
    ['unknown field', { banner: 'x' }, 'banner'],
  ])('rejects %s with a 400 naming the field', async (_, over, field) => {
    const before = await t.db.flyer.count();
    const res = await create(body(over));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const error = expectEnvelope(res.body, 'VALIDATION_ERROR');
    expect(error.details?.[0]?.field).toBe(field);
    expect(error.message).toContain(field);
    expect(await t.db.flyer.count()).toBe(before);
  });
});

describe('GET /api/promotion-flyer', () => {
  it('pages the account’s flyers, newest first', async () => {
    const total = await t.db.flyer.count({ where: { accountId: bomPreco } });
    const first = await list({ quantity: 2 });
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, quantity: 2, total, total_pages: Math.ceil(total / 2) });
    const all = await list({});
    expect(all.body.meta.quantity).toBe(50);
    const created = all.body.data.map((f: { created_at: string }) => f.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect((await list({ quantity: 2, page: 2 })).body.data[0].id).toBe(all.body.data[2].id);
    // The seeded brand art is read as it is.
    expect(all.body.data.map((f: { media_url: string }) => f.media_url)).toContain('/brand/flyers/encarte-semanal.svg');
  });

  it.each([
    ['scheduled', 'Festival do Churrasco'],
    ['active', 'Encarte Semanal de Ofertas'],
    ['pause', 'Black Friday Bom Preço'],
    ['finished', 'Hortifrúti da Estação'],
    ['canceled', 'Encarte Cancelado'],
  ])('filters by status=%s in the database', async (status, seeded) => {
    if (status === 'canceled') await create(body({ name: seeded, start_at: iso(-10), end_at: iso(-5), active: false }));
    const res = await list({ status, quantity: 500 });
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { name: string }) => f.name)).toContain(seeded);
    expect(new Set(res.body.data.map((f: { status: string }) => f.status))).toEqual(new Set([status]));
    expect(res.body.meta.total).toBe(res.body.data.length);
  });

  it('filters by São Paulo date range: flyers running on some day of it', async () => {
    expect((await create(body({ name: 'Aniversário 2031', start_at: '2031-03-10T00:00:00-03:00', end_at: '2031-03-12T23:59:59-03:00' }))).status).toBe(201);
    expect((await create(body({ name: 'Páscoa 2031', start_at: '2031-04-13T00:00:00-03:00', end_at: '2031-04-20T23:59:59-03:00' }))).status).toBe(201);
    const names = async (q: Record<string, string>) => (await list({ ...q, quantity: 500 })).body.data.map((f: { name: string }) => f.name);
    expect(await names({ start_date: '2031-03-12', end_date: '2031-04-12' })).toEqual(['Aniversário 2031']);
    expect(await names({ start_date: '2031-03-13', end_date: '2031-04-12' })).toEqual([]);
    expect(await names({ start_date: '2031-03-01', end_date: '2031-03-09' })).toEqual([]);
    expect(await names({ start_date: '2031-03-01' })).toEqual(['Páscoa 2031', 'Aniversário 2031']);
    const bad = await list({ start_date: '2031-03-10', end_date: '2031-03-01' });
    expect(expectEnvelope(bad.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('end_date');
  });

  it('searches by name in any case, with LIKE wildcards taken literally', async () => {
    await create(body({ name: 'Queima 50% off' }));
    expect((await list({ search: 'hortifrúti DA' })).body.data.map((f: { name: string }) => f.name)).toEqual(['Hortifrúti da Estação']);
    expect((await list({ search: '%' })).body.data.map((f: { name: string }) => f.name)).toEqual(['Queima 50% off']);
    expect((await list({ search: '_' })).body.data).toEqual([]);
  });

  it.each([
    [{ status: 'paused' }, 'status'],
    [{ quantity: 0 }, 'quantity'],
    [{ start_date: '10/03/2031' }, 'start_date'],
  ])('rejects %j with a 400 naming the field', async (query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe(field);
  });
});

describe('status at São Paulo day boundaries, in the answer and in the database filter', () => {
  it.each([
    ['2026-11-20T02:59:59.999Z', 'scheduled'], // last second before the start day
    ['2026-11-20T03:00:00.000Z', 'active'], // first second of the start day
    ['2026-11-23T02:59:59.999Z', 'active'], // last second of the end day
    ['2026-11-23T03:00:00.000Z', 'finished'], // the next day
  ] as const)('at %s the flyer is %s', async (now, status) => {
    const storage = createLocalMediaStorage(uploadsRoot);
    const flyers = createFlyersService({ repo: createFlyersRepo(t.db), storage, clock: () => new Date(now) });
    const name = `Fronteira ${now}`;
    const { id } = await flyers.create(bomPreco, {
      name,
      message: null,
      start_at: startOfBusinessDay('2026-11-20').toISOString(),
      end_at: endOfBusinessDay('2026-11-22').toISOString(),
      active: true,
      location_ids: [],
    });
    expect((await flyers.get(bomPreco, id)).status).toBe(status);
    const found = await flyers.list(bomPreco, { status, search: name, page: 1, quantity: 50 });
    expect(found.data.map((f) => f.id)).toEqual([id]);
  });
});

describe('GET, PUT and DELETE /api/promotion-flyer/{id}', () => {
  it('reads, replaces and deletes a flyer', async () => {
    const created = (await create(body())).body;
    const read = await t.http.get(`/api/promotion-flyer/${created.id}`).set(bearer(adminToken));
    expect(read.body).toEqual(created);
    const replaced = await t.http
      .put(`/api/promotion-flyer/${created.id}`)
      .set(bearer(adminToken))
      .send(body({ name: 'Encarte Renovado', message: '', location_ids: [2] }));
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: created.id, name: 'Encarte Renovado', message: null, location_ids: [2] });
    const removed = await t.http.delete(`/api/promotion-flyer/${created.id}`).set(bearer(adminToken));
    expect(removed.body).toEqual({ message: 'Encarte excluído com sucesso.' });
    expect(await t.db.flyer.count({ where: { id: created.id } })).toBe(0);
    const gone = await t.http.get(`/api/promotion-flyer/${created.id}`).set(bearer(adminToken));
    expect(gone.status).toBe(404);
    expectEnvelope(gone.body, 'FLYER_NOT_FOUND');
  });

  it('keeps a seeded flyer’s brand art on edit and on duplicate, but takes no other outside address', async () => {
    const seeded = await t.db.flyer.findFirstOrThrow({ where: { accountId: bomPreco, name: 'Festival do Churrasco' } });
    const put = (b: Record<string, unknown>) => t.http.put(`/api/promotion-flyer/${seeded.id}`).set(bearer(adminToken)).send(b);
    const base = { name: seeded.name, start_at: seeded.startAt.toISOString(), end_at: seeded.endAt.toISOString() };
    const kept = await put({ ...base, media_url: seeded.mediaUrl, media_type: 'text/html' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ media_url: seeded.mediaUrl, media_type: 'image/svg+xml', media_name: 'festival-churrasco.svg' });

    const duplicate = await create({ ...base, name: 'Festival do Churrasco (cópia)', media_url: seeded.mediaUrl });
    expect(duplicate.status).toBe(201);
    expect(duplicate.body).toMatchObject({ media_url: seeded.mediaUrl, media_type: 'image/svg+xml', media_name: 'festival-churrasco.svg' });
    // Another account has no flyer showing that art.
    const theirs = await create({ ...base, media_url: seeded.mediaUrl }, atacadoToken);
    expect(expectEnvelope(theirs.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('media_url');

    const other = await put({ ...base, media_url: '/brand/flyers/outra-arte.svg' });
    expect(other.status).toBe(400);
    expect(expectEnvelope(other.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('media_url');
    expect((await t.db.flyer.findUniqueOrThrow({ where: { id: seeded.id } })).mediaUrl).toBe(seeded.mediaUrl);
  });
});

describe('POST /api/promotion-flyer/{id}/actions/{action}', () => {
  it('pauses, reactivates, cancels and finishes, each with the spec’s message and effect', async () => {
    const { id } = (await create(body())).body;
    const paused = await act(id, 'pause');
    expect(paused.status).toBe(200);
    expect(paused.body.message).toBe('Encarte pausado com sucesso.');
    expect(paused.body.flyer).toMatchObject({ id, active: false, status: 'pause' });
    expect(paused.body.flyer.disabled_at).not.toBeNull();

    const reactivated = await act(id, 'reactivate');
    expect(reactivated.body).toMatchObject({ message: 'Encarte reativado com sucesso.', flyer: { active: true, disabled_at: null, status: 'active' } });

    const before = Date.now();
    const finished = await act(id, 'finish');
    expect(finished.body).toMatchObject({ message: 'Encarte finalizado com sucesso.', flyer: { active: true, status: 'finished' } });
    const endAt = Date.parse(finished.body.flyer.end_at);
    expect(endAt).toBeGreaterThanOrEqual(before - 1000);
    expect(endAt).toBeLessThanOrEqual(Date.now());

    const canceled = await act(id, 'cancel');
    expect(canceled.body).toMatchObject({ message: 'Encarte cancelado com sucesso.', flyer: { active: false, status: 'canceled' } });
  });

  it('finishes a flyer that had not begun without leaving its start after its end', async () => {
    const { id } = (await create(body({ start_at: iso(3), end_at: iso(9) }))).body;
    const res = await act(id, 'finish');
    expect(res.body.flyer.status).toBe('finished');
    expect(Date.parse(res.body.flyer.start_at)).toBeLessThan(Date.parse(res.body.flyer.end_at));
  });

  it('answers in English when asked', async () => {
    const { id } = (await create(body())).body;
    const res = await act(id, 'pause').set('accept-language', 'en');
    expect(res.body.message).toBe('Flyer paused successfully.');
  });

  it('rejects an unknown action with 400', async () => {
    const { id } = (await create(body())).body;
    const res = await act(id, 'archive');
    expect(res.status).toBe(400);
    expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('action');
  });
});

describe('POST /api/promotion-flyer/media and GET /uploads', () => {
  it('stores a PNG, serves it back byte for byte, and lets a flyer use it', async () => {
    const res = await upload(PNG, 'Encarte Natal.png', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json();
    expect(media).toMatchObject({ media_type: 'image/png', media_name: 'Encarte Natal.png', size: PNG.length });
    expect(media.media_url).toMatch(new RegExp(`^/uploads/${bomPreco}/[0-9a-f-]{36}\\.png$`));

    const served = await t.app.inject({ method: 'GET', url: media.media_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await readFile(join(uploadsRoot, media.media_url.slice('/uploads/'.length)))).equals(PNG)).toBe(true);

    const flyer = await create(body({ media_url: media.media_url, media_type: 'text/html', media_name: 'natal.png' }));
    expect(flyer.status, JSON.stringify(flyer.body)).toBe(201);
    // The stored file's real type wins over what the client says.
    expect(flyer.body).toMatchObject({ media_url: media.media_url, media_type: 'image/png', media_name: 'natal.png' });
    // Another account cannot attach it.
    const theirs = await create(body({ media_url: media.media_url }), atacadoToken);
    expect(theirs.status).toBe(400);
    expect(expectEnvelope(theirs.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('media_url');
  });

  it('takes the type from the content: a .png that is really text is a 400 naming the allowed types', async () => {
    const res = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'oferta.png', 'image/png');
    expect(res.statusCode).toBe(400);
    const error = expectEnvelope(res.json(), 'VALIDATION_ERROR');
    expect(error.message).toBe('Tipo de arquivo não permitido. Envie uma imagem JPEG, PNG, WebP ou GIF, um PDF ou um vídeo MP4.');
    expect(error.details?.[0]?.field).toBe('file');
  });

  it('answers 413 in pt-BR for an image over 10 MB, and keeps nothing', async () => {
    const before = await filesUnder(uploadsRoot);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(big, 'grande.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(expectEnvelope(res.json(), 'MEDIA_TOO_LARGE').message).toBe('O arquivo é grande demais: o limite para imagens e PDF é 10 MB.');
    expect(await filesUnder(uploadsRoot)).toEqual(before);
  });

  it('accepts a video larger than the image limit', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload(mp4, 'video.mp4', 'video/mp4');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ media_type: 'video/mp4', size: mp4.length });
  });

  it('answers 400 naming "file" when no file is sent', async () => {
    const wrongField = await upload(PNG, 'a.png', 'image/png', adminToken, 'imagem');
    expect(wrongField.statusCode).toBe(400);
    expect(expectEnvelope(wrongField.json(), 'VALIDATION_ERROR').details?.[0]?.field).toBe('file');
    const json = await t.http.post('/api/promotion-flyer/media').set(bearer(adminToken)).send({ file: 'x' });
    expect(json.status).toBe(400);
    expect(expectEnvelope(json.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('file');
  });

  it('refuses uploads to the operator (403) and to anonymous callers (401)', async () => {
    expect((await upload(PNG, 'a.png', 'image/png', operatorToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/promotion-flyer/media' });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    '/uploads/',
    `/uploads/1/`,
    '/uploads/../package.json',
    '/uploads/..%2f..%2fpackage.json',
    '/uploads/%2e%2e/%2e%2e/package.json',
    '/uploads/1/..%2f..%2f..%2fpackage.json',
    '/uploads/1/00000000-0000-4000-8000-000000000000.png',
  ])('answers 404 to %s: no listing, no traversal', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(404);
    expectEnvelope(res.json());
  });
});

describe('authorisation', () => {
  let own: number;
  beforeAll(async () => {
    own = (await create(body())).body.id;
  });

  const operations = () => [
    ['list', () => t.http.get('/api/promotion-flyer')],
    ['get', () => t.http.get(`/api/promotion-flyer/${own}`)],
    ['create', () => t.http.post('/api/promotion-flyer').send(body())],
    ['update', () => t.http.put(`/api/promotion-flyer/${own}`).send(body())],
    ['action', () => t.http.post(`/api/promotion-flyer/${own}/actions/pause`)],
    ['delete', () => t.http.delete(`/api/promotion-flyer/${own}`)],
  ] as const;

  authorizationMatrix({
    operations,
    reads: ['list', 'get'],
    idOperations: () => [
      ...operations().filter(([n]) => n !== 'list' && n !== 'create'),
      ...(['cancel', 'finish', 'reactivate'] as const).map((a) => [`action ${a}`, () => t.http.post(`/api/promotion-flyer/${own}/actions/${a}`)] as const),
    ],
    notFound: 'FLYER_NOT_FOUND',
    tokens: () => ({ operator: operatorToken, otherAccount: atacadoToken }),
    snapshot: () => t.db.flyer.findUniqueOrThrow({ where: { id: own } }),
  });

  it('leaves the flyer out of another account’s list', async () => {
    const theirList = await list({ quantity: 500 }, atacadoToken);
    expect(theirList.body.data.map((f: { id: number }) => f.id)).not.toContain(own);
  });

  it('lets a manager write', async () => {
    const created = await create(body(), managerToken);
    expect(created.status).toBe(201);
    expect((await t.http.put(`/api/promotion-flyer/${created.body.id}`).set(bearer(managerToken)).send(body({ name: 'Editado pela gerente' }))).status).toBe(200);
    expect((await act(created.body.id, 'pause', managerToken)).status).toBe(200);
    expect((await upload(PNG, 'a.png', 'image/png', managerToken)).statusCode).toBe(201);
    expect((await t.http.delete(`/api/promotion-flyer/${created.body.id}`).set(bearer(managerToken))).status).toBe(200);
  });
});

async function filesUnder(root: string) {
  const out: string[] = [];
  for (const account of await readdir(root)) out.push(...(await readdir(join(root, account))).map((f) => `${account}/${f}`));
  return out.sort();
}
