import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { choose, dismissToasts, field, launch, screenshot } from './browser.ts';
import { apiToken, newPage, signIn } from './session.ts';

const PUBLISHER = 'admin@varejo.test';
/** Spec §2's message (contracts' SELECT_ADVERTISER_MESSAGE), read as the person reads it. */
const SELECT_ADVERTISER_MESSAGE = 'Selecione um anunciante para ver este relatório.';
const int = new Intl.NumberFormat('pt-BR');
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
/** Text as a person reads it: pt-BR money has a no-break space after "R$". */
const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

type Metrics = { impressions: number; clicks: number; total_spent: number };

async function apiGet<T>(base: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** The report at desktop width and at the mobile-layout width (1024 px). */
async function shoot(page: Page, name: string) {
  await dismissToasts(page);
  await page.setViewportSize({ width: 1366, height: 860 });
  await screenshot(page, `rm-report-${name}-1366`);
  await page.setViewportSize({ width: 1024, height: 860 });
  // The sidebar turns into a drawer at this width: let it slide away first.
  await page.waitForTimeout(500);
  await screenshot(page, `rm-report-${name}-1024`);
  await page.setViewportSize({ width: 1366, height: 860 });
}


describe('retail media reports', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let page: Page;
  let token: string;
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    token = await apiToken(base, PUBLISHER);
    await signIn(page, base, PUBLISHER, '/retail-media/report/overview');
  });
  afterAll(() => browser?.close());

  const open = async (report: string) => {
    await page.getByRole('tab', { name: report, exact: true }).click();
    await page.getByTestId('report-body').or(page.getByTestId('report-empty')).or(page.getByTestId('report-select-advertiser')).first().waitFor();
  };

  it('overview: the period’s cards match the API, with the daily charts and the tables by format and context', async () => {
    await page.getByRole('heading', { name: 'Relatórios' }).waitFor();
    const api = await apiGet<{ totals: Metrics }>(base, token, '/report/overview');
    const cards = page.getByTestId('report-metric-card');
    await expect.poll(() => cards.count()).toBe(8);
    expect(plain(await cards.nth(0).innerText())).toBe(`Impressões ${int.format(api.totals.impressions)}`);
    expect(plain(await cards.nth(3).innerText())).toBe(plain(`Investimento ${money.format(api.totals.total_spent)}`));
    expect(api.totals.impressions).toBeGreaterThan(0);
    await page.getByTestId('report-traffic-chart').locator('.recharts-surface').first().waitFor();
    await page.getByTestId('report-by-ad-type').getByTestId('report-row').first().waitFor();
    expect(plain(await page.getByTestId('report-by-ad-type').getByTestId('report-totals').innerText())).toContain(int.format(api.totals.impressions));
    await shoot(page, 'overview');
  });

  it('overview: the CSV download carries the screen’s period, with the header line first', async () => {
    await page.getByTestId('report-download').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^relatorio-overview-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Data;Impressões;Visualizações;Cliques;CTR \(%\)/);
    // One line per day of the 30-day default period.
    expect(lines.filter(Boolean)).toHaveLength(31);
    await expect.poll(() => page.getByTestId('report-download').isEnabled()).toBe(true);
  });

  it('hour_overview: 24 hours of the day, charted and tabled', async () => {
    await open('Por hora');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/retail-media/report/hour_overview');
    await expect.poll(() => page.getByTestId('report-hour-table').getByTestId('report-row').count()).toBe(24);
    await page.getByTestId('report-hour-chart').locator('.recharts-surface').first().waitFor();
    await shoot(page, 'hour_overview');
  });

  it('advertisers: Café Aurora with its numbers and wallet, and the totals row', async () => {
    await open('Anunciantes');
    const table = page.getByTestId('report-advertisers-table');
    await table.getByTestId('report-row').filter({ hasText: 'Café Aurora' }).waitFor();
    await table.getByTestId('report-totals').waitFor();
    // The wallet balance sits right after the name.
    expect(plain(await table.getByTestId('report-row').filter({ hasText: 'Café Aurora' }).locator('td').nth(1).innerText())).toMatch(/^R\$ [\d.]+,\d{2}$/);
    await shoot(page, 'advertisers');
  });

  it('advertisers_state: the message until Café Aurora is chosen, then its wallet and campaigns', async () => {
    await open('Situação do anunciante');
    await page.getByTestId('report-select-advertiser').getByText(SELECT_ADVERTISER_MESSAGE).waitFor();
    expect(await page.getByTestId('report-download').isDisabled()).toBe(true);
    await shoot(page, 'advertisers_state-empty');

    await choose(page, field(page, 'Anunciante'), 'Café Aurora');
    await expect.poll(() => new URL(page.url()).searchParams.get('advertiser_id')).toMatch(/^\d+$/);
    await page.getByTestId('report-wallet-balance').waitFor();
    const rows = page.getByTestId('report-campaigns-table').getByTestId('report-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(3);
    await expect.poll(() => page.getByTestId('report-select-advertiser').count()).toBe(0);
    expect(await page.getByTestId('budget-usage').count()).toBe(await rows.count());
    await shoot(page, 'advertisers_state');
  });

  it('opportunity_cost: positions asked for, filled and empty, with the potential revenue', async () => {
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await open('Custo de oportunidade');
    const cards = page.getByTestId('report-metric-card');
    await expect.poll(() => cards.count()).toBe(6);
    expect(plain(await cards.nth(0).innerText())).toMatch(/^Posições pedidas [\d.]+$/);
    expect(plain(await cards.nth(5).innerText())).toMatch(/^Receita potencial R\$ [\d.]+,\d{2}$/);
    await shoot(page, 'opportunity_cost');
  });

  it('daily_consolidation: each day by publisher and advertiser, with totals', async () => {
    await open('Consolidado diário');
    const table = page.getByTestId('report-daily-table');
    await table.getByTestId('report-row').first().waitFor();
    expect(plain(await table.getByTestId('report-row').first().innerText())).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
    await table.getByTestId('report-totals').waitFor();
    await shoot(page, 'daily_consolidation');
  });

  it('ads: a sortable page of ads with the count', async () => {
    await open('Anúncios');
    const table = page.getByTestId('report-ads-table');
    await table.getByTestId('report-row').first().waitFor();
    await expect.poll(async () => plain(await table.innerText())).toMatch(/\d+ anúncios?/);
    await table.getByRole('button', { name: 'Cliques' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort_by')).toBe('clicks');
    await expect.poll(() => table.getByRole('columnheader', { name: /Cliques/ }).getAttribute('aria-sort')).toBe('descending');
    await shoot(page, 'ads');
  });
});
