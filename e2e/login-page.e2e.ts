import { gunzipSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

/** The scripts a page fetches, by path, with the gzip size of each body (what the budget counts). */
function recordScripts(page: Page): Map<string, Promise<number>> {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.set(path, response.body().then((body) => gzipSync(body).length));
  });
  return scripts;
}

describe('sign-in page of a signed-out deep link (issue 17)', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('loads at most 250 KB of gzipped JavaScript, and each screen’s code only once it is opened', async () => {
    const page = await newPage(browser, 1440, 900);
    const scripts = recordScripts(page);
    await page.goto(`${base}/promotional/list/`);
    await page.getByLabel(/^Senha/).waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/login');
    const signedOut = new Set(scripts.keys());
    const gzip = (await Promise.all(scripts.values())).reduce((a, b) => a + b, 0);
    expect(signedOut.size).toBeGreaterThan(0);
    expect(gzip).toBeLessThanOrEqual(250_000);
    await screenshot(page, 'login-deep-link-1440');

    // Signing in brings the callback's screen, with code the sign-in page did not load.
    await signIn(page, base, 'admin@varejo.test');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/promotional/list/');
    await page.getByRole('table').first().waitFor();
    await page.waitForLoadState('networkidle');
    const later = [...scripts.keys()].filter((path) => !signedOut.has(path));
    expect(later.length).toBeGreaterThan(1);
    await screenshot(page, 'promotions-after-login-1440');
    await page.context().close();
  });

  it('shows the sign-in form at 1024 px', async () => {
    const page = await newPage(browser, 1024, 768);
    await page.goto(`${base}/retail-media/campaigns`);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'login-deep-link-1024');
    await page.context().close();
  });

  it('serves the build precompressed, with hashed assets cached for good and index.html revalidated', async () => {
    const html = await fetch(`${base}/promotional/list/`, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(html.status).toBe(200);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(entry).toBeDefined();

    // undici's fetch decodes bodies: raw bytes come from node:http instead.
    const get = async (path: string, encoding?: string) => {
      const { request } = await import('node:http');
      return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        request(`${base}${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
        })
          .on('error', reject)
          .end();
      });
    };
    const plain = await get(entry!);
    const br = await get(entry!, 'gzip, deflate, br');
    const gz = await get(entry!, 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    for (const res of [plain, br, gz]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('accept-encoding');
    }
  });
});
