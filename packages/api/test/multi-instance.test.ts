import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client.ts';
import { readMigrations } from '../src/db/migrate.ts';
import { DEMO, DEMO_PASSWORD } from './helpers.ts';
import { createKeywordCampaign, KEYWORD_CAMPAIGN_SKU as SKU, keywordSearch } from './keyword-campaign.ts';
import { bodyOf, bundleApi, scratchDatabase, startApi, startWorker, type AppProcess, type Bundle } from './processes.ts';
import { clearRedisPrefix } from './redis-keys.ts';
import { smtpSink, type SmtpSink } from './smtp-sink.ts';

// Two API processes (RUN_WORKERS=false) and one worker, bundled as deployed, started together on
// one empty PostgreSQL database and one Redis: what one instance does must hold on the other.

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const skipped = !DATABASE_URL || !REDIS_URL;
if (skipped) console.info('multi-instance test skipped: it needs DATABASE_URL and REDIS_URL (a PostgreSQL and a Redis its processes share)');

/** The demo seed's API key of Supermercado Bom Preço (README, Ad serving). */
const BOM_PRECO_KEY = 'rmk_demo_bompreco_0123456789abcdef';
const RATE_LIMIT_MAX = 40;
const LOGIN_MAX_FAILURES_PER_EMAIL = 3;

let bundle: Bundle | undefined;
let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
let sink: SmtpSink | undefined;
let db: Database | undefined;
let a: AppProcess;
let b: AppProcess;
let worker: AppProcess;
const processes: AppProcess[] = [];
const sockets: Socket[] = [];
const ids = { bomPreco: 0, aurora: 0, campaign: 0, ad: 0, wallet: 0 };
let adminToken = '';
const keyword = `cafe-multi-${randomBytes(3).toString('hex')}`;
const prefix = `mi-${randomBytes(5).toString('hex')}`;

let ipSeq = 0;
/** A client address of its own per call (TRUST_PROXY is on), so only the checks that mean to share one meet the limits. */
const freshIp = () => `10.${(++ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(
  p: AppProcess,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${p.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      'x-forwarded-for': opts.ip ?? freshIp(),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: await bodyOf(res) };
}

async function login(p: AppProcess, email: string, password = DEMO_PASSWORD) {
  const res = await call(p, 'POST', '/authenticate', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} on ${p.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs` with `what` and the processes' logs. */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${logsOf()}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const logsOf = () => processes.map((p) => `--- ${p.name} (last lines) ---\n${p.logs().split('\n').slice(-40).join('\n')}`).join('\n');

/** Our campaign's ad as this instance serves it to `user` (undefined when it is not served). */
async function served(p: AppProcess, user: string) {
  const res = await call(p, 'POST', `/v1/rma/${ids.bomPreco}`, {
    headers: { 'x-api-key': BOM_PRECO_KEY },
    body: keywordSearch(keyword, user),
  });
  if (res.status !== 200) throw new Error(`decision on ${p.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.topo as Array<{ ad_id: number; impression_url: string; view_url: string; click_url: string }>).find((ad) => ad.ad_id === ids.ad);
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe.skipIf(skipped)('two API processes and a worker on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    [bundle, scratch, sink] = await Promise.all([bundleApi(), scratchDatabase(DATABASE_URL!), smtpSink()]);
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATABASE_URL: scratch.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(24).toString('hex'),
      SMTP_URL: sink.url,
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      LOGIN_MAX_FAILURES_PER_EMAIL: String(LOGIN_MAX_FAILURES_PER_EMAIL),
    };
    // All three at once, on the empty database: they take turns to migrate and seed.
    // The last to get its turn waits for the first one's seeding: generous on a loaded CI machine.
    const timeoutMs = 150_000;
    const started = await Promise.allSettled([
      startApi(bundle, { ...env, RUN_WORKERS: 'false' }, { name: 'api-a', timeoutMs }),
      startApi(bundle, { ...env, RUN_WORKERS: 'false' }, { name: 'api-b', timeoutMs }),
      startWorker(bundle, env, { name: 'worker', timeoutMs }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') processes.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    [a, b, worker] = processes as [AppProcess, AppProcess, AppProcess];

    db = await createDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', poolSize: 3 });
    const accounts = await db.prisma.account.findMany({ select: { id: true, slug: true } });
    ids.bomPreco = accounts.find((x) => x.slug === 'supermercado-bom-preco')!.id;
    ids.aurora = accounts.find((x) => x.slug === 'cafe-aurora')!.id;
    // A campaign of Café Aurora on Bom Preço of this test's own (its own search term), switched on through A below.
    Object.assign(ids, await createKeywordCampaign(db.prisma, { publisherId: ids.bomPreco, advertiserId: ids.aurora, keyword, active: false }));
    adminToken = await login(a, DEMO.admin);
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(processes.map((p) => p.stop()));
    await db?.close();
    await scratch?.drop();
    if (!skipped) await clearRedisPrefix(REDIS_URL!, prefix);
    await sink?.close();
    bundle?.remove();
  }, 60_000);

  it('starts all three at once on an empty database: migrated and seeded once, by one of them', async () => {
    const seededBy = processes.filter((p) => p.logs().includes('empty database seeded with demo data'));
    expect(seededBy.map((p) => p.name), logsOf()).toHaveLength(1);
    const migrations = readMigrations().length;
    const rows = await db!.sql.query<{ n: number; distinct_names: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT migration_name)::int AS distinct_names FROM "_prisma_migrations" WHERE finished_at IS NOT NULL',
    );
    expect(rows[0]).toEqual({ n: migrations, distinct_names: migrations });
    const accounts = await db!.prisma.account.findMany({ select: { slug: true } });
    expect(accounts.length).toBeGreaterThan(0);
    expect(await db!.prisma.user.count({ where: { email: DEMO.admin } })).toBe(1);
  });

  it('prints the origin it listens on and puts it in the event URLs it answers', async () => {
    for (const p of [a, b]) {
      const line = await p.waitForLog((l) => typeof l.appUrl === 'string', 1_000);
      expect(line.appUrl).toBe(p.url);
    }
    const campaign = await call(a, 'PATCH', `/campaign/${ids.campaign}`, { token: adminToken, body: { active: true } });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(200);
    for (const p of [a, b]) {
      const ad = await until(`${p.name} serving the campaign switched on through A`, () => served(p, 'origem'), 5_000);
      for (const url of [ad.impression_url, ad.view_url, ad.click_url]) expect(url.startsWith(`${p.url}/v1/beacon/`), url).toBe(true);
    }
  });

  it('counts beacons and conversions sent to both instances exactly once, each conversion credited to its click', async () => {
    const people = Array.from({ length: 12 }, (_, i) => `pessoa-${keyword}-${i}`);
    const before = await db!.prisma.wallet.findUniqueOrThrow({ where: { id: ids.wallet } });
    // Each person's decision from one instance; every event URL fired at both, at once.
    const ads = await Promise.all(people.map((u, i) => served(i % 2 ? b : a, u)));
    expect(ads.every(Boolean), 'every decision serves the campaign').toBe(true);
    const beacons = await Promise.all(
      ads.flatMap((ad) =>
        [ad!.impression_url, ad!.view_url, ad!.click_url].flatMap((url) => [a, b].map((p) => call(p, 'POST', pathOf(url)))),
      ),
    );
    expect(beacons.map((r) => r.status)).toEqual(beacons.map(() => 202));
    // Each order reported to both instances at once: stored once, the other answer says duplicate.
    const orders = people.map((u) => ({
      order_id: `pedido-${u}`,
      user_id: u,
      created_at: new Date().toISOString(),
      items: [{ sku: SKU, quantity: 2, price: 24.9, promotional_price: 19.9 }],
    }));
    const answers = await Promise.all(
      orders.map((o) => Promise.all([a, b].map((p) => call(p, 'POST', '/v1/beacon/conversion', { headers: { 'x-api-key': BOM_PRECO_KEY }, body: o })))),
    );
    for (const pair of answers) {
      expect(pair.map((r) => r.status)).toEqual([202, 202]);
      expect(pair.map((r) => r.body.duplicate).sort()).toEqual([false, true]);
    }

    const prisma = db!.prisma;
    const orderIds = orders.map((o) => o.order_id);
    await until('the worker counting every event and attributing every order', async () => {
      const [events, pending] = await Promise.all([
        prisma.rmEvent.count({ where: { adId: ids.ad, userId: { in: people } } }),
        prisma.rmConversion.count({ where: { publisherId: ids.bomPreco, orderId: { in: orderIds }, attributedAt: null } }),
      ]);
      return events >= people.length * 3 && pending === 0 ? true : undefined;
    });
    const events = await prisma.rmEvent.groupBy({ by: ['type'], where: { adId: ids.ad, userId: { in: people } }, _count: true, _sum: { costCents: true } });
    expect(Object.fromEntries(events.map((e) => [e.type, e._count]))).toEqual({ impression: people.length, view: people.length, click: people.length });
    expect(await prisma.rmConversion.count({ where: { publisherId: ids.bomPreco, orderId: { in: orderIds } } })).toBe(people.length);
    const attributions = await prisma.rmAttribution.findMany({ where: { conversion: { orderId: { in: orderIds } } }, select: { adId: true, eventType: true, quantity: true, incomeCents: true } });
    expect(attributions).toHaveLength(people.length);
    expect(attributions.every((x) => x.adId === ids.ad && x.eventType === 'click' && x.quantity === 2 && x.incomeCents === 3980n)).toBe(true);

    const stats = await prisma.rmDailyStat.aggregate({
      where: { adId: ids.ad },
      _sum: { impressions: true, views: true, clicks: true, conversions: true, itemsSold: true, incomeCents: true, spentCents: true },
    });
    const n = people.length;
    expect(stats._sum).toMatchObject({ impressions: BigInt(n), views: BigInt(n), clicks: BigInt(n), conversions: BigInt(n), itemsSold: BigInt(2 * n), incomeCents: BigInt(3980 * n) });
    // Charged once per click: the wallet lost what the events cost, as its movements say.
    const spent = events.reduce((s, e) => s + (e._sum.costCents ?? 0n), 0n);
    expect(spent).toBeGreaterThan(0n);
    expect(stats._sum.spentCents).toBe(spent);
    const after = await prisma.wallet.findUniqueOrThrow({ where: { id: ids.wallet } });
    expect(before.balanceCents - after.balanceCents).toBe(spent);
    const movements = await prisma.walletTransaction.aggregate({ where: { walletId: ids.wallet }, _sum: { amountCents: true } });
    expect(movements._sum.amountCents).toBe(after.balanceCents);
  });

  it('stops serving a campaign paused through A on B within 5 s', async () => {
    expect(await served(b, 'antes-da-pausa')).toBeDefined();
    const paused = await call(a, 'PATCH', `/campaign/${ids.campaign}`, { token: adminToken, body: { active: false } });
    const pausedAt = Date.now();
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    // A itself re-read the campaign before answering.
    expect(await served(a, 'depois-da-pausa')).toBeUndefined();
    await until('B no longer serving the paused campaign', async () => ((await served(b, 'depois-da-pausa')) ? undefined : true), 5_000, 20);
    const elapsed = Date.now() - pausedAt;
    console.info(`paused through A: B stopped serving it after ${elapsed} ms`);
    expect(elapsed).toBeLessThanOrEqual(5_000);
  });

  it('delivers to a socket client on B the app_notification caused on A; the invite e-mail job enqueued by A runs once, in the worker', async () => {
    const socket = io(b.url, { auth: { token: adminToken }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const notified = new Promise<Record<string, unknown>>((resolve) => socket.once('app_notification', resolve));

    const email = `convidada.${keyword}@teste.test`;
    const invited = await call(a, 'POST', '/api/user/invite', { token: adminToken, body: { email, name: 'Helena Martins', role: 'operator' } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const mail = await until('the invite e-mail sent through SMTP', async () => sink!.to(email)[0]);
    const outbox = await db!.prisma.emailOutbox.findFirstOrThrow({ where: { to: email, kind: 'invite' } });
    const code = /\/confirm-invite\?code=([\w-]+)/.exec(outbox.text)?.[1];
    expect(code, outbox.text).toBeTruthy();
    // The link names A's origin (APP_URL unset: where A listens).
    expect(outbox.text).toContain(`${a.url}/confirm-invite?code=`);
    expect(mail.data).toContain(`To: ${email}`);

    const accepted = await call(a, 'POST', '/api/user/active-invite', { body: { code, password: 'NovaSenha2026', name: 'Helena Martins' } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const event = await notified;
    expect(event).toMatchObject({ kind: 'invite_accepted', link: '/users/list' });
    expect(String(event.body)).toContain(email);

    // More jobs, enqueued by both instances: each sent once (no API process runs jobs; one worker takes each once).
    const more = Array.from({ length: 6 }, (_, i) => `convite.${i}.${keyword}@teste.test`);
    const answers = await Promise.all(more.map((to, i) => call(i % 2 ? b : a, 'POST', '/api/user/invite', { token: adminToken, body: { email: to, name: `Pessoa ${i}`, role: 'operator' } })));
    expect(answers.map((r) => r.status)).toEqual(more.map(() => 201));
    // Sent through SMTP, then marked sent in the outbox.
    const rows = await until('every invite e-mail sent and marked sent', async () => {
      const found = await db!.prisma.emailOutbox.findMany({ where: { to: { in: [email, ...more] } }, select: { status: true, attempts: true } });
      return found.length === more.length + 1 && found.every((r) => r.status !== 'pending') ? found : undefined;
    });
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ['sent', 1]));
    // Give a duplicate run the time a job takes to show up, then count the sends.
    await new Promise((r) => setTimeout(r, 1_000));
    expect([email, ...more].map((to) => sink!.to(to).length)).toEqual([email, ...more].map(() => 1));
    expect(worker.logs()).not.toContain('"msg":"job failed"');
  });

  it('holds login throttling across both instances: failures on A and B add up per e-mail', async () => {
    const email = 'beatriz.rocha@varejo.test';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_EMAIL; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/authenticate', { body: { email, password: 'SenhaErrada#1' } });
      expect(res.status, JSON.stringify(res.body)).not.toBe(200);
      expect(res.status).not.toBe(429);
    }
    // Now even the right password is refused, on either instance, from any address.
    for (const p of [a, b]) {
      const res = await call(p, 'POST', '/authenticate', { body: { email, password: DEMO_PASSWORD } });
      expect(res.status, `${p.name}: ${JSON.stringify(res.body)}`).toBe(429);
      expect(res.body.error.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    }
    // Another e-mail is not held back.
    expect((await call(b, 'POST', '/authenticate', { body: { email: DEMO.brand, password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it('takes back a restarted instance on the prepared database: no migration or seed again, serving and counting at once', async () => {
    let t0 = Date.now();
    // With a socket client still connected to it: a graceful stop must not wait for the client to leave.
    expect(sockets.some((s) => s.connected)).toBe(true);
    const exit = await b.stop();
    const stopMs = Date.now() - t0;
    expect(exit.code, b.logs().slice(-3_000)).toBe(0);
    t0 = Date.now();
    await b.restart();
    console.info(`B stopped gracefully in ${stopMs} ms and was back in ${Date.now() - t0} ms`);
    const run = b.logs().slice(b.logs().lastIndexOf('restarted ---'));
    expect(run).not.toContain('migrations applied');
    expect(run).not.toContain('empty database seeded');
    expect((await call(b, 'GET', '/ready')).status).toBe(200);
    const resumed = await call(a, 'PATCH', `/campaign/${ids.campaign}`, { token: adminToken, body: { active: true } });
    expect(resumed.status).toBe(200);
    const ad = await until('the restarted B serving the resumed campaign', () => served(b, 'depois-do-reinicio'), 5_000);
    expect((await call(b, 'POST', pathOf(ad.click_url))).status).toBe(202);
    await until('the click through the restarted B counted', async () =>
      (await db!.prisma.rmEvent.count({ where: { adId: ids.ad, userId: 'depois-do-reinicio', type: 'click' } })) === 1 ? true : undefined,
    );
  });

  it('holds the rate limit across both instances: one address gets RATE_LIMIT_MAX requests a minute in all', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_MAX; i++) statuses.push((await call(i % 2 ? b : a, 'GET', '/app-info', { ip })).status);
    expect(statuses).toEqual(statuses.map(() => 200));
    for (const p of [a, b]) {
      const res = await call(p, 'GET', '/app-info', { ip });
      expect(res.status, `${p.name}: ${JSON.stringify(res.body)}`).toBe(429);
    }
    // Another address still gets through.
    expect((await call(b, 'GET', '/app-info', { ip: '192.0.2.78' })).status).toBe(200);
  });

  it('stops all three gracefully on SIGTERM (as a rolling deploy does), each well within its 10 s grace', async () => {
    const t0 = Date.now();
    const exits = await Promise.all(processes.map((p) => p.stop(15_000)));
    expect(exits.map((e) => e.code), logsOf()).toEqual([0, 0, 0]);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });
});
