import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { adminQuery, withDatabase } from '../db-admin.ts';
import { clearRedisPrefix } from '../redis-keys.ts';
import '../global-setup.ts';

/**
 * Fault tests need this machine's real PostgreSQL and Redis (they terminate backends and cut
 * connections); without them they skip, and say why.
 */
export const faultsSkipReason =
  process.env.DATABASE_URL && process.env.REDIS_URL ? undefined : 'skipped: fault tests need DATABASE_URL and REDIS_URL (CI sets both)';
if (faultsSkipReason) console.warn(`fault tests ${faultsSkipReason}`);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `check` every `everyMs` until it answers true; fails with `what` after `ms`, and with what
 * it answered last (return a string saying what is still missing).
 */
export async function until(what: string, check: () => Promise<true | false | string>, ms = 20_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v === true) return;
      last = v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await sleep(everyMs);
  }
}

export interface FaultEnv {
  /** The test file's own database, a copy of the run's seeded template. */
  name: string;
  url: string;
  database: Database;
  redisUrl: string;
  /** A Redis key prefix of its own. */
  prefix: string;
  jwtSecret: string;
  /** Drops the database and the prefix's keys. */
  cleanup(): Promise<void>;
}

/** A database, a Redis prefix and a JWT secret of the test file's own. */
export async function createFaultEnv({ poolSize = 4 }: { poolSize?: number } = {}): Promise<FaultEnv> {
  const base = process.env.DATABASE_URL!;
  const name = `bo_fault_${randomBytes(5).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  const url = withDatabase(base, name);
  const database = await createDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize });
  const prefix = `fault-${randomBytes(5).toString('hex')}`;
  const redisUrl = process.env.REDIS_URL!;
  return {
    name,
    url,
    database,
    redisUrl,
    prefix,
    jwtSecret: `fault-secret-${randomBytes(12).toString('hex')}`,
    async cleanup() {
      await database.close().catch(() => undefined);
      await adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await clearRedisPrefix(redisUrl, prefix);
    },
  };
}

/** Seeded ids the fault tests write against: Bom Preço's Café Aurora campaign, ad and wallet. */
export async function fixtureIds(db: Database['prisma']) {
  const accounts = await db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  const bomPreco = idOf('supermercado-bom-preco');
  const aurora = idOf('cafe-aurora');
  const ad = await db.ad.findFirstOrThrow({
    where: { status: 'approved', campaign: { advertiserId: aurora, publisherId: bomPreco } },
    select: { id: true, campaignId: true },
  });
  const wallet = await db.wallet.findUniqueOrThrow({ where: { publisherId_advertiserId: { publisherId: bomPreco, advertiserId: aurora } } });
  return { bomPreco, aurora, ad: ad.id, campaign: ad.campaignId, wallet: wallet.id };
}

/** Asserts the error envelope of DESIGN §5 (the body of every 4xx/5xx). */
export function isEnvelope(body: unknown, code?: string): boolean {
  const b = body as { error?: { code?: unknown; message?: unknown }; requestId?: unknown };
  return typeof b?.error?.code === 'string' && typeof b.error.message === 'string' && typeof b.requestId === 'string' && (!code || b.error.code === code);
}
