import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/**
 * Answers a request ahead of Fastify, or hands it to `next` (the app's handler): a traffic-rate
 * endpoint's plainly valid request, where the router, hooks and reply objects cost more than the
 * work itself. What it hands on, Fastify handles from the start, as if the fast path were not there.
 */
export type FastPath = (req: IncomingMessage, res: ServerResponse, next: Handler) => void;

/**
 * The fast path of a request's URL prefix (the first that matches), else straight to the app; and
 * straight to the app, whatever the URL, once it is `closing` (it answers 503 the whole way).
 */
export function byPrefix(paths: Record<string, FastPath>, { closing }: { closing: () => boolean }): FastPath {
  const entries = Object.entries(paths);
  return (req, res, next) => {
    if (closing()) return next(req, res);
    const url = req.url ?? '';
    for (const [prefix, path] of entries) if (url.startsWith(prefix)) return path(req, res, next);
    next(req, res);
  };
}

const READ_BODY = Symbol('body read by a fast path');
type WithBody = IncomingMessage & { [READ_BODY]?: Buffer };

/**
 * Hands on a request whose body a fast path has already read: the app's route gets it back through
 * `replayReadBody` (its preParsing hook), so Fastify parses, limits and checks it as it would have.
 */
export function handOnWithBody(req: IncomingMessage, res: ServerResponse, next: Handler, body: Buffer): void {
  (req as WithBody)[READ_BODY] = body;
  next(req, res);
}

/** preParsing hook of a route behind a fast path that reads bodies: the body it read, else the request's own stream. */
export function replayReadBody(request: FastifyRequest, _reply: FastifyReply, payload: Readable, done: (err: Error | null, stream?: Readable) => void): void {
  const body = (request.raw as WithBody)[READ_BODY];
  if (!body) return done(null, payload);
  const replay = new PassThrough();
  replay.end(body);
  done(null, replay);
}

/** Fastify's own JSON body parser (prototype poisoning rejected, as the app's routes parse) as a plain function: throws what it rejects. */
export const jsonParserOf = (app: FastifyInstance) => {
  const parser = app.getDefaultJsonParser('error', 'error') as unknown as (req: unknown, body: string, done: (err: Error | null, value?: unknown) => void) => void;
  return (text: string) => {
    let result: { err: Error | null; value?: unknown } | undefined;
    parser(undefined, text, (err, value) => (result = { err, value }));
    if (!result || result.err) throw result?.err ?? new Error('the JSON parser did not answer at once');
    return result.value;
  };
};
