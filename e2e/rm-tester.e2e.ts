import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, dismissToasts, field, launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

/** The seed's platform operator (is_platform_operator), an admin of Supermercado Bom Preço: the tester's audience. */
const OPERATOR = 'suporte@plataforma.test';
/** Bom Preço's admin: manages its API keys, but is no platform operator. */
const PUBLISHER = 'admin@varejo.test';

/** Full-page screenshots at desktop width and at the mobile-layout width (≤ 1024 px). */
async function shoot(page: Page, name: string) {
  // From the top: scrolled, the fixed header would be drawn over the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1366, height: 860 });
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize({ width: 1024, height: 860 });
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1366, height: 860 });
}


describe('ad-request tester and API keys', () => {
  const base = inject('baseUrl');
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

  it('an operator searches "café" for Bom Preço and sees the ads, the curl and the JSON', async () => {
    const page = await newPage(browser);
    await signIn(page, base, OPERATOR, '/retail-media/ad-request-tester');
    await page.getByRole('heading', { name: 'Testador de anúncios' }).waitFor();
    await page.locator('[data-menu-key=rm-tester]').first().waitFor();
    await expect.poll(() => field(page, 'Publisher').inputValue()).toBe('Supermercado Bom Preço');

    // Banner asks for a size from the publisher's formats; leaving banner clears it.
    await choose(page, field(page, 'Tipo de anúncio'), 'Banner');
    await choose(page, field(page, 'Tamanho do banner'), 'Super banner (728 × 90)');
    await expect.poll(() => field(page, 'Tamanho do banner').inputValue()).toBe('Super banner (728 × 90)');
    await choose(page, field(page, 'Tipo de anúncio'), 'Produto');
    expect(await field(page, 'Tamanho do banner').count()).toBe(0);
    await choose(page, field(page, 'Tipo de anúncio'), 'Banner');
    await expect.poll(() => field(page, 'Tamanho do banner').inputValue()).toBe('');
    await choose(page, field(page, 'Tipo de anúncio'), 'Produto');

    // Search without a term is stopped by the §5 rule; then "café" with two ads.
    await choose(page, field(page, 'Contexto'), 'Busca');
    await page.getByRole('button', { name: 'Testar requisição' }).click();
    await page.getByText('Informe o termo buscado (term).').waitFor();
    await field(page, 'Termo buscado').fill('café');
    await page.getByRole('textbox', { name: 'Quantidade' }).fill('2');
    await page.getByRole('button', { name: 'Testar requisição' }).click();

    await page.getByTestId('tester-ad').first().waitFor();
    expect(await page.getByTestId('tester-ad').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('tester-placement').first().textContent()).toContain('search_product');
    expect(await page.getByTestId('tester-ad').first().textContent()).toContain('Café Aurora');
    const curl = (await page.getByTestId('tester-curl-code').textContent()) ?? '';
    expect(curl).toContain(`${base}/v1/rma/1'`);
    expect(curl).toContain("-H 'x-api-key: SUA_CHAVE'");
    expect(curl).toContain(`-d '${JSON.stringify({ context: 'search', term: 'café', placements: { search_product: { types: ['product'], quantity: 2 } } })}'`);
    const response = JSON.parse((await page.getByTestId('tester-json-code').textContent()) ?? '{}') as { request_id: string; placements: Record<string, unknown[]> };
    expect(response.request_id).toBeTruthy();
    expect(response.placements.search_product!.length).toBe(await page.getByTestId('tester-ad').count());

    await page.getByTestId('tester-ad').first().getByText('URLs de evento').click();
    await page.getByTestId('tester-ad').first().getByText('/v1/beacon/click', { exact: false }).waitFor();
    await shoot(page, 'rm-tester');
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

    // The new key works on the decision API, and its full value is not on the page any more.
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
