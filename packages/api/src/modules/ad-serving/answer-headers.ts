import type { IncomingMessage } from 'node:http';

export interface AnswerHeadersDeps {
  /** The app's request id of a request (an acceptable incoming x-request-id, else a new one). */
  requestId: (req: IncomingMessage) => string;
  /** The CORS headers a page may read, as the public gate exposes them. */
  exposedHeaders: string[];
  /** The security headers of the ad-serving answers (plugins/security.ts). */
  securityHeaders: Readonly<Record<string, string>>;
}

/**
 * Headers of an ad-serving answer as a flat [name, value, …] list (what `res.writeHead` takes);
 * `reflect`: the request's Origin may read it (the publisher allows it, publisher-gate.ts).
 */
export type AnswerHeaders = (req: IncomingMessage, own: readonly string[], reflect: boolean) => string[];

/**
 * The headers the app's hooks give an ad-serving answer (request id, the public gate's CORS,
 * security headers), for the fast paths that answer ahead of Fastify, followed by the answer's
 * `own` headers (content type and length, location). Built once; the request id and an allowed
 * origin join per request.
 */
export function answerHeaders({ requestId, exposedHeaders, securityHeaders }: AnswerHeadersDeps): AnswerHeaders {
  const common = [
    ...Object.entries(securityHeaders).flat(),
    // The public gate (publisher-gate.http.ts): Vary always, the origin reflected when the publisher allows it.
    'vary',
    'Origin',
    'access-control-expose-headers',
    exposedHeaders.join(', '),
  ];
  return (req, own, reflect) => {
    const headers = ['x-request-id', requestId(req), ...common, ...own];
    const origin = req.headers.origin;
    if (reflect && origin !== undefined) headers.push('access-control-allow-origin', origin);
    return headers;
  };
}
