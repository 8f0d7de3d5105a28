import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissToasts, launch, screenshot } from './browser.ts';
import { menuKeys, newPage, signIn } from './session.ts';

describe('integration keys: create one for the e-commerce, use it on POST /api/order, revoke it', () => {
  const base = inject('baseUrl');
  const name = `Loja VTEX ${Date.now().toString(36)}`;
  let browser: Browser;
  let page: Page;
  let key = '';

  /** Both widths of a screen: 1366 px, then 1024 px, back to 1366. */
  async function pictures(shot: string, { toasts = true } = {}) {
    if (toasts) await dismissToasts(page);
    await screenshot(page, `${shot}-desktop`);
    await page.setViewportSize({ width: 1024, height: 860 });
    await page.waitForTimeout(300);
    await screenshot(page, `${shot}-1024`);
    await page.setViewportSize({ width: 1366, height: 860 });
  }

  /** An intake sent with the key alone: a customer and store no account has, so a 422 means the key passed. */
  const orderWithKey = (apiKey: string) =>
    fetch(`${base}/api/order`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        customer_id: 999_999_999,
        location_id: 999_999_999,
        channel: 'vtex',
        external_id: `E2E-KEY-${Date.now()}`,
        items: [{ sku: 'NADA-1', quantity: 1 }],
        fulfilment: 'delivery',
        address: { zip_code: '01310-100', street: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' },
      }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code: string; message: string } } }));

  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  it('reaches the page from the settings menu', async () => {
    await expect.poll(() => menuKeys(page)).toContain('integration-keys');
    await page.goto(`${base}/config/integration-keys`);
    await page.getByRole('heading', { level: 2, name: 'Chaves de integração' }).waitFor();
    await page.getByTestId('integration-key-row').or(page.getByText('Nenhuma chave de integração')).first().waitFor();
    if (await page.getByText('Nenhuma chave de integração').isVisible()) await pictures('integration-keys-empty');
  });

  it('creates a key, shown once with a copy button, that creates orders in x-api-key', async () => {
    await page.getByRole('button', { name: 'Nova chave' }).click();
    const form = page.getByRole('dialog', { name: 'Nova chave de integração' });
    await form.getByRole('button', { name: 'Criar chave' }).click();
    await form.getByText('Dê um nome à chave, para saber onde ela é usada.').waitFor();
    await form.getByLabel('Nome').fill(name);
    await pictures('integration-keys-create', { toasts: false });
    await form.getByRole('button', { name: 'Criar chave' }).click();

    const shown = page.getByRole('dialog', { name: 'Chave de integração criada' });
    await shown.getByTestId('created-integration-key').waitFor();
    key = (await shown.getByTestId('created-integration-key').innerText()).trim();
    expect(key).toMatch(/^bok_[A-Za-z0-9_-]{32}$/);
    expect(await shown.innerText()).toContain('Chave criada: copie-a agora, ela não será exibida de novo.');
    await shown.getByRole('button', { name: 'Copiar' }).waitFor();
    await pictures('integration-keys-created', { toasts: false });
    await shown.getByRole('button', { name: 'Já copiei' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = page.getByTestId('integration-key-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain(`${key.slice(0, 12)}…`);
    expect(await row.innerText()).toContain('Pedidos');
    expect(await row.innerText()).toContain('Nunca usada');
    expect(await page.locator('main').innerText()).not.toContain(key);

    // The key passes the guard as its creator: the intake reaches the order rules (unknown customer and store).
    const used = await orderWithKey(key);
    expect(used.status, JSON.stringify(used.body)).toBe(422);
    await page.reload();
    await row.waitFor();
    await expect.poll(() => row.innerText()).not.toContain('Nunca usada');
    await pictures('integration-keys-list');
  });

  it('revokes the key behind a confirmation; the API refuses it from then on', async () => {
    const row = page.getByTestId('integration-key-row').filter({ hasText: name });
    await row.getByRole('button', { name: `Revogar a chave ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revogar chave de integração' });
    await dialog.getByText(/deixa de ser aceita na hora/).waitFor();
    await pictures('integration-keys-revoke', { toasts: false });
    await dialog.getByRole('button', { name: 'Revogar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('Revogada em');
    expect(await row.getByRole('button', { name: /Revogar/ }).count()).toBe(0);
    await pictures('integration-keys-revoked');

    const refused = await orderWithKey(key);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.code).toBe('INTEGRATION_KEY_REVOKED');
  });
});
