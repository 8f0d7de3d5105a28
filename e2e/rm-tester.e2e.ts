import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { SCREENSHOTS, choose, dismissToasts, field, launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

/** The seed's platform operator (is_platform_operator), an admin of Supermercado Bom Preço: the tester's audience. */
const OPERATOR = 'suporte@plataforma.test';
/** Bom Preço's admin: manages its API keys, but is no platform operator. */
const PUBLISHER = 'admin@varejo.test';

/** Full-page screenshots at desktop width and at the mobile-layout width (≤ 1024 px). */
async function shoot(page: Page, name: string) {
  // From the top: scrolled, the fixed header would be drawn over the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 1024, height: 860 });
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1366, height: 860 });
}

/** An input by its exact label inside `scope`: an autocomplete is a combobox, a plain input a textbox. */
const input = (scope: Locator, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true }).or(scope.getByRole('combobox', { name: label, exact: true })).first();

/** The form of the n-th placement (0-based). */
const slot = (page: Page, n: number) => page.getByTestId('tester-placement-fields').nth(n);

/** Names the n-th placement and checks exactly `types` (Produto is checked on a new placement). */
async function setPlacement(page: Page, n: number, name: string, types: string[], size?: string) {
  if (n > 0) await page.getByRole('button', { name: 'Adicionar posicionamento' }).click();
  const form = slot(page, n);
  await form.getByRole('textbox', { name: 'Nome do posicionamento' }).fill(name);
  for (const type of ['Produto', 'Banner', 'Marca patrocinada', 'Sinalização digital']) {
    const box = form.getByRole('checkbox', { name: type, exact: true });
    if ((await box.isChecked()) !== types.includes(type)) await box.click();
  }
  if (size) {
    await input(form, 'Tamanho (size)').fill(size);
    await page.keyboard.press('Escape');
  }
}

/** The ads drawn under a placement of the answer. */
const adsOf = (page: Page, placement: string) => page.locator(`[data-testid=tester-placement][data-placement="${placement}"] [data-testid=tester-ad]`);

describe('ad-request tester, ad API settings and API keys', () => {
  const base = inject('baseUrl');
  // The SPA at the API's public origin (localhost:PORT), as in production: the ads' media come from there, and the CSP allows 'self'.
  const site = base.replace('127.0.0.1', 'localhost');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('is neither in the menu nor reachable for a user who is not a platform operator', async () => {
    const page = await newPage(browser);
    await signIn(page, base, PUBLISHER, '/retail-media/ad-request-tester');
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    expect(await page.locator('[data-menu-key=rm-tester]').count()).toBe(0);
    await page.context().close();
  });

  it('an operator searches "café" for Bom Preço: the term is required, then product ads come keyed by the placement name', async () => {
    const page = await newPage(browser);
    await signIn(page, site, OPERATOR, '/retail-media/ad-request-tester');
    await page.getByRole('heading', { name: 'Testador de anúncios' }).waitFor();
    await page.locator('[data-menu-key=rm-tester]').first().waitFor();
    await expect.poll(() => field(page, 'Publisher').inputValue()).toBe('Supermercado Bom Preço');

    // Search without a term is stopped by the contract's rule, at the field.
    await choose(page, field(page, 'Contexto'), 'Busca');
    await page.getByRole('button', { name: 'Testar requisição' }).click();
    await page.getByText('Informe o termo buscado (term).').waitFor();
    await field(page, 'Termo buscado').fill('café');
    await setPlacement(page, 0, 'busca_produtos', ['Produto']);
    await slot(page, 0).getByRole('textbox', { name: 'Quantidade' }).fill('2');
    await page.getByRole('button', { name: 'Testar requisição' }).click();

    await page.getByTestId('tester-placement').first().waitFor();
    expect(await page.getByTestId('tester-placement').first().getAttribute('data-placement')).toBe('busca_produtos');
    const response = JSON.parse((await page.getByTestId('tester-json-code').textContent()) ?? '{}') as Record<string, unknown>;
    expect(response).toMatchObject({ request_id: expect.any(String), query_id: expect.any(String), query_at: expect.any(String) });
    expect(response).not.toHaveProperty('placements');
    expect((response.busca_produtos as unknown[]).length).toBe(await adsOf(page, 'busca_produtos').count());
    expect(await adsOf(page, 'busca_produtos').count()).toBeGreaterThan(0);
    expect(await adsOf(page, 'busca_produtos').first().textContent()).toContain('Café Aurora');
    await page.context().close();
  });

  it('an operator asks for the Café category: products, banner image and video, sponsored brand, each drawn by its type, and the public curl', async () => {
    const page = await newPage(browser);
    await signIn(page, site, OPERATOR, '/retail-media/ad-request-tester');
    await expect.poll(() => field(page, 'Publisher').inputValue()).toBe('Supermercado Bom Preço');
    await choose(page, field(page, 'Contexto'), 'Categoria');
    await field(page, 'Categoria').fill('Mercearia > Café > Café em pó');
    await choose(page, field(page, 'Canal'), 'Site (computador)');

    await setPlacement(page, 0, 'categoria_produtos', ['Produto']);
    await slot(page, 0).getByRole('textbox', { name: 'Quantidade' }).fill('2');
    await setPlacement(page, 1, 'categoria_banner', ['Banner'], 'desktop');
    await setPlacement(page, 2, 'categoria_video', ['Banner'], '720p');
    await slot(page, 2).getByRole('checkbox', { name: 'Vídeo', exact: true }).click();
    await setPlacement(page, 3, 'categoria_marca', ['Marca patrocinada']);
    await page.getByRole('button', { name: 'Testar requisição' }).click();

    await page.getByTestId('tester-placement').first().waitFor();
    const placements = await page.getByTestId('tester-placement').evaluateAll((els) => els.map((e) => e.getAttribute('data-placement')));
    expect(placements).toEqual(['categoria_produtos', 'categoria_banner', 'categoria_video', 'categoria_marca']);
    expect(await adsOf(page, 'categoria_produtos').count()).toBe(2);
    expect(await adsOf(page, 'categoria_produtos').first().getAttribute('data-ad-type')).toBe('product');
    expect(await adsOf(page, 'categoria_banner').first().getAttribute('data-ad-type')).toBe('banner');
    await adsOf(page, 'categoria_banner').first().getByTestId('tester-ad-image').waitFor();
    const video = adsOf(page, 'categoria_video').first().getByTestId('tester-ad-video');
    expect(await video.evaluate((v: HTMLVideoElement) => ({ controls: v.controls, muted: v.muted, mp4: v.src.endsWith('.mp4') }))).toEqual({ controls: true, muted: true, mp4: true });
    expect(await adsOf(page, 'categoria_marca').first().getAttribute('data-ad-type')).toBe('sponsored_brand');
    expect(await adsOf(page, 'categoria_marca').first().getByTestId('tester-brand-product').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('tester-query').textContent()).toMatch(/Consulta [0-9a-f-]{36}/);

    // The curl is the public call: no key (Bom Preço does not require one), the exact body.
    const curl = (await page.getByTestId('tester-curl-code').textContent()) ?? '';
    expect(curl).toContain(`${site}/v1/rma/1'`);
    expect(curl).not.toContain('x-api-key');
    const sent = JSON.parse(curl.slice(curl.indexOf("-d '") + 4, curl.lastIndexOf("'"))) as Record<string, unknown>;
    expect(sent).toEqual({
      context: 'category',
      channel: 'site',
      category_name: 'Mercearia > Café > Café em pó',
      placements: {
        categoria_produtos: { types: ['product'], quantity: 2 },
        categoria_banner: { types: ['banner'], quantity: 1, size: 'desktop' },
        categoria_video: { types: ['banner'], quantity: 1, size: '720p', assets_type: ['video'] },
        categoria_marca: { types: ['sponsored_brand'], quantity: 1 },
      },
    });
    // The same curl, run as an integrator would (no session, no key), is answered.
    const anonymous = await fetch(`${base}/v1/rma/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sent) });
    expect(anonymous.status).toBe(200);

    await adsOf(page, 'categoria_produtos').first().getByText('URLs de evento').click();
    await adsOf(page, 'categoria_produtos').first().getByText('/v1/beacon/click', { exact: false }).waitFor();
    await shoot(page, 'rm-tester-category');
    await page.context().close();
  });

  it('an operator asks for the screen of a store (digital signage): device and store required, ads with their duration', async () => {
    const page = await newPage(browser);
    await signIn(page, site, OPERATOR, '/retail-media/ad-request-tester');
    await expect.poll(() => field(page, 'Publisher').inputValue()).toBe('Supermercado Bom Preço');
    await choose(page, field(page, 'Contexto'), 'Sinalização digital (tela na loja)');
    await expect.poll(() => field(page, 'Canal').inputValue()).toBe('Loja física (in-store)');
    await setPlacement(page, 0, 'tela_entrada', ['Banner'], '1080p');
    await slot(page, 0).getByRole('textbox', { name: 'Quantidade' }).fill('2');
    await page.getByRole('button', { name: 'Testar requisição' }).click();
    await page.getByText('Informe o dispositivo (device_id).').waitFor();
    await field(page, 'Dispositivo (device_id)').fill('totem-entrada-01');
    await field(page, 'Loja do dispositivo (store_name)').fill('Bom Preço Centro');
    await page.getByRole('button', { name: 'Adicionar segmentação' }).click();
    await input(page.getByTestId('tester-segment').first(), 'Chave').fill('STATE');
    await page.keyboard.press('Escape');
    await page.getByTestId('tester-segment').first().getByRole('textbox', { name: 'Valores' }).fill('SP');
    await page.getByRole('button', { name: 'Testar requisição' }).click();

    await adsOf(page, 'tela_entrada').first().waitFor();
    expect(await adsOf(page, 'tela_entrada').first().getAttribute('data-ad-type')).toBe('digital_signage');
    expect(await adsOf(page, 'tela_entrada').first().getByTestId('tester-ad-duration').textContent()).toMatch(/^\d+ s na tela$/);
    await shoot(page, 'rm-tester-signage');
    await page.context().close();
  });

  it('a placement no campaign fits says so', async () => {
    const page = await newPage(browser);
    await signIn(page, site, OPERATOR, '/retail-media/ad-request-tester');
    await expect.poll(() => field(page, 'Publisher').inputValue()).toBe('Supermercado Bom Preço');
    await choose(page, field(page, 'Contexto'), 'Busca');
    await field(page, 'Termo buscado').fill('parafuso sextavado');
    await setPlacement(page, 0, 'busca_vazia', ['Produto']);
    await page.getByRole('button', { name: 'Testar requisição' }).click();
    const empty = page.locator('[data-placement=busca_vazia] [data-testid=tester-placement-empty]');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('Nenhum anúncio para este posicionamento.');
    await page.context().close();
  });

  it('the publisher admin requires an API key on ad queries and limits the origins; anonymous queries are refused until it is off again', async () => {
    const query = (headers: Record<string, string> = {}) =>
      fetch(`${base}/v1/rma/1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ context: 'home', placements: { home: { types: ['product'], quantity: 1 } } }),
      }).then((r) => r.status);
    expect(await query()).toBe(200);

    const page = await newPage(browser);
    await signIn(page, base, PUBLISHER, '/retail-media/config');
    const section = page.getByTestId('config-ad-api');
    const toggle = section.getByRole('switch', { name: 'Exigir chave de API nas consultas de anúncios' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await section.getByTestId('ad-api-any-origin').waitFor();

    await toggle.click({ force: true });
    await section.getByRole('button', { name: 'Adicionar origem' }).click();
    await section.getByRole('textbox', { name: 'Origem 1' }).fill('https://loja.bompreco.varejo.test');
    await section.getByRole('button', { name: 'Salvar API de anúncios' }).click();
    await page.getByText('Configuração da API de anúncios salva').waitFor();
    await expect.poll(() => query()).toBe(401);
    // A browser page of another site is refused too, once origins are listed.
    expect(await query({ origin: 'https://outro-site.test' })).not.toBe(200);
    await dismissToasts(page);
    await section.scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 1440, height: 900 });
    await section.screenshot({ path: `${SCREENSHOTS}/rm-ad-api-settings-1440.png` });
    await page.setViewportSize({ width: 1024, height: 860 });
    await section.screenshot({ path: `${SCREENSHOTS}/rm-ad-api-settings-1024.png` });

    // Back to the default: public, any origin.
    await toggle.click({ force: true });
    await section.getByRole('button', { name: 'Remover a origem 1' }).click();
    await section.getByRole('button', { name: 'Salvar API de anúncios' }).click();
    await expect.poll(() => query()).toBe(200);
    await page.context().close();
  });

  it('the publisher admin creates an API key (shown once) and revokes it', async () => {
    const name = `Chave do teste ${Date.now() % 100000}`;
    const page = await newPage(browser);
    await signIn(page, base, PUBLISHER, '/retail-media/config');
    const section = page.getByTestId('config-api-keys');
    await section.getByTestId('api-key-row').first().waitFor();
    await section.getByRole('textbox', { name: 'Nome' }).fill(name);
    await section.getByRole('button', { name: 'Criar chave' }).click();

    const dialog = page.getByRole('dialog', { name: 'Chave de API criada' });
    await dialog.waitFor();
    const key = (await dialog.getByTestId('created-api-key').textContent())?.trim() ?? '';
    expect(key.length).toBeGreaterThan(20);
    await dialog.getByText('não será exibida novamente', { exact: false }).waitFor();
    await dismissToasts(page);
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'rm-api-keys-created-1366');
    await dialog.getByRole('button', { name: 'Já copiei a chave' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The new key works on the decision API (sent, it must be valid even when not required), and its full value is not on the page any more.
    const decide = () =>
      fetch(`${base}/v1/rma/1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ context: 'home', placements: { home: { types: ['product'], quantity: 1 } } }),
      }).then((r) => r.status);
    expect(await decide()).toBe(200);
    const row = section.getByTestId('api-key-row').filter({ hasText: name });
    await row.waitFor();
    expect(await page.textContent('body')).not.toContain(key);
    expect(await row.textContent()).toContain(key.slice(0, 12));
    await shoot(page, 'rm-api-keys');

    await row.getByRole('button', { name: `Revogar a chave ${name}` }).click();
    await page.getByRole('dialog', { name: 'Revogar chave de API' }).getByRole('button', { name: 'Revogar' }).click();
    await expect.poll(() => row.textContent()).toContain('Revogada em');
    expect(await decide()).toBe(401);
    await page.context().close();
  });
});
