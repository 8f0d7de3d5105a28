import type { IncomingMessage } from 'node:http';

export interface AnswerHeadersDeps {
  /** The app's request id of a request (an acceptable incoming x-request-id, else a new one). */
  requestId: (req: IncomingMessage) => string;
  /** The CORS origins the app allows (true: any), as @fastify/cors is configured. */
  corsOrigins: string[] | true;
  /** The CORS plugin's exposed headers, as configured. */
  exposedHeaders: string[];
  /** The security headers of the ad-serving answers (plugins/security.ts). */
  securityHeaders: Readonly<Record<string, string>>;
}

/** Headers of an ad-serving answer as a flat [name, value, …] list (what `res.writeHead` takes). */
export type AnswerHeaders = (req: IncomingMessage, own: readonly string[]) => string[];

/**
 * The headers the app's hooks give an ad-serving answer (request id, CORS, security headers), for
 * the fast paths that answer ahead of Fastify, followed by the answer's `own` headers (content
 * type and length, location). Built once; the request id and an allowed origin join per request.
 */
export function answerHeaders({ requestId, corsOrigins, exposedHeaders, securityHeaders }: AnswerHeadersDeps): AnswerHeaders {
  const common = [
    ...Object.entries(securityHeaders).flat(),
    // @fastify/cors with a non-string origin option: Vary always, the origin reflected when allowed.
    'vary',
    'Origin',
    'access-control-expose-headers',
    exposedHeaders.join(', '),
  ];
  const allowed = (origin: string | undefined): origin is string => origin !== undefined && (corsOrigins === true || corsOrigins.includes(origin));
  return (req, own) => {
    const headers = ['x-request-id', requestId(req), ...common, ...own];
    const origin = req.headers.origin;
    if (allowed(origin)) headers.push('access-control-allow-origin', origin);
    return headers;
  };
}
