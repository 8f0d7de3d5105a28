import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';

export const PASSWORD = 'Senha#Forte2026';

/** Fills the real login form (after opening `path`, if given) and waits for the private layout. */
export async function signIn(page: Page, base: string, email: string, path?: string) {
  if (path) await page.goto(`${base}${path}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('sidebar-menu').or(page.getByTestId('user-menu')).first().waitFor();
}

export async function newPage(browser: Browser, width = 1366, height = 860) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'pt-BR' });
  return context.newPage();
}

/** The menu entries (data-menu-key) rendered in the sidebar. */
export async function menuKeys(page: Page): Promise<string[]> {
  return page.locator('[data-testid=sidebar-menu] [data-menu-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-key')!));
}

/** Signs in through the API (for setting up data), returning the bearer token. */
export async function apiToken(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** A JSON call to the API as the bearer of `token()` (for setting up data): the answer's body, or throws with the status. */
export function apiCaller(base: string, token: () => string) {
  return async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
}

/** The JWT secret the browser tests' server runs with (e2e/server.ts). */
export const E2E_JWT_SECRET = 'e2e-only-secret-0123456789abcdef';

/** A correctly signed token that expired a minute ago, as a session left open too long. */
export function expiredToken(userId: number, accountId: number): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: userId, account_id: accountId, iat: now - 3600, exp: now - 60 })}`;
  return `${body}.${createHmac('sha256', E2E_JWT_SECRET).update(body).digest('base64url')}`;
}
