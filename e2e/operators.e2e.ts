import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, dismissToasts, launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

/** A valid CPF (both check digits) from 9 digits. */
function cpf(base: string): string {
  let digits = base;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    digits += String(rest === 10 ? 0 : rest);
  }
  return digits;
}

describe('operators screens', () => {
  const base = inject('baseUrl');
  const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
  const name = `Vanessa Prado ${suffix}`;
  const renamed = `Vanessa Prado Lima ${suffix}`;
  const newCpf = cpf(`731${suffix}`);
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/operators/list/');
  });
  afterAll(() => browser?.close());

  const rows = () => page.getByTestId('operator-row');
  const row = (operator: string) => rows().filter({ has: page.getByText(operator, { exact: true }) });
  const body = () => page.textContent('body');
  const path = () => new URL(page.url()).pathname;

  it('lists the seeded store workers with role, stores, phone and vehicle', async () => {
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(12);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Operadores');
    const rafael = await row('Rafael Souza Santos').textContent();
    expect(rafael).toContain('Entregador');
    expect(rafael).toContain('Bom Preço Pinheiros');
    expect(rafael).toContain('(11) 96543-2781');
    expect(rafael).toContain('Moto · FQB2G41');
    expect(await row('Diego Ramos Cardoso').getByTestId('operator-active').first().textContent()).toBe('Inativo');
    await screenshot(page, 'operators-list-desktop');

    // The store filter is the path; the role filter the search.
    await choose(page, page.getByRole('textbox', { name: 'Loja', exact: true }).or(page.getByRole('combobox', { name: 'Loja', exact: true })).first(), 'Bom Preço Moema (São Paulo/SP)');
    await expect.poll(path).toMatch(/^\/operators\/list\/\d+$/);
    await expect.poll(async () => (await page.getByTestId('operator-row').allTextContents()).every((r) => r.includes('Bom Preço Moema'))).toBe(true);
    expect(await body()).toContain('Operadores da loja Bom Preço Moema.');
    await choose(page, page.getByRole('textbox', { name: 'Função', exact: true }).or(page.getByRole('combobox', { name: 'Função', exact: true })).first(), 'Entregador');
    await expect.poll(() => new URL(page.url()).searchParams.get('role')).toBe('deliverer');
    await expect.poll(async () => (await page.getByTestId('operator-role').allTextContents()).every((r) => r === 'Entregador')).toBe(true);
    await expect.poll(() => rows().count()).toBe(2);
  });

  it('adds a deliverer and lands on /operators/list with the server’s message', async () => {
    await page.getByRole('link', { name: 'Novo operador' }).click();
    await expect.poll(path).toBe('/operators/new');
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Novo operador');
    // Opened from Moema's list: that store comes chosen.
    await expect.poll(() => page.getByTestId('operator-form').textContent()).toContain('Bom Preço Moema');

    await page.getByRole('button', { name: 'Adicionar operador' }).click();
    await expect.poll(body).toContain('Escolha a função.');
    expect(await body()).toContain('Informe o CPF.');

    await page.getByLabel(/^Nome/).fill(name);
    await page.getByLabel(/^CPF/).pressSequentially(newCpf);
    expect(await page.getByLabel(/^CPF/).inputValue()).toBe(`${newCpf.slice(0, 3)}.${newCpf.slice(3, 6)}.${newCpf.slice(6, 9)}-${newCpf.slice(9)}`);
    await page.getByLabel(/^Telefone/).pressSequentially('11987001234');
    expect(await page.getByLabel(/^Telefone/).inputValue()).toBe('(11) 98700-1234');
    await page.getByLabel(/^E-mail/).fill(`vanessa.${suffix}@bompreco.com.br`);
    expect(await page.getByTestId('operator-vehicle').count()).toBe(0);
    await choose(page, page.getByRole('textbox', { name: 'Função', exact: false }).or(page.getByRole('combobox', { name: /^Função/ })).first(), 'Entregador');
    await page.getByTestId('operator-vehicle').waitFor();
    await choose(page, page.getByRole('textbox', { name: /^Tipo de veículo/ }).or(page.getByRole('combobox', { name: /^Tipo de veículo/ })).first(), 'Moto');
    await page.getByLabel(/^Placa/).fill('bra-2e19');
    expect(await page.getByLabel(/^Placa/).inputValue()).toBe('BRA2E19');
    await page.getByRole('combobox', { name: /^Lojas/ }).click();
    await page.getByRole('option', { name: /^Bom Preço Pinheiros/ }).click();
    await page.keyboard.press('Escape');
    await dismissToasts(page);
    await screenshot(page, 'operators-new-desktop');

    await page.getByRole('button', { name: 'Adicionar operador' }).click();
    await expect.poll(body).toContain('Operador adicionado com sucesso!');
    await expect.poll(path).toMatch(/^\/operators\/list\/?$/);
    const added = await row(name).textContent();
    expect(added).toContain('Entregador');
    expect(added).toContain('Bom Preço Moema, Bom Preço Pinheiros');
    expect(added).toContain('(11) 98700-1234');
    expect(added).toContain('Moto · BRA2E19');
  });

  it('refuses the same CPF again with the server’s text', async () => {
    await page.goto(`${base}/operators/new`);
    await page.getByLabel(/^Nome/).fill('Outra Pessoa');
    await page.getByLabel(/^CPF/).pressSequentially(newCpf);
    await choose(page, page.getByRole('textbox', { name: /^Função/ }).or(page.getByRole('combobox', { name: /^Função/ })).first(), 'Separador');
    await page.getByRole('combobox', { name: /^Lojas/ }).click();
    await page.getByRole('option', { name: /^Bom Preço Tatuapé/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Adicionar operador' }).click();
    await page.getByTestId('operator-form-error').waitFor();
    expect(await page.getByTestId('operator-form-error').textContent()).toMatch(/CPF/);
    expect(path()).toBe('/operators/new');
  });

  it('edits the operator and lands on the list with "Operador atualizado com sucesso!"', async () => {
    await page.goto(`${base}/operators/list/?search=${encodeURIComponent(name)}`);
    await row(name).getByRole('link', { name: `Editar operador: ${name}` }).click();
    await expect.poll(path).toMatch(/^\/operators\/edit\/\d+$/);
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue()).toBe(name);
    expect(await page.getByLabel(/^Telefone/).inputValue()).toBe('(11) 98700-1234');
    expect(await page.getByLabel(/^Placa/).inputValue()).toBe('BRA2E19');
    await dismissToasts(page);
    await screenshot(page, 'operators-edit-desktop');

    await page.getByLabel(/^Nome/).fill(renamed);
    await choose(page, page.getByRole('textbox', { name: /^Função/ }).or(page.getByRole('combobox', { name: /^Função/ })).first(), 'Gerente de loja');
    expect(await page.getByTestId('operator-vehicle').count()).toBe(0);
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect.poll(body).toContain('Operador atualizado com sucesso!');
    await expect.poll(path).toMatch(/^\/operators\/list\/?$/);
    const edited = await row(renamed).textContent();
    expect(edited).toContain('Gerente de loja');
    expect(edited).not.toContain('Moto');
  });

  it('deletes it after the confirmation, with "Operador removido com sucesso!"', async () => {
    await page.goto(`${base}/operators/list/?search=${encodeURIComponent(renamed)}`);
    await row(renamed).getByRole('button', { name: `Excluir operador: ${renamed}` }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain(`Excluir ${renamed}?`);
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect.poll(body).toContain('Operador removido com sucesso!');
    await expect.poll(() => row(renamed).count()).toBe(0);
    await expect.poll(body).toContain('Nenhum operador encontrado');
  });

  it('lands on the list with the error when an operator cannot be loaded', async () => {
    await dismissToasts(page);
    await page.goto(`${base}/operators/edit/999999`);
    await expect.poll(path).toMatch(/^\/operators\/list\/?$/);
    await expect.poll(body).toContain('Operador não encontrado.');
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(12);
  });

  it('fits 1024 px', async () => {
    const narrow = await newPage(browser, 1024, 768);
    await signIn(narrow, base, 'admin@varejo.test', '/operators/list/');
    await expect.poll(() => narrow.getByTestId('operator-row').count()).toBeGreaterThanOrEqual(12);
    await screenshot(narrow, 'operators-list-1024');
    await narrow.goto(`${base}/operators/new`);
    await narrow.getByLabel(/^Nome/).waitFor();
    await choose(narrow, narrow.getByRole('textbox', { name: /^Função/ }).or(narrow.getByRole('combobox', { name: /^Função/ })).first(), 'Entregador');
    await narrow.getByTestId('operator-vehicle').waitFor();
    await screenshot(narrow, 'operators-new-1024');
    await narrow.goto(`${base}/operators/list/?search=${encodeURIComponent('Rafael Souza')}`);
    await narrow.getByRole('link', { name: 'Editar operador: Rafael Souza Santos' }).click();
    await expect.poll(() => narrow.getByLabel(/^Nome/).inputValue()).toBe('Rafael Souza Santos');
    await screenshot(narrow, 'operators-edit-1024');
    await narrow.context().close();
  });
});
