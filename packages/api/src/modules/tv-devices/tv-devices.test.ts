import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationMatrix, type Operation } from '../../../test/authorization-matrix.ts';
import { startFirestoreStandin } from '../../../test/firestore-standin.ts';
import { bearer, createTestApp, DEMO, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createPostgresDeviceCollection } from './device-collection.postgres.ts';
import { deviceDocId } from './tv-devices.service.ts';

let t: TestApp;
let admin: string;
let operator: string;
let partner: string;
let brand: string;
let bomPreco: number;
let storeId: number;
let partnerStoreId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, partner, brand] = await Promise.all([t.login(DEMO.admin), t.login(DEMO.operator), t.login(DEMO.partner), t.login(DEMO.brand)]);
  bomPreco = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' }, select: { id: true } })).id;
  const rede = (await t.db.account.findUniqueOrThrow({ where: { slug: 'rede-parceira-midia' }, select: { id: true } })).id;
  storeId = (await t.db.location.findFirstOrThrow({ where: { accountId: bomPreco, active: true }, select: { id: true }, orderBy: { id: 'asc' } })).id;
  partnerStoreId = (await t.db.location.create({ data: { accountId: rede, name: 'Loja da Rede' }, select: { id: true } })).id;
}, 120_000);
afterAll(() => t?.close());

const register = async (deviceID = `android-tv-${++seq}-${Date.now()}`) => {
  const res = await t.http.post('/tv/devices').send({ deviceName: 'Sala de vendas', deviceID, deviceManufacturer: 'Samsung' }).expect(201);
  return { ...(res.body as { id: string; token: string; heartbeat_interval_ms: number }), deviceID };
};
const heartbeat = (token: string) => t.http.post('/tv/heartbeat').send({ token });
const activate = (token: string, as = admin, body: object = { name: 'TV da entrada', location_id: storeId }) =>
  t.http.post(`/api/tv-devices/pairing/${token}/activate`).set(bearer(as)).send(body);
const list = (as = admin, query: Record<string, string | number> = {}) => t.http.get('/api/tv-devices').set(bearer(as)).query({ quantity: 500, ...query });
const documentOf = async (id: string) => (await t.db.tvDevice.findUnique({ where: { id }, select: { accountId: true, token: true, data: true } })) ?? null;

describe('TV devices, from registration to removal', () => {
  it('registers, shows the activation page, activates for a store, lists, tracks heartbeats and removes', async () => {
    const device = await register();
    expect(device.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(device.id).toBe(deviceDocId(device.deviceID));

    // Unpaired: the heartbeat says so, and the activation page shows the device's information.
    expect((await heartbeat(device.token).expect(200)).body).toMatchObject({ active: false, accountName: null, store: null });
    const page = (await t.http.get(`/api/tv-devices/pairing/${device.token}`).set(bearer(admin)).expect(200)).body;
    expect(page).toMatchObject({ id: device.id, deviceName: 'Sala de vendas', deviceID: device.deviceID, deviceManufacturer: 'Samsung', active: false, name: null });

    const activated = (await activate(device.token).expect(200)).body;
    expect(activated).toMatchObject({ id: device.id, name: 'TV da entrada', active: true, user: { name: expect.any(String), email: DEMO.admin }, store: { id: storeId } });

    // The document holds the spec's fields (§3), as activation sets them (§4).
    const account = await t.db.account.findUniqueOrThrow({ where: { id: bomPreco }, select: { name: true, logoUrl: true, headerColor: true } });
    const stored = await documentOf(device.id);
    expect(stored).toMatchObject({ accountId: bomPreco, token: device.token });
    expect(stored!.data).toMatchObject({
      deviceName: 'Sala de vendas',
      deviceID: device.deviceID,
      deviceManufacturer: 'Samsung',
      token: device.token,
      name: 'TV da entrada',
      user: { name: expect.any(String), email: DEMO.admin },
      email: DEMO.admin,
      active: true,
      account_id: bomPreco,
      accountName: account.name,
      accountLogo: account.logoUrl,
      accountLogoBg: account.headerColor,
    });

    // The TV now learns it is active, for which account and store.
    expect((await heartbeat(device.token).expect(200)).body).toMatchObject({ active: true, name: 'TV da entrada', accountName: account.name, store: { id: storeId } });
    const listed = (await list().expect(200)).body as { data: Array<Record<string, unknown>>; meta: { total: number } };
    const row = listed.data.find((d) => d.id === device.id)!;
    expect(row).toMatchObject({ name: 'TV da entrada', deviceID: device.deviceID, deviceManufacturer: 'Samsung', active: true, online: true, user: { email: DEMO.admin } });
    expect(Date.now() - Date.parse(row.last_seen_at as string)).toBeLessThan(60_000);

    // Three minutes without a heartbeat: offline, with its last contact.
    const seen = new Date(Date.now() - 180_000).toISOString();
    await createPostgresDeviceCollection(t.db).set(device.id, { lastSeenAt: seen }, { merge: true });
    const offline = ((await list().expect(200)).body.data as Array<Record<string, unknown>>).find((d) => d.id === device.id)!;
    expect(offline).toMatchObject({ online: false, last_seen_at: seen });
    await heartbeat(device.token).expect(200);
    expect(((await list().expect(200)).body.data as Array<Record<string, unknown>>).find((d) => d.id === device.id)).toMatchObject({ online: true });

    // Removed: out of the list, and its next heartbeat says it waits to be paired again.
    const removed = await t.http.delete(`/api/tv-devices/${device.id}`).set(bearer(admin)).expect(200);
    expect(removed.body.message).toBe('TV removida: ela volta a aguardar pareamento.');
    expect(((await list().expect(200)).body.data as Array<{ id: string }>).some((d) => d.id === device.id)).toBe(false);
    expect((await heartbeat(device.token).expect(200)).body).toMatchObject({ active: false, name: null, accountName: null, accountLogo: null, store: null });
    expect((await documentOf(device.id))!.accountId).toBeNull();
    await t.http.delete(`/api/tv-devices/${device.id}`).set(bearer(admin)).expect(404);
  });

  it('keeps one document per device: registering the deviceID again gives a new token and resets the pairing', async () => {
    const first = await register();
    await activate(first.token).expect(200);
    const again = await register(first.deviceID);
    expect(again.id).toBe(first.id);
    expect(again.token).not.toBe(first.token);
    expect(await t.db.tvDevice.count({ where: { id: first.id } })).toBe(1);
    expectEnvelope((await heartbeat(first.token).expect(404)).body, 'TV_DEVICE_NOT_FOUND');
    expect((await heartbeat(again.token).expect(200)).body).toMatchObject({ active: false });
    expect(((await list().expect(200)).body.data as Array<{ id: string }>).some((d) => d.id === first.id)).toBe(false);
  });

  it('sorts and paginates the list', async () => {
    const names = ['Zeta TV', 'Alfa TV', 'Meio TV'];
    for (const name of names) await activate((await register()).token, admin, { name, location_id: storeId }).expect(200);
    const all = (await list(admin, { order_by: 'name', order_direction: 'asc' }).expect(200)).body as { data: Array<{ name: string }>; meta: { total: number } };
    const ours = all.data.map((d) => d.name).filter((n) => names.includes(n));
    expect(ours).toEqual(['Alfa TV', 'Meio TV', 'Zeta TV']);
    const page2 = (await list(admin, { order_by: 'name', order_direction: 'asc', quantity: 1, page: 2 }).expect(200)).body;
    expect(page2.data).toHaveLength(1);
    expect(page2.meta).toEqual({ page: 2, quantity: 1, total: all.meta.total, total_pages: all.meta.total });
    expect(page2.data[0].name).toBe(all.data[1]!.name);
  });
});

describe('another account', () => {
  it('neither sees nor acts on a device activated by another publisher (404), and nothing changes', async () => {
    const device = await register();
    await activate(device.token).expect(200);
    const before = await documentOf(device.id);
    expectEnvelope((await t.http.get(`/api/tv-devices/pairing/${device.token}`).set(bearer(partner)).expect(404)).body, 'TV_DEVICE_NOT_FOUND');
    expectEnvelope((await activate(device.token, partner, { name: 'Tomada', location_id: partnerStoreId }).expect(404)).body, 'TV_DEVICE_NOT_FOUND');
    expectEnvelope((await t.http.delete(`/api/tv-devices/${device.id}`).set(bearer(partner)).expect(404)).body, 'TV_DEVICE_NOT_FOUND');
    const theirs = (await list(partner).expect(200)).body.data as Array<{ id: string }>;
    expect(theirs.some((d) => d.id === device.id)).toBe(false);
    expect(await documentOf(device.id)).toEqual(before);
  });

  it('may not activate a device for a store of another account (422), and nothing changes', async () => {
    const device = await register();
    const before = await documentOf(device.id);
    const res = await activate(device.token, admin, { name: 'TV', location_id: partnerStoreId }).expect(422);
    expect(expectEnvelope(res.body, 'TV_DEVICE_STORE_UNKNOWN').message).toBe('Loja não encontrada nesta conta.');
    expect(await documentOf(device.id)).toEqual(before);
  });

  it('answers 403 to an account that is no publisher', async () => {
    const device = await register();
    const res = await t.http.get(`/api/tv-devices/pairing/${device.token}`).set(bearer(brand)).expect(403);
    expect(['TV_DEVICES_PUBLISHER_ONLY', 'FORBIDDEN_MODULE']).toContain(expectEnvelope(res.body).code);
    expect((await list(brand)).status).toBe(403);
  });
});

describe('bad input', () => {
  it('answers 400 in Portuguese, naming the field, and stores nothing', async () => {
    const before = await t.db.tvDevice.count();
    const missing = expectEnvelope((await t.http.post('/tv/devices').send({ deviceID: 'x', deviceManufacturer: 'LG' }).expect(400)).body, 'VALIDATION_ERROR');
    expect(missing.details!.map((d) => d.field)).toContain('deviceName');
    expect(missing.message).toMatch(/dados|inválid/i);
    const extra = expectEnvelope((await t.http.post('/tv/devices').send({ deviceName: 'a', deviceID: 'b', deviceManufacturer: 'c', token: 'x' }).expect(400)).body);
    expect(extra.code).toBe('VALIDATION_ERROR');
    const long = expectEnvelope((await t.http.post('/tv/devices').send({ deviceName: 'a'.repeat(121), deviceID: 'b', deviceManufacturer: 'c' }).expect(400)).body);
    expect(long.details!.map((d) => d.field)).toContain('deviceName');
    expect(await t.db.tvDevice.count()).toBe(before);

    expectEnvelope((await t.http.post('/tv/heartbeat').send({ token: 'curto' }).expect(400)).body, 'VALIDATION_ERROR');
    const unknown = expectEnvelope((await heartbeat('A'.repeat(43)).expect(404)).body, 'TV_DEVICE_NOT_FOUND');
    expect(unknown.message).toBe('TV não encontrada.');
    expectEnvelope((await t.http.get('/api/tv-devices/pairing/curto').set(bearer(admin)).expect(400)).body, 'VALIDATION_ERROR');

    const device = await register();
    const blank = expectEnvelope((await activate(device.token, admin, { name: '  ', location_id: storeId }).expect(400)).body, 'VALIDATION_ERROR');
    expect(blank.details!.map((d) => d.field)).toContain('name');
    expectEnvelope((await list(admin, { order_by: 'preço' }).expect(400)).body, 'VALIDATION_ERROR');
    expect((await documentOf(device.id))!.data).toMatchObject({ active: false, account_id: null });
  });
});

describe('authorisation matrix', () => {
  let device: { id: string; token: string };
  beforeAll(async () => {
    device = await register();
    await activate(device.token).expect(200);
  });
  const operations = (): Operation[] => [
    ['pairing', () => t.http.get(`/api/tv-devices/pairing/${device.token}`)],
    ['activate', () => t.http.post(`/api/tv-devices/pairing/${device.token}/activate`).send({ name: 'Outra', location_id: storeId })],
    ['list', () => t.http.get('/api/tv-devices')],
    ['remove', () => t.http.delete(`/api/tv-devices/${device.id}`)],
  ];
  authorizationMatrix({
    operations,
    reads: ['pairing', 'list'],
    idOperations: () => operations().filter(([n]) => n !== 'list'),
    notFound: 'TV_DEVICE_NOT_FOUND',
    tokens: () => ({ operator, otherAccount: partner }),
    snapshot: () => documentOf(device.id),
  });
});

describe('on Cloud Firestore (the emulator protocol, served by the stand-in)', () => {
  let standin: Awaited<ReturnType<typeof startFirestoreStandin>>;
  let fs: TestApp;
  beforeAll(async () => {
    standin = await startFirestoreStandin();
    fs = await createTestApp({ tvDevices: { store: 'firestore', firestore: { projectId: 'demo-tv', collection: 'devices', emulatorHost: standin.host } } });
  }, 120_000);
  afterAll(async () => {
    await fs?.close();
    await standin?.close();
  });

  it('keeps the devices in Firestore, and answers 503 in Portuguese when Firestore fails', async () => {
    const res = await fs.http.post('/tv/devices').send({ deviceName: 'TV', deviceID: 'firestore-tv-1', deviceManufacturer: 'TCL' }).expect(201);
    expect([...standin.documents.keys()]).toEqual([`projects/demo-tv/databases/(default)/documents/devices/${res.body.id}`]);
    expect(await fs.db.tvDevice.count()).toBe(0);
    expect((await fs.http.post('/tv/heartbeat').send({ token: res.body.token }).expect(200)).body).toMatchObject({ active: false });
    standin.fail('permission-denied');
    try {
      const failed = await fs.http.post('/tv/heartbeat').send({ token: res.body.token }).expect(503);
      expect(expectEnvelope(failed.body, 'TV_DEVICES_UNAVAILABLE').message).toBe('O cadastro de TVs está indisponível no momento. Tente novamente.');
    } finally {
      standin.fail(null);
    }
  });
});
