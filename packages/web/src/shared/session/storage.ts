/** The keys the app persists in localStorage (spec §4): date header, filters, account, chat connect, layout. */
export const STORAGE_KEYS = {
  account: 'bo:account',
  layout: 'bo:layout',
  filters: 'bo:filters',
  dateHeader: 'bo:date-header',
  chatConnect: 'bo:chat-connect',
} as const;

export function readJson<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown) {
  localStorage.setItem(key, JSON.stringify(value));
}

/** Logout and account switching: every persisted key goes. */
export function clearPersistedState() {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}
