import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { expect } from 'vitest';
import type { FastPath } from '../src/lib/fast-path.ts';

/** How a fast path handed a request on: at once, or later (after reading its body, or a failed store). */
export type HandedOn = 'at once' | 'later';

/**
 * An HTTP server running a fast path in front of a stand-in for the app, which answers 298 to what
 * is handed on at once and 299 to what is handed on later; `onHandedOn` sees each request first.
 */
export async function fastPathServer(fastPath: FastPath, onHandedOn: (req: IncomingMessage, how: HandedOn) => unknown = () => undefined) {
  const server = createServer((req, res) => {
    let atOnce = true;
    fastPath(req, res, async () => {
      const how: HandedOn = atOnce ? 'at once' : 'later';
      await onHandedOn(req, how);
      res.writeHead(how === 'at once' ? 298 : 299).end();
    });
    atOnce = false;
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  return {
    http: supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: () => new Promise<void>((res) => server.close(() => res())),
  };
}

/** The headers two answers share by nature (not those Node adds itself: date, connection, keep-alive). */
const comparable = (headers: Record<string, unknown>) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

/**
 * Expects a fast path's answer to carry the headers of the Fastify route's answer to the same
 * request. A request id both made up only has to look like one (unless the request gave it);
 * `varying` headers (differing between any two answers) only have to be there.
 */
export function expectSameHeaders(
  fast: Record<string, unknown>,
  routed: Record<string, unknown>,
  { requestIdGiven = false, varying = [] }: { requestIdGiven?: boolean; varying?: string[] } = {},
) {
  const fastHeaders = comparable(fast);
  const routedHeaders = comparable(routed);
  if (!requestIdGiven) {
    expect(fastHeaders['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    fastHeaders['x-request-id'] = routedHeaders['x-request-id'];
  }
  for (const name of varying) {
    expect(fastHeaders[name]).toBeDefined();
    fastHeaders[name] = routedHeaders[name];
  }
  expect(fastHeaders).toEqual(routedHeaders);
}
