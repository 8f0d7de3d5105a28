import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { getSession } from '../session/session';
import { LANGUAGE, t } from '../../i18n';

/** An API failure carrying the server's error envelope (message already in Portuguese). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Array<{ field: string; message: string }>,
  ) {
    super(message);
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** The app decides what a 401 does (clear the session, tell the user, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

const bearer = (token: string) => `Bearer ${token}`;

const auth: Middleware = {
  onRequest({ request }) {
    // A call may carry its own token (a sign-in handed over by an integrated system).
    const token = getSession()?.token;
    if (token && !request.headers.has('authorization')) request.headers.set('authorization', bearer(token));
    request.headers.set('accept-language', LANGUAGE);
    return request;
  },
  onResponse({ request, response }) {
    // Only a 401 for the session's own token ends the session; a rejected handed-over token does not.
    const token = getSession()?.token;
    if (response.status === 401 && token && request.headers.get('authorization') === bearer(token)) onUnauthorized();
    return response;
  },
};

/**
 * Typed client generated from the API's OpenAPI document (packages/contracts → /openapi.json).
 * Absolute same-origin URLs, and `fetch` looked up per call, so tests can stand in for the network.
 */
export const api = createClient<paths>({
  baseUrl: globalThis.location?.origin ?? '',
  fetch: (request) => globalThis.fetch(request),
});
api.use(auth);

interface Envelope {
  error?: { code?: string; message?: string; details?: Array<{ field: string; message: string }> };
}

/** Returns the data of an openapi-fetch result, or throws ApiError with the server's message. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', t('errors.generic'));
  }
  const { data, error, response } = result;
  if (response.ok) return data as T;
  const envelope = (error ?? {}) as Envelope;
  throw new ApiError(
    response.status,
    envelope.error?.code ?? 'HTTP_ERROR',
    envelope.error?.message ?? t('errors.generic'),
    envelope.error?.details,
  );
}
