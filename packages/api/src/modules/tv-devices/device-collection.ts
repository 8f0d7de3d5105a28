import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/** A value a device document holds: JSON, as Firestore stores it (maps, arrays, strings, numbers, booleans, null). */
export type DocValue = string | number | boolean | null | DocValue[] | { [field: string]: DocValue };
export type DocData = { [field: string]: DocValue };
export interface DeviceDoc {
  id: string;
  data: DocData;
}

/** The fields the collection is queried by (spec §7), each with the type it is stored as. */
export interface DeviceQueries {
  account_id: number;
  token: string;
}

/**
 * The TV device collection with Firestore's semantics (spec §7): get by id, query by `account_id`
 * or `token` (equality, ordered by document id), `set` that replaces the document or, with
 * `merge`, writes the given fields only (nested maps field by field, absent fields kept), and
 * delete by id (deleting a missing document is no error).
 */
export interface DeviceCollection {
  get(id: string): Promise<DeviceDoc | null>;
  where<F extends keyof DeviceQueries>(field: F, value: DeviceQueries[F]): Promise<DeviceDoc[]>;
  set(id: string, data: DocData, options?: { merge?: boolean }): Promise<void>;
  delete(id: string): Promise<void>;
  close?(): Promise<void>;
}

const isMap = (v: DocValue | undefined): v is DocData => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Firestore's set-with-merge: every leaf of `patch` (a non-map value, or an empty map) is written at
 * its path, creating or replacing the maps on the way; everything else of `doc` stays.
 */
export function mergeDocument(doc: DocData, patch: DocData): DocData {
  const out: DocData = { ...doc };
  for (const [field, value] of Object.entries(patch)) {
    const current = out[field];
    out[field] = isMap(value) && Object.keys(value).length > 0 ? mergeDocument(isMap(current) ? current : {}, value) : value;
  }
  return out;
}

/**
 * The collection as the routes use it: a failure of the store (Firestore unreachable, a refused
 * write) is logged (spec §8) and answered as the 503 envelope, never as a crash or a 500.
 */
export function guardedCollection(inner: DeviceCollection, log: FastifyBaseLogger): DeviceCollection {
  const guard =
    <A extends unknown[], R>(op: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (err) {
        if (err instanceof AppError) throw err;
        log.error({ err, op }, 'tv device collection failed');
        throw new AppError(503, 'TV_DEVICES_UNAVAILABLE', 'TV_DEVICES_UNAVAILABLE');
      }
    };
  return {
    get: guard('get', (id: string) => inner.get(id)),
    where: guard('where', <F extends keyof DeviceQueries>(field: F, value: DeviceQueries[F]) => inner.where(field, value)) as DeviceCollection['where'],
    set: guard('set', (id: string, data: DocData, options?: { merge?: boolean }) => inner.set(id, data, options)),
    delete: guard('delete', (id: string) => inner.delete(id)),
    close: () => inner.close?.() ?? Promise.resolve(),
  };
}
