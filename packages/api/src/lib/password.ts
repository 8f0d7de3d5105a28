import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';

// algorithm 2 = Argon2id (a const enum in @node-rs/argon2's types); OWASP's minimum parameters.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummy: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown email, or a user who
 * never set one) it verifies against a dummy so both paths take the same time.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** A random single-use code for links (invites, password resets); only its hash is stored. */
export const newCode = () => randomBytes(24).toString('base64url');
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
