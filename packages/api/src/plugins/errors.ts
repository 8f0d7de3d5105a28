import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractMessageIn, contractMessageOf, messageLookup, ptBRErrorMap } from '@backoffice/contracts';
import { AppError, TooManyRequestsError } from '../lib/errors.ts';
import { detailMessages, langFrom, translate, type Lang, type MessageCode } from '../i18n/messages.ts';

z.config({ localeError: ptBRErrorMap as z.core.$ZodErrorMap });
const localeErrors = { 'pt-BR': ptBRErrorMap as z.core.$ZodErrorMap, en: z.locales.en().localeError };

interface ZodValidationItem {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

const moduleDetails = messageLookup(detailMessages);
/**
 * A detail's message in `lang`: the contracts (`msg`) and the modules write theirs in pt-BR, worded
 * here from their catalogues; any other text (zod's, already in `lang`) passes as it is.
 */
function detailIn(message: string, lang: Lang): string {
  return lang === 'pt-BR' ? message : (contractMessageIn(message, lang) ?? moduleDetails.in(message, lang) ?? message);
}

interface FieldIssue {
  field: string;
  code: string;
  message: string;
}

/** The request part a validation error is about, as sent (Fastify keeps it when its schema refuses it). */
function partOf(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body' || context === undefined) return request.body;
  if (context === 'params') return request.params;
  if (context === 'querystring') return request.query;
  if (context === 'headers') return request.headers;
  return undefined;
}

/** The value at a path of a part (zod's issues leave the input out: its wording depends on it). */
function valueAt(part: unknown, keys: string[]): unknown {
  let value = part;
  for (const key of keys) {
    if (!value || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function fieldIssues(items: ZodValidationItem[], context: string | undefined, lang: Lang, part: unknown): FieldIssue[] {
  return items.map((item) => {
    const keys = item.instancePath.replace(/^\//, '').split('/').filter(Boolean);
    const path = keys.join('.');
    const unknownKeys = item.keyword === 'unrecognized_keys' ? (item.params.keys as string[] | undefined) : undefined;
    const field = unknownKeys?.length ? unknownKeys.map((k) => (path ? `${path}.${k}` : k)).join(', ') : path || (context ?? 'body');
    let message = item.message;
    // zod's own wording in `lang`, unless the contract wrote the message (then worded in `lang` by the envelope).
    if (item.keyword !== 'custom' && !contractMessageOf(item.message)) {
      // With the value sent: a value of the wrong type is not a missing one ("received array", not "required").
      const rendered = localeErrors[lang]({ ...item.params, input: valueAt(part, keys), code: item.keyword, path: [] } as never);
      const text = typeof rendered === 'string' ? rendered : rendered?.message;
      if (text) message = text;
    }
    return { field, code: item.keyword, message };
  });
}

/** Details a module passes along (a contract's rule it checks itself, say), their contract-authored messages in `lang`. */
function detailsIn(details: unknown, lang: Lang): unknown {
  if (!Array.isArray(details)) return details;
  return details.map((d: unknown) =>
    d && typeof d === 'object' && typeof (d as FieldIssue).message === 'string' ? { ...d, message: detailIn((d as FieldIssue).message, lang) } : d,
  );
}

/** Builds the one error envelope of DESIGN §5 (used by the error handler and by plugins that answer errors themselves). */
export function errorEnvelope(request: FastifyRequest, code: string, messageCode: MessageCode, params?: Record<string, string | number>, details?: unknown) {
  return {
    error: {
      code,
      message: translate(messageCode, request.lang, typeof params?.detail === 'string' ? { ...params, detail: detailIn(params.detail, request.lang) } : params),
      ...(details === undefined ? {} : { details: detailsIn(details, request.lang) }),
    },
    requestId: String(request.id),
  };
}

/** Codes of a connection that failed or went away (Node sockets, PostgreSQL class 08 and shutdown, too many connections). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300']);
/** Prisma: database unreachable or timed out, connection closed, no connection from the pool in time. */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** Kinds of @prisma/adapter-pg's driver errors that mean the connection, not the query. */
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const UNAVAILABLE_MESSAGES = [
  // ioredis while Redis is away (lib/redis.ts makes commands fail instead of waiting)
  /^Reached the max retries per request limit/,
  /^Connection is closed\.$/,
  /^Stream isn't writeable and enableOfflineQueue options is false/,
  /^Command timed out$/,
  // node-postgres when its connection goes away mid-query or cannot be made
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /terminating connection due to administrator command/,
  /^Server has closed the connection/,
];

/**
 * Whether an error means PostgreSQL or Redis could not be reached (or dropped the connection) rather
 * than a fault of the request or the code: answered 503 in the envelope, and the client may retry.
 */
export function isUnavailableError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { name?: unknown; code?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  if (e.name === 'MaxRetriesPerRequestError' || e.name === 'PrismaClientInitializationError') return true;
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08') || UNAVAILABLE_PRISMA_CODES.has(e.code))) return true;
  if (typeof e.originalCode === 'string' && (UNAVAILABLE_CODES.has(e.originalCode) || e.originalCode.startsWith('08'))) return true;
  if (typeof e.kind === 'string' && UNAVAILABLE_KINDS.has(e.kind)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(e.message as string))) return true;
  return isUnavailableError(e.cause, depth + 1) || isUnavailableError(e.meta?.driverAdapterError, depth + 1);
}

/**
 * The status of a validation error on this request's route: the contract's `validationStatus`
 * (the public ad API answers 422, as the VTEX Ads API does), else 400. Parser refusals (malformed
 * JSON, an unknown content type, a body over the limit) are not validation errors and keep theirs.
 */
const validationStatusOf = (request: FastifyRequest): number => request.routeOptions?.config?.validationStatus ?? 400;

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export default fp(
  async (app) => {
    app.decorateRequest('lang', 'pt-BR');
    app.addHook('onRequest', (request, reply, done) => {
      request.lang = langFrom(request.headers['accept-language']);
      reply.header('x-request-id', request.id);
      done();
    });

    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof AppError) {
        if (err instanceof TooManyRequestsError) reply.header('retry-after', String(err.retryAfterSeconds));
        if (err.status >= 500) request.log.error({ err }, 'app error');
        // A field refused by input-text or by the handler's own check of the contract: the route's validation status.
        const status = err.status === 400 && err.code === 'VALIDATION_ERROR' ? validationStatusOf(request) : err.status;
        return send(reply, status, errorEnvelope(request, err.code, err.messageCode, err.params, err.details));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const context = err.validationContext;
        const issues = fieldIssues(err.validation as unknown as ZodValidationItem[], context, request.lang, partOf(request, context));
        const first = issues[0]!;
        return send(
          reply,
          validationStatusOf(request),
          errorEnvelope(request, 'VALIDATION_ERROR', 'VALIDATION_ERROR', { field: first.field, detail: first.message }, issues),
        );
      }
      if (isResponseSerializationError(err as never)) {
        request.log.error({ err, issues: (err.cause as { issues?: unknown })?.issues }, 'response does not match its schema');
        return send(reply, 500, errorEnvelope(request, 'INTERNAL_ERROR', 'INTERNAL_ERROR'));
      }
      const status = err.statusCode ?? 500;
      if (status === 429) {
        return send(reply, 429, errorEnvelope(request, 'RATE_LIMITED', 'RATE_LIMITED'));
      }
      if (status === 413) return send(reply, 413, errorEnvelope(request, 'BODY_TOO_LARGE', 'BODY_TOO_LARGE'));
      if (status === 415) return send(reply, 415, errorEnvelope(request, 'UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_MEDIA_TYPE'));
      if (status === 400) return send(reply, 400, errorEnvelope(request, 'INVALID_BODY', 'INVALID_BODY'));
      if (status === 503) return send(reply, 503, errorEnvelope(request, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'));
      if (isUnavailableError(err)) {
        request.log.warn({ err }, 'database or Redis unavailable');
        reply.header('retry-after', '1');
        return send(reply, 503, errorEnvelope(request, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE'));
      }
      request.log.error({ err }, 'unhandled error');
      return send(reply, 500, errorEnvelope(request, 'INTERNAL_ERROR', 'INTERNAL_ERROR'));
    });
  },
  { name: 'errors' },
);

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}
