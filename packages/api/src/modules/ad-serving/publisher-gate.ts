import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { createRedisBroadcast } from '../../lib/redis.ts';
import type { PublisherGateRepo, PublisherGateRow } from './publisher-gate.repo.ts';

/** What the public endpoints need to know of a publisher, held in memory. */
export interface PublisherSettings {
  publisherId: number;
  /** Ad queries need the publisher's `x-api-key` (or a signed-in member managing it: the tester). */
  requireApiKey: boolean;
  /** Browser origins allowed to call; null: any. */
  allowedOrigins: ReadonlySet<string> | null;
}

/** What a public answer does with the request's Origin: reflect it (CORS), stay silent (no Origin, unknown publisher), or refuse (403). */
export type OriginVerdict = 'reflect' | 'silent' | 'refuse';

/** Every active publisher is read again this often, a safety net for changes no one announced (a role, a module). */
export const GATE_REFRESH_MS = 60_000;
/** A publisher not found is looked up again no sooner than this (a new publisher is served within it). */
export const GATE_MISS_RECHECK_MS = 5_000;
/** At most this many lookups of publishers not held, per second and instance: a flood of made-up ids costs no more. */
export const GATE_MISS_LOOKUPS_PER_SECOND = 20;

/** How instances tell each other a publisher's settings changed (null: read them all). */
export interface GateBus {
  publish(publisherId: number | null): void;
  /** `onChange` for another instance's announcement; `onMissed` once listening again after a disconnection. */
  subscribe(onChange: (publisherId: number | null) => void, onMissed: () => void): void;
  close(): Promise<void>;
}

/** Redis pub-sub on `${prefix}:rm-gate` (lib/redis.ts createRedisBroadcast, as the ad index's). */
export function createRedisGateBus(redis: Redis, prefix: string, log?: Pick<FastifyBaseLogger, 'error' | 'warn'>): GateBus {
  return createRedisBroadcast<number | null>(redis, `${prefix}:rm-gate`, 'publisher gate bus', log);
}

const settingsOf = (row: PublisherGateRow): PublisherSettings => {
  const origins = row.retailMediaConfig?.allowedOrigins ?? [];
  return {
    publisherId: row.id,
    requireApiKey: row.retailMediaConfig?.requireApiKey ?? false,
    allowedOrigins: origins.length ? new Set(origins.map((o) => o.toLowerCase())) : null,
  };
};

/** The verdict on a request's Origin for a publisher's settings (none: the publisher is not known). */
export function originVerdict(settings: PublisherSettings | null | undefined, origin: string | undefined): OriginVerdict {
  if (origin === undefined || !settings) return 'silent';
  if (!settings.allowedOrigins) return 'reflect';
  return settings.allowedOrigins.has(origin.toLowerCase()) ? 'reflect' : 'refuse';
}

export interface PublisherGateDeps {
  repo: PublisherGateRepo;
  bus?: GateBus;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  refreshMs?: number;
  now?: () => number;
}

/**
 * Which publishers the public endpoints serve, and how: every publisher with active retail media
 * and its ad API settings (require_api_key, allowed_origins), read in one query on first use and
 * held in memory, so no request waits on the database after that. A settings change is applied
 * here and announced to the other instances; everything is read again every GATE_REFRESH_MS and
 * after the bus was away. A publisher not held is looked up (a new one), a few per second at most;
 * one that is not there answers 404 PUBLISHER_NOT_FOUND from memory for GATE_MISS_RECHECK_MS.
 */
export function createPublisherGate({ repo, bus, log, refreshMs = GATE_REFRESH_MS, now = Date.now }: PublisherGateDeps) {
  let held: Map<number, PublisherSettings> | undefined;
  let loading: Promise<void> | undefined;
  const missedAt = new Map<number, number>();
  let lookups = { second: 0, count: 0 };
  let closed = false;

  function load(): Promise<void> {
    loading ??= repo
      .all()
      .then((rows) => {
        held = new Map(rows.map((r) => [r.id, settingsOf(r)]));
        missedAt.clear();
      })
      .finally(() => (loading = undefined));
    return loading;
  }

  async function reload(publisherId: number) {
    const row = await repo.one(publisherId);
    if (!held) return;
    if (row) {
      held.set(publisherId, settingsOf(row));
      missedAt.delete(publisherId);
    } else held.delete(publisherId);
  }

  /** Applies a change announced by this or another instance. */
  const apply = (publisherId: number | null) =>
    (publisherId === null ? load() : reload(publisherId)).catch((err: unknown) => log?.error({ err, publisherId }, 'reading publisher settings failed'));

  bus?.subscribe(
    (publisherId) => void apply(publisherId),
    () => void apply(null),
  );
  const timer = setInterval(() => void apply(null), refreshMs);
  timer.unref();

  /** The publisher's settings when known at once: null when known not to be served; undefined when it takes a read. */
  function peek(publisherId: number): PublisherSettings | null | undefined {
    if (!held) {
      if (!closed) void load().catch(() => undefined);
      return undefined;
    }
    const settings = held.get(publisherId);
    if (settings) return settings;
    const missed = missedAt.get(publisherId);
    return missed !== undefined && now() - missed < GATE_MISS_RECHECK_MS ? null : undefined;
  }

  /** The publisher's settings, or null when it has no active retail media (never throws but for the database). */
  async function find(publisherId: number): Promise<PublisherSettings | null> {
    if (!held) await load();
    const known = peek(publisherId);
    if (known !== undefined) return known;
    const second = Math.floor(now() / 1000);
    if (lookups.second !== second) lookups = { second, count: 0 };
    if (lookups.count < GATE_MISS_LOOKUPS_PER_SECOND) {
      lookups.count++;
      const row = await repo.one(publisherId);
      if (row && held) {
        const settings = settingsOf(row);
        held.set(publisherId, settings);
        return settings;
      }
    }
    if (missedAt.size >= 10_000) missedAt.clear();
    missedAt.set(publisherId, now());
    return null;
  }

  /** The settings of a publisher with active retail media; else 404 PUBLISHER_NOT_FOUND. */
  async function publisher(publisherId: number): Promise<PublisherSettings> {
    const settings = await find(publisherId);
    if (!settings) throw new NotFoundError('PUBLISHER_NOT_FOUND');
    return settings;
  }

  return {
    peek,
    find,
    publisher,
    /**
     * Checks a request's Origin against the publisher's allowed origins: a listed origin, any origin
     * when none is listed, or no Origin (a server) passes; true when the answer should reflect it.
     * Else 403 ORIGIN_NOT_ALLOWED; an unknown publisher: 404 PUBLISHER_NOT_FOUND.
     */
    async checkOrigin(publisherId: number, origin: string | undefined): Promise<boolean> {
      const verdict = originVerdict(await publisher(publisherId), origin);
      if (verdict === 'refuse') throw new ForbiddenError('ORIGIN_NOT_ALLOWED');
      return verdict === 'reflect';
    },
    /** Whether some publisher held allows this origin (the preflight of a request whose publisher is in its body). */
    allowsAnywhere(origin: string): boolean {
      if (!held) return false;
      for (const settings of held.values()) if (originVerdict(settings, origin) === 'reflect') return true;
      return false;
    },
    /** A publisher's settings, role or modules changed: read again here and on every instance (null: all of them). */
    async changed(publisherId: number | null) {
      bus?.publish(publisherId);
      await apply(publisherId);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await loading?.catch(() => undefined);
      await bus?.close();
    },
  };
}
export type PublisherGate = ReturnType<typeof createPublisherGate>;

/**
 * For a public route that learns its publisher from the body (conversions): checks the request's
 * Origin against that publisher (403 ORIGIN_NOT_ALLOWED, 404 PUBLISHER_NOT_FOUND) and, when it may
 * read the answer, lets it (access-control-allow-origin).
 */
export async function admitOrigin(gate: Pick<PublisherGate, 'checkOrigin'>, request: FastifyRequest, reply: FastifyReply, publisherId: number) {
  const origin = request.headers.origin;
  if (await gate.checkOrigin(publisherId, origin)) reply.header('access-control-allow-origin', origin);
}
