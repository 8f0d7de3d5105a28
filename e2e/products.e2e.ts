import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, dismissToasts, field, launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

/** Both desktop widths the screens are looked at: 1366 and 1024 px. */
async function shoot(page: Page, name: string) {
  await dismissToasts(page);
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize({ width: 1024, height: 768 });
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1366, height: 860 });
}

describe('products screens', () => {
  const base = inject('baseUrl');
  const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/products/list/');
  });
  afterAll(() => browser?.close());

  const rows = () => page.getByTestId('product-row');
  const row = (name: RegExp | string) => rows().filter({ has: page.getByTestId('product-name').getByText(name) });
  const path = () => new URL(page.url()).pathname;
  const body = () => page.textContent('body');

  it('lists the catalog with pictures, codes, prices, stock and availability', async () => {
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(20);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Produtos');
    const first = await rows().first().textContent();
    expect(first).toContain('SKU ');
    expect(first).toMatch(/R\$\s?\d/);
    // Every picture loaded (none shows the fallback icon for a seeded product).
    await expect.poll(() => page.locator('[data-testid=product-row] img').count()).toBeGreaterThanOrEqual(20);
    await shoot(page, 'products-list');
  });

  it('finds "Açúcar" when "acucar" is typed, and keeps the search in the URL', async () => {
    await page.getByRole('searchbox', { name: 'Buscar' }).or(page.getByLabel('Buscar', { exact: true })).first().fill('acucar');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('acucar');
    await expect.poll(async () => (await page.getByTestId('product-name').first().textContent()) ?? '').toMatch(/^Açúcar/);
  });

  it('switches a product off and on: the badge follows at once and the change is kept', async () => {
    // The search ranks available products first: the row is followed by its exact name.
    const name = (await row(/^Açúcar Refinado/).first().getByTestId('product-name').textContent())!;
    const sugar = rows().filter({ has: page.getByTestId('product-name').getByText(name, { exact: true }) }).first();
    const toggle = sugar.getByTestId('product-available-switch');
    await expect.poll(() => sugar.getByTestId('product-availability').textContent()).toBe('Disponível');
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/product/'));
    // A click, then the badge: the optimistic change lands once the list's fetches in flight are
    // cancelled (a tick later), so the switch is not read back at the instant of the click.
    await sugar.getByRole('switch').click({ force: true });
    await expect.poll(() => sugar.getByTestId('product-availability').textContent()).toBe('Indisponível');
    expect(await sugar.getByRole('switch').isChecked()).toBe(false);
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect.poll(() => sugar.getByTestId('product-availability').textContent()).toBe('Indisponível');
    expect(await sugar.getByRole('switch').isChecked()).toBe(false);
    await sugar.getByRole('switch').click({ force: true });
    await expect.poll(() => sugar.getByTestId('product-availability').textContent()).toBe('Disponível');
    await expect.poll(() => sugar.getByRole('switch').isChecked()).toBe(true);
    expect(await toggle.count()).toBe(1);
  });

  it('opens a product with its offer at every store', async () => {
    await row(/^Açúcar Refinado/).first().getByTestId('product-name').click();
    await page.getByTestId('product-offers').waitFor();
    expect(await page.getByTestId('product-offers').textContent()).toContain('Bom Preço Pinheiros');
    await shoot(page, 'products-detail');
    await page.keyboard.press('Escape');
  });

  it('opens a store’s view with its offers, and edits an offer’s promotion', async () => {
    await page.goto(`${base}/products/list/`);
    await rows().first().waitFor();
    await choose(page, field(page, 'Loja'), 'Bom Preço Pinheiros (São Paulo/SP)');
    await expect.poll(path).toMatch(/^\/products\/list\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Produtos · Bom Preço Pinheiros');
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(10);
    await shoot(page, 'products-store');
    await page.goto(`${page.url()}?search=${encodeURIComponent('Café Aurora Tradicional 500g')}`);

    const coffee = row('Café Aurora Tradicional 500g').first();
    await coffee.getByRole('button', { name: 'Editar oferta: Café Aurora Tradicional 500g' }).click();
    const form = page.getByTestId('offer-form');
    await form.waitFor();
    await form.getByLabel('Preço promocional').fill('15,90');
    await shoot(page, 'products-offer-modal');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(body).toContain('Oferta atualizada com sucesso');
    await expect.poll(() => coffee.getByTestId('offer-promo-price').textContent()).toMatch(/15,90/);
  });

  it('imports a CSV with one bad row: progress reaches 100% and the rejected row is listed', async () => {
    await page.goto(`${base}/products/list/`);
    await page.getByRole('link', { name: 'Importar produtos' }).click();
    await expect.poll(path).toBe('/products/import');
    const csv = [
      'sku;nome;marca;categorias;unidade;preco;estoque',
      `e2e-granola-${suffix};Granola Tradicional E2E ${suffix} 800g;Manhã Boa;Mercearia|Cereais;un;24,90;40`,
      `e2e-mel-${suffix};Mel Silvestre E2E ${suffix} 300g;Manhã Boa;Mercearia|Doces;un;19,50;12`,
      `e2e-ruim-${suffix};Produto Sem Preço ${suffix};Manhã Boa;Mercearia;un;abc;5`,
    ].join('\n');
    await page.locator('input[type=file]').setInputFiles({ name: `produtos-${suffix}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await expect.poll(() => new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    await expect.poll(() => page.getByTestId('import-percent').textContent(), { timeout: 30_000 }).toBe('100%');
    await expect.poll(() => page.getByTestId('import-status').first().textContent()).toBe('Concluída');
    expect(await page.getByTestId('import-accepted').textContent()).toBe('2');
    expect(await page.getByTestId('import-rejected').textContent()).toBe('1');
    const rejected = page.getByTestId('import-rejected-row');
    await expect.poll(() => rejected.count()).toBe(1);
    expect(await rejected.first().textContent()).toContain(`e2e-ruim-${suffix}`);
    await expect.poll(() => page.getByTestId('import-history-row').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('button', { name: 'Baixar linhas rejeitadas' }).count()).toBe(1);
    await shoot(page, 'products-import');

    // The imported products are in the catalog.
    await page.goto(`${base}/products/list/?search=${encodeURIComponent(`Granola Tradicional E2E ${suffix}`)}`);
    await expect.poll(async () => (await page.getByTestId('product-name').first().textContent()) ?? '').toContain(`Granola Tradicional E2E ${suffix}`);
  });
});
