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

  it('answers unknown API paths with the JSON error envelope, not the SPA', async () => {
    const api = await fetch(`${base}/api/nao-existe`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('ROUTE_NOT_FOUND');
  });
});
