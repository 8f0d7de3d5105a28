import { createHmac } from 'node:crypto';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { ERP_DELIVERY_HEADER, ERP_EVENT_HEADER, ERP_SIGNATURE_HEADER, ERP_TIMESTAMP_HEADER } from '@backoffice/contracts';
import type { CheckedTarget } from './url-guard.ts';

/** An attempt's whole time (connect, send, the answer's head): a slow receiver is a failed attempt. */
export const CALLBACK_TIMEOUT_MS = 10_000;

/**
 * `sha256=<hex>` of `<timestamp>.<raw body>` with the secret: what the receiver recomputes. The
 * timestamp is signed too, so a receiver that refuses old ones refuses replays.
 */
export const signatureOf = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export interface PostResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * POSTs the body to the checked target, connecting to the address the check resolved (the name is
 * not looked up again: a DNS answer that changed in between cannot send it elsewhere), with TLS
 * verified against the URL's host name. Redirects are not followed. Never throws.
 */
export function postSigned(
  target: CheckedTarget,
  input: { body: string; secret: string; event: string; deliveryId: number; now: Date },
  timeoutMs = CALLBACK_TIMEOUT_MS,
): Promise<PostResult> {
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(input.body)),
    'user-agent': 'varejo-backoffice-callbacks/1',
    [ERP_SIGNATURE_HEADER]: signatureOf(input.secret, input.now.toISOString(), input.body),
    [ERP_TIMESTAMP_HEADER]: input.now.toISOString(),
    [ERP_EVENT_HEADER]: input.event,
    [ERP_DELIVERY_HEADER]: String(input.deliveryId),
  };
  const https = target.url.protocol === 'https:';
  const options: RequestOptions & { servername?: string } = {
    method: 'POST',
    host: target.host,
    port: target.url.port || (https ? 443 : 80),
    path: `${target.url.pathname}${target.url.search}`,
    headers,
    lookup: pinned,
    family: target.family,
    timeout: timeoutMs,
    ...(https ? { servername: target.host } : {}),
  };
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const done = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ statusCode, durationMs: Math.round(performance.now() - started), error });
    };
    const req = (https ? httpsRequest : httpRequest)(options, (res) => {
      // The answer's body is not read past a little: only the status matters.
      res.resume();
      done(res.statusCode ?? null, res.statusCode && res.statusCode >= 200 && res.statusCode < 300 ? null : `HTTP ${res.statusCode}`);
    });
    const deadline = setTimeout(() => {
      req.destroy();
      done(null, `sem resposta em ${Math.round(timeoutMs / 1000)} s`);
    }, timeoutMs);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) => done(null, err.code ? `${err.code}: ${err.message}` : err.message));
    req.end(input.body);
  });
}
