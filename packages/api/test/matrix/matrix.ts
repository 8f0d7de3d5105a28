import * as contracts from '@backoffice/contracts';
import type { MatrixActor, Permission, RouteContract } from '@backoffice/contracts';
import type { MemberContext } from '../../src/plugins/identity.ts';

/** What one actor should get from one operation. */
export type Outcome =
  /** 2xx (or a redirect); it may see the owner's object. */
  | 'allow'
  /** 2xx about its own data: nothing of the owner's object in the answer. */
  | 'own'
  | 401
  | 403
  | 404
  | 422;

/** The caller as the guard sees it; null for anonymous. */
export type ActorProfile = Pick<MemberContext, 'accountId' | 'accountType' | 'role' | 'moduleKeys'> | null;

/** Every route contract exported by @backoffice/contracts, by operationId. */
export function contractsByOperation(): Map<string, RouteContract> {
  const all = Object.values(contracts as Record<string, unknown>)
    .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    .flatMap((table) => Object.values(table))
    .filter((v): v is RouteContract => typeof v === 'object' && v !== null && 'operationId' in v && 'method' in v && 'path' in v);
  return new Map(all.map((c) => [c.operationId, c]));
}

const passesGuard = (p: Permission, actor: ActorProfile): 401 | 403 | true => {
  if (p.kind === 'public') return true;
  if (!actor) return 401;
  if (p.kind === 'user') return true;
  if (p.accountTypes && !p.accountTypes.includes(actor.accountType)) return 403;
  if (p.roles && !p.roles.includes(actor.role)) return 403;
  if (p.module && !actor.moduleKeys.includes(p.module)) return 403;
  return true;
};

/**
 * The expected answer: the guard of the permission (or of `access.guard` on a public route that
 * checks its callers itself), then the object: the owner account's members and `access.allow`
 * see it, `access.forbid` gets 403, anybody else 404 on an id route or their own data elsewhere.
 */
export function expectedOutcome(contract: RouteContract, name: MatrixActor, actor: ActorProfile, ownerAccountId: number): Outcome {
  const access = contract.access!;
  const permission = access.guard ?? contract.permission;
  const guard = passesGuard(permission, actor);
  if (guard !== true) return guard;
  if (permission.kind === 'public') return 'allow';
  if (access.forbid?.includes(name)) return 403;
  if (access.allow?.includes(name)) return 'allow';
  if (actor!.accountId === ownerAccountId) return 'allow';
  return access.others ?? (contract.path.includes(':') ? 404 : 'own');
}

/** Every string in a JSON value. */
export function stringLeaves(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringLeaves(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringLeaves(v, out);
  return out;
}

/**
 * The object's field values found in a refused answer: a string leaf equal to one of the
 * object's (4 characters or more), or containing one of its longer ones (names, texts).
 */
export function leakedValues(object: unknown, body: unknown): string[] {
  const values = [...new Set(stringLeaves(object).filter((v) => v.length >= 4))];
  const leaves = stringLeaves(body);
  return values.filter((v) => leaves.some((leaf) => leaf === v || (v.length >= 12 && leaf.includes(v))));
}

/** Where to add what a route lacks, for the failure message. */
export function missingEntryMessage(op: { method: string; path: string; operationId: string }, reason: string) {
  return [
    `${op.method.toUpperCase()} ${op.path} (${op.operationId}): ${reason}.`,
    `  Add \`access: { fixture: '<name>' }\` next to its \`permission\` in packages/contracts/src/*.ts`,
    `  (plus \`allow\`/\`forbid\`/\`others\` when callers outside the owner account differ from the default),`,
    `  and a fixture of that name in packages/api/test/contract-fixtures.ts that creates an object of its kind`,
    `  in the owner account and returns { params, query, body } to call it on that object.`,
  ].join('\n');
}

export interface MatrixOperation {
  method: string;
  path: string;
  operationId: string;
  contract: RouteContract;
}

/**
 * The operations of an OpenAPI document with their contracts, and a message for each one the
 * matrix cannot run: no contract, no `access`, or a fixture name the registry lacks.
 */
export function matrixOperations(
  doc: { paths: Record<string, Record<string, { operationId?: string }>> },
  contracts: Map<string, RouteContract>,
  fixtureNames: ReadonlySet<string>,
): { ops: MatrixOperation[]; missing: string[] } {
  const ops: MatrixOperation[] = [];
  const missing: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
      const operationId = op.operationId ?? '(no operationId)';
      const contract = contracts.get(operationId);
      const where = { method, path, operationId };
      if (!contract) missing.push(missingEntryMessage(where, 'no route contract in @backoffice/contracts'));
      else if (!contract.access) missing.push(missingEntryMessage(where, 'no `access` (matrix entry)'));
      else if (contract.access.fixture && !fixtureNames.has(contract.access.fixture))
        missing.push(missingEntryMessage(where, `its fixture '${contract.access.fixture}' is not in contract-fixtures.ts`));
      else ops.push({ method, path: contract.path, operationId, contract });
    }
  }
  return { ops, missing };
}
