import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a cart link carries: the cart, its account and the version that was sent. */
export interface CartTokenPayload {
  cartId: number;
  accountId: number;
  version: number;
}

const b64 = (b: Buffer) => b.toString('base64url');

/**
 * The signed token of a cart link: `<cart>.<account>.<version>.<HMAC-SHA256, 16 bytes>`, with a key
 * derived from the app's secret for this use only (a session token's key never signs a link).
 */
export function createCartTokens(secret: string) {
  const key = createHmac('sha256', secret).update('shopping-cart-link:v1').digest();
  const mac = (body: string) => b64(createHmac('sha256', key).update(body).digest().subarray(0, 16));
  return {
    sign({ cartId, accountId, version }: CartTokenPayload): string {
      const body = `${cartId.toString(36)}.${accountId.toString(36)}.${version.toString(36)}`;
      return `${body}.${mac(body)}`;
    },
    /** The payload of a token this app signed; null for anything else. */
    verify(token: string): CartTokenPayload | null {
      const m = /^([0-9a-z]{1,10})\.([0-9a-z]{1,10})\.([0-9a-z]{1,10})\.([\w-]{22})$/.exec(token);
      if (!m) return null;
      const body = `${m[1]}.${m[2]}.${m[3]}`;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(m[4]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const [cartId, accountId, version] = [m[1]!, m[2]!, m[3]!].map((v) => parseInt(v, 36));
      if (![cartId, accountId, version].every((n) => Number.isSafeInteger(n) && n! > 0)) return null;
      return { cartId: cartId!, accountId: accountId!, version: version! };
    },
  };
}
export type CartTokens = ReturnType<typeof createCartTokens>;
