import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resolve } from 'node:path';
import { SCREENSHOTS, choose, dismissToasts, field, launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

const WEEKDAYS = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'];
const SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];

/** São Paulo's today plus `days`, as YYYY-MM-DD. */
function spIso(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}
const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const weekdayOf = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();
/** The first day from today plus `days` on that is not one of the seed's holidays (closed in every store). */
function openDay(days: number): number {
  while (['12-25', '01-01'].includes(spIso(days).slice(5))) days++;
  return days;
}

describe('slots screens', () => {
  const base = inject('baseUrl');
  const store = 'Bom Preço Moema';
  // Tomorrow's window (or the next open day's) is bookable now (no prior notice, a short cutoff), after the seeded 18:00–20:00.
  const windowOffset = openDay(1);
  const tomorrow = spIso(windowOffset);
  const weekday = weekdayOf(tomorrow);
  const closedDay = spIso(openDay(windowOffset + 1));
  const reason = `Inventário anual ${Date.now() % 1000}`;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/logistic/slots/');
  });
  afterAll(() => browser?.close());

  const dialog = () => page.getByRole('dialog');
  const dayColumn = () => page.getByTestId(`slots-day-${weekday}`);
  const previewDay = (date: string) => page.locator(`[data-testid=preview-day][data-date="${date}"]`);

  async function fillWindow(start: [string, string], end: [string, string]) {
    // The chip's checkbox is visually hidden: its label is what a person clicks.
    await dialog().getByText(SHORT[weekday]!, { exact: true }).click();
    await expect.poll(() => dialog().getByRole('checkbox', { name: WEEKDAYS[weekday], exact: true }).isChecked()).toBe(true);
    await dialog().getByLabel('Horas').nth(0).fill(start[0]);
    await dialog().getByLabel('Minutos').nth(0).fill(start[1]);
    await dialog().getByLabel('Horas').nth(1).fill(end[0]);
    await dialog().getByLabel('Minutos').nth(1).fill(end[1]);
  }

  it('picks the mode and a seeded store, and shows its weekly grid', async () => {
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Janelas de entrega e retirada');
    await screenshot(page, 'slots-chooser-desktop');
    await page.getByTestId('slots-mode').getByText('Entrega', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/logistic/slots/delivery/');
    await choose(page, field(page, 'Loja'), `${store} (São Paulo/SP)`);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/logistic\/slots\/delivery\/\d+\/$/);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe(`Janelas de entrega · ${store}`);
    // The seed's Monday-to-Saturday windows.
    await expect.poll(() => page.getByTestId('slots-day-1').getByTestId('slot-block').count()).toBeGreaterThanOrEqual(5);
    expect(await page.getByTestId('slots-day-1').textContent()).toContain('08:00–10:00');
    await expect.poll(() => page.getByTestId('preview-day').count()).toBe(14);
  });

  it('adds a window, and sees it in the grid and in the 14-day preview', async () => {
    await page.getByRole('button', { name: 'Adicionar janela' }).click();
    await fillWindow(['20', '30'], ['22', '00']);
    await dialog().getByLabel('Capacidade').fill('7');
    await dialog().getByLabel('Corte').fill('30');
    await dialog().getByLabel('Antecedência mínima').fill('0');
    await screenshot(page, 'slots-add-window-desktop');
    await dialog().getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect.poll(() => page.textContent('body')).toContain('1 janela adicionada com sucesso.');
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => dayColumn().getByTestId('slot-time').allTextContents()).toContain('20:30–22:00');
    const block = dayColumn().getByTestId('slot-block').filter({ hasText: '20:30–22:00' });
    expect(await block.textContent()).toContain('7 pedidos');
    expect(await block.textContent()).toContain('Corte: 30 min antes');
    await expect.poll(() => previewDay(tomorrow).getByTestId('preview-window').filter({ hasText: '20:30–22:00' }).textContent()).toContain('7 de 7 vagas');
  });

  it('edits the window’s capacity in a prefilled modal, and sees it in the grid and the preview; an overlapping edit is refused', async () => {
    await dismissToasts(page);
    const editButton = () => dayColumn().getByRole('button', { name: `Editar janela: ${WEEKDAYS[weekday]}, 20:30 às 22:00` });
    await editButton().click();
    await expect.poll(() => dialog().getByText(`Editar janela · ${WEEKDAYS[weekday]}`).count()).toBe(1);
    expect(await dialog().getByLabel('Capacidade').inputValue()).toBe('7');
    expect(await dialog().getByLabel('Corte').inputValue()).toBe('30 min');
    expect(await dialog().getByLabel('Horas').nth(0).inputValue()).toBe('20');
    expect(await dialog().getByLabel('Minutos').nth(0).inputValue()).toBe('30');
    expect(await dialog().getByRole('switch', { name: /Janela ativa/ }).isChecked()).toBe(true);
    await dialog().getByLabel('Capacidade').fill('9');
    await expect.poll(() => page.locator('.mantine-Modal-content').evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    // The modal as a person sees it: the viewport, not the whole page under the overlay.
    await page.screenshot({ path: resolve(SCREENSHOTS, 'slots-edit-window-desktop.png') });
    const narrow = await newPage(browser, 1024, 800);
    await signIn(narrow, base, 'admin@varejo.test', new URL(page.url()).pathname);
    await narrow.getByTestId(`slots-day-${weekday}`).getByRole('button', { name: `Editar janela: ${WEEKDAYS[weekday]}, 20:30 às 22:00` }).click();
    await narrow.getByRole('dialog').getByLabel('Capacidade').waitFor();
    // After the modal's fade-in.
    await expect.poll(() => narrow.locator('.mantine-Modal-content').evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    await narrow.screenshot({ path: resolve(SCREENSHOTS, 'slots-edit-window-1024.png') });
    await narrow.close();

    await dialog().getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => page.textContent('body')).toContain('Janela alterada com sucesso.');
    await expect.poll(() => dialog().count()).toBe(0);
    const block = dayColumn().getByTestId('slot-block').filter({ hasText: '20:30–22:00' });
    await expect.poll(() => block.textContent()).toContain('9 pedidos');
    await expect.poll(() => previewDay(tomorrow).getByTestId('preview-window').filter({ hasText: '20:30–22:00' }).textContent()).toContain('9 de 9 vagas');

    // Moving its start over the seeded 18:00–20:00: the server's 409 stays in the modal, nothing changes.
    await editButton().click();
    await dialog().getByLabel('Horas').nth(0).fill('17');
    await dialog().getByLabel('Minutos').nth(0).fill('00');
    await dialog().getByRole('button', { name: 'Salvar' }).click();
    const refusal = page.getByTestId('slot-edit-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('A janela 17:00–22:00 se sobrepõe à janela');
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    expect(await dayColumn().getByTestId('slot-time').allTextContents()).toContain('20:30–22:00');
  });

  it('reports an overlapping window with the server’s message', async () => {
    await page.getByRole('button', { name: 'Adicionar janela' }).click();
    await fillWindow(['21', '00'], ['21', '30']);
    await dialog().getByRole('button', { name: 'Adicionar', exact: true }).click();
    const failures = page.getByTestId('slot-form-failures');
    await failures.waitFor();
    expect(await failures.textContent()).toContain(`${WEEKDAYS[weekday]}:`);
    expect((await failures.textContent())!.length).toBeGreaterThan(`${WEEKDAYS[weekday]}:`.length + 20);
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    expect(await dayColumn().getByTestId('slot-time').allTextContents()).not.toContain('21:00–21:30');
  });

  it('adds a day without work and sees that date closed', async () => {
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Adicionar dia' }).click();
    await dialog().getByLabel(/^Data/).fill(br(closedDay));
    await dialog().getByLabel('Motivo').fill(reason);
    await dialog().getByRole('button', { name: 'Marcar dia' }).click();
    await expect.poll(() => page.textContent('body')).toContain('Dia sem expediente adicionado com sucesso.');
    await expect.poll(() => previewDay(closedDay).getAttribute('data-closed')).toBe('true');
    expect(await previewDay(closedDay).textContent()).toContain('Sem expediente');
    expect(await previewDay(closedDay).textContent()).toContain(reason);
    expect(await previewDay(closedDay).getByTestId('preview-window').count()).toBe(0);
    expect(await page.getByTestId('days-off-list').textContent()).toContain(reason);
    await dismissToasts(page);
    await screenshot(page, 'slots-store-desktop');

    const narrow = await newPage(browser, 1024, 800);
    await signIn(narrow, base, 'admin@varejo.test', new URL(page.url()).pathname);
    await expect.poll(() => narrow.locator(`[data-testid=preview-day][data-date="${closedDay}"]`).getAttribute('data-closed')).toBe('true');
    await narrow.getByTestId('slots-day-1').getByTestId('slot-block').first().waitFor();
    await screenshot(narrow, 'slots-store-1024');
    await narrow.close();
  });

  it('removes the window after confirming, and the day without work', async () => {
    await dayColumn()
      .getByRole('button', { name: `Excluir janela: ${WEEKDAYS[weekday]}, 20:30 às 22:00` })
      .click();
    await dialog().getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => page.textContent('body')).toContain('Janela excluída com sucesso.');
    await expect.poll(() => dayColumn().getByTestId('slot-time').allTextContents()).not.toContain('20:30–22:00');
    await expect.poll(() => previewDay(tomorrow).textContent()).not.toContain('20:30–22:00');

    await page.getByRole('button', { name: `Remover dia sem expediente ${br(closedDay)}` }).click();
    await dialog().getByRole('button', { name: 'Remover' }).click();
    await expect.poll(() => page.textContent('body')).toContain('Dia sem expediente removido com sucesso.');
    await expect.poll(() => previewDay(closedDay).getAttribute('data-closed')).toBe('false');
  });

  it('narrows to a delivery region, switches to pickup, and says so for a store that is not there', async () => {
    const storePath = new URL(page.url()).pathname;
    await choose(page, field(page, 'Região de entrega'), 'Vila Olímpia e Itaim Bibi');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^${storePath}\\d+$`));
    await expect.poll(() => page.textContent('body')).toContain('Região Vila Olímpia e Itaim Bibi');
    // The store-wide windows a customer there may book say so; Moema's own Sunday windows are not this region's.
    await expect.poll(() => page.getByTestId('slots-day-1').getByTestId('slot-region').first().textContent()).toBe('Loja toda');
    expect(await page.getByTestId('slots-day-0').getByTestId('slot-block').count()).toBe(0);

    await page.getByTestId('slots-mode').getByText('Retirada', { exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(storePath.replace('/delivery/', '/pickup/'));
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe(`Janelas de retirada · ${store}`);
    await expect.poll(() => page.getByTestId('slots-day-0').getByTestId('slot-time').allTextContents()).toEqual(['09:00–13:00']);
    expect(await field(page, 'Região de entrega').count()).toBe(0);

    await page.goto(`${base}/logistic/slots/pickup/999999/`);
    await expect.poll(() => page.getByRole('heading', { level: 3 }).textContent()).toBe('Janelas não encontradas');
    await page.goto(`${base}/logistic/slots/express/`);
    await expect.poll(() => page.getByRole('heading', { level: 3 }).textContent()).toBe('Janelas não encontradas');
    await page.getByRole('link', { name: 'Escolher loja' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/logistic/slots/');

    const narrow = await newPage(browser, 1024, 800);
    await signIn(narrow, base, 'admin@varejo.test', '/logistic/slots/pickup/');
    await expect.poll(() => narrow.getByTestId('slots-store-card').count()).toBeGreaterThanOrEqual(6);
    await screenshot(narrow, 'slots-chooser-1024');
    await narrow.getByTestId('slots-store-card').filter({ hasText: 'Bom Preço Pinheiros' }).click();
    await expect.poll(() => new URL(narrow.url()).pathname).toMatch(/^\/logistic\/slots\/pickup\/\d+\/$/);
    await expect.poll(() => narrow.getByRole('heading', { level: 2 }).textContent()).toBe('Janelas de retirada · Bom Preço Pinheiros');
    await narrow.close();
  });
});
