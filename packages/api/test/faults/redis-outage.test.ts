import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { createEventSigner, type EventType } from '../../src/modules/ad-serving/event-signing.ts';
import { DEMO_PASSWORD } from '../../src/seed.ts';
import { DEMO_API_KEY } from '../../src/modules/ad-serving/ad-serving.seed.ts';
import { createKeywordCampaign, keywordSearch } from '../keyword-campaign.ts';
import { bodyOf } from '../processes.ts';
import { servedAd } from '../served-ad.ts';
import { createTcpProxy, type TcpProxy } from './tcp-proxy.ts';
import { createFaultEnv, faultsSkipReason, fixtureIds, isEnvelope, until, type FaultEnv } from './setup.ts';

/**
 * Redis taken away from a running API (its REDIS_URL points at a proxy the test stops) and given
 * back: readiness and the routes that need Redis say 503 in the envelope, beacons keep being
 * stored durably (in the database inbox) and counted, and everything recovers by itself. A second
 * instance (B), whose Redis stays up, pauses a campaign meanwhile: its announcement is lost for the
 * cut-off instance, which reads its ad index again once it hears the bus again.
 */
describe.skipIf(faultsSkipReason)(`Redis unreachable for the API${faultsSkipReason ? ` (${faultsSkipReason})` : ''}`, () => {
  let env: FaultEnv;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let other: FastifyInstance;
  let base = '';
  let otherBase = '';
  /** A campaign of the test's own, served to searches for this term only. */
  const keyword = `cafe-fault-${Math.random().toString(36).slice(2, 8)}`;
  let pausable: Awaited<ReturnType<typeof createKeywordCampaign>>;
  let ids: Awaited<ReturnType<typeof fixtureIds>>;
  const acknowledged = new Set<string>();

  /** Every request is bounded: a hang is a failure, not a stuck test. */
  const call = async (path: string, init: RequestInit = {}, origin = base) => {
    const res = await fetch(`${origin}${path}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    return { status: res.status, body: await bodyOf(res) };
  };
  const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const login = () => call('/authenticate', json({ email: 'admin@varejo.test', password: DEMO_PASSWORD }));
  let signer: ReturnType<typeof createEventSigner>;
  /** Fires one beacon of a person of its own; remembers its event when answered 202. */
  const beacon = async (type: EventType = 'impression') => {
    const ad = servedAd({ p: ids.bomPreco, a: ids.aurora, c: ids.campaign, d: ids.ad }, { pl: 'fault-redis' });
    const res = await call(`/v1/beacon/${type}?t=${signer.sign(ad)}`, { method: 'POST' });
    if (res.status === 202) acknowledged.add(`${ad.r}:${ad.pl}:${ad.pos}:${ad.d}:${type}`);
    return res;
  };
  const counted = async () => env.database.prisma.rmEvent.count({ where: { placement: 'fault-redis' } });
  /** Whether the instance at `origin` serves the test's own campaign to a search for its term. */
  const servesPausable = async (origin: string) => {
    const res = await call(`/v1/rma/${ids.bomPreco}`, json(keywordSearch(keyword, 'fault-person'), { 'x-api-key': DEMO_API_KEY }), origin);
    if (res.status !== 200) throw new Error(`decision: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { topo: Array<{ ad_id: number }> }).topo.some((ad) => ad.ad_id === pausable.ad);
  };

  beforeAll(async () => {
    env = await createFaultEnv();
    ids = await fixtureIds(env.database.prisma);
    pausable = await createKeywordCampaign(env.database.prisma, { publisherId: ids.bomPreco, advertiserId: ids.aurora, keyword, active: true });
    const target = new URL(env.redisUrl);
    proxy = await createTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const config = loadConfig(
      { ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.FAULTS_LOG ?? 'silent', JWT_SECRET: env.jwtSecret },
      { redisUrl: `redis://127.0.0.1:${proxy.port}`, redisPrefix: env.prefix, webDist: undefined, databaseUrl: env.url },
    );
    signer = createEventSigner(config.jwtSecret);
    app = await buildApp(config, { logger: Boolean(process.env.FAULTS_LOG), database: env.database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    // Another instance on the same database and Redis (reached directly), running no jobs.
    other = await buildApp({ ...config, redisUrl: env.redisUrl, runWorkers: false }, { logger: false, database: env.database });
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherBase = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await proxy?.start();
    await other?.close();
    await app?.close();
    await proxy?.close();
    await env?.cleanup();
  });

  it('answers 503 where Redis is needed while it is away, keeps every beacon, and recovers when it is back', async () => {
    // Before: all well.
    expect((await call('/ready')).status).toBe(200);
    const signedIn = await login();
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token = (signedIn.body as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    expect((await call('/api/account/account-info', { headers: auth })).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await beacon()).status).toBe(202);
    expect(await servesPausable(base)).toBe(true);
    expect(await servesPausable(otherBase)).toBe(true);
    // (Events in the Redis stream when it goes away wait for it: these are counted first.)
    await until('the first beacons counted', async () => (await counted()) === acknowledged.size || `${await counted()} of ${acknowledged.size}`, 15_000);

    await proxy.stop();

    // Readiness says so, within its probe timeout.
    const ready = await call('/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', checks: { database: 'up', redis: 'down' } });

    // Signing in (its throttle) and signed-in routes (their session cache) need Redis: 503 in the envelope.
    const refusedLogin = await login();
    expect(refusedLogin.status, JSON.stringify(refusedLogin.body)).toBe(503);
    expect(isEnvelope(refusedLogin.body, 'SERVICE_UNAVAILABLE'), JSON.stringify(refusedLogin.body)).toBe(true);
    const refusedRead = await call('/api/account/account-info', { headers: { ...auth, 'accept-language': 'en' } });
    expect(refusedRead.status, JSON.stringify(refusedRead.body)).toBe(503);
    expect(isEnvelope(refusedRead.body, 'SERVICE_UNAVAILABLE')).toBe(true);
    expect((refusedRead.body as { error: { message: string } }).error.message).toBe('Service unavailable. Please try again.');
    // A write whose job cannot be queued is still done: the e-mail waits in the outbox for its sweep.
    const since = new Date();
    const recovery = await call('/password-recovery', json({ email: 'admin@varejo.test' }));
    expect(recovery.status, JSON.stringify(recovery.body)).toBe(202);
    const outbox = await env.database.prisma.emailOutbox.findMany({ where: { to: 'admin@varejo.test', createdAt: { gte: since } }, select: { status: true } });
    expect(outbox).toEqual([{ status: 'pending' }]);
    // What does not need Redis still answers (the rate limit does not take the API down with it),
    // ad decisions included (in-memory index and API keys).
    expect((await call('/app-info')).status).toBe(200);
    const decision = await call(`/v1/rma/${ids.bomPreco}`, json({ context: 'home', placements: { p: { types: ['product'] } } }, { 'x-api-key': DEMO_API_KEY }));
    expect(decision.status, JSON.stringify(decision.body)).toBe(200);
    expect((await call('/health')).status).toBe(200);

    // Beacons are still accepted, durably: the database inbox takes them, and they are counted meanwhile.
    const during = await Promise.all(Array.from({ length: 60 }, () => beacon(['impression', 'view', 'click'][Math.floor(Math.random() * 3)] as EventType)));
    expect(during.map((r) => r.status)).toEqual(during.map(() => 202));
    await until('the beacons of the outage counted while Redis is away', async () => (await counted()) === acknowledged.size || `${await counted()} of ${acknowledged.size}`, 15_000);

    // Meanwhile the campaign is paused through the other instance: its announcement on the Redis
    // bus does not reach this one, which keeps serving it while it is cut off.
    const paused = await call(`/campaign/${pausable.campaign}`, { ...json({ active: false }), method: 'PATCH', headers: { 'content-type': 'application/json', ...auth } }, otherBase);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(await servesPausable(otherBase)).toBe(false);
    expect(await servesPausable(base), 'the cut-off instance cannot have heard of the pause').toBe(true);

    await proxy.start();

    // Once its bus is back it reads its index again: the paused campaign is no longer served (long before the 5-minute rebuild).
    const back = Date.now();
    await until('the paused campaign no longer served by the instance that was cut off', async () => !(await servesPausable(base)), 10_000);
    const stoppedAfter = Date.now() - back;

    // Everything comes back by itself: readiness, sign-in, signed-in reads, beacons through Redis.
    await until('/ready 200 again', async () => (await call('/ready')).status === 200, 15_000);
    await until('sign-in works again', async () => (await login()).status === 200, 10_000);
    expect((await call('/api/account/account-info', { headers: auth })).status).toBe(200);
    const streamAdded = async () => {
      const redis = new Redis(env.redisUrl);
      try {
        const info = (await redis.xinfo('STREAM', `${env.prefix}:rm-events`)) as unknown[];
        return Number(info[info.indexOf('entries-added') + 1]);
      } finally {
        redis.disconnect();
      }
    };
    const addedBefore = await streamAdded();
    for (let i = 0; i < 20; i++) expect((await beacon()).status).toBe(202);
    expect((await streamAdded()) - addedBefore, 'beacons go to the Redis stream again').toBe(20);
    await until('every acknowledged beacon counted', async () => (await counted()) === acknowledged.size || `${await counted()} of ${acknowledged.size}`, 15_000);

    // Each once: the events counted are exactly those acknowledged, and nothing is left waiting.
    const keys = (await env.database.prisma.rmEvent.findMany({ where: { placement: 'fault-redis' }, select: { eventKey: true } })).map((e) => e.eventKey);
    expect(new Set(keys)).toEqual(acknowledged);
    expect(await env.database.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM rm_event_inbox`).toEqual([{ n: 0n }]);
    console.log(
      `redis outage: ${acknowledged.size} beacons acknowledged (60 while Redis was away), all counted once; ` +
        `a campaign paused on another instance meanwhile stopped being served ${stoppedAfter} ms after Redis was back`,
    );
  }, 90_000);
});
