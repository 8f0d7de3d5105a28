import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { createPublicAccess } from './publisher-gate.http.ts';
import { createPublisherGate, createRedisGateBus, GATE_MISS_LOOKUPS_PER_SECOND, originVerdict, type GateBus } from './publisher-gate.ts';
import type { PublisherGateRepo, PublisherGateRow } from './publisher-gate.repo.ts';

/** A repository over rows the test changes, counting its reads. */
function fakeRepo(rows: PublisherGateRow[]) {
  const reads = { all: 0, one: 0 };
  const repo: PublisherGateRepo = {
    all: async () => {
      reads.all++;
      return rows.map((r) => ({ ...r }));
    },
    one: async (id) => {
      reads.one++;
      return rows.find((r) => r.id === id) ?? null;
    },
  };
  return { repo, reads, rows };
}
const codeOf = async (p: Promise<unknown>) => p.then(() => 'ok', (err: unknown) => (err instanceof AppError ? err.code : String(err)));

describe('the publisher gate', () => {
  it('reads every active publisher once, then answers from memory', async () => {
    const { repo, reads } = fakeRepo([{ id: 1, retailMediaConfig: null }, { id: 2, retailMediaConfig: { requireApiKey: true, allowedOrigins: ['https://Loja.example'] } }]);
    const gate = createPublisherGate({ repo });
    expect(gate.peek(1)).toBeUndefined();
    expect(await gate.publisher(1)).toEqual({ publisherId: 1, requireApiKey: false, allowedOrigins: null });
    const two = await gate.publisher(2);
    expect(two.requireApiKey).toBe(true);
    expect([...two.allowedOrigins!]).toEqual(['https://loja.example']);
    expect(gate.peek(2)).toBe(two);
    expect(reads.all).toBe(1);
    await gate.close();
  });

  it('answers 404 for a publisher not served, looking it up once in a while and a few per second at most', async () => {
    let now = 1_000_000;
    const { repo, reads, rows } = fakeRepo([{ id: 1, retailMediaConfig: null }]);
    const gate = createPublisherGate({ repo, now: () => now });
    expect(await codeOf(gate.publisher(9))).toBe('PUBLISHER_NOT_FOUND');
    expect(gate.peek(9)).toBeNull();
    expect(await codeOf(gate.publisher(9))).toBe('PUBLISHER_NOT_FOUND');
    expect(reads.one).toBe(1);
    // A publisher that became active is found once its miss is old.
    rows.push({ id: 9, retailMediaConfig: null });
    now += 6_000;
    expect(await codeOf(gate.publisher(9))).toBe('ok');
    // A flood of made-up ids: a bounded number of reads.
    now += 1_000;
    const before = reads.one;
    await Promise.all(Array.from({ length: 200 }, (_, i) => codeOf(gate.publisher(10_000 + i))));
    expect(reads.one - before).toBe(GATE_MISS_LOOKUPS_PER_SECOND);
    await gate.close();
  });

  it('checks an origin: any without a list, a listed one, none from a server; 403 otherwise', async () => {
    const { repo } = fakeRepo([{ id: 1, retailMediaConfig: null }, { id: 2, retailMediaConfig: { requireApiKey: false, allowedOrigins: ['https://loja.example'] } }]);
    const gate = createPublisherGate({ repo });
    expect(await gate.checkOrigin(1, 'https://qualquer.example')).toBe(true);
    expect(await gate.checkOrigin(2, 'https://LOJA.example')).toBe(true);
    expect(await gate.checkOrigin(2, undefined)).toBe(false);
    expect(await codeOf(gate.checkOrigin(2, 'https://outra.example'))).toBe('ORIGIN_NOT_ALLOWED');
    expect(await codeOf(gate.checkOrigin(3, 'https://loja.example'))).toBe('PUBLISHER_NOT_FOUND');
    expect(gate.allowsAnywhere('https://outra.example')).toBe(true);
    expect(originVerdict(null, 'https://loja.example')).toBe('silent');
    await gate.close();
  });

  it('applies a change here and announces it; reads again what another instance announces', async () => {
    const { repo, rows } = fakeRepo([{ id: 1, retailMediaConfig: null }]);
    const published: Array<number | null> = [];
    let hear: (id: number | null) => void = () => undefined;
    const bus: GateBus = { publish: (id) => published.push(id), subscribe: (onChange) => void (hear = onChange), close: async () => undefined };
    const gate = createPublisherGate({ repo, bus });
    await gate.publisher(1);
    rows[0]!.retailMediaConfig = { requireApiKey: true, allowedOrigins: [] };
    await gate.changed(1);
    expect(published).toEqual([1]);
    expect(gate.peek(1)?.requireApiKey).toBe(true);
    rows[0]!.retailMediaConfig = { requireApiKey: false, allowedOrigins: [] };
    hear(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(gate.peek(1)?.requireApiKey).toBe(false);
    // A publisher that lost its retail media is dropped.
    rows.length = 0;
    hear(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(gate.peek(1)).toBeUndefined();
    await gate.close();
  });
});

describe.skipIf(!process.env.REDIS_URL)('the gate over several instances', () => {
  it('hears a change announced by another instance (the PUT of one instance reaches all)', async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    const prefix = `test-gate-${randomBytes(4).toString('hex')}`;
    const { repo, rows } = fakeRepo([{ id: 1, retailMediaConfig: null }]);
    const a = createPublisherGate({ repo, bus: createRedisGateBus(redis, prefix) });
    const b = createPublisherGate({ repo, bus: createRedisGateBus(redis, prefix) });
    try {
      await Promise.all([a.publisher(1), b.publisher(1)]);
      // Both subscribed before the announcement.
      await new Promise((r) => setTimeout(r, 200));
      rows[0]!.retailMediaConfig = { requireApiKey: false, allowedOrigins: ['https://loja.example'] };
      await a.changed(1);
      const deadline = Date.now() + 3_000;
      while (!b.peek(1)?.allowedOrigins && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect([...(b.peek(1)?.allowedOrigins ?? [])]).toEqual(['https://loja.example']);
    } finally {
      await Promise.all([a.close(), b.close()]);
      redis.disconnect();
    }
  });
});

describe('a route that reads its publisher from the body (conversions)', () => {
  const reply = () => {
    const headers: Record<string, unknown> = {};
    return { headers, reply: { header: (name: string, value: unknown) => ((headers[name] = value), undefined) } as unknown as FastifyReply };
  };
  const request = (origin?: string) => ({ headers: origin ? { origin } : {} }) as FastifyRequest;

  it('admits an active publisher under its ceiling from an allowed origin, reflecting it', async () => {
    const { repo } = fakeRepo([{ id: 1, retailMediaConfig: { requireApiKey: false, allowedOrigins: ['https://loja.example'] } }]);
    const gate = createPublisherGate({ repo });
    let spent = 0;
    const access = createPublicAccess({ gate, limits: { ip: () => 0, publisher: () => (++spent > 2 ? 1 : 0) }, clientAddress: () => '', beaconPublisher: () => undefined });
    const ok = reply();
    await access.admitPublisher(request('https://loja.example'), ok.reply, 1);
    expect(ok.headers['access-control-allow-origin']).toBe('https://loja.example');
    expect(await codeOf(access.admitPublisher(request('https://outra.example'), reply().reply, 1))).toBe('ORIGIN_NOT_ALLOWED');
    expect(await codeOf(access.admitPublisher(request(), reply().reply, 1))).toBe('RATE_LIMITED');
    expect(await codeOf(access.admitPublisher(request(), reply().reply, 2))).toBe('PUBLISHER_NOT_FOUND');
    await gate.close();
  });
});
