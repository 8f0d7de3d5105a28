import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import { startFirestoreStandin } from '../../../test/firestore-standin.ts';
import { AppError } from '../../lib/errors.ts';
import { guardedCollection, mergeDocument, type DeviceCollection } from './device-collection.ts';
import { createFirestoreDeviceCollection } from './device-collection.firestore.ts';
import { createPostgresDeviceCollection } from './device-collection.postgres.ts';

let standin: Awaited<ReturnType<typeof startFirestoreStandin>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** A real Firestore emulator (`gcloud emulators firestore start`), when set: the same suite runs against it too. */
const EMULATOR = process.env.FIRESTORE_EMULATOR_TEST_HOST;
const kinds = ['postgres', 'firestore', ...(EMULATOR ? (['emulator'] as const) : [])] as const;
const collections: Record<'postgres' | 'firestore' | 'emulator', DeviceCollection> = {} as never;

beforeAll(async () => {
  [standin, database] = await Promise.all([startFirestoreStandin(), createTestDatabase()]);
  collections.postgres = createPostgresDeviceCollection(database.database.prisma);
  collections.firestore = await createFirestoreDeviceCollection({ projectId: 'demo-tv', collection: 'devices', emulatorHost: standin.host });
  if (EMULATOR) collections.emulator = await createFirestoreDeviceCollection({ projectId: 'demo-tv', collection: `devices-${randomBytes(4).toString('hex')}`, emulatorHost: EMULATOR });
}, 120_000);
afterAll(async () => {
  await Promise.all([collections.firestore?.close?.(), collections.emulator?.close?.()]);
  await Promise.all([standin?.close(), database?.drop()]);
});

const newId = () => `dev-${randomBytes(6).toString('hex')}`;

/** One suite, both implementations (and the real emulator when given): the PostgreSQL default must behave exactly as Firestore. */
describe.each(kinds)('device collection on %s', (kind) => {
  const col = () => collections[kind];

  it('answers null for a missing id, and deletes a missing id without error', async () => {
    const id = newId();
    expect(await col().get(id)).toBeNull();
    await col().delete(id);
    expect(await col().get(id)).toBeNull();
  });

  it('replaces the document on set without merge', async () => {
    const id = newId();
    await col().set(id, { deviceName: 'TV Sala', nested: { a: 1, b: 'x' }, list: [1, 'dois', null], on: true, ratio: 0.5 });
    expect(await col().get(id)).toEqual({ id, data: { deviceName: 'TV Sala', nested: { a: 1, b: 'x' }, list: [1, 'dois', null], on: true, ratio: 0.5 } });
    await col().set(id, { deviceName: 'TV Cozinha' });
    expect(await col().get(id)).toEqual({ id, data: { deviceName: 'TV Cozinha' } });
  });

  it('writes only the given fields on set with merge, keeping the absent ones and merging nested maps field by field', async () => {
    const id = newId();
    await col().set(id, { deviceName: 'TV', active: false, user: { name: 'Ana', email: 'ana@x.test' }, store: { id: 1, name: 'Centro' }, tags: ['a', 'b'] });
    await col().set(id, { active: true, user: { name: 'Bia' }, store: null, tags: ['c'], extra: {} }, { merge: true });
    expect((await col().get(id))!.data).toEqual({
      deviceName: 'TV',
      active: true,
      user: { name: 'Bia', email: 'ana@x.test' },
      store: null,
      tags: ['c'],
      extra: {},
    });
    // A map over a non-map value replaces it; the merge of a missing document creates it.
    await col().set(id, { store: { id: 2 } }, { merge: true });
    expect((await col().get(id))!.data.store).toEqual({ id: 2 });
    const fresh = newId();
    await col().set(fresh, { lastSeenAt: '2026-11-27T10:00:00.000Z', deep: { x: { y: 1 } } }, { merge: true });
    expect(await col().get(fresh)).toEqual({ id: fresh, data: { lastSeenAt: '2026-11-27T10:00:00.000Z', deep: { x: { y: 1 } } } });
  });

  it('queries by account_id and by token, by equality of value and type, ordered by id', async () => {
    const account = 900_000 + Math.floor(Math.random() * 1000);
    const [a, b, c] = [`a-${newId()}`, `b-${newId()}`, `c-${newId()}`];
    const token = randomBytes(32).toString('base64url');
    await col().set(b, { account_id: account, token: `${token}-b` });
    await col().set(a, { account_id: account, token });
    await col().set(c, { account_id: account + 1, token: `${token}-c` });
    expect((await col().where('account_id', account)).map((d) => d.id)).toEqual([a, b]);
    expect(await col().where('token', token)).toEqual([{ id: a, data: { account_id: account, token } }]);
    expect(await col().where('token', 'nobody')).toEqual([]);
    // Moving a document to another account (merge) moves it between the queries' answers.
    await col().set(a, { account_id: account + 1 }, { merge: true });
    expect((await col().where('account_id', account)).map((d) => d.id)).toEqual([b]);
    expect((await col().where('account_id', account + 1)).map((d) => d.id)).toEqual([a, c]);
    // Null is not a number: an unpaired document is in no account's answer.
    await col().set(b, { account_id: null }, { merge: true });
    expect(await col().where('account_id', account)).toEqual([]);
  });

  it('deletes by id', async () => {
    const id = newId();
    const token = randomBytes(32).toString('base64url');
    await col().set(id, { token });
    await col().delete(id);
    expect(await col().get(id)).toBeNull();
    expect(await col().where('token', token)).toEqual([]);
  });
});

describe('mergeDocument', () => {
  it('is Firestore merge on plain documents', () => {
    expect(mergeDocument({ a: { b: 1, c: 2 }, d: 3 }, { a: { c: 9 }, e: [1] })).toEqual({ a: { b: 1, c: 9 }, d: 3, e: [1] });
  });
});

describe('Firestore through the stand-in', () => {
  it('speaks the emulator REST protocol: commit, batchGet, runQuery', () => {
    expect(new Set(standin.requests)).toEqual(new Set(['commit', 'batchGet', 'runQuery']));
  });

  it('logs a failure of the store and answers the 503 error, never the raw one', async () => {
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const guarded = guardedCollection(collections.firestore, log);
    standin.fail('permission-denied');
    try {
      const err = await guarded.get(newId()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 503, code: 'TV_DEVICES_UNAVAILABLE' });
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(logged[0])).toContain('tv device collection failed');
    } finally {
      standin.fail(null);
    }
    expect(await guarded.get(newId())).toBeNull();
  });
});
