import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, dismissToasts, field, launch } from './browser.ts';
import { apiCaller, apiToken, newPage, signIn } from './session.ts';

/** The screenshots of this area, for the notes (1366 and 1024 px). */
const SHOTS = process.env.TRADE_SHOTS_DIR ?? '/work/notes/shots';

/** A São Paulo day `offset` days from today, as DD/MM/YYYY (what the form takes). */
const daySP = (offset: number) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + offset * 86_400_000));
const isoSP = (offset: number) => daySP(offset).split('/').reverse().join('-');

/** Both widths of a screen into the notes, closing toasts first; the page never scrolls sideways at 1024 px. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await dismissToasts(page);
  for (const width of [1366, 1024]) {
    await page.setViewportSize({ width, height: 860 });
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/trade-${name}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

/** A store photo drawn by the browser itself (a gôndola with products), as PNG bytes. */
async function storePhoto(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 640;
    c.height = 480;
    const g = c.getContext('2d')!;
    g.fillStyle = '#f1e7d8';
    g.fillRect(0, 0, 640, 480);
    for (let shelf = 0; shelf < 4; shelf++) {
      g.fillStyle = '#8d6e63';
      g.fillRect(40, 100 + shelf * 95, 560, 10);
      for (let i = 0; i < 9; i++) {
        g.fillStyle = ['#5c3d2e', '#c92a2a', '#e8590c'][(i + shelf) % 3]!;
        g.fillRect(52 + i * 61, 40 + shelf * 95, 48, 60);
      }
    }
    g.fillStyle = '#5c3d2e';
    g.font = 'bold 34px sans-serif';
    g.fillText('Café Aurora', 220, 470);
    return c.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(data, 'base64');
}

describe('trade marketing screens, across both sides', () => {
  const base = inject('baseUrl');
  const title = `Ponta de gôndola Café Aurora ${Date.now().toString(36)}`;
  let browser: Browser;
  let brand: Page;
  let retailer: Page;
  let id = 0;

  beforeAll(async () => {
    browser = await launch();
    [brand, retailer] = await Promise.all([newPage(browser), newPage(browser)]);
    await signIn(brand, base, 'gestor@marca.test', '/login');
    await signIn(retailer, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  const text = (p: Page) => p.locator('main').innerText().then((t) => t.replace(/\u00a0/g, ' '));
  const status = (p: Page) => p.locator('main [data-status]').first().getAttribute('data-status');
  const needsAgreement = () => expect(id, 'the brand must have created the agreement first').toBeGreaterThan(0);

  async function act(p: Page, label: string, note?: string) {
    await p.getByTestId('trade-actions').getByRole('button', { name: label, exact: true }).click();
    const dialog = p.getByRole('dialog');
    if (note) await dialog.getByTestId('trade-action-note').fill(note);
    await dialog.getByTestId('trade-action-confirm').click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('gives the brand a Trade entry and an empty list', async () => {
    await brand.getByTestId('sidebar-menu').getByRole('link', { name: 'Trade', exact: true }).click();
    await expect.poll(() => new URL(brand.url()).pathname).toBe('/trade/list/');
    await expect.poll(() => text(brand), { timeout: 15_000 }).toContain('Nenhum acordo de trade');
    await shots(brand, 'list-empty');
  });

  it('lets the brand draft an agreement with its linked retailer, then propose it', async () => {
    await brand.getByRole('link', { name: 'Novo acordo' }).click();
    await choose(brand, field(brand, 'Varejista'), 'Supermercado Bom Preço');
    await choose(brand, field(brand, 'Tipo de ação'), 'Ponta de gôndola');
    await brand.getByTestId('trade-title').fill(title);
    await brand.getByLabel('Descrição').fill('Ponta de gôndola na entrada com degustação aos sábados.');
    // Stores of the retailer and products of the brand there, searched by typing.
    const stores = brand.getByTestId('trade-stores');
    await stores.click();
    const storeOptions = brand.getByRole('option');
    await expect.poll(() => storeOptions.count()).toBeGreaterThan(1);
    // Every store: the results then sum the whole chain's sell-out of the products.
    const storeCount = await storeOptions.count();
    for (let i = 0; i < storeCount; i++) await storeOptions.nth(i).click();
    await brand.keyboard.press('Escape');
    const products = brand.getByTestId('trade-products');
    await products.click();
    await products.fill('café');
    await expect.poll(() => brand.getByRole('option').count()).toBeGreaterThan(0);
    await brand.getByRole('option').first().click();
    await brand.keyboard.press('Escape');
    // The period ended today, so the agreement runs as soon as it is approved and has sales to show.
    await brand.getByTestId('trade-start').fill(daySP(-29));
    await brand.getByTestId('trade-end').fill(daySP(0));
    await brand.getByTestId('trade-investment').fill('4500');
    await brand.getByTestId('trade-title').click();
    await shots(brand, 'create');

    await brand.getByRole('button', { name: 'Salvar rascunho' }).click();
    await expect.poll(() => new URL(brand.url()).pathname, { timeout: 15_000 }).toMatch(/^\/trade\/view\/\d+$/);
    id = Number(new URL(brand.url()).pathname.split('/').pop());
    expect(await status(brand)).toBe('draft');
    expect(await text(brand)).toContain('R$ 4.500,00');

    await act(brand, 'Propor', 'Proposta para dezembro');
    await expect.poll(() => status(brand)).toBe('proposed');
    // Its own proposal: the brand may only withdraw it.
    await expect.poll(() => brand.getByTestId('trade-actions').getByRole('button').allInnerTexts()).toEqual(['Cancelar acordo']);
  });

  it('lets the retailer find it and approve it; its period has begun, so it runs', async () => {
    needsAgreement();
    await retailer.goto(`${base}/trade/list/`);
    const row = retailer.getByTestId('trade-row').filter({ hasText: title });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.innerText()).toContain('Café Aurora');
    await shots(retailer, 'list');

    await row.getByRole('link', { name: title }).click();
    await expect.poll(() => status(retailer)).toBe('proposed');
    // The buttons show once the member's role is known (writers only).
    await expect.poll(() => retailer.getByTestId('trade-actions').getByRole('button').allInnerTexts()).toEqual(['Aprovar', 'Recusar']);
    await act(retailer, 'Aprovar', 'De acordo');
    await expect.poll(() => status(retailer), { timeout: 15_000 }).toBe('running');
    expect(await retailer.getByTestId('trade-timeline').innerText()).toContain('Automático');
  });

  it('takes a proof photo from the retailer while it runs', async () => {
    needsAgreement();
    const upload = retailer.getByTestId('trade-proof-upload');
    await choose(retailer, upload.getByRole('textbox', { name: 'Loja', exact: true }).or(upload.getByRole('combobox', { name: 'Loja', exact: true })).first(), await firstStore(retailer));
    await upload.getByLabel('Observação').fill('Ponta montada na entrada');
    const chooser = retailer.waitForEvent('filechooser');
    await upload.getByTestId('trade-proof-pick').click();
    await (await chooser).setFiles({ name: 'ponta.png', mimeType: 'image/png', buffer: await storePhoto(retailer) });
    await expect.poll(() => retailer.getByTestId('trade-proof').count(), { timeout: 15_000 }).toBe(1);
    expect(await retailer.getByTestId('trade-proof').innerText()).toContain('Ponta montada na entrada');
    // The picture is served and decodes.
    await expect.poll(() => retailer.getByTestId('trade-proof').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  });

  it('shows both sides the proof and the results against the previous period', async () => {
    needsAgreement();
    for (const p of [retailer, brand]) {
      await p.goto(`${base}/trade/view/${id}`);
      await expect.poll(() => status(p), { timeout: 15_000 }).toBe('running');
      await expect.poll(() => p.getByTestId('trade-proof').count(), { timeout: 15_000 }).toBe(1);
      const results = p.getByTestId('trade-results');
      await expect.poll(() => results.getByTestId('trade-results-value').count(), { timeout: 15_000 }).toBe(1);
      expect(await results.innerText()).toContain(`${daySP(-29)} – ${daySP(0)}`);
      expect(await results.innerText()).toMatch(/Período anterior: R\$/);
      await expect.poll(() => results.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    }
    // The brand does not upload; either side may finish it.
    expect(await brand.getByTestId('trade-proof-upload').count()).toBe(0);
    await expect.poll(() => brand.getByTestId('trade-actions').getByRole('button').allInnerTexts()).toEqual(['Concluir']);
    await shots(brand, 'view');
  });

  it('edits a draft of the brand’s own, and not one that was proposed', async () => {
    needsAgreement();
    const token = await apiToken(base, 'gestor@marca.test');
    const call = apiCaller(base, () => token);
    const original = await call<{ retailer: { id: number }; location_ids: number[]; product_ids: number[] }>('GET', `/api/trade/${id}`);
    const draft = await call<{ id: number }>('POST', '/api/trade', {
      counterpart_id: original.retailer.id, title: 'Degustação de Natal', kind: 'tasting', description: 'Degustação nos fins de semana de dezembro.',
      location_ids: original.location_ids, product_ids: original.product_ids, start_date: isoSP(20), end_date: isoSP(34), investment: 1200,
    });
    await brand.goto(`${base}/trade/edit/${draft.id}`);
    const titleInput = brand.getByTestId('trade-title');
    await expect.poll(() => titleInput.inputValue(), { timeout: 15_000 }).toBe('Degustação de Natal');
    await shots(brand, 'edit');
    await titleInput.fill('Degustação de Natal e Ano Novo');
    await brand.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect.poll(() => new URL(brand.url()).pathname, { timeout: 15_000 }).toBe(`/trade/view/${draft.id}`);
    await expect.poll(() => brand.getByRole('heading', { level: 2 }).innerText()).toBe('Degustação de Natal e Ano Novo');

    await brand.goto(`${base}/trade/edit/${id}`);
    await expect.poll(() => brand.getByTestId('trade-not-editable').count(), { timeout: 15_000 }).toBe(1);
    expect(await brand.getByTestId('trade-not-editable').innerText()).toContain('Em andamento');
  });
});

/** The first store of the upload's select (whatever the seed names it). */
async function firstStore(page: Page): Promise<string> {
  const upload = page.getByTestId('trade-proof-upload');
  const select = upload.getByRole('textbox', { name: 'Loja', exact: true }).or(upload.getByRole('combobox', { name: 'Loja', exact: true })).first();
  await select.click();
  const option = page.getByRole('option').first();
  await option.waitFor();
  const name = (await option.innerText()).trim();
  await page.keyboard.press('Escape');
  return name;
}
