import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { postSigned } from './signed-post.ts';
import { blockedRange, checkCallbackUrl, ipv6Groups, UrlRefused } from './url-guard.ts';

/** A local ERP: records each request (raw body, headers) and answers with the next scripted status (200 when none is left). */
class Receiver {
  server!: Server;
  port = 0;
  received: Array<{ body: string; headers: IncomingHttpHeaders; url: string }> = [];
  script: number[] = [];
  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, url: req.url ?? '' });
        res.statusCode = this.script.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  stop = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

/** What the receiving ERP does with a callback: recompute the HMAC of `<x-timestamp>.<raw body>` and compare in constant time. */
function signatureValid(secret: string, r: { body: string; headers: Record<string, string | string[] | undefined> }) {
  const header = r.headers['x-signature'];
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${String(r.headers['x-timestamp'])}.${r.body}`).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

let t: TestApp;
let adminToken: string;
let atacadoToken: string;
let bomPreco: number;
const receiver = new Receiver();
let hook: string;

/** A pickup order of the owner account one simple move away (no refund, no address), and that move. */
async function movablePickup() {
  const next = { ready: 'awaiting_pickup', awaiting_pickup: 'picked_up' } as const;
  const order = await t.db.order.findFirstOrThrow({
    where: { accountId: bomPreco, fulfilment: 'pickup', status: { in: ['ready', 'awaiting_pickup'] } },
    orderBy: { id: 'asc' },
    select: { id: true, number: true, status: true },
  });
  return { ...order, to: next[order.status as keyof typeof next] };
}
const save = (body: unknown, token = adminToken) => t.http.put('/api/integration/erp/callback').set(bearer(token)).send(body as object);
const deliveries = (token = adminToken) => t.http.get('/api/integration/erp/callback/deliveries?quantity=50').set(bearer(token));

beforeAll(async () => {
  await receiver.start();
  hook = `http://127.0.0.1:${receiver.port}/erp/pedidos`;
  // The test-only allowance: the server's configuration lets this one host:port through over http.
  t = await createTestApp({ erpCallbacks: { allowHosts: [`127.0.0.1:${receiver.port}`] }, jobBackoffMs: 20 });
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  const atacado = accounts.find((a) => a.slug === 'bom-preco-atacado')!.id;
  adminToken = await t.login(DEMO.admin);
  atacadoToken = (await t.http.post('/changeaccount').set(bearer(adminToken)).send({ account_id: atacado })).body.newToken;
});
afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

describe('the SSRF guard', () => {
  it('classifies private, loopback, link-local, unique-local, reserved and mapped addresses, and lets public ones through', () => {
    for (const [address, range] of [
      ['10.1.2.3', 'rede privada'],
      ['172.16.0.1', 'rede privada'],
      ['172.31.255.255', 'rede privada'],
      ['192.168.0.10', 'rede privada'],
      ['100.64.0.1', 'NAT de operadora'],
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['169.254.169.254', 'link-local'],
      ['0.0.0.0', 'rede "esta"'],
      ['224.0.0.1', 'multicast'],
      ['::1', 'loopback'],
      ['::', 'não especificado'],
      ['fe80::1', 'link-local'],
      ['fd12:3456::1', 'endereço local único'],
      ['fc00::1', 'endereço local único'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['::ffff:10.0.0.1', 'rede privada'],
      ['64:ff9b::a9fe:a9fe', 'link-local'],
      ['2002:c0a8:0101::1', 'rede privada'],
    ] as const) {
      expect(blockedRange(address), address).toBe(range);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '1.1.1.1']) expect(blockedRange(address), address).toBeNull();
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
  });

  it('refuses a name when any address it resolves to is internal, and returns the address it checked', async () => {
    const lookup = (answers: string[]) => async () => answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    await expect(checkCallbackUrl('https://erp.exemplo.com.br/x', { allowHosts: [], lookup: lookup(['8.8.8.8', '10.0.0.5']) })).rejects.toMatchObject({
      detail: 'ERP_URL_BLOCKED',
      params: { host: 'erp.exemplo.com.br', address: '10.0.0.5' },
    });
    await expect(checkCallbackUrl('https://erp.exemplo.com.br/x', { allowHosts: [], lookup: lookup(['::ffff:192.168.1.1']) })).rejects.toBeInstanceOf(UrlRefused);
    const ok = await checkCallbackUrl('https://erp.exemplo.com.br/x', { allowHosts: [], lookup: lookup(['8.8.8.8']) });
    expect(ok).toMatchObject({ host: 'erp.exemplo.com.br', address: '8.8.8.8', family: 4 });
  });

  it('connects to the checked address, never looking the name up again (DNS rebinding)', async () => {
    // The name exists only in this lookup: a second resolution by the HTTP client would fail.
    const target = await checkCallbackUrl(`http://erp-rebinding.invalid:${receiver.port}/pin`, {
      allowHosts: [`erp-rebinding.invalid:${receiver.port}`],
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const before = receiver.received.length;
    const result = await postSigned(target, { body: '{"event":"test"}', secret: 'whsec_x', event: 'test', deliveryId: 0, now: new Date() });
    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(receiver.received.slice(before)).toEqual([expect.objectContaining({ url: '/pin', body: '{"event":"test"}' })]);
    expect(receiver.received.at(-1)!.headers.host).toBe(`erp-rebinding.invalid:${receiver.port}`);
  });

  it('refuses SSRF attempts at save time: literal private IPs, names resolving to loopback, IPv6, mapped IPv4, metadata, http, credentials', async () => {
    for (const url of [
      'https://10.0.0.1/hook',
      'https://192.168.1.20/hook',
      'https://172.20.0.1/hook',
      'https://127.0.0.1/hook',
      'https://2130706433/hook',
      'https://0x7f.0.0.1/hook',
      'https://localhost/hook',
      `http://localhost:${receiver.port}/erp/pedidos`,
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://[fe80::1]/hook',
      'https://[fd00::1]/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://0.0.0.0/hook',
      'https://100.100.100.200/hook',
      'http://8.8.8.8/hook',
      `http://127.0.0.1:${receiver.port + 1}/hook`,
      'https://usuario:senha@8.8.8.8/hook',
      'ftp://8.8.8.8/hook',
    ]) {
      const res = await save({ url, enabled: true });
      expect(res.status, url).toBe(400);
      expectEnvelope(res.body, 'VALIDATION_ERROR');
      expect(res.body.error.details, url).toEqual([expect.objectContaining({ field: 'url' })]);
    }
    const config = await t.http.get('/api/integration/erp/callback').set(bearer(adminToken));
    expect(config.body).toMatchObject({ url: null, enabled: false, has_secret: false });
    expect(await t.db.erpCallbackConfig.count({ where: { accountId: bomPreco } })).toBe(0);
  });
});

describe('order status callbacks', () => {
  let secret: string;

  it('generates the secret when enabled, shows it once, and never again', async () => {
    const saved = await save({ url: hook, enabled: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ url: hook, enabled: true, has_secret: true, secret: expect.stringMatching(/^whsec_[\w-]{43}$/) });
    secret = saved.body.secret;
    const again = await save({ url: hook, enabled: true });
    expect(again.body.secret).toBeNull();
    const read = await t.http.get('/api/integration/erp/callback').set(bearer(adminToken));
    expect(read.body).toMatchObject({ url: hook, enabled: true, has_secret: true, secret_hint: `${secret.slice(0, 10)}…` });
    expect(JSON.stringify(read.body)).not.toContain(secret);
    expect(saved.body.secret_hint.length).toBeLessThan(secret.length);
  });

  it('POSTs each order status change signed (HMAC of its timestamp and raw body), retrying after a 500 until it is taken', async () => {
    const order = await movablePickup();
    receiver.received = [];
    receiver.script = [500];
    const moved = await t.http.post(`/api/picking/status/${order.id}`).set(bearer(adminToken)).send({ status: order.to });
    expect(moved.status, moved.text).toBe(200);
    await t.drainJobs();

    expect(receiver.received).toHaveLength(2);
    const [failed, taken] = receiver.received;
    expect(taken!.body).toBe(failed!.body);
    for (const r of receiver.received) {
      expect(r.url).toBe('/erp/pedidos');
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(signatureValid(secret, r)).toBe(true);
      expect(signatureValid('whsec_outro-segredo', r)).toBe(false);
      expect(Date.parse(r.headers['x-timestamp'] as string)).not.toBeNaN();
      expect(r.headers['x-event']).toBe('order.status_changed');
    }
    const payload = JSON.parse(taken!.body);
    expect(payload).toEqual({
      event: 'order.status_changed',
      order_id: order.id,
      order_number: order.number,
      status: order.to,
      previous_status: order.status,
      occurred_at: expect.any(String),
    });

    const log = await deliveries();
    expect(log.status).toBe(200);
    const delivery = log.body.data.find((d: { order_id: number | null }) => d.order_id === order.id);
    expect(delivery).toMatchObject({ event: 'order.status_changed', order_status: order.to, status: 'delivered', attempts: 2, last_status_code: 200, last_error: null });
    expect(delivery.attempt_log).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 500, error: 'HTTP 500', duration_ms: expect.any(Number) }),
      expect.objectContaining({ attempt: 2, status_code: 200, error: null }),
    ]);
    expect(String(receiver.received[1]!.headers['x-delivery-id'])).toBe(String(delivery.id));
  });

  it('gives up after five attempts, each logged', async () => {
    receiver.received = [];
    receiver.script = [503, 503, 503, 503, 503];
    const res = await t.http.post('/api/integration/erp/callback/test').set(bearer(adminToken)).send();
    expect(res.status).toBe(202);
    expect(res.body.delivery).toMatchObject({ event: 'test', status: 'pending', attempts: 0 });
    await t.drainJobs();
    expect(receiver.received).toHaveLength(5);
    const delivery = (await deliveries()).body.data.find((d: { id: number }) => d.id === res.body.delivery.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 5, last_status_code: 503 });
    expect(delivery.attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([503, 503, 503, 503, 503]);
  });

  it('signs with the new secret once rotated', async () => {
    const rotated = await t.http.post('/api/integration/erp/callback/secret').set(bearer(adminToken)).send();
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(secret);
    receiver.received = [];
    await t.http.post('/api/integration/erp/callback/test').set(bearer(adminToken)).send();
    await t.drainJobs();
    expect(receiver.received).toHaveLength(1);
    expect(signatureValid(rotated.body.secret, receiver.received[0]!)).toBe(true);
    expect(signatureValid(secret, receiver.received[0]!)).toBe(false);
    secret = rotated.body.secret;
  });

  it('checks the address again at send time: a URL that now points inside is refused, and nothing is sent', async () => {
    await t.db.erpCallbackConfig.update({ where: { accountId: bomPreco }, data: { url: `http://localhost:${receiver.port}/erp/pedidos` } });
    receiver.received = [];
    const res = await t.http.post('/api/integration/erp/callback/test').set(bearer(adminToken)).send();
    await t.drainJobs();
    expect(receiver.received).toHaveLength(0);
    const delivery = (await deliveries()).body.data.find((d: { id: number }) => d.id === res.body.delivery.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
    expect(delivery.last_error).toMatch(/^(Use uma URL https|O endereço localhost aponta para uma rede interna)/);
    await save({ url: hook, enabled: true });
  });

  it('sends nothing while disabled, and keeps every account to its own settings and log', async () => {
    await save({ url: hook, enabled: false });
    const refused = await t.http.post('/api/integration/erp/callback/test').set(bearer(adminToken)).send();
    expect(refused.status).toBe(422);
    expectEnvelope(refused.body, 'ERP_CALLBACK_NOT_ENABLED');
    const order = await movablePickup();
    const before = await t.db.erpCallbackDelivery.count({ where: { accountId: bomPreco } });
    expect((await t.http.post(`/api/picking/status/${order.id}`).set(bearer(adminToken)).send({ status: order.to })).status).toBe(200);
    await t.drainJobs();
    expect(await t.db.erpCallbackDelivery.count({ where: { accountId: bomPreco } })).toBe(before);

    const other = await t.http.get('/api/integration/erp/callback').set(bearer(atacadoToken));
    expect(other.body).toMatchObject({ url: null, enabled: false, has_secret: false });
    expect((await deliveries(atacadoToken)).body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await t.http.post('/api/integration/erp/callback/test').set(bearer(atacadoToken)).send()).status).toBe(422);
  });
});
