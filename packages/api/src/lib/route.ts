import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorEnvelope, type IntegrationKeyScope, type Permission, type RouteContract } from '@backoffice/contracts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';
import { bearerToken, type MemberContext } from '../plugins/identity.ts';
import { replayReadBody } from './fast-path.ts';
import { AD_SERVING_PREFIXES, RATE_LIMIT_EXEMPT } from '../plugins/security.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type SuccessBody<C extends RouteContract> = {
  [K in keyof C['responses']]: C['responses'][K] extends z.ZodType ? z.input<C['responses'][K]> : never;
}[keyof C['responses']];

type AuthOf<P extends Permission> = P extends { kind: 'account' }
  ? MemberContext
  : P extends { kind: 'user' }
    ? { userId: number; accountId: number }
    : undefined;

/**
 * A success body its handler wrote as JSON itself (a hot path that keeps parts of it serialised):
 * sent as it is, with the JSON content type; `T` names the body it stands for.
 */
export class JsonText<T> {
  declare readonly body?: T;
  constructor(readonly text: string) {}
}

export interface HandlerContext<C extends RouteContract> {
  body: Out<C['body']>;
  query: Out<C['querystring']>;
  params: Out<C['params']>;
  auth: AuthOf<C['permission']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

const PERMISSION_TEXT = (p: Permission): string => {
  if (p.kind === 'public') return 'Pública.';
  if (p.kind === 'user') return 'Requer usuário autenticado.';
  const parts = ['Requer membro ativo da conta atual'];
  if (p.roles) parts.push(`perfil ${p.roles.join(' ou ')}`);
  if (p.accountTypes) parts.push(`conta do tipo ${p.accountTypes.join(' ou ')}`);
  if (p.module) parts.push(`módulo de acesso "${p.module}"`);
  return `${parts.join(', ')}.`;
};

/**
 * Authenticates an integration key on a route that accepts one (a contract's `apiKeyScope`): the
 * active membership of the key's creator in the key's account, which the key acts as. Throws 401
 * when the key is unknown or revoked or its creator is no longer an active member, 403 when it lacks
 * the scope. Offered by the module that owns the keys (modules/integration-keys), so lib depends on
 * no module.
 */
export interface IntegrationKeyAuthenticator {
  authenticate(key: string, scope: IntegrationKeyScope): Promise<MemberContext>;
}

/** The integration key of a request to a route that accepts one, unless it carries a bearer token (which wins). */
function integrationKeyOf(contract: RouteContract, request: FastifyRequest): string | undefined {
  if (!contract.apiKeyScope || bearerToken(request.headers.authorization) !== undefined) return undefined;
  const key = request.headers['x-api-key'];
  return typeof key === 'string' && key !== '' ? key : undefined;
}

const API_KEY_TEXT = (scope: IntegrationKeyScope) =>
  `Aceita também, no lugar da sessão, uma chave de integração com o escopo "${scope}" no cabeçalho x-api-key: ela age como quem a criou, na conta da chave.`;

/** Function-level authorisation for a route: token (or integration key), membership, role, account type, module. */
async function authorize(app: FastifyInstance, contract: RouteContract, request: FastifyRequest) {
  const { permission } = contract;
  if (permission.kind === 'public') return undefined;
  const key = integrationKeyOf(contract, request);
  let member: MemberContext;
  if (key !== undefined) {
    if (!app.hasDecorator('integrationKeys')) throw new UnauthorizedError();
    member = await app.integrationKeys.authenticate(key, contract.apiKeyScope!);
    if (permission.kind === 'user') return { userId: member.userId, accountId: member.accountId };
  } else {
    const claims = await app.identity.verifyToken(bearerToken(request.headers.authorization));
    if (permission.kind === 'user') return { userId: claims.sub, accountId: claims.account_id };
    member = await app.identity.activeMembership(claims.sub, claims.account_id);
  }
  if (permission.accountTypes && !permission.accountTypes.includes(member.accountType)) {
    throw new ForbiddenError('FORBIDDEN_ACCOUNT_TYPE');
  }
  if (permission.roles && !permission.roles.includes(member.role)) throw new ForbiddenError('FORBIDDEN_ROLE');
  if (permission.module && !member.moduleKeys.includes(permission.module)) throw new ForbiddenError('FORBIDDEN_MODULE');
  return member;
}

/** The request parts a hot path may read without zod. */
type PlainPart = 'body' | 'params' | 'querystring';
type PlainReaders = Partial<Record<PlainPart, (data: unknown) => unknown>>;

/**
 * Lets a documented-only part (headers; a multipart body) through to the handler, and validates the
 * rest with zod — a part that a `plain` reader reads (hot paths) without it.
 */
const partsValidator =
  (parts: readonly string[], plain: PlainReaders): typeof validatorCompiler =>
  (req) => {
    if (req.httpPart && parts.includes(req.httpPart)) return (data: unknown) => ({ value: data });
    const zod = validatorCompiler(req);
    const read = plain[req.httpPart as PlainPart];
    if (!read) return zod;
    return (data: unknown) => {
      const value = read(data);
      return value === undefined ? zod(data) : { value };
    };
  };

/** The status of a request whose params, query, body or headers its contract refuses. */
export const validationStatusOf = (contract: RouteContract): 400 | 422 => contract.validationStatus ?? 400;

/**
 * Whether the per-IP ceiling of plugins/security.ts counts a route: not the probes, not the
 * ad-serving URLs (integrators' traffic), not a hot path.
 */
const isRateLimited = (path: string, hotPath: boolean) =>
  !hotPath && !RATE_LIMIT_EXEMPT.includes(path) && !AD_SERVING_PREFIXES.some((p) => path.startsWith(p));

/**
 * Every status a route answers and the body of each: the contract's success responses and
 * `errors`, plus the standard ones — the contract's `validationStatus` (400 unless said) for a
 * route that reads input, 401 unless public, 403 for an account permission, 400, 413 and 415 for a
 * method that may carry a body (Fastify parses and limits one whatever the route expects: malformed
 * JSON, too large, an unknown content type), 429 where the per-IP ceiling counts, 403 and 429 on
 * the public ad endpoints (their publisher's allowed origins, their ceilings per IP and per
 * publisher: plugins/security.ts), and 503 everywhere (closing, or PostgreSQL or Redis down).
 * The one list of what a route may answer: the route's schema, hence /openapi.json, and the
 * response-contract check (plugins/response-contract.ts) read it; a 500 is never in it.
 */
export function documentedResponses(contract: RouteContract, { hotPath = false } = {}): Record<number, z.ZodType> {
  const { permission } = contract;
  const errorStatuses = new Set<number>(contract.errors ?? []);
  if (contract.body || contract.querystring || contract.params || contract.headers) errorStatuses.add(validationStatusOf(contract));
  if (permission.kind !== 'public') errorStatuses.add(401);
  if (permission.kind === 'account') errorStatuses.add(403);
  if (contract.method !== 'GET') {
    for (const status of [400, 413, 415]) errorStatuses.add(status);
  }
  if (isRateLimited(contract.path, hotPath)) errorStatuses.add(429);
  if (AD_SERVING_PREFIXES.some((p) => contract.path.startsWith(p))) for (const status of [403, 429]) errorStatuses.add(status);
  errorStatuses.add(503);
  const response: Record<number, z.ZodType> = { ...(contract.responses as Record<number, z.ZodType>) };
  for (const status of [...errorStatuses].sort()) {
    if (!(status in response)) response[status] = ErrorEnvelope;
  }
  return response;
}

/** What a route's 400 and 422 say in /openapi.json when its validation errors answer 422 (else the standard texts). */
const VALIDATION_422_DESCRIPTIONS: Record<number, string> = {
  400: 'Requisição ilegível: corpo que não é JSON válido (malformado ou vazio) ou endereço malformado.',
  422: 'Dados inválidos (código VALIDATION_ERROR: `error.details` nomeia cada campo recusado pelo seu caminho) ou regra de negócio não atendida.',
};

/**
 * The route schema's responses: the documented ones, a status whose meaning differs on this route
 * (400 and 422 where validation answers 422) with its own description, as the OpenAPI document
 * shows it; same schemas, same serialisation.
 */
function schemaResponses(contract: RouteContract, response: Record<number, z.ZodType>): Record<number, unknown> {
  if (validationStatusOf(contract) !== 422) return response;
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const description = VALIDATION_422_DESCRIPTIONS[Number(status)];
      return [status, description ? { description, content: { 'application/json': { schema } } } : schema];
    }),
  );
}

const documentOnlyParts = (c: RouteContract): string[] => [
  ...(c.bodyContentType === 'multipart/form-data' ? ['body'] : []),
  ...(c.headers ? ['headers'] : []),
];

/**
 * Registers a route from its contract: schemas, OpenAPI metadata, the permission guard and
 * the standard error responses. The handler returns the success body.
 */
export function route<C extends RouteContract>(
  app: FastifyInstance,
  contract: C,
  handler: (ctx: HandlerContext<C>) => Promise<SuccessBody<C> | JsonText<SuccessBody<C>>>,
  /**
   * `hotPath`: traffic-rate endpoints of integrators (ad decisions, beacons): no per-IP rate limit
   * hook at all, and no response-schema check on the way out (requests are still validated); a
   * body that a fast path ahead of Fastify already read is parsed from there (lib/fast-path.ts).
   * `plain`: readers of the body, path params or query string that read a plainly valid part
   * exactly as the contract's zod schema would, else answer undefined and zod validates it (and
   * words the error).
   */
  options: {
    hotPath?: boolean;
    plain?: {
      body?: (data: unknown) => Out<C['body']> | undefined;
      params?: (data: unknown) => Out<C['params']> | undefined;
      querystring?: (data: unknown) => Out<C['querystring']> | undefined;
    };
  } = {},
): void {
  const { permission } = contract;
  const successStatus = Number(Object.keys(contract.responses).sort()[0] ?? 200);
  const response = documentedResponses(contract, { hotPath: options.hotPath });

  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    schema: {
      operationId: contract.operationId,
      summary: contract.summary,
      description: PERMISSION_TEXT(permission) + (contract.apiKeyScope ? ` ${API_KEY_TEXT(contract.apiKeyScope)}` : ''),
      tags: [...contract.tags],
      ...(permission.kind === 'public' ? {} : { security: [{ bearerAuth: [] }, ...(contract.apiKeyScope ? [{ integrationKey: [] }] : [])] }),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.querystring ? { querystring: contract.querystring } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.headers ? { headers: contract.headers } : {}),
      ...(contract.bodyContentType ? { consumes: [contract.bodyContentType] } : {}),
      response: schemaResponses(contract, response),
    },
    // A multipart body is streamed by its handler, and headers are checked by it after authorisation:
    // the contract's `body` and `headers` then only document them.
    ...(documentOnlyParts(contract).length || options.plain
      ? { validatorCompiler: partsValidator(documentOnlyParts(contract), options.plain ?? {}) as never }
      : {}),
    config: {
      permission,
      responses: response,
      validationStatus: validationStatusOf(contract),
      ...(options.hotPath ? { rateLimit: false as const } : {}),
    },
    // Hot paths answer with bodies their typed code builds: serialised as they are, the schema only documents them.
    ...(options.hotPath ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data), preParsing: replayReadBody as never } : {}),
    // Public routes (beacons, ad decisions with their own keys) skip the guard entirely.
    ...(permission.kind === 'public'
      ? {}
      : {
          preHandler: async (request: FastifyRequest) => {
            request.auth = await authorize(app, contract, request);
          },
        }),
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body as never,
        query: request.query as never,
        params: request.params as never,
        auth: request.auth as never,
        request,
        reply,
      });
      if (reply.sent) return reply;
      if (reply.statusCode === 200) reply.code(successStatus);
      if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(result.text);
      return reply.send(result);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Integration keys for the routes that accept one (decorated by modules/integration-keys). */
    integrationKeys: IntegrationKeyAuthenticator;
  }
  interface FastifyRequest {
    auth: MemberContext | { userId: number; accountId: number } | undefined;
  }
  interface FastifyContextConfig {
    permission?: Permission;
    /** A contract route's documented responses by status (`documentedResponses`). */
    responses?: Record<number, z.ZodType>;
    /**
     * The status of its validation errors (the contract's `validationStatus`): a request its schemas
     * refuse, or a text input-text refuses, or a rule of the contract its handler checks itself.
     */
    validationStatus?: 400 | 422;
  }
}
