import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { langFrom } from '../i18n/messages.ts';
import { errorEnvelope } from './errors.ts';

const MAX_URL_IN_MESSAGE = 200;

/**
 * Fastify's `frameworkErrors` option: what its router refuses before any route, hook or error
 * handler runs — a path whose percent escapes are not UTF-8 (`/ad/%E0%A4%A`, a lone surrogate's
 * bytes) and a path segment longer than `maxParamLength` — answered with the error envelope in the
 * caller's language, like every other error, instead of Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No onRequest hook has run for this request: its language and id are set here.
  request.lang = langFrom(request.headers['accept-language']);
  reply.header('x-request-id', request.id);
  const path = request.url.split('?')[0]!;
  const url = path.length > MAX_URL_IN_MESSAGE ? `${path.slice(0, MAX_URL_IN_MESSAGE)}…` : path;
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const code = tooLong ? 'URL_TOO_LONG' : 'URL_INVALID';
  return reply.status(tooLong ? 414 : 400).type('application/json; charset=utf-8').send(errorEnvelope(request, code, code, { url }));
}
