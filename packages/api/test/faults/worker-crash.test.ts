import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WORKER_CONCURRENCY } from '../../src/lib/queue.ts';
import { createEventSigner, type EventType } from '../../src/modules/ad-serving/event-signing.ts';
import { DEMO_PASSWORD } from '../../src/seed.ts';
import { bundleApi, startApi, startWorker, type AppProcess, type Bundle } from '../processes.ts';
import { servedAd } from '../served-ad.ts';
import { smtpSink, type SmtpSink } from '../smtp-sink.ts';
import { createFaultEnv, faultsSkipReason, fixtureIds, sleep, until, type FaultEnv } from './setup.ts';

/** What pg_stat_activity calls the worker's connections (node-postgres reads PGAPPNAME). */
const WORKER_APP_NAME = 'fault-worker';
const BEACONS = 2_000;
const INVITES = 40;
/** Jobs a worker runs at once (lib/queue.ts): at most these are in flight when it is killed. */
const JOB_CONCURRENCY = WORKER_CONCURRENCY;

/**
 * The worker (src/worker.ts; the API runs with RUN_WORKERS=false) killed with SIGKILL in the middle
 * of counting a batch of events, and of a batch of e-mail jobs, then started again: every event
 * acknowledged with 202 is counted once, every job's effect (the e-mail, its outbox row) happens once.
 */
describe.skipIf(faultsSkipReason)(`worker killed (kill -9) mid-work, then restarted${faultsSkipReason ? ` (${faultsSkipReason})` : ''}`, () => {
  let env: FaultEnv;
  let sink: SmtpSink;
  let bundle: Bundle;
  let api: AppProcess;
  let worker: AppProcess;
  let pgAdmin: pg.Client;
  let redis: Redis;
  const run = randomBytes(4).toString('hex');

  beforeAll(async () => {
    [env, sink, bundle] = await Promise.all([createFaultEnv(), smtpSink({ acceptDelayMs: 100 }), bundleApi()]);
    const common = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: env.url,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: env.prefix,
      JWT_SECRET: env.jwtSecret,
      SMTP_URL: sink.url,
      WEB_DIST: '/nonexistent',
      JOB_BACKOFF_MS: '200',
      // 20 senders on one address fire beacons as fast as they can: the public ceilings are not what this tests.
      PUBLIC_RATE_LIMIT_IP: '1000000',
      PUBLIC_RATE_LIMIT_PUBLISHER: '1000000',
    };
    [api, worker] = await Promise.all([
      startApi(bundle, { ...common, RUN_WORKERS: 'false' }),
      startWorker(bundle, { ...common, PGAPPNAME: WORKER_APP_NAME }),
    ]);
    pgAdmin = new pg.Client({ connectionString: env.url });
    await pgAdmin.connect();
    redis = new Redis(env.redisUrl);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await pgAdmin?.end();
    redis?.disconnect();
    await sink?.close();
    bundle?.remove();
    await env?.cleanup();
  });

  /** Whether the worker is inside a transaction that has written, its current statement matching `like`. */
  const workerMidTransaction = async (like: string) =>
    (
      await pgAdmin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND backend_xid IS NOT NULL AND query ILIKE $2`,
        [WORKER_APP_NAME, like],
      )
    ).rows[0]!.n > 0;

  it('counts every acknowledged event once after a kill -9 mid-count and a restart', async () => {
    const ids = await fixtureIds(env.database.prisma);
    const signer = createEventSigner(env.jwtSecret);
    const placement = `fault-kill-${run}`;
    const acknowledged = new Set<string>();
    const refused: string[] = [];
    let sent = 0;
    const fire = async () => {
      while (sent < BEACONS) {
        sent++;
        const type: EventType = (['impression', 'impression', 'view', 'click'] as const)[sent % 4]!;
        const ad = servedAd({ p: ids.bomPreco, a: ids.aurora, c: ids.campaign, d: ids.ad }, { pl: placement });
        const res = await fetch(`${api.url}/v1/beacon/${type}?t=${signer.sign(ad)}`, { method: 'POST', signal: AbortSignal.timeout(10_000) });
        const answer = await res.text().catch(() => '');
        if (res.status === 202) acknowledged.add(`${ad.r}:${ad.pl}:${ad.pos}:${ad.d}:${type}`);
        else refused.push(`${res.status} ${answer.slice(0, 200)}`);
      }
    };
    const counted = () => env.database.prisma.rmEvent.count({ where: { placement } });

    // Once some events are counted, kill the worker while it is inside a counting transaction (its
    // rows so far must roll back, and its batch be counted after the restart).
    let killedMidCount = false;
    const killer = async () => {
      await until('some events counted', async () => (await counted()) > 0, 30_000, 20);
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !(await workerMidTransaction('%rm_%'))) await sleep(2);
      killedMidCount = Date.now() < deadline;
      await worker.kill();
    };
    await Promise.all([killer(), ...Array.from({ length: 20 }, fire)]);
    expect(killedMidCount, 'the worker was killed inside a counting transaction').toBe(true);
    const countedAtKill = await counted();
    expect(refused.slice(0, 5), api.logs().slice(-3000)).toEqual([]);
    expect(acknowledged.size).toBe(BEACONS);

    await worker.restart();
    await until('every acknowledged event counted', async () => (await counted()) === acknowledged.size || `${await counted()} of ${acknowledged.size}`, 30_000);

    const keys = await env.database.prisma.rmEvent.findMany({ where: { placement }, select: { eventKey: true } });
    expect(new Set(keys.map((k) => k.eventKey))).toEqual(acknowledged);
    const daily = await env.database.prisma.rmDailyStat.aggregate({ where: { placement }, _sum: { impressions: true, views: true, clicks: true } });
    expect(Number(daily._sum.impressions) + Number(daily._sum.views) + Number(daily._sum.clicks)).toBe(acknowledged.size);
    const stream = `${env.prefix}:rm-events`;
    const [pendingSummary, length] = await Promise.all([redis.xpending(stream, 'rm-event-counters') as Promise<[number, ...unknown[]]>, redis.xlen(stream)]);
    expect({ pending: pendingSummary[0], length }).toEqual({ pending: 0, length: 0 });
    // The restarted worker took over the killed one's pending events at once (its pid is gone) and
    // removed it from the group, rather than waiting for them to idle 60 s.
    const consumers = (await redis.xinfo('CONSUMERS', stream, 'rm-event-counters')) as unknown[][];
    expect(consumers.map((c) => String(c[1]))).toEqual([expect.stringContaining(`-${worker.pid}-`)]);
    console.log(`worker kill -9 mid-count: ${acknowledged.size} events acknowledged, ${countedAtKill} counted when killed, all counted once after the restart`);
  }, 90_000);

  it('runs every e-mail job once after a kill -9 mid-batch and a restart', async () => {
    const login = await fetch(`${api.url}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@varejo.test', password: DEMO_PASSWORD }),
    });
    expect(login.status, api.logs().slice(-3000)).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const emails = Array.from({ length: INVITES }, (_, i) => `fault-${run}-${i}@example.test`);
    const ours = () => sink.messages.filter((d) => d.to.some((to) => to.startsWith(`fault-${run}-`)));

    let next = 0;
    const invite = async () => {
      while (next < emails.length) {
        const email = emails[next++]!;
        const res = await fetch(`${api.url}/api/user/invite`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ email, name: `Pessoa ${email}`, role: 'operator' }),
        });
        expect(res.status, await res.text()).toBe(201);
      }
    };
    // Kill the worker once some of the batch is delivered and the rest is in its hands or waiting:
    // right after a delivery, so the jobs just accepted by the provider have not marked their row yet.
    let deliveredAtKill = -1;
    const killer = async () => {
      await until('a few e-mails delivered', async () => ours().length >= 5 || `${ours().length}`, 30_000, 5);
      await worker.kill();
      deliveredAtKill = ours().length;
    };
    await Promise.all([killer(), ...Array.from({ length: 4 }, invite)]);
    expect(deliveredAtKill).toBeLessThan(INVITES);

    await worker.restart();
    const outbox = () => env.database.prisma.emailOutbox.findMany({ where: { to: { in: emails } }, select: { to: true, status: true } });
    await until(
      'every invite e-mail sent',
      async () => {
        const rows = await outbox();
        const done = rows.filter((r) => r.status === 'sent').length;
        return (rows.length === INVITES && done === INVITES) || `${done} of ${rows.length} sent`;
      },
      45_000,
      200,
    );

    // Once each: one outbox row per invite, sent, and one message per recipient. A send repeated
    // after the kill (the provider had accepted it, the row was not yet marked sent: SMTP cannot be
    // taken back) is the same message, with the same Message-ID, and only for a job in flight then.
    const messages = new Map<string, Set<string>>();
    for (const d of ours()) for (const to of d.to) messages.set(to, (messages.get(to) ?? new Set()).add(String(d.messageId)));
    expect([...messages.keys()].sort()).toEqual([...emails].sort());
    expect([...messages].filter(([, idsOf]) => idsOf.size !== 1), 'recipients with more than one message').toEqual([]);
    expect([...messages.values()].every((idsOf) => /^<outbox-\d+\.\d+@/.test([...idsOf][0]!))).toBe(true);
    const repeats = ours().length - INVITES;
    expect(repeats, 'repeated sends: at most the jobs running at the kill').toBeLessThanOrEqual(JOB_CONCURRENCY);
    console.log(
      `worker kill -9 mid-batch: ${INVITES} e-mail jobs, ${deliveredAtKill} delivered when killed, every outbox row sent once, ` +
        `one message per recipient (${repeats} sent again under its own Message-ID after the restart)`,
    );
  }, 120_000);
});
