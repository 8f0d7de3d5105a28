import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, screenshot } from './browser.ts';

describe('built SPA served by the API', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('loads the app and reads /app-info through the typed client', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await page.goto(base);
    await expect.poll(() => page.textContent('main')).toContain('Versão');
    expect(await page.textContent('h1')).toBe('Varejo Back-office');
    await screenshot(page, 'placeholder-desktop');
  });

  it('serves index.html for deep links and JSON 404s for API paths', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    const res = await page.goto(`${base}/users/edit/3`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.textContent('main')).toContain('Versão');
    await screenshot(page, 'deep-link-1024');
    const api = await fetch(`${base}/api/nao-existe`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('ROUTE_NOT_FOUND');
  });
});
