import { afterEach, beforeEach, vi } from 'vitest';
import { SESSION } from './api-mock';
import { STORAGE_KEYS } from '../shared/session/storage';

/**
 * Import first in a test file of a signed-in screen: the session is in localStorage before the app's
 * modules load (as for a returning visitor), stays set between tests, and realtime is silent.
 */
localStorage.setItem(STORAGE_KEYS.account, JSON.stringify(SESSION));

vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, disconnect: () => undefined }) }));

beforeEach(async () => {
  const { getSession, setSession } = await import('../shared/session/session');
  if (!getSession()) setSession(SESSION);
});
afterEach(() => vi.unstubAllGlobals());
