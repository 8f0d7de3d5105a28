import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, screenshot } from './browser.ts';
import { apiToken, newPage, signIn } from './session.ts';

/** Today in São Paulo as DD/MM/YYYY, the way the screens print dates. */
const todaySP = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

const STATUS_LABELS: Record<string, string> = { scheduled: 'Agendada', active: 'Ativa', paused: 'Pausada', finished: 'Finalizada', canceled: 'Cancelada' };

describe('promotion screens', () => {
  const base = inject('baseUrl');
  const name = `Café em dobro ${Date.now().toString(36)}`;
  let browser: Browser;
  let page: Page;
  let token: string;
  let createdId = 0;

  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    token = await apiToken(base, 'admin@varejo.test');
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  // Intl puts a no-break space after "R$".
  const body = () => page.locator('main').innerText().then((t) => t.replace(/\u00a0/g, ' '));
  const statusBadge = () => page.locator('main [data-status]').first();
  const viewId = () => Number(new URL(page.url()).pathname.match(/^\/promotional\/view\/(\d+)$/)?.[1] ?? 0);
  const notified = (text: string) => expect.poll(() => page.textContent('body'), { timeout: 10_000 }).toContain(text);

  const needsCreated = () => expect(createdId, 'the creation test must pass first').toBeGreaterThan(0);

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
    await screenshot(page, 'promotions-list-desktop');

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
    await screenshot(page, 'promotions-view-coupon-desktop');
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
    await product.waitFor();
    const productName = (await product.locator('.mantine-Text-root').first().textContent()) ?? '';
    await product.click();
    await expect.poll(() => picker.textContent()).toContain('1 selecionado(s)');
    await picker.getByRole('button', { name: 'Concluir' }).click();
    await picker.waitFor({ state: 'detached' });

    await page.getByText('Lojas selecionadas', { exact: true }).click();
    await page.getByRole('combobox', { name: 'Lojas da promoção' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'promotions-create-desktop');

    await page.getByRole('button', { name: 'Criar promoção' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/promotional\/view\/\d+$/);
    await notified(`Promoção "${name}" criada com sucesso.`);
    createdId = viewId();
    await expect.poll(body).toContain('15% de desconto acima de R$ 80,00');
    await expect.poll(() => statusBadge().textContent()).toBe('Ativa');
    await expect.poll(() => page.getByTestId('selected-products').textContent()).toContain(productName);
    await screenshot(page, 'promotions-view-desktop');
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
    // Finishing ends it today (spec §4): the period now closes today, and the badge shows the API's computed status.
    const saved = await fetch(`${base}/api/promotion/${createdId}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<{ status: string }>);
    await expect.poll(() => statusBadge().textContent()).toBe(STATUS_LABELS[saved.status]);
    await expect.poll(body).toContain(`a ${todaySP()} 23:59`);
  });

  it('edits it, under the "Promoções > Editar" breadcrumb', async () => {
    needsCreated();
    await page.goto(`${base}/promotional/edit/${createdId}`);
    const crumbs = page.locator('main .mantine-Breadcrumbs-root');
    await expect.poll(() => crumbs.textContent()).toBe(`Promoções›Editar›#${createdId}`);
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue()).toBe(name);
    await screenshot(page, 'promotions-edit-desktop');
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
    await screenshot(narrow, 'promotions-list-1024');
    await narrow.goto(`${base}/promotional/create`);
    await narrow.getByRole('heading', { name: 'Criar promoção' }).waitFor();
    await screenshot(narrow, 'promotions-create-1024');
    await narrow.goto(`${base}/promotional/view/${createdId}`);
    await expect.poll(() => narrow.locator('main [data-status]').count()).toBeGreaterThan(0);
    await screenshot(narrow, 'promotions-view-1024');
    await narrow.goto(`${base}/promotional/edit/${createdId}`);
    await expect.poll(() => narrow.getByLabel(/^Nome/).inputValue()).toBe(name);
    await screenshot(narrow, 'promotions-edit-1024');
    await narrow.context().close();
  });
});
