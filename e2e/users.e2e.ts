import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { choose, launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

describe('users and profile screens', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/users/list');
  });
  afterAll(() => browser?.close());

  const rows = () => page.locator('tbody tr');

  it('lists the account’s users and filters them through the URL', async () => {
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(5);
    expect(await page.locator('tbody').textContent()).not.toContain('gestor@marca.test');
    await screenshot(page, 'users-list-desktop');

    await page.getByLabel('Nome').fill('juliana');
    await expect.poll(() => new URL(page.url()).searchParams.get('name')).toBe('juliana');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('juliana.alves@varejo.test');
    expect(new URL(page.url()).searchParams.get('page') ?? '1').toBe('1');

    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await choose(page, page.getByLabel(/^Perfil/).first(), 'Gestor');
    await expect.poll(() => new URL(page.url()).searchParams.get('role')).toBe('manager');
    await expect.poll(async () => (await rows().allTextContents()).every((r) => r.includes('Gestor'))).toBe(true);
    expect(await rows().count()).toBe(3);
  });

  it('invites a user, who then appears as a pending invite', async () => {
    await page.goto(`${base}/users/list`);
    await page.getByRole('link', { name: 'Convidar usuário' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/users/new');
    // The URL changes before the lazy route renders: until the form is there, "Nome" is still the list's filter.
    await page.getByRole('button', { name: 'Enviar convite' }).waitFor();
    await choose(page, page.getByLabel(/^Perfil/).first(), 'Operador');
    // On a loaded machine a late render of the lazy route can drop what was typed first: type until it stays.
    const typed = async (label: RegExp, value: string) => {
      const input = page.getByRole('textbox', { name: label });
      await expect
        .poll(async () => {
          if ((await input.inputValue()) !== value) await input.fill(value);
          return input.inputValue();
        })
        .toBe(value);
    };
    await typed(/^Nome/, 'Fernanda Ribeiro');
    await typed(/^E-mail/, 'fernanda.ribeiro@varejo.test');
    await typed(/^Nome/, 'Fernanda Ribeiro');
    await screenshot(page, 'users-new-desktop');
    await page.getByRole('button', { name: 'Enviar convite' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/users/list');
    await expect.poll(() => page.textContent('body')).toContain('Convite enviado para fernanda.ribeiro@varejo.test');
    const row = page.locator('tbody tr', { hasText: 'fernanda.ribeiro@varejo.test' });
    await expect.poll(() => row.textContent()).toContain('Convite pendente');

    await row.getByRole('button', { name: /^Reenviar convite/ }).click();
    await screenshot(page, 'users-resend-confirm-desktop');
    await page.getByRole('dialog').getByRole('button', { name: 'Reenviar convite' }).click();
    await expect.poll(() => page.textContent('body')).toContain('Convite reenviado com sucesso.');
  });

  it('edits a user’s role', async () => {
    await page.goto(`${base}/users/list?email=beatriz`);
    const row = page.locator('tbody tr', { hasText: 'beatriz.rocha@varejo.test' });
    await row.getByRole('link', { name: /^Editar usuário/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/users\/edit\/\d+$/);
    await page.getByRole('button', { name: 'Salvar' }).waitFor();
    await choose(page, page.getByLabel(/^Perfil/).first(), 'Operador');
    await screenshot(page, 'users-edit-desktop');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => page.textContent('body')).toContain('alterado para Operador');
  });

  it('shows the profile page, at desktop and 1024 px', async () => {
    await page.goto(`${base}/config/profile`);
    await expect.poll(() => page.getByRole('textbox', { name: /^E-mail/ }).inputValue()).toBe('admin@varejo.test');
    await screenshot(page, 'profile-desktop');
    const narrow = await newPage(browser, 1024, 768);
    await signIn(narrow, base, 'admin@varejo.test', '/config/profile');
    await expect.poll(() => narrow.getByRole('textbox', { name: /^E-mail/ }).inputValue()).toBe('admin@varejo.test');
    await screenshot(narrow, 'profile-1024');
    await narrow.goto(`${base}/users/list`);
    await expect.poll(() => narrow.locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(narrow, 'users-list-1024');
    await narrow.context().close();
  });
});
