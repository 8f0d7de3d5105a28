import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { dismissToasts, launch, screenshot } from './browser.ts';
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

describe('customers screens', () => {
  const base = inject('baseUrl');
  const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
  const name = `Conceição Araújo ${suffix}`;
  const newCpf = cpf(`418${suffix}`);
  const maskedCpf = `${newCpf.slice(0, 3)}.${newCpf.slice(3, 6)}.${newCpf.slice(6, 9)}-${newCpf.slice(9)}`;
  const phone = `1196${suffix.slice(0, 3)}${suffix.slice(3)}0`.slice(0, 11);
  let browser: Browser;
  let page: Page;
  let editPath = '';
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/customers/list');
  });
  afterAll(() => browser?.close());

  const rows = () => page.getByTestId('customer-row');
  const body = () => page.textContent('body');
  const path = () => new URL(page.url()).pathname;
  const save = (label: string) => page.getByRole('button', { name: label });

  it('lists the seeded customers, 50 a page, with CPF and phone formatted', async () => {
    await expect.poll(() => rows().count()).toBe(50);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Clientes');
    const first = (await rows().first().textContent()) ?? '';
    expect(first).toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}/);
    expect(first).toMatch(/\(\d{2}\) 9\d{4}-\d{4}/);
    await expect.poll(body).toMatch(/\d+ clientes/);
    await dismissToasts(page);
    await screenshot(page, 'customers-list-desktop');
  });

  it('creates a customer with CPF, phone and an address from its CEP: "Cliente criado com sucesso"', async () => {
    await page.getByRole('link', { name: 'Novo cliente' }).click();
    await expect.poll(path).toBe('/customers/create');
    await save('Cadastrar cliente').waitFor();
    await page.getByLabel(/^Nome/).fill(name);
    await page.getByLabel(/^CPF/).pressSequentially(newCpf);
    expect(await page.getByLabel(/^CPF/).inputValue()).toBe(maskedCpf);
    await page.getByLabel(/^Celular/).pressSequentially(phone);
    expect(await page.getByLabel(/^Celular/).inputValue()).toBe(`(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`);
    await page.getByLabel(/^E-mail/).fill(`conceicao.${suffix}@exemplo.com.br`);
    await page.getByRole('combobox', { name: 'Etiquetas' }).fill('vip');
    await page.keyboard.press('Enter');
    await page.getByRole('switch', { name: /^Aceita receber mensagens/ }).check({ force: true });

    await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    const address = page.getByTestId('customer-address');
    await address.getByRole('textbox', { name: /^CEP/ }).fill('05422001');
    await expect.poll(() => address.getByRole('textbox', { name: /^CEP/ }).inputValue()).toBe('05422-001');
    await expect.poll(() => address.getByRole('textbox', { name: /^Rua/ }).inputValue()).toBe('Rua dos Pinheiros');
    expect(await address.getByRole('textbox', { name: /^Bairro/ }).inputValue()).toBe('Pinheiros');
    expect(await address.getByRole('textbox', { name: /^Cidade/ }).inputValue()).toBe('São Paulo');
    await address.getByRole('textbox', { name: /^Número/ }).fill('1500');
    await dismissToasts(page);
    await screenshot(page, 'customers-form-desktop');

    await save('Cadastrar cliente').click();
    await expect.poll(body).toContain('Cliente criado com sucesso');
    await expect.poll(path).toMatch(/^\/customers\/edit\/\d+$/);
    editPath = path();
    // After the save: the address geocoded, on the map, with the store (or none) that serves it.
    const served = page.getByTestId('customer-served-address');
    await expect.poll(() => served.count()).toBe(1);
    expect(await served.textContent()).toMatch(/-23\.\d{5}, -46\.\d{5}/);
    expect(await served.textContent()).toMatch(/Atendido pela loja|Nenhuma loja entrega/);
    await page.getByTestId('customer-service-map').locator('.leaflet-marker-icon').waitFor();
    expect(await page.getByRole('link', { name: 'Montar carrinho' }).getAttribute('href')).toBe(`/shopping-carts/generate/${editPath.split('/').pop()}`);
  });

  it('refuses the same CPF again, at the CPF field, in the server’s words', async () => {
    await page.goto(`${base}/customers/create`);
    await page.getByLabel(/^Nome/).fill('Outra Pessoa');
    await page.getByLabel(/^CPF/).pressSequentially(newCpf);
    await save('Cadastrar cliente').click();
    await expect.poll(() => page.getByLabel(/^CPF/).getAttribute('aria-invalid')).toBe('true');
    expect(await body()).toContain('Já existe um cliente com este CPF.');
    expect(path()).toBe('/customers/create');
  });

  it('edits the customer: "Cliente atualizado com sucesso", and the LGPD card records it', async () => {
    await page.goto(`${base}${editPath}`);
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue()).toBe(name);
    expect(await page.getByLabel(/^CPF/).inputValue()).toBe(maskedCpf);
    await page.getByLabel(/^Observações/).fill('Prefere entrega no fim da tarde.');
    await save('Salvar alterações').click();
    await expect.poll(body).toContain('Cliente atualizado com sucesso');
    expect(path()).toBe(editPath);
    const privacy = page.getByTestId('customer-privacy');
    await expect.poll(() => privacy.getByTestId('customer-audit-entry').count()).toBeGreaterThanOrEqual(2);
    const trail = (await privacy.getByTestId('customer-audit').textContent()) ?? '';
    expect(trail).toContain('Cadastro');
    expect(trail).toContain('Alteração');
    expect(trail).toContain('Observações');
    await dismissToasts(page);
    await screenshot(page, 'customers-edit-desktop');
  });

  it('finds the customer by a search typed without accents, kept in the URL', async () => {
    await page.goto(`${base}/customers/list`);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(`conceicao araujo ${suffix}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(`conceicao araujo ${suffix}`);
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain(name);
    // By CPF, punctuated or not, too.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(maskedCpf);
    // The search reaches the URL after typing pauses: opening a row before that would be undone by it.
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(maskedCpf);
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain(name);
    await rows().first().click();
    await expect.poll(path).toBe(editPath);
  });

  it('exports the data as JSON and anonymises after a confirmation: then the customer is read-only', async () => {
    await page.goto(`${base}${editPath}`);
    const privacy = page.getByTestId('customer-privacy');
    await privacy.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), privacy.getByRole('button', { name: 'Exportar dados' }).click()]);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { customer: { name: string; cpf: string } };
    expect(exported.customer).toMatchObject({ name, cpf: newCpf });

    await privacy.getByRole('button', { name: 'Anonimizar cliente' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('Esta ação não pode ser desfeita.');
    await dialog.getByRole('button', { name: 'Anonimizar', exact: true }).click();
    await page.getByTestId('customer-anonymized').waitFor();
    await expect.poll(() => save('Salvar alterações').count()).toBe(0);
    expect(await page.getByLabel(/^CPF/).inputValue()).toBe('');
    expect(await page.getByLabel(/^Nome/).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('link', { name: 'Montar carrinho' }).count()).toBe(0);
    await expect.poll(() => privacy.getByTestId('customer-audit').textContent()).toContain('Anonimização');
  });

  it('shows the dashboard: KPI cards, new vs returning per day, customers by store, top spenders', async () => {
    await page.goto(`${base}/customers/dashboard`);
    await expect.poll(() => page.getByTestId('customers-kpi').count()).toBe(5);
    await page.getByTestId('customers-per-day-chart').locator('.recharts-surface').first().waitFor();
    await page.getByTestId('customers-by-store-chart').locator('.recharts-surface').first().waitFor();
    expect(await page.getByTestId('customers-top').textContent()).toContain('até existirem pedidos');
    expect(await page.getByTestId('customers-kpi').first().textContent()).toContain('Novos clientes');
    await dismissToasts(page);
    await screenshot(page, 'customers-dashboard-desktop');
  });

  it('fits 1024 px', async () => {
    const narrow = await newPage(browser, 1024, 768);
    await signIn(narrow, base, 'admin@varejo.test', '/customers/list');
    await expect.poll(() => narrow.getByTestId('customer-row').count()).toBe(50);
    await screenshot(narrow, 'customers-list-1024');
    await narrow.getByRole('link', { name: 'Novo cliente' }).click();
    await narrow.getByRole('button', { name: 'Adicionar endereço' }).click();
    await narrow.getByTestId('customer-address').waitFor();
    await screenshot(narrow, 'customers-form-1024');
    await narrow.goto(`${base}/customers/list`);
    await narrow.getByTestId('customer-row').first().click();
    await narrow.getByTestId('customer-privacy').getByTestId('customer-audit').waitFor();
    await screenshot(narrow, 'customers-edit-1024');
    await narrow.goto(`${base}/customers/dashboard`);
    await narrow.getByTestId('customers-per-day-chart').locator('.recharts-surface').first().waitFor();
    await screenshot(narrow, 'customers-dashboard-1024');
    await narrow.context().close();
  });
});
