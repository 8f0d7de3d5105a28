import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissToasts, launch, screenshot } from './browser.ts';
import { apiToken, newPage, signIn } from './session.ts';

const BRAND = 'gestor@marca.test';
const PUBLISHER = 'admin@varejo.test';
const NETWORK = 'admin@parceiro.test';

/** GET through the API with a bearer token (to read what the screens should show). */
async function apiGet<T>(base: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Takes the page at desktop width and at the mobile-layout width (≤ 1024 px). */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 860 });
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 1024, height: 860 });
  await screenshot(page, `${name}-1024`);
  await page.setViewportSize({ width: 1366, height: 860 });
}

describe('retail media management', () => {
  const base = inject('baseUrl');
  const campaignName = `Café Aurora – objetivo ${Date.now() % 100000}`;
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  const body = (page: Page) => () => page.textContent('body');

  it('an advertiser creates an objective-based campaign in three steps and lands on its view', async () => {
    const page = await newPage(browser);
    await signIn(page, base, BRAND, '/retail-media/campaign/create');
    await page.getByRole('heading', { name: 'Criar campanha' }).waitFor();
    await page.getByRole('textbox', { name: 'Publisher', exact: true }).or(page.getByRole('combobox', { name: 'Publisher', exact: true })).first().click();
    await page.getByRole('option', { name: 'Supermercado Bom Preço' }).click();
    await page.getByTestId('strategy').getByText('Por objetivo').click();

    // Step 1: a goal; the products step stays closed until then.
    await expect.poll(() => page.getByTestId('step-products').getAttribute('data-enabled')).toBe('false');
    await page.getByTestId('goal-growth').click();
    await shoot(page, 'rm-create-objective-goal');
    await page.getByRole('button', { name: 'Próximo' }).click();

    // Step 2: recommendations come by themselves after 3 s.
    await page.getByTestId('recommendations-waiting').waitFor();
    await page.getByTestId('recommended-product').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('recommended-product').first().click();
    await shoot(page, 'rm-create-objective-products');
    await page.getByRole('button', { name: 'Próximo' }).click();

    // Step 3: defaults are daily budget 100, today, always on.
    await page.getByLabel('Nome da campanha').fill(campaignName);
    await expect.poll(() => page.getByRole('switch', { name: 'Sempre ativa' }).isChecked()).toBe(true);
    await shoot(page, 'rm-create-objective-setup');
    await page.getByRole('button', { name: 'Criar campanha' }).click();

    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/retail-media\/campaign\/view\/\d+$/);
    await page.getByRole('heading', { name: campaignName }).waitFor();
    await expect.poll(body(page)).toContain('Por objetivo');
    await dismissToasts(page);
    await page.getByTestId('campaign-audit').getByTestId('audit-entry').first().waitFor();
    await shoot(page, 'rm-campaign-view');

    // The list shows it, with the filters kept in the URL.
    await page.goto(`${base}/retail-media/campaigns?campaign_name=${encodeURIComponent('objetivo')}`);
    await expect.poll(body(page)).toContain(campaignName);
    await page.goto(`${base}/retail-media/campaigns`);
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(3);
    await shoot(page, 'rm-campaigns-advertiser');
    await page.context().close();
  });

  it('the publisher approves the advertiser’s pending banner from the review queue', async () => {
    const token = await apiToken(base, PUBLISHER);
    const before = await apiGet<{ data: Array<{ id: number; advertiser: { name: string } }>; meta: { total: number } }>(
      base,
      token,
      '/ad/review?status=pending_review&ad_type=banner',
    );
    const banner = before.data.find((ad) => ad.advertiser.name === 'Café Aurora');
    expect(banner, 'a seeded pending banner of Café Aurora').toBeDefined();

    const page = await newPage(browser);
    await signIn(page, base, PUBLISHER, '/retail-media/review');
    await page.getByTestId('review-card').first().waitFor();
    await dismissToasts(page);
    await shoot(page, 'rm-review-pending');
    await page.getByRole('button', { name: `Aprovar: Anúncio #${banner!.id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aprovar' }).click();
    await expect.poll(body(page)).toContain('Anúncio aprovado.');
    await expect.poll(() => page.getByRole('button', { name: `Aprovar: Anúncio #${banner!.id}` }).count()).toBe(0);

    const ad = await apiGet<{ ad_status: string }>(base, token, `/ad/${banner!.id}`);
    expect(ad.ad_status).toBe('approved');

    // Its campaign's history now shows the review, styled as an ad change.
    await page.goto(`${base}/retail-media/campaigns`);
    await page.locator('tbody tr').first().waitFor();
    await shoot(page, 'rm-campaigns-publisher');
    await page.context().close();
  });

  it('an advertiser recharges a wallet and sees the movement', async () => {
    const page = await newPage(browser);
    await signIn(page, base, BRAND, '/retail-media/wallets');
    await page.getByTestId('wallet-row').first().waitFor();
    await shoot(page, 'rm-wallets');
    await page.getByRole('link', { name: 'Recarregar a carteira de Café Aurora em Supermercado Bom Preço' }).click();
    await page.getByLabel('Valor da recarga').waitFor();
    await page.getByLabel('Valor da recarga').fill('150,00');
    await page.getByLabel('Observação').fill('Recarga do teste de navegador');
    await shoot(page, 'rm-wallet-recharge');
    await page.getByRole('button', { name: 'Recarregar' }).click();

    await expect.poll(body(page)).toContain('Recarga realizada com sucesso');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/retail-media\/wallet\/\d+\/movimentations$/);
    const first = page.getByTestId('movement-row').first();
    await expect.poll(() => first.textContent()).toContain('Recarga do teste de navegador');
    expect(await first.getByTestId('movement-amount').textContent()).toContain('150,00');
    expect(await first.getByTestId('movement-user').textContent()).toContain('gestor@marca.test');
    await dismissToasts(page);
    await shoot(page, 'rm-wallet-movements');
    await page.context().close();
  });

  it('shows audiences, configuration, advertisers and publishers with real data', async () => {
    const publisher = await newPage(browser);
    await signIn(publisher, base, PUBLISHER, '/retail-media/audiences');
    await expect.poll(body(publisher)).toContain('Amantes de café');
    await expect.poll(body(publisher)).toContain('Aguardando aprovação');
    await shoot(publisher, 'rm-audiences-publisher');
    await publisher.goto(`${base}/retail-media/config`);
    await expect.poll(body(publisher)).toContain('Termos de uso');
    await expect.poll(() => publisher.getByRole('checkbox', { name: 'Banner' }).isChecked()).toBe(true);
    await shoot(publisher, 'rm-config');
    await publisher.goto(`${base}/retail-media/advertisers`);
    await expect.poll(body(publisher)).toContain('Café Aurora');
    await shoot(publisher, 'rm-advertisers');
    await publisher.context().close();

    const brand = await newPage(browser);
    await signIn(brand, base, BRAND, '/retail-media/publishers');
    await expect.poll(body(brand)).toContain('Rede Parceira Mídia');
    await shoot(brand, 'rm-publishers');
    await brand.context().close();

    const network = await newPage(browser);
    await signIn(network, base, NETWORK, '/retail-media/subpublishers');
    await expect.poll(body(network)).toContain('Mercado Vizinho');
    await shoot(network, 'rm-subpublishers');
    await network.context().close();
  });
});
