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

/**
 * Reads a request's body (its declared `size`), then lets `answer` answer it from the text: what
 * arrived short, what `answer` declines (false) and what it fails at go on to the app's route with
 * the body read, which handles them from the start.
 */
export function answerWithBody(req: IncomingMessage, res: ServerResponse, next: Handler, size: number, answer: (text: string) => Promise<boolean>): void {
  const chunks: Buffer[] = [];
  const read = (chunk: Buffer) => chunks.push(chunk);
  const done = () => {
    req.off('data', read).off('end', done).off('error', done);
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    // Less than it said (the connection failed): Fastify's parser words the answer, if anyone hears it.
    if (body.length !== size || !req.complete) return handOnWithBody(req, res, next, body);
    answer(body.toString('utf8')).then(
      (answered) => answered || handOnWithBody(req, res, next, body),
      // A failure (a decision, a store): the route tries again and answers either way.
      () => handOnWithBody(req, res, next, body),
    );
  };
  req.on('data', read).on('end', done).on('error', done);
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
