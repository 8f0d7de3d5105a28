import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, screenshot } from './browser.ts';
import { newPage } from './session.ts';

describe('built SPA served by the API', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('loads deep links directly (index.html), and a signed-out one lands on the login page', async () => {
    const page = await newPage(browser, 1024, 768);
    const res = await page.goto(`${base}/users/edit/3`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.url()).toContain('/login?callback_url=');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await screenshot(page, 'login-1024');
    await page.context().close();
  });

  it('serves a page load of /shopping-cart/{id} (screen) and the API at the same path to a fetch with a token', async () => {
    const page = await newPage(browser, 1024, 768);
    const res = await page.goto(`${base}/shopping-cart/1`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.url()).toContain('/login?callback_url=');
    await page.context().close();
    const api = await fetch(`${base}/shopping-cart/1`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(401);
    expect((await api.json()).error.code).toBeTruthy();
  });

  it('answers unknown API paths with the JSON error envelope, not the SPA', async () => {
    const api = await fetch(`${base}/api/nao-existe`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('ROUTE_NOT_FOUND');
  });

  it.each([
    ['forgot-password', '/forgot-password', 'Esqueci minha senha'],
    ['reset-password-no-code', '/reset-password', 'Link de redefinição inválido'],
    ['confirm-invite-invalid', '/confirm-invite?code=codigo-inexistente-123456', 'Convite'],
    ['integration-no-token', '/integration', 'login'],
  ])('renders the public page %s at desktop and 1024 px', async (name, path, text) => {
    for (const [width, suffix] of [[1366, 'desktop'], [1024, '1024']] as const) {
      const page = await newPage(browser, width, 768);
      await page.goto(`${base}${path}`);
      await expect.poll(() => page.textContent('#root'), { timeout: 10_000 }).toContain(text);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `${name}-${suffix}`);
      await page.context().close();
    }
  });
});
