import { z } from 'zod';
import { ptBRErrorMap } from '@backoffice/contracts';
// Only the sections the signed-out pages read ship in the entry chunk; the screens behind sign-in
// read the rest, loaded by loadMessages() before any of their chunks loads (see routes/_private.tsx).
import { app, auth, common, errors, notFound } from './pt-BR.json';

// Forms validate with the contracts' zod schemas: the same Brazilian Portuguese messages as the API.
// jitless: the server's CSP allows no eval, so zod's compiled parsers could never run, and its
// probe for them would be reported as a CSP violation on every page load.
z.config({ localeError: ptBRErrorMap as z.core.$ZodErrorMap, jitless: true });

type Dict = { [key: string]: string | Dict };

const messages: Dict = { app, auth, common, errors, notFound };

/** The sections of pt-BR.json that t() reads before loadMessages() has run. */
export const SIGNED_OUT_SECTIONS: readonly string[] = Object.keys(messages);

let loading: Promise<void> | undefined;

/** Loads every section of pt-BR.json (once; a separate chunk, parsed as JSON). */
export function loadMessages(): Promise<void> {
  loading ??= import('./pt-BR.json?raw').then(({ default: raw }) => {
    Object.assign(messages, JSON.parse(raw) as Dict);
  });
  return loading;
}

function lookup(dict: Dict, path: string): string | undefined {
  let node: string | Dict | undefined = dict;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text for a key of pt-BR.json, with `{name}` placeholders filled; the key itself when missing. */
export function t(key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(messages, key);
  if (text === undefined) {
    if (import.meta.env.DEV) console.warn(`i18n: missing key ${key}`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

export const LANGUAGE = 'pt-BR';

/** The plural form of a key with `one` and `other` variants (pt-BR: only 1 is singular). */
export const tn = (key: string, count: number, params: Record<string, string | number> = {}): string =>
  t(`${key}.${count === 1 ? 'one' : 'other'}`, params);
