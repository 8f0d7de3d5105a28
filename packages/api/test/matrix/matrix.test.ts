import { adDecisionRoutes, conversionRoutes, defineRoute, MATRIX_ACTORS, type RouteContract } from '@backoffice/contracts';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { expectedOutcome, leakedValues, matrixOperations, missingEntryMessage, type ActorProfile } from './matrix.ts';

const OWNER = 1;
const member = (accountId: number, role: 'admin' | 'manager' | 'operator', moduleKeys: string[], accountType: 'grocery' | 'industry' = 'grocery'): ActorProfile => ({
  accountId,
  role,
  moduleKeys,
  accountType,
});
const route = (over: Partial<RouteContract>): RouteContract =>
  defineRoute({
    method: 'GET',
    path: '/thing/:id',
    operationId: 'getThing',
    summary: 'x',
    tags: ['x'],
    permission: { kind: 'account', module: 'things', roles: ['admin', 'manager'] },
    access: { fixture: 'thing' },
    responses: { 200: z.object({}) },
    ...over,
  });

describe('expectedOutcome', () => {
  const owner = member(OWNER, 'admin', ['things']);
  const operator = member(OWNER, 'operator', []);
  const other = member(2, 'admin', ['things']);

  it('follows the guard: 401 anonymous, 403 a missing role or module', () => {
    const r = route({});
    expect(expectedOutcome(r, 'anonymous', null, OWNER)).toBe(401);
    expect(expectedOutcome(r, 'operator', operator, OWNER)).toBe(403);
    expect(expectedOutcome(r, 'sameType', member(2, 'admin', []), OWNER)).toBe(403);
    expect(expectedOutcome(route({ permission: { kind: 'account', accountTypes: ['industry'] } }), 'owner', owner, OWNER)).toBe(403);
  });

  it('lets the owner account in, and gives others 404 on an id route and their own data elsewhere', () => {
    expect(expectedOutcome(route({}), 'owner', owner, OWNER)).toBe('allow');
    expect(expectedOutcome(route({}), 'sameType', other, OWNER)).toBe(404);
    expect(expectedOutcome(route({ path: '/thing' }), 'sameType', other, OWNER)).toBe('own');
    expect(expectedOutcome(route({ path: '/thing', access: { fixture: 'thing', others: 404 } }), 'sameType', other, OWNER)).toBe(404);
  });

  it('applies allow and forbid after the guard, forbid first', () => {
    const r = route({ access: { fixture: 'thing', allow: ['industry'], forbid: ['owner'] } });
    expect(expectedOutcome(r, 'industry', member(3, 'admin', ['things'], 'industry'), OWNER)).toBe('allow');
    expect(expectedOutcome(r, 'industry', member(3, 'operator', ['things'], 'industry'), OWNER)).toBe(403);
    expect(expectedOutcome(r, 'owner', owner, OWNER)).toBe(403);
  });

  it('judges a public route by its own guard when it has one', () => {
    const r = route({ permission: { kind: 'public' }, access: { fixture: 'thing', guard: { kind: 'account', module: 'things' } } });
    expect(expectedOutcome(r, 'anonymous', null, OWNER)).toBe(401);
    expect(expectedOutcome(r, 'operator', operator, OWNER)).toBe(403);
    expect(expectedOutcome(route({ permission: { kind: 'public' }, access: {} }), 'anonymous', null, OWNER)).toBe('allow');
  });
});

describe('the public ad API (ad queries and conversions, as in the VTEX Ads API)', () => {
  const profiles = {
    owner: member(OWNER, 'admin', ['retail_media']),
    operator: member(OWNER, 'operator', []),
    industry: member(3, 'admin', ['retail_media'], 'industry'),
    other: member(2, 'operator', []),
  };

  it('lets every caller, anonymous and members without the module included, call it on the owner’s publisher', () => {
    for (const contract of [adDecisionRoutes.decide, conversionRoutes.conversion] as RouteContract[]) {
      expect(contract.permission.kind, contract.operationId).toBe('public');
      expect(contract.access.guard, contract.operationId).toBeUndefined();
      expect(contract.access.fixture, contract.operationId).toBeDefined();
      expect(contract.validationStatus, contract.operationId).toBe(422);
      for (const actor of MATRIX_ACTORS) {
        const profile = actor === 'anonymous' ? null : actor === 'owner' ? profiles.owner : actor === 'operator' ? profiles.operator : actor === 'industry' ? profiles.industry : profiles.other;
        expect(expectedOutcome(contract, actor, profile, OWNER), `${contract.operationId} as ${actor}`).toBe('allow');
      }
    }
  });
});

describe('leakedValues', () => {
  const object = { id: 7, name: 'Campanha Natal mx01', status: 'active', note: 'ok' };

  it('finds an object value in a refused answer, whole or inside a message', () => {
    expect(leakedValues(object, { error: { code: 'X', message: 'Campanha Natal mx01 não encontrada.' } })).toEqual(['Campanha Natal mx01']);
    expect(leakedValues(object, { error: { code: 'X', details: [{ field: 'active' }] } })).toEqual(['active']);
  });

  it('ignores short values and an envelope that says nothing of the object', () => {
    expect(leakedValues(object, { error: { code: 'CAMPAIGN_NOT_FOUND', message: 'Campanha não encontrada.' }, requestId: 'ok' })).toEqual([]);
  });
});

it('says where to add a missing entry', () => {
  const text = missingEntryMessage({ method: 'post', path: '/thing', operationId: 'createThing' }, 'no `access` (matrix entry)');
  expect(text).toContain('POST /thing (createThing)');
  expect(text).toContain('packages/contracts/src');
  expect(text).toContain('contract-fixtures.ts');
});

describe('matrixOperations', () => {
  const doc = {
    paths: {
      '/thing/{id}': { get: { operationId: 'getThing' }, parameters: {} },
      '/new': { post: { operationId: 'newThing' } },
      '/loose': { get: { operationId: 'loose' } },
      '/typo': { get: { operationId: 'typo' } },
    },
  };
  const contracts = new Map<string, RouteContract>([
    ['getThing', route({})],
    ['newThing', { ...route({ method: 'POST', path: '/new', operationId: 'newThing' }), access: undefined } as unknown as RouteContract],
    ['typo', route({ path: '/typo', operationId: 'typo', access: { fixture: 'thnig' } })],
  ]);

  it('runs the operations with an entry and names what each other one lacks', () => {
    const { ops, missing } = matrixOperations(doc, contracts, new Set(['thing']));
    expect(ops.map((o) => o.operationId)).toEqual(['getThing']);
    expect(missing).toHaveLength(3);
    expect(missing[0]).toContain("POST /new (newThing): no `access` (matrix entry).");
    expect(missing[1]).toContain('GET /loose (loose): no route contract');
    expect(missing[2]).toContain("its fixture 'thnig' is not in contract-fixtures.ts");
  });
});
