import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, dismissToasts, launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

/** DD/MM/YYYY of São Paulo's today plus `days`. */
function spDate(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('messaging campaigns screens', () => {
  const base = inject('baseUrl');
  const suffix = Date.now() % 100000;
  const approvedName = `picanha_sabado_${suffix}`;
  const rejectedName = `so_variavel_${suffix}`;
  const campaignName = `Picanha de sábado ${suffix}`;
  let browser: Browser;
  let page: Page;
  /** The screens this test opened, to picture them again at 1024 px. */
  const screens: Array<{ name: string; path: string; ready: (p: Page) => Promise<unknown> }> = [];

  beforeAll(async () => {
    // On a loaded machine the embedded database's first start (migrations, demo seed) can outlast the setup's wait.
    for (let i = 0; i < 180 && !(await fetch(`${base}/health`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 1_000));
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/messaging-campaigns/templates/list');
  }, 240_000);
  afterAll(() => browser?.close());

  const body = () => page.textContent('body');
  const templateRow = (name: string) => page.getByTestId('template-row').filter({ hasText: name });
  const campaignRow = (name: string) => page.getByTestId('campaign-row').filter({ has: page.getByRole('link', { name, exact: true }) });

  async function shoot(name: string, ready: (p: Page) => Promise<unknown>) {
    await dismissToasts(page);
    await screenshot(page, `messaging-${name}-1366`);
    screens.push({ name, path: `${pathOf(page)}${new URL(page.url()).search}`, ready });
  }

  it('lists the seeded templates with their approval', async () => {
    await expect.poll(() => page.getByTestId('template-row').count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('template-status').allTextContents()).toContain('Aprovado');
  });

  it('creates a template: the name is checked as typed, and create waits for a real message', async () => {
    await page.getByRole('link', { name: 'Criar template' }).click();
    await expect.poll(() => pathOf(page)).toBe('/messaging-campaigns/templates/create');
    const create = page.getByRole('button', { name: 'Criar template' });
    await expect.poll(() => create.isDisabled()).toBe(true);
    await page.getByLabel(/^Nome/).fill('Picanha Sábado');
    await expect.poll(body).toContain('O nome do template aceita apenas letras minúsculas, números e sublinhado (_).');
    await shoot('templates-create', (p) => p.getByTestId('whatsapp-preview').waitFor());

    await page.getByLabel(/^Nome/).fill(approvedName);
    await page.getByLabel(/^Mensagem/).fill('Olá, {{nome}}! A *picanha* está com 20% de desconto neste sábado.\nAproveite enquanto durar o estoque.');
    await page.getByLabel('Não quero mensagens').check();
    await expect.poll(() => page.getByTestId('whatsapp-preview-button').allTextContents()).toEqual(['Quero aproveitar', 'Não quero mensagens']);
    await expect.poll(() => create.isDisabled()).toBe(false);
    await create.click();
    await expect.poll(() => pathOf(page)).toBe('/messaging-campaigns/templates/list');
    await expect.poll(() => templateRow(approvedName).count()).toBe(1);
  });

  it('shows the provider’s decision: approved, or rejected with its text', async () => {
    await page.getByRole('link', { name: 'Criar template' }).click();
    await page.getByLabel(/^Nome/).fill(rejectedName);
    await page.getByLabel(/^Mensagem/).fill('Uma oferta só para você, {{nome}}');
    await page.getByRole('button', { name: 'Criar template' }).click();
    await expect.poll(() => pathOf(page)).toBe('/messaging-campaigns/templates/list');
    // The simulator decides a moment later; the list follows pending templates by itself.
    await expect.poll(() => templateRow(approvedName).getByTestId('template-status').textContent(), { timeout: 40_000 }).toBe('Aprovado');
    await expect.poll(() => templateRow(rejectedName).getByTestId('template-status').textContent(), { timeout: 40_000 }).toBe('Rejeitado');
    expect(await templateRow(rejectedName).getByTestId('template-rejection').textContent()).toContain('INVALID_FORMAT');
    await shoot('templates-list', (p) => p.getByTestId('template-row').first().waitFor());

    await templateRow(approvedName).getByRole('link', { name: approvedName, exact: true }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/messaging-campaigns\/templates\/view\/\d+$/);
    await expect.poll(() => page.getByTestId('template-status').textContent()).toBe('Aprovado');
    expect(await page.getByTestId('whatsapp-preview-text').textContent()).toContain('Olá, Maria!');
    await shoot('templates-view', (p) => p.getByTestId('whatsapp-preview').waitFor());
  });

  it('creates a campaign from the approved template; it is sent and its funnel fills', async () => {
    await page.goto(`${base}/messaging-campaigns/list`);
    await expect.poll(() => page.getByTestId('campaign-row').count()).toBeGreaterThanOrEqual(4);
    await page.getByRole('link', { name: 'Criar campanha' }).click();
    await expect.poll(() => pathOf(page)).toBe('/messaging-campaigns/create');
    await page.getByLabel(/^Nome/).fill(campaignName);
    await choose(page, page.getByTestId('campaign-template'), approvedName);
    await expect.poll(() => page.getByTestId('whatsapp-preview-text').textContent()).toContain('picanha');
    await page.getByTestId('audience-type').getByText('Etiquetas', { exact: true }).click();
    const tags = page.getByPlaceholder('vip, churrasco…');
    await tags.fill('vip');
    await tags.press('Enter');
    await page.getByLabel(/^Data de início/).fill(spDate(0));
    await page.getByLabel(/^Data de fim/).fill(spDate(1));
    await page.keyboard.press('Escape');
    await shoot('create', (p) => p.getByTestId('campaign-template').waitFor());

    await page.getByRole('button', { name: 'Agendar envio' }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/messaging-campaigns\/view\/\d+$/);
    // Started by the next tick, sent at the provider's rate; the page refreshes itself meanwhile.
    await expect.poll(() => page.getByTestId('campaign-status').first().textContent(), { timeout: 60_000 }).toBe('Enviada');
    const sentOf = (await page.getByTestId('dispatch-sent-of').textContent()) ?? '';
    const [sent, total] = (sentOf.match(/[\d.]+/g) ?? []).map((n) => Number(n.replace(/\./g, '')));
    expect(total).toBeGreaterThan(0);
    expect(sent).toBe(total);
    await shoot('view', (p) => p.getByTestId('dispatch-progress').waitFor());

    await page.getByRole('button', { name: 'Resultados' }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/messaging-campaigns\/view\/dashboard\/\d+$/);
    const value = (step: string) => page.getByTestId(`funnel-${step}-value`).textContent().then((v) => Number((v ?? '0').replace(/\./g, '')));
    await expect.poll(() => value('sent')).toBe(total);
    // The simulated phones report delivery a moment later (the page refreshes itself while the period runs).
    await expect.poll(() => value('delivered'), { timeout: 40_000 }).toBeGreaterThan(0);
    await page.getByTestId('campaign-messages-chart').waitFor();
    await shoot('funnel', (p) => p.getByTestId('campaign-funnel').waitFor());
  });

  it('lists campaigns with their progress, duplicates and edits one, and cancels a draft after confirming', async () => {
    await page.goto(`${base}/messaging-campaigns/list`);
    await expect.poll(() => campaignRow(campaignName).getByTestId('campaign-status').textContent()).toBe('Enviada');
    await shoot('list', (p) => p.getByTestId('campaign-row').first().waitFor());

    await campaignRow(campaignName).getByRole('button', { name: `Mais ações: ${campaignName}` }).click();
    await page.getByRole('menuitem', { name: 'Duplicar' }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/messaging-campaigns\/duplicate\/\d+$/);
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue()).toBe(`${campaignName} (cópia)`);
    await shoot('duplicate', (p) => p.getByLabel(/^Nome/).waitFor());

    const scheduled = 'Feira de sábado — próxima';
    await page.goto(`${base}/messaging-campaigns/list?status=scheduled`);
    await campaignRow(scheduled).getByRole('button', { name: `Editar: ${scheduled}` }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/messaging-campaigns\/edit\/\d+$/);
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue()).toBe(scheduled);
    await shoot('edit', (p) => p.getByLabel(/^Nome/).waitFor());

    const draft = 'Aniversariantes do mês';
    await page.goto(`${base}/messaging-campaigns/list?status=draft`);
    await campaignRow(draft).getByRole('button', { name: `Mais ações: ${draft}` }).click();
    await page.getByRole('menuitem', { name: 'Cancelar campanha' }).click();
    await expect.poll(body).toContain('nenhuma mensagem será enviada');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar campanha' }).click();
    await page.goto(`${base}/messaging-campaigns/list?search=${encodeURIComponent(draft)}`);
    await expect.poll(() => campaignRow(draft).getByTestId('campaign-status').textContent()).toBe('Cancelada');
  });

  it('shows every campaign over time on the dashboard', async () => {
    await page.goto(`${base}/messaging-campaigns/dashboard`);
    await page.getByTestId('messaging-messages-chart').waitFor();
    const sent = await page.getByTestId('messaging-card-sent').textContent();
    expect(Number((sent ?? '').replace(/\D/g, ''))).toBeGreaterThan(0);
    await shoot('dashboard', (p) => p.getByTestId('messaging-messages-chart').waitFor());
  });

  it('fits every screen at 1024 px', async () => {
    const narrow = await newPage(browser, 1024, 768);
    await signIn(narrow, base, 'admin@varejo.test', '/messaging-campaigns/list');
    for (const { name, path, ready } of screens) {
      await narrow.goto(`${base}${path}`);
      await ready(narrow);
      await narrow.waitForTimeout(300);
      await screenshot(narrow, `messaging-${name}-1024`);
      // Nothing wider than the window: no sideways scrolling of the page.
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), name).toBe(true);
    }
    await narrow.context().close();
  });
});
