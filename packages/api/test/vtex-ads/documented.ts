/**
 * Requests as the public VTEX Ads documentation (github.com/vtex/vtexads-api-docs) publishes them,
 * and how the compatibility suite sends them: each example's headers and body text exactly as
 * published, on our base URL, with only its {PLACEHOLDERS} filled in.
 */
import type { Test } from 'supertest';
import type { TestApp } from '../helpers.ts';

/** Where a fixture was copied from: the docs repository, the file, and the commit that was read. */
export interface DocsSource {
  repo: 'vtex/vtexads-api-docs';
  path: string;
  commit: string;
  /** Set when the request is not a published example but built from a field table of the docs. */
  builtFrom?: string;
}

/** One published request (a curl example): its URL, headers and `--data` text, verbatim. */
export interface DocumentedRequest {
  source: DocsSource;
  /** The example's heading. */
  title: string;
  /** The documented URL; the suite keeps its path and sends it to our app. */
  url: string;
  headers: Record<string, string>;
  /** The body text as published, placeholders included. */
  body: string;
}

/** The value of each {PLACEHOLDER} of the docs, by its name. */
export type Placeholders = Record<string, string>;

const PLACEHOLDER = /\{([A-Z][A-Z0-9_]*)\}/g;

/**
 * The text with each {NAME} replaced by its value; in a JSON body the value lands inside a string,
 * so it is JSON-escaped. A placeholder without a value is a mistake of the test: it throws.
 */
export function fill(text: string, values: Placeholders, { json }: { json: boolean }): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for the placeholder ${whole}`);
    return json ? JSON.stringify(value).slice(1, -1) : value;
  });
}

/** The placeholders a published text holds, e.g. ['PUBLISHER_ID', 'TERM']. */
export const placeholdersOf = (text: string) => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];

/**
 * A request sent byte for byte as the example shows: its headers and no others of the test client
 * (no Accept-Encoding or User-Agent of its own), its body text unchanged but for the placeholders.
 */
export function sendDocumented(t: TestApp, request: DocumentedRequest, values: Placeholders, body = fill(request.body, values, { json: true })): Test {
  const path = new URL(fill(request.url, values, { json: false })).pathname;
  return asPublished(t.http.post(path), request.headers).send(body);
}

/** Only the given headers, as a browser or curl sends them. */
export const asPublished = (test: Test, headers: Record<string, string>): Test =>
  test.unset('Accept-Encoding').unset('User-Agent').set(headers);

/** The path and query of an absolute URL the API answered, to send it to the app under test. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
