/** Reads a JWT's claims without verifying it (the server verifies); undefined when malformed. */
export function tokenClaims(token: string): { sub?: number; account_id?: number; exp?: number } | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return undefined;
  }
}
