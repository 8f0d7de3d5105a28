import { createHmac, timingSafeEqual } from 'node:crypto';

/** JSON with the keys of every object in alphabetical order and no spaces: what a webhook's signature covers. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The `x-delivery-signature` of a body: `sha256=` and the HMAC-SHA256 (hex) of its canonical JSON. */
export const signDeliveryUpdate = (secret: string, body: unknown) => `sha256=${createHmac('sha256', secret).update(canonicalJson(body)).digest('hex')}`;

/** Whether `signature` is the body's, compared in constant time. */
export function verifyDeliveryUpdate(secret: string, body: unknown, signature: string): boolean {
  const expected = Buffer.from(signDeliveryUpdate(secret, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
