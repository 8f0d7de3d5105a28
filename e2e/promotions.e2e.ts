import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissToasts, launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

/** Today in São Paulo as DD/MM/YYYY, the way the screens print dates. */
const todaySP = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

describe('promotion screens', () => {
  const base = inject('baseUrl');
  const name = `Café em dobro ${Date.now().toString(36)}`;
  let browser: Browser;
  let page: Page;
  let createdId = 0;

  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  // Intl puts a no-break space after "R$".
  const body = () => page.locator('main').innerText().then((t) => t.replace(/\u00a0/g, ' '));
  const statusBadge = () => page.locator('main [data-status]').first();
  const viewId = () => Number(new URL(page.url()).pathname.match(/^\/promotional\/view\/(\d+)$/)?.[1] ?? 0);
  const notified = (text: string) => expect.poll(() => page.textContent('body'), { timeout: 10_000 }).toContain(text);

  const needsCreated = () => expect(createdId, 'the creation test must pass first').toBeGreaterThan(0);

  /** Screenshots show the page, not the last action's toast: close every notification first. */
  async function shot(p: Page, file: string) {
    await dismissToasts(p);
    await screenshot(p, file);
  }

  /** The "Desempenho" section of a view page, once its cards and both charts have drawn. */
  async function performance(p: Page) {
    const section = p.getByRole('region', { name: 'Desempenho' });
    await expect.poll(() => section.getByTestId('promotion-metric-card').count(), { timeout: 10_000 }).toBe(5);
    await expect.poll(() => section.locator('[data-testid=promotion-uses-chart] .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await expect.poll(() => section.locator('[data-testid=promotion-money-chart] .recharts-area').count()).toBe(2);
    return section;
  }

  async function confirmAction(label: string, confirm = label) {
    await page.locator('main').getByRole('button', { name: label, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: confirm, exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }

  it('lists the seeded promotions with status badges, filters kept in the URL', async () => {
    // The sidebar's entry leads to the spec's path, trailing slash included.
    await page.getByTestId('sidebar-menu').getByText('Promocional', { exact: true }).click();
    await page.getByTestId('sidebar-menu').getByRole('link', { name: 'Promoções', exact: true }).click();
    await expect.poll(() => page.getByTestId('promotion-row').count()).toBeGreaterThanOrEqual(5);
    expect(new URL(page.url()).pathname).toBe('/promotional/list/');
    await shot(page, 'promotions-list-desktop');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Ativa' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('active');
    await expect.poll(async () => (await page.locator('main [data-status]').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).every((s) => s === 'active')).toBe(true);

    await page.getByLabel('Buscar').fill('sextou15');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('sextou15');
    await expect.poll(() => page.getByTestId('promotion-row').count()).toBe(1);
    expect(await page.getByTestId('promotion-row').textContent()).toContain('SEXTOU15');
    expect(new URL(page.url()).searchParams.get('page') ?? '1').toBe('1');

    // A coupon's view: the code, big, with its uses against the limit.
    await page.getByTestId('promotion-row').getByRole('link').first().click();
    await expect.poll(() => page.getByTestId('coupon-code').textContent()).toBe('SEXTOU15');
    expect(await page.getByTestId('coupon-block').textContent()).toMatch(/\d+ (de \d+ usos|uso\(s\) até agora)/);
  });

  it('shows a seeded coupon’s "Desempenho": uses, customers, money and charts of the last 30 days', async () => {
    await page.goto(`${base}/promotional/list/`);
    await page.getByLabel('Buscar').fill('BEMVINDO10');
    await expect.poll(() => page.getByTestId('promotion-row').count()).toBe(1);
    await page.getByTestId('promotion-row').getByRole('link').first().click();
    await expect.poll(() => page.getByTestId('coupon-code').textContent()).toBe('BEMVINDO10');
    const couponPath = new URL(page.url()).pathname;

    const section = await performance(page);
    const cards = (await section.getByTestId('promotion-metric-card').allInnerTexts()).map((c) => c.replace(/\s+/g, ' ').trim());
    expect(cards[0]).toMatch(/^Usos [1-9][\d.]*$/);
    expect(cards[1]).toMatch(/^Clientes distintos [1-9][\d.]*$/);
    expect(cards[2]).toMatch(/^Desconto concedido R\$ [\d.]+,\d{2}$/);
    expect(cards[3]).toMatch(/^Receita dos pedidos R\$ [\d.]+,\d{2}$/);
    expect(cards[4]).toMatch(/^Usos liberados por cancelamento \d+$/);
    expect(await section.getByTestId('promotion-metrics-period').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/);
    await shot(page, 'promotions-view-coupon-desktop');

    const narrow = await newPage(browser, 1024, 768);
    await signIn(narrow, base, 'admin@varejo.test', couponPath);
    await performance(narrow);
    await shot(narrow, 'promotions-view-coupon-1024');
    await narrow.context().close();
  });

  it('creates a promotion through the form, with a product and a store', async () => {
    await page.goto(`${base}/promotional/list/`);
    await page.getByRole('link', { name: 'Criar promoção' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/promotional/create');
    await page.getByRole('heading', { name: 'Criar promoção' }).waitFor();

    await page.getByLabel(/^Nome/).fill(name);
    await page.getByRole('combobox', { name: 'Tipo de promoção' }).click();
    await page.getByRole('option', { name: 'Desconto', exact: true }).click();
    await page.getByLabel(/^Percentual de desconto/).fill('15');
    await page.getByRole('switch', { name: 'Exigir valor mínimo da compra' }).click();
    await page.getByLabel(/^Valor mínimo/).fill('80,00');

    await page.getByText('Produtos selecionados', { exact: true }).click();
    await page.getByRole('button', { name: 'Adicionar produtos: Produtos da promoção' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('textbox', { name: 'Buscar produtos' }).fill('café');
    const product = picker.getByTestId('product-option').first();
    // The unfiltered first page shows until the search answers: wait for the filtered results.
    await expect.poll(() => product.textContent({ timeout: 1_000 }).catch(() => ''), { timeout: 10_000 }).toContain('Café');
    const productName = (await product.locator('.mantine-Text-root').first().textContent()) ?? '';
    await product.click();
    await expect.poll(() => picker.textContent()).toContain('1 selecionado(s)');
    await picker.getByRole('button', { name: 'Concluir' }).click();
    await picker.waitFor({ state: 'detached' });

    await page.getByText('Lojas selecionadas', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Lojas da promoção' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await shot(page, 'promotions-create-desktop');

    await page.getByRole('button', { name: 'Criar promoção' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/promotional\/view\/\d+$/);
    await notified(`Promoção "${name}" criada com sucesso.`);
    createdId = viewId();
    await expect.poll(body).toContain('15% de desconto acima de R$ 80,00');
    await expect.poll(() => statusBadge().textContent()).toBe('Ativa');
    await expect.poll(() => page.getByTestId('selected-products').textContent()).toContain(productName);
    await shot(page, 'promotions-view-desktop');
  });

  it('duplicates it from the view page into a new promotion', async () => {
    needsCreated();
    await page.goto(`${base}/promotional/view/${createdId}`);
    await page.locator('main').getByRole('button', { name: 'Duplicar', exact: true }).click();
    await expect.poll(() => page.url()).toBe(`${base}/promotional/create?duplicate=${createdId}`);
    await page.getByRole('heading', { name: 'Duplicar promoção' }).waitFor();
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue()).toBe(`${name} (cópia)`);
    expect(await page.getByLabel(/^Valor mínimo/).inputValue()).toBe('80,00');
    await page.getByRole('button', { name: 'Criar promoção' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/promotional\/view\/\d+$/);
    await notified(`Promoção "${name} (cópia)" criada com sucesso.`);
    const copyId = viewId();
    expect(copyId).not.toBe(createdId);
    await expect.poll(body).toContain('15% de desconto acima de R$ 80,00');

    // The copy leaves through the list's row menu.
    await page.goto(`${base}/promotional/list/?search=${encodeURIComponent(`${name} (cópia)`)}`);
    await expect.poll(() => page.getByTestId('promotion-row').count()).toBe(1);
    await page.getByRole('button', { name: `Ações da promoção: ${name} (cópia)` }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await notified('Promoção excluída com sucesso.');
    await expect.poll(() => page.getByTestId('promotion-row').count()).toBe(0);
  });

  it('pauses, reactivates and finishes it, with the spec’s messages and statuses', async () => {
    needsCreated();
    await page.goto(`${base}/promotional/view/${createdId}`);
    await expect.poll(() => statusBadge().textContent()).toBe('Ativa');

    await confirmAction('Pausar');
    await notified('Promoção pausada com sucesso.');
    await expect.poll(() => statusBadge().textContent()).toBe('Pausada');

    await confirmAction('Reativar');
    await notified('Promoção reativada com sucesso.');
    await expect.poll(() => statusBadge().textContent()).toBe('Ativa');

    await confirmAction('Finalizar');
    await notified('Promoção finalizada com sucesso.');
    // Finishing ends it today (spec §4), at the moment of the click: it reads finished at once.
    await expect.poll(() => statusBadge().textContent()).toBe('Finalizada');
    await expect.poll(body).toContain(`a ${todaySP()} `);
  });

  it('edits it, under the "Promoções > Editar" breadcrumb', async () => {
    needsCreated();
    await page.goto(`${base}/promotional/edit/${createdId}`);
    const crumbs = page.locator('main .mantine-Breadcrumbs-root');
    await expect.poll(() => crumbs.textContent()).toBe(`Promoções›Editar›#${createdId}`);
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue()).toBe(name);
    await shot(page, 'promotions-edit-desktop');
    await page.getByLabel(/^Percentual de desconto/).fill('20');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await notified(`Promoção "${name}" atualizada com sucesso.`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/promotional/view/${createdId}`);
    await expect.poll(body).toContain('20% de desconto acima de R$ 80,00');
  });

  it('shows the not-found state for an id of no promotion of this account', async () => {
    await page.goto(`${base}/promotional/view/999999`);
    await expect.poll(body).toContain('Promoção não encontrada');
  });

  it('fits a 1024 px screen: list, create, view and edit', async () => {
    needsCreated();
    const narrow = await newPage(browser, 1024, 768);
    await signIn(narrow, base, 'admin@varejo.test', '/promotional/list/');
    await expect.poll(() => narrow.getByTestId('promotion-row').count()).toBeGreaterThan(0);
    await shot(narrow, 'promotions-list-1024');
    await narrow.goto(`${base}/promotional/create`);
    await narrow.getByRole('heading', { name: 'Criar promoção' }).waitFor();
    await shot(narrow, 'promotions-create-1024');
    await narrow.goto(`${base}/promotional/view/${createdId}`);
    await expect.poll(() => narrow.locator('main [data-status]').count()).toBeGreaterThan(0);
    await shot(narrow, 'promotions-view-1024');
    await narrow.goto(`${base}/promotional/edit/${createdId}`);
    await expect.poll(() => narrow.getByLabel(/^Nome/).inputValue()).toBe(name);
    await shot(narrow, 'promotions-edit-1024');
    await narrow.context().close();
  });
});
