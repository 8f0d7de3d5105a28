import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, dismissToasts, launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

describe('stores screens', () => {
  const base = inject('baseUrl');
  const name = `Bom Preço Teodoro ${Date.now() % 100000}`;
  let browser: Browser;
  let page: Page;
  let storeId = '';
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/locations/list');
  });
  afterAll(() => browser?.close());

  const row = (store: string) => page.getByTestId('location-row').filter({ has: page.getByRole('link', { name: store, exact: true }) });
  const body = () => page.textContent('body');
  const pathname = () => new URL(page.url()).pathname;
  /** Types until the value stays: a late render of a lazy route can drop what was typed first. */
  /** A choice of the delivery-type segmented control (its radios are visually hidden behind their labels). */
  const deliveryType = (label: string) => page.locator('.mantine-SegmentedControl-root').getByText(label, { exact: true }).click();
  const typed = async (label: string | RegExp, value: string) => {
    const input = page.getByRole('textbox', { name: label });
    await expect
      .poll(async () => {
        if ((await input.inputValue()) !== value) await input.fill(value);
        return input.inputValue();
      })
      .toBe(value);
  };

  it('lists the seeded stores and searches them by city', async () => {
    await expect.poll(() => page.getByTestId('location-row').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('tbody').textContent()).toContain('São Paulo/SP');
    await dismissToasts(page);
    await screenshot(page, 'locations-list-desktop');

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Campinas');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('Campinas');
    await expect.poll(async () => (await page.getByTestId('location-row').allTextContents()).every((r) => r.includes('Campinas'))).toBe(true);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('nenhuma loja com este nome');
    await expect.poll(body).toContain('Nenhuma loja encontrada.');
  });

  it('refuses to delete a store still in use, in the server’s words, and links to its regions and slots', async () => {
    await page.goto(`${base}/locations/list?search=Pinheiros`);
    const pinheiros = 'Bom Preço Pinheiros';
    await row(pinheiros).getByRole('button', { name: `Excluir: ${pinheiros}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(body).toMatch(/A loja "Bom Preço Pinheiros" não pode ser excluída: ainda é usada por .+\./);
    await page.getByRole('dialog').getByRole('button', { name: 'Voltar' }).click();
    await dismissToasts(page);
    expect(await row(pinheiros).count()).toBe(1);

    await row(pinheiros).getByRole('link', { name: `Regiões de entrega: ${pinheiros}` }).click();
    await expect.poll(pathname).toMatch(/^\/logistic\/\d+\/regions$/);
    await page.goBack();
    await row(pinheiros).getByRole('link', { name: `Janelas de horário: ${pinheiros}` }).click();
    await expect.poll(pathname).toMatch(/^\/logistic\/slots\/delivery\/\d+\/?$/);
  });

  it('creates a store from its CEP: the address is filled and the pin placed', async () => {
    await page.goto(`${base}/locations/list`);
    await page.getByRole('link', { name: 'Nova loja' }).click();
    await expect.poll(pathname).toBe('/locations/new');
    await page.getByRole('button', { name: 'Criar loja' }).waitFor();
    expect(await page.getByTestId('location-coordinates').textContent()).toBe('Sem localização');

    await typed(/^Nome/, name);
    await typed(/^CNPJ/, '11.222.333/0001-81');
    await typed(/^Telefone/, '(11) 3030-4040');
    await page.getByRole('textbox', { name: /^CEP/ }).fill('05422001');
    await expect.poll(() => page.getByRole('textbox', { name: /^CEP/ }).inputValue()).toBe('05422-001');
    await expect.poll(() => page.getByRole('textbox', { name: /^Bairro/ }).inputValue()).toBe('Pinheiros');
    expect(await page.getByRole('textbox', { name: /^Cidade/ }).inputValue()).toBe('São Paulo');
    expect(await page.getByRole('textbox', { name: /^Logradouro/ }).inputValue()).not.toBe('');
    await expect.poll(() => page.getByTestId('location-coordinates').textContent()).toMatch(/^Lat -23,\d{6} · Lng -46,\d{6}$/);
    await page.locator('.leaflet-marker-icon').waitFor();
    expect(await page.locator('.leaflet-marker-icon').evaluate((img) => [(img as HTMLImageElement).width, (img as HTMLImageElement).height])).toEqual([25, 41]);

    // Clicking the map moves the pin.
    const before = await page.getByTestId('location-coordinates').textContent();
    const map = page.getByRole('region', { name: 'Mapa da localização da loja' });
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40);
    await expect.poll(() => page.getByTestId('location-coordinates').textContent()).not.toBe(before);

    await typed(/^Número/, '1500');
    await page.getByRole('switch', { name: 'Aberta na Domingo' }).uncheck({ force: true });
    await page.getByRole('spinbutton', { name: 'Fechamento na Sábado: horas' }).fill('20');
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Fechamento na Sábado: minutos' }).inputValue()).toBe('00');
    await deliveryType('Entrega');
    await typed(/^Capacidade de separação/, '35');
    await dismissToasts(page);
    await screenshot(page, 'locations-new-desktop');

    await page.getByRole('button', { name: 'Criar loja' }).click();
    await expect.poll(body).toContain('Loja criada com sucesso.');
    await expect.poll(pathname).toBe('/locations/list');
    await expect.poll(() => row(name).count()).toBe(1);
    expect(await row(name).textContent()).toContain('São Paulo/SP');
    expect(await row(name).getByTestId('location-delivery-type').textContent()).toBe('Entrega');
    storeId = new URL((await row(name).getByRole('link', { name, exact: true }).getAttribute('href'))!, base).pathname.split('/').pop()!;
  });

  it('edits the store', async () => {
    await row(name).getByRole('link', { name: `Editar: ${name}` }).click();
    await expect.poll(pathname).toBe(`/locations/edit/${storeId}`);
    await expect.poll(() => page.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe(name);
    expect(await page.getByRole('textbox', { name: /^CNPJ/ }).inputValue()).toBe('11.222.333/0001-81');
    expect(await page.getByRole('textbox', { name: /^CEP/ }).inputValue()).toBe('05422-001');
    expect(await page.getByRole('switch', { name: 'Aberta na Domingo' }).isChecked()).toBe(false);
    expect(await page.getByRole('spinbutton', { name: 'Fechamento na Sábado: horas' }).inputValue()).toBe('20');
    await typed(/^Complemento/, 'Loja 2');
    await deliveryType('Entrega e retirada');
    await dismissToasts(page);
    await screenshot(page, 'locations-edit-desktop');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect.poll(body).toContain('Loja atualizada com sucesso.');
    await expect.poll(pathname).toBe('/locations/list');
    await expect.poll(() => row(name).getByTestId('location-delivery-type').textContent()).toBe('Entrega e retirada');
  });

  it('links a user of the account to the store', async () => {
    await row(name).getByRole('link', { name: `Usuários: ${name}` }).click();
    await expect.poll(pathname).toBe(`/locations/users/${storeId}`);
    await expect.poll(body).toContain('Nenhum usuário vinculado a esta loja.');
    await dismissToasts(page);
    await screenshot(page, 'locations-users-empty-desktop');

    await choose(page, page.getByRole('textbox', { name: 'Adicionar usuário da conta' }).or(page.getByRole('combobox', { name: 'Adicionar usuário da conta' })).first(), 'Beatriz Rocha (beatriz.rocha@varejo.test)');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect.poll(body).toContain('Usuário vinculado à loja.');
    await expect.poll(() => page.getByTestId('location-user-row').count()).toBe(1);
    expect(await page.getByTestId('location-user-row').textContent()).toContain('beatriz.rocha@varejo.test');
    await dismissToasts(page);
    await screenshot(page, 'locations-users-desktop');
  });

  it('fits 1024 px', async () => {
    const narrow = await newPage(browser, 1024, 768);
    await signIn(narrow, base, 'admin@varejo.test', '/locations/list');
    await expect.poll(() => narrow.getByTestId('location-row').count()).toBeGreaterThanOrEqual(3);
    await screenshot(narrow, 'locations-list-1024');
    await narrow.goto(`${base}/locations/edit/${storeId}`);
    await expect.poll(() => narrow.getByRole('textbox', { name: /^Nome/ }).inputValue()).toBe(name);
    await narrow.locator('.leaflet-marker-icon').waitFor();
    await screenshot(narrow, 'locations-edit-1024');
    await narrow.goto(`${base}/locations/users/${storeId}`);
    await expect.poll(() => narrow.getByTestId('location-user-row').count()).toBe(1);
    await screenshot(narrow, 'locations-users-1024');
    await narrow.context().close();
  });

  it('removes the user and deletes the store after confirming', async () => {
    await page.getByRole('button', { name: 'Remover da loja: Beatriz Rocha' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await expect.poll(body).toContain('Usuário removido da loja.');
    await expect.poll(body).toContain('Nenhum usuário vinculado a esta loja.');

    await page.goto(`${base}/locations/list`);
    await row(name).getByRole('button', { name: `Excluir: ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(body).toContain('Loja excluída com sucesso!');
    await expect.poll(() => row(name).count()).toBe(0);
  });
});
