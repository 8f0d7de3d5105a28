/** One recharge attempt: its key and the body it was made for. */
export interface Attempt {
  key: string;
  fingerprint: string;
}

const newKey = () => crypto.randomUUID();

/**
 * The key for submitting `body`: the unfinished attempt's key when it is the same submission again
 * (a retry after a failure or a lost answer, so the API credits once), a fresh key otherwise.
 */
export function attemptFor(pending: Attempt | null, body: unknown, makeKey: () => string = newKey): Attempt {
  const fingerprint = JSON.stringify(body);
  if (pending && pending.fingerprint === fingerprint) return pending;
  return { key: makeKey(), fingerprint };
}

/**
 * The recharge form's attempts: `start(body)` gives the submission's key (the same one when the
 * same body is sent again after a failure) or null while another submission is on its way;
 * `finish(ok)` ends it, forgetting the key once the API has answered with success.
 */
export function createRechargeAttempts(makeKey: () => string = newKey) {
  let pending: Attempt | null = null;
  let inFlight = false;
  return {
    start(body: unknown): string | null {
      if (inFlight) return null;
      pending = attemptFor(pending, body, makeKey);
      inFlight = true;
      return pending.key;
    },
    finish(ok: boolean) {
      inFlight = false;
      if (ok) pending = null;
    },
  };
}
