import { z } from 'zod';

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

export interface RouteContract {
  method: HttpMethod;
  /** Fastify-style path (`/api/user/:id`); OpenAPI shows it as `/api/user/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tags: readonly string[];
  permission: Permission;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Request headers the route reads: documented here, checked by its handler after authorisation. */
  headers?: z.ZodType;
  /** How the body travels; JSON unless said. A multipart body is parsed by its handler, `body` only documents it. */
  bodyContentType?: 'application/json' | 'multipart/form-data';
  /** Success responses; the standard error responses are added from the permission. */
  responses: Partial<Record<200 | 201 | 202 | 204 | 503, z.ZodType>>;
  /** Error statuses this route produces beyond the standard ones. */
  errors?: readonly (400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503)[];
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
