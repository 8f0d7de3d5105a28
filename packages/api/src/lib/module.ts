import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Realtime } from '../plugins/realtime.ts';
import type { Cache } from './cache.ts';
import type { FastPath } from './fast-path.ts';
import type { MediaStorage } from './media-storage.ts';
import type { JobQueue } from './queue.ts';

/**
 * What modules offer the modules listed after them (one instance each: a repo with a cache, the
 * ad index). Empty here, so nothing in lib depends on a module: the module that offers an entry
 * declares it beside the code that provides it, e.g. in `accounts.module.ts`
 * `declare module '../../lib/module.ts' { interface ModuleServices { memberships: MembershipRepo } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, module by module
export interface ModuleServices {}

/** The shared dependencies every module is built from. */
export interface ModuleDeps {
  config: AppConfig;
  database: Database;
  /** `database.prisma`: repositories take it. */
  db: Db;
  /** Present when REDIS_URL is set. */
  redis?: Redis;
  cache: Cache;
  queue: JobQueue;
  realtime: Realtime;
  /** Uploaded files (flyers, ad media). */
  media: MediaStorage;
  log: FastifyBaseLogger;
  /** What the modules listed earlier offered; reading an entry no earlier module offered throws, naming it. */
  services: Readonly<ModuleServices>;
  /** Offers entries to the modules listed after this one (each entry once). */
  provide(entries: Partial<ModuleServices>): void;
  /** Answers requests under a URL prefix ahead of Fastify (traffic-rate endpoints only: see lib/fast-path.ts). */
  serveAhead(prefix: string, path: FastPath): void;
}

/**
 * A domain of the API, registered by one line of `buildApp`: it builds its own repositories,
 * services, routes, jobs and hooks from the shared dependencies. Modules register on the root
 * instance, in buildApp's order; a module may use what the modules before it offered.
 */
export interface AppModule {
  name: string;
  register(app: FastifyInstance, deps: ModuleDeps): void | Promise<void>;
}

/** The registry behind `deps.services` and `deps.provide`. */
export function createModuleServices(): Pick<ModuleDeps, 'services' | 'provide'> {
  const offered = new Map<string, unknown>();
  const services = new Proxy({} as ModuleServices, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      if (!offered.has(key)) throw new Error(`'${key}' is not offered by any module registered so far: list the module that offers it earlier in buildApp`);
      return offered.get(key);
    },
    has: (_target, key) => typeof key === 'string' && offered.has(key),
    set: () => false,
  });
  return {
    services,
    provide(entries) {
      for (const [key, value] of Object.entries(entries)) {
        if (offered.has(key)) throw new Error(`'${key}' is offered twice: one module owns it`);
        offered.set(key, value);
      }
    },
  };
}

/** Registers the modules in order. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps, modules: readonly AppModule[]): Promise<void> {
  for (const m of modules) await m.register(app, deps);
}

/** What the seeds share: the demo accounts' ids by slug (the accounts seed, which runs first, fills it). */
export interface SeedContext {
  accountIds: Map<string, number>;
}

/** A module's demo data. Idempotent: it creates what is missing and leaves what exists. */
export interface ModuleSeed {
  name: string;
  seed(db: Db, ctx: SeedContext): Promise<void>;
}
