import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissToasts, launch, screenshot } from './browser.ts';
import { apiToken, newPage, signIn } from './session.ts';

describe('payment methods: the account defaults and a store of its own, with the spec messages', () => {
  const base = inject('baseUrl');
  const stamp = Date.now().toString(36);
  let browser: Browser;
  let page: Page;
  let store: { id: number; name: string };

  async function pictures(name: string) {
    await dismissToasts(page);
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize({ width: 1024, height: 860 });
    await page.waitForTimeout(300);
    await screenshot(page, `${name}-1024`);
    await page.setViewportSize({ width: 1366, height: 860 });
  }

  const row = (method: string) => page.locator(`[data-testid="method-row"][data-method="${method}"]`);
  const origin = (method: string) => row(method).getByTestId('method-origin').innerText();

  beforeAll(async () => {
    const token = await apiToken(base, 'admin@varejo.test');
    // Only this test's store is configured: the account's defaults, which other tests read, stay as seeded.
    const res = await fetch(`${base}/api/location`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Loja Formas Pgto ${stamp}`,
        cnpj: '11222333000181',
        phone: '+551130002000',
        address: { zip_code: '05422-000', street: 'Rua dos Pinheiros', number: '910', neighborhood: 'Pinheiros', city: 'São Paulo', state: 'SP' },
        latitude: -23.566,
        longitude: -46.684,
      }),
    });
    if (!res.ok) throw new Error(`store: ${res.status} ${await res.text()}`);
    const created = (await res.json()) as { location?: { id: number; name: string }; id: number; name: string };
    store = created.location ?? created;
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  it('shows the account defaults by group and the stores', async () => {
    await page.goto(`${base}/financial/payment-methods`);
    await page.getByRole('heading', { level: 2, name: 'Formas de pagamento' }).waitFor();
    await row('pix').waitFor();
    expect(await page.getByTestId('methods-online').innerText()).toContain('Pagamento online');
    expect(await page.getByTestId('methods-in_person').innerText()).toContain('Pagamento na entrega ou retirada');
    // Seeded account default: credit cards up to 6 installments.
    expect(await origin('credit_card')).toBe('Padrão da conta');
    expect(await row('credit_card').innerText()).toContain('Até 6x');
    const mine = page.getByTestId('payment-store').filter({ hasText: store.name });
    await mine.waitFor();
    expect(await mine.innerText()).toContain('Segue o padrão da conta');
    await pictures('payment-methods');
  });

  it('a store creates, alters and restores its own configuration, each with the spec message', async () => {
    await page.goto(`${base}/financial/payment-methods`);
    await page.getByTestId('payment-store').filter({ hasText: store.name }).getByRole('link', { name: `Configurar formas de pagamento: ${store.name}` }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/locations/payment-methods/${store.id}`);
    // The store's screen, not the account's still on show while the store loads.
    await page.getByRole('heading', { level: 2, name: 'Formas de pagamento da loja' }).waitFor();
    await row('boleto').waitFor();
    expect(await origin('boleto')).toBe('Padrão da conta');

    // Boleto is off in the account: the store turns it on, its own configuration is created.
    // The switch's input is visually hidden under its track: a person clicks the track.
    await row('boleto').locator('.mantine-Switch-track').click();
    await page.getByText('Configuração criada com sucesso').waitFor();
    await expect.poll(() => origin('boleto')).toBe('Própria da loja');
    expect(await row('boleto').getByRole('switch').isChecked()).toBe(true);

    await row('boleto').getByRole('button', { name: 'Editar Boleto bancário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configurar Boleto bancário' });
    await dialog.getByRole('textbox', { name: 'Pedido mínimo' }).fill('25');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configuração alterada com sucesso').waitFor();
    await expect.poll(() => row('boleto').innerText()).toMatch(/R\$\s25,00/);
    await pictures('store-payment-methods');

    await row('boleto').getByRole('button', { name: 'Restaurar padrão: Boleto bancário' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restaurar padrão' }).click();
    await page.getByText('Configuração restaurada com sucesso').waitFor();
    await expect.poll(() => origin('boleto')).toBe('Padrão da conta');
    expect(await row('boleto').getByRole('switch').isChecked()).toBe(false);
  });

  it('an unknown store is not found', async () => {
    await page.goto(`${base}/locations/payment-methods/999999999`);
    await page.getByText('Loja não encontrada').first().waitFor();
  });
});
