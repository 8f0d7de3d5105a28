import { describe, expect, it } from 'vitest';
import { isUnavailableError } from './errors.ts';

/** Errors as the drivers throw them when PostgreSQL or Redis is away (shapes taken from pg, @prisma/adapter-pg and ioredis). */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isUnavailableError (answered as the 503 envelope)', () => {
  it.each([
    ['ioredis, Redis away (maxRetriesPerRequest)', Object.assign(new Error('Reached the max retries per request limit (which is 0).'), { name: 'MaxRetriesPerRequestError' })],
    ['ioredis, connection closed', new Error('Connection is closed.')],
    ['ioredis, no offline queue', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['ioredis, command timed out', new Error('Command timed out')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED')],
    ['PostgreSQL backend terminated (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['PostgreSQL connection exception (class 08)', withCode('connection failure', '08006')],
    ['PostgreSQL too many connections', withCode('sorry, too many clients already', '53300')],
    ['node-postgres, connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['node-postgres, pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['Prisma, pool timeout (P2024)', withCode('Timed out fetching a new connection from the connection pool.', 'P2024')],
    ['Prisma, driver adapter error in the cause', Object.assign(new Error('driver error'), { cause: { kind: 'ConnectionClosed' } })],
    ['Prisma, adapter error in meta', Object.assign(new Error('query failed'), { meta: { driverAdapterError: { cause: { originalCode: '57P01' } } } })],
  ])('%s', (_, err) => expect(isUnavailableError(err)).toBe(true));

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a Prisma record not found', withCode('No record was found', 'P2025')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection is closed.'],
    ['nothing', undefined],
  ])('not %s', (_, err) => expect(isUnavailableError(err)).toBe(false));
});
