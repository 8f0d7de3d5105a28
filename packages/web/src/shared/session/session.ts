import { useSyncExternalStore } from 'react';
import type { components } from '../api/schema';
import { STORAGE_KEYS, clearPersistedState, readJson, writeJson } from './storage';

export type SessionUser = components['schemas']['SessionUser'];
export type AccountSummary = components['schemas']['AccountSummary'];

export interface Session {
  token: string;
  user: SessionUser;
  account: AccountSummary;
}

let current: Session | null = readJson<Session>(STORAGE_KEYS.account) ?? null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const getSession = () => current;

export function setSession(session: Session) {
  current = session;
  writeJson(STORAGE_KEYS.account, session);
  emit();
}

/** Ends the session: stored state is cleared (logout, 401). */
export function clearSession() {
  current = null;
  clearPersistedState();
  emit();
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
