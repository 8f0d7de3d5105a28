import { expect, it } from 'vitest';
import type { Test } from 'supertest';
import { bearer, expectEnvelope } from './helpers.ts';

export type Operation = readonly [name: string, call: () => Test];

interface Matrix {
  /** Every operation of the resource, on a row of the caller's own account. */
  operations: () => ReadonlyArray<Operation>;
  /** Operations that only read: an operator without the module gets FORBIDDEN_MODULE, on writes FORBIDDEN_ROLE (checked first). */
  reads: readonly string[];
  /** Operations on the row's id (another account must get `notFound` for each). */
  idOperations: () => ReadonlyArray<Operation>;
  notFound: string;
  tokens: () => { operator: string; otherAccount: string };
  /** The row as stored: the same after every refused call. */
  snapshot: () => Promise<unknown>;
}

/** STYLE §15: every operation × {anonymous, operator without the module, another account}; nothing changes. */
export function authorizationMatrix(m: Matrix) {
  it('answers 401 to anonymous callers on every route', async () => {
    for (const [name, call] of m.operations()) {
      const res = await call();
      expect(res.status, name).toBe(401);
      expectEnvelope(res.body, 'UNAUTHENTICATED');
    }
  });

  it('answers 403 to an operator without the module on every route, and changes nothing', async () => {
    const before = await m.snapshot();
    for (const [name, call] of m.operations()) {
      const res = await call().set(bearer(m.tokens().operator));
      expect(res.status, name).toBe(403);
      expectEnvelope(res.body, m.reads.includes(name) ? 'FORBIDDEN_MODULE' : 'FORBIDDEN_ROLE');
    }
    expect(await m.snapshot()).toEqual(before);
  });

  it('answers 404 to another account on every id route, and changes nothing', async () => {
    const before = await m.snapshot();
    for (const [name, call] of m.idOperations()) {
      const res = await call().set(bearer(m.tokens().otherAccount));
      expect(res.status, name).toBe(404);
      expectEnvelope(res.body, m.notFound);
    }
    expect(await m.snapshot()).toEqual(before);
  });
}
