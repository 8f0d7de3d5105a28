import { z } from 'zod';
import type { IntegrationKeyScope } from './integration-keys.ts';

export const ROLES = ['admin', 'manager', 'operator'] as const;
export const ACCOUNT_TYPES = ['grocery', 'industry', 'white_label'] as const;
export type Role = (typeof ROLES)[number];
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * What a route requires of the caller. `public`: nobody signed in; `user`: a valid token;
 * `account`: an active member of the token's current account, optionally with a role,
 * an account type and an access module (by key).
 */
export type Permission =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'account'; roles?: readonly Role[]; accountTypes?: readonly AccountType[]; module?: string };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The callers of the authorisation matrix (packages/api/test/matrix/), besides the owner account
 * (Supermercado Bom Preço: grocery, publisher and advertiser) whose admin (`owner`), operator
 * without most modules (`operator`) and platform operator (`platform`, a manager there) are
 * judged by `permission` alone:
 * - `sameType`: the admin of another grocery account (Bom Preço Atacado);
 * - `industry`: Café Aurora, an industry advertiser linked to Bom Preço's inventory;
 * - `whiteLabel`: Rede Parceira Mídia, a white-label network publisher not linked to Bom Preço;
 * - `linkedPublisher`: Mercado Aliado (created by the test), a publisher on whose inventory Bom Preço advertises;
 * - `unlinkedAdvertiser`: Marca Avulsa (created by the test), an industry advertiser linked to no publisher;
 * - `anonymous`: no credentials.
 */
export const MATRIX_ACTORS = [
  'owner', 'operator', 'platform', 'sameType', 'industry', 'whiteLabel', 'linkedPublisher', 'unlinkedAdvertiser', 'anonymous',
] as const;
export type MatrixActor = (typeof MATRIX_ACTORS)[number];

/**
 * Who may call a route, for the authorisation matrix: the permission says who passes the guard;
 * this says on which object and who else sees it. Every route has one.
 */
export interface RouteAccess {
  /**
   * Name of the fixture in packages/api/test/contract-fixtures.ts that creates an object of the
   * route's kind in the owner account and returns the params, query and body to call it on that
   * object (or, without an id, a valid call). Absent: the route needs nothing (health, lists).
   */
  fixture?: string;
  /** Callers outside the owner account that may call it on the owner's object (still subject to `permission`). */
  allow?: readonly MatrixActor[];
  /** Callers that see the object but may not do this to it: 403 instead of 404. */
  forbid?: readonly MatrixActor[];
  /**
   * What a caller that passes the guard but does not see the object gets. Default: 404 on a route
   * with path params; `'own'` (2xx about its own data, without the object) on one without; 422
   * where the object is named by a body field refused like an unknown id.
   */
  others?: 404 | 422 | 'own';
  /**
   * The guard a public route's handler applies itself: `/v1/rma` and conversions take an API key
   * or a member's session (`{ kind: 'account', module: 'retail_media' }`).
   */
  guard?: Permission;
}

export interface RouteContract {
  method: HttpMethod;
  /** Fastify-style path (`/api/user/:id`); OpenAPI shows it as `/api/user/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tags: readonly string[];
  permission: Permission;
  /**
   * The route also accepts, in place of a session, an integration key with this scope in the
   * `x-api-key` header: the key acts as its creator in its account, so the creator's active
   * membership must pass `permission` as a session would (modules/integration-keys).
   */
  apiKeyScope?: IntegrationKeyScope;
  /** Who may call it on which object: the authorisation matrix's entry (packages/api/test/matrix/). */
  access: RouteAccess;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the route reads: documented here, checked by its handler after authorisation. */
  headers?: z.ZodType;
  /** How the body travels; JSON unless said. A multipart body is parsed by its handler, `body` only documents it. */
  bodyContentType?: 'application/json' | 'multipart/form-data';
  /** Success responses (a redirect's body is `z.null()`); the standard error responses are added by the API's `route()`. */
  responses: Partial<Record<200 | 201 | 202 | 204 | 302 | 503, z.ZodType>>;
  /** Error statuses this route produces beyond the standard ones (the API's `documentedResponses` lists those). */
  errors?: readonly (400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503)[];
  /**
   * The status of a request whose params, query or body the contract refuses: 400 unless said. The
   * public ad API answers 422, as the VTEX Ads API does (the envelope and its details are the same).
   */
  validationStatus?: 400 | 422;
}

export const defineRoute = <const T extends RouteContract>(route: T): T => route;

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z.string().meta({ example: 'USER_NOT_FOUND' }),
      message: z.string().meta({ example: 'Usuário não encontrado.' }),
      details: z.unknown().optional(),
    }),
    requestId: z.string(),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Envelope de erro comum a todas as rotas.' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
