import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, screenshot } from './browser.ts';
import { expiredToken, menuKeys, newPage, signIn } from './session.ts';

const GROCERY_TOP = ['dashboard', 'orders', 'shopping-carts', 'chats', 'analytics', 'messaging', 'products', 'retail-media', 'promotional', 'locations', 'logistic', 'customers', 'financial', 'operators', 'users', 'config'];

describe('web shell', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it.each([
    ['admin@varejo.test', 'grocery-admin', GROCERY_TOP, []],
    ['operador@varejo.test', 'grocery-operator', ['dashboard', 'orders', 'shopping-carts', 'chats', 'products', 'customers', 'config'], ['retail-media', 'users', 'financial']],
    ['gestor@marca.test', 'industry', ['dashboard', 'retail-media', 'kpi', 'sell-out', 'stock', 'consumers', 'users', 'config'], ['orders', 'promotional', 'rm-review']],
    ['admin@parceiro.test', 'white-label', ['retail-media', 'users', 'config', 'rm-subpublishers', 'rm-review'], ['dashboard', 'orders', 'rm-publishers', 'rm-tester', 'kpi']],
  ])('signs in as %s and shows that account’s menu', async (email, name, present, absent) => {
    const page = await newPage(browser);
    await signIn(page, base, email, '/login');
    await expect.poll(() => page.url()).toBe(`${base}/`);
    // Sub-items render once the account's access modules arrive: wait for them, then check the whole menu.
    await expect.poll(() => menuKeys(page), { message: `menu of ${email}` }).toEqual(expect.arrayContaining(present));
    const keys = await menuKeys(page);
    for (const key of absent) expect(keys, `menu of ${email}`).not.toContain(key);
    await screenshot(page, `home-${name}-desktop`);
    await page.context().close();
  });

  it('shows the home dashboard’s sample cards and chart', async () => {
    const page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
    const main = page.locator('main');
    await expect.poll(() => main.textContent()).toContain('Anunciantes ativos');
    const text = (await main.textContent()) ?? '';
    expect(text).toContain('150');
    expect(text).toContain('956');
    expect(text).toContain('Receita de anúncios');
    expect(text).toContain('Receita de vendas');
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('sends a signed-out deep link through /login?callback_url= and back', async () => {
    const page = await newPage(browser);
    await page.goto(`${base}/users/list?role=manager&name=ju`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('callback_url')).toBe('/users/list?role=manager&name=ju');
    await screenshot(page, 'login-callback-desktop');
    await signIn(page, base, 'admin@varejo.test');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/users/list');
    expect(new URL(page.url()).searchParams.get('role')).toBe('manager');
    expect(new URL(page.url()).searchParams.get('name')).toBe('ju');
    await page.context().close();
  });

  it('shows the not-found page inside the layout for unknown paths', async () => {
    const page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/rota/que/nao/existe');
    await expect.poll(() => page.locator('main').textContent()).toContain('Página não encontrada');
    expect(await page.getByTestId('sidebar-menu').isVisible()).toBe(true);
    await screenshot(page, 'not-found-desktop');
    await page.context().close();
  });

  it('on a 401 mid-session clears the session, says so and goes to /login', async () => {
    const page = await newPage(browser);
    await signIn(page, base, 'juliana.alves@varejo.test', '/login');
    // The session's token expires while the page is open (signed with the server's secret).
    await page.evaluate((token) => {
      const stored = JSON.parse(localStorage.getItem('bo:account')!);
      localStorage.setItem('bo:account', JSON.stringify({ ...stored, token }));
    }, expiredToken(2, 1));
    await page.goto(`${base}/users/list`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/login');
    expect(new URL(page.url()).searchParams.get('callback_url')).toBe('/users/list');
    await expect.poll(() => page.textContent('body')).toContain('Sua sessão expirou');
    expect(await page.evaluate(() => localStorage.getItem('bo:account'))).toBeNull();
    await screenshot(page, 'session-expired-desktop');
    await page.context().close();
  });

  it('switches account from the top bar and reloads at / with the new account', async () => {
    const page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
    await page.getByTestId('account-switcher').click();
    await screenshot(page, 'account-switcher-desktop');
    await page.getByRole('menuitem', { name: 'Bom Preço Atacado' }).click();
    await expect.poll(() => page.getByTestId('account-switcher').textContent(), { timeout: 15_000 }).toContain('Bom Preço Atacado');
    expect(new URL(page.url()).pathname).toBe('/');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('bo:account') ?? '{}'));
    expect(stored.account.name).toBe('Bom Preço Atacado');
    expect(await menuKeys(page)).not.toContain('retail-media');
    await page.context().close();
  });

  it('uses the mobile layout at 1024 px: menu behind the burger', async () => {
    const page = await newPage(browser, 1024, 768);
    await signIn(page, base, 'admin@varejo.test', '/login');
    const burger = page.getByRole('button', { name: 'Abrir ou fechar o menu' });
    const navbarRight = async () => {
      const box = await page.locator('.mantine-AppShell-navbar').boundingBox();
      return box ? box.x + box.width : 0;
    };
    await screenshot(page, 'home-1024');
    expect(await burger.isVisible()).toBe(true);
    await expect.poll(navbarRight).toBeLessThanOrEqual(0);
    await burger.click();
    await expect.poll(navbarRight).toBeGreaterThan(200);
    await screenshot(page, 'menu-open-1024');
    await page.context().close();
  });

  it('logs out: stored state cleared, back at /login', async () => {
    const page = await newPage(browser);
    await signIn(page, base, 'gestor@marca.test', '/login');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('bo:')))).toEqual([]);
    await page.context().close();
  });
});
