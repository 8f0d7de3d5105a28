import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signatures older than this are refused (a provider retrying signs again). */
export const SIGNATURE_TOLERANCE_MS = 10 * 60_000;

export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** `ts=…,v1=…` (Mercado Pago's x-signature layout). */
export function parseSignatureHeader(header: string | string[] | undefined): { ts: string; v1: string } | null {
  if (typeof header !== 'string') return null;
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? [p.trim(), ''] : [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  return parts.ts && parts.v1 && /^\d{1,16}$/.test(parts.ts) && /^[0-9a-f]{64}$/i.test(parts.v1) ? { ts: parts.ts, v1: parts.v1.toLowerCase() } : null;
}

export const signatureHeader = (ts: string, v1: string) => `ts=${ts},v1=${v1}`;

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Whether `ts` (seconds or milliseconds since the epoch) is within the tolerance of now. */
export function fresh(ts: string, now = Date.now()): boolean {
  const n = Number(ts);
  const ms = n < 1e12 ? n * 1000 : n;
  return Math.abs(now - ms) <= SIGNATURE_TOLERANCE_MS;
}
