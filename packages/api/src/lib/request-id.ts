import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The request id: the caller's x-request-id when it is an acceptable one, else a new one. */
export const requestIdOf = (req: IncomingMessage) => {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.-]{8,128}$/.test(incoming) ? incoming : randomUUID();
};
