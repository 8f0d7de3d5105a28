import type { Browser, Page } from 'playwright-core';

export const PASSWORD = 'Senha#Forte2026';

/** Fills the real login form and waits for the private layout. */
export async function signIn(page: Page, base: string, email: string, path = '/') {
  await page.goto(`${base}${path}`);
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
