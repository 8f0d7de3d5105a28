/** One submission: its Idempotency-Key and the body it was made for. */
interface Attempt {
  key: string;
  fingerprint: string;
}

const newKey = () => crypto.randomUUID();

/**
 * A form's submissions under Idempotency-Key: `start(body)` gives a fresh key per confirmation, the
 * same key when the same body is sent again after a failure or a lost answer (so the API refunds
 * once), or null while a submission is on its way; `finish(ok)` forgets the key once it succeeded.
 */
export function createAttempts(makeKey: () => string = newKey) {
  let pending: Attempt | null = null;
  let inFlight = false;
  return {
    start(body: unknown): string | null {
      if (inFlight) return null;
      const fingerprint = JSON.stringify(body);
      if (!pending || pending.fingerprint !== fingerprint) pending = { key: makeKey(), fingerprint };
      inFlight = true;
      return pending.key;
    },
    finish(ok: boolean) {
      inFlight = false;
      if (ok) pending = null;
    },
  };
}
