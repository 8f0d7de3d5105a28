import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissToasts, launch, screenshot } from './browser.ts';
import { apiCaller, apiToken, newPage, signIn } from './session.ts';

/**
 * Issue 22's chats with two browsers: a customer writes in the WhatsApp simulator (staff acting as
 * the customer), the bot greets and collects the shopping list; an attendant (another context)
 * sees the chat arrive live, builds and sends the cart link, and transfers the chat after the
 * confirmation step with from/to. Screenshots of every chats screen at 1366 and 1024 px.
 */
describe('chats: simulator customer, bot, attendant, cart link and transfer', () => {
  const base = inject('baseUrl');
  const stamp = Date.now().toString(36);
  const customerName = `Cliente Simulado ${stamp}`;
  const phoneDigits = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const LIST = ['2 kg de arroz tipo 1', '1 kg de feijão carioca', '1 kg de açúcar refinado'].join('\n');
  let browser: Browser;
  let customer: Page;
  let agent: Page;
  let agentToken = '';
  let chatPath = '';
  let cartId = 0;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${agentToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  }

  /** Both widths of a screen: 1366 px, then 1024 px (the mobile layout's edge), back to 1366. */
  async function pictures(page: Page, name: string) {
    await dismissToasts(page);
    await screenshot(page, `${name}-desktop`);
    await page.setViewportSize({ width: 1024, height: 860 });
    await page.waitForTimeout(400);
    await screenshot(page, `${name}-1024`);
    await page.setViewportSize({ width: 1366, height: 860 });
  }

  const simText = () => customer.getByTestId('sim-thread').innerText();
  async function customerSays(text: string) {
    const mine = customer.locator('[data-testid=sim-message][data-direction=in]');
    const before = await mine.count();
    await customer.getByTestId('sim-input').fill(text);
    await customer.getByTestId('sim-input').press('Enter');
    await expect.poll(() => customer.getByTestId('sim-input').inputValue(), { timeout: 20_000 }).toBe('');
    await expect.poll(() => mine.count(), { timeout: 20_000 }).toBeGreaterThan(before);
  }

  // The store a new customer's chat goes to (the account's first): open all day while these tests run,
  // so the bot greets with its menu at any hour (outside the seeded hours it would answer that the store is closed).
  let adminToken = '';
  const admin = apiCaller(base, () => adminToken);
  let firstStore: Record<string, unknown> | undefined;
  const storeBody = (s: Record<string, unknown>, openingHours: unknown) => {
    const { created_at: _created, updated_at: _updated, ...fields } = s;
    return { ...fields, opening_hours: openingHours };
  };

  beforeAll(async () => {
    adminToken = await apiToken(base, 'admin@varejo.test');
    const { data: stores } = await admin<{ data: Array<{ id: number; active: boolean }> }>('GET', '/api/location/minified');
    const first = Math.min(...stores.filter((st) => st.active).map((st) => st.id));
    firstStore = await admin('GET', `/api/location/${first}`);
    await admin('PUT', '/api/location/', storeBody(firstStore, []));
    browser = await launch();
    customer = await newPage(browser);
    agent = await newPage(browser);
    // Juliana Alves (manager) attends; Ana Paula Souza (admin) acts as the customer in the simulator.
    await signIn(customer, base, 'admin@varejo.test', '/login');
    await signIn(agent, base, 'juliana.alves@varejo.test', '/login');
    agentToken = await apiToken(base, 'juliana.alves@varejo.test');
  });
  afterAll(async () => {
    if (firstStore) await admin('PUT', '/api/location/', storeBody(firstStore, firstStore.opening_hours));
    await browser?.close();
  });

  it('the attendant is online and waits on the inbox, filtered by the customer', async () => {
    await agent.goto(`${base}/chats/attendants`);
    await agent.getByTestId('my-status').waitFor();
    const toggle = agent.getByRole('switch', { name: 'Meu status de atendimento' });
    if (!(await toggle.isChecked())) await toggle.click({ force: true });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await agent.getByTestId('attendant-row').first().waitFor();
    await pictures(agent, 'chats-attendants');

    await agent.goto(`${base}/chats?search=${encodeURIComponent(customerName)}`);
    await agent.getByTestId('chats-list').or(agent.getByText('Nenhuma conversa encontrada.')).waitFor();
    expect(await agent.getByTestId('chat-row').filter({ hasText: customerName }).count()).toBe(0);
  });

  it('the customer writes in the simulator; the bot greets, shows the menu and collects the list', async () => {
    await customer.goto(`${base}/chats/simulator`);
    await customer.getByLabel('Celular do cliente').fill(phoneDigits);
    await customer.getByLabel('Nome no WhatsApp').fill(customerName);
    await customer.getByRole('button', { name: 'Abrir conversa' }).click();
    await customer.getByTestId('simulator-phone').waitFor();
    await customer.getByText('Nenhuma mensagem ainda. Diga oi!').waitFor();

    await customerSays('Oi, boa tarde!');
    await expect.poll(simText, { timeout: 20_000 }).toContain('1 - Enviar minha lista de compras');
    await customerSays('1');
    await expect.poll(simText, { timeout: 20_000 }).toContain('Mande sua lista de compras');
    await customerSays(LIST);
    await expect.poll(simText, { timeout: 30_000 }).toMatch(/Recebemos sua lista com \d+ item/);
    await expect.poll(simText, { timeout: 20_000 }).toContain('Um de nossos atendentes');
    await pictures(customer, 'chats-simulator');
  });

  it('the chat reaches the attendant live, who takes it if the queue gave it to someone else', async () => {
    const row = agent.getByTestId('chat-row').filter({ hasText: customerName });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.getByTestId('chat-preview').innerText()).not.toBe('');
    await pictures(agent, 'chats-inbox');
    await agent.goto(`${base}/chats`);
    await agent.getByTestId('chat-row').first().waitFor();
    await pictures(agent, 'chats-inbox-all');

    await agent.goto(`${base}/chats?search=${encodeURIComponent(customerName)}`);
    await agent.getByTestId('chat-row').filter({ hasText: customerName }).click();
    await expect.poll(() => new URL(agent.url()).pathname).toMatch(/^\/chats\/\d+\/chat$/);
    chatPath = new URL(agent.url()).pathname;
    await expect.poll(() => agent.getByTestId('chat-message').count()).toBeGreaterThanOrEqual(6);
    expect(await agent.locator('[data-testid=chat-message][data-author=bot]').count()).toBeGreaterThanOrEqual(3);
    const take = agent.getByRole('button', { name: 'Assumir' });
    if (await take.isVisible()) await take.click();
    await expect.poll(() => agent.getByTestId('chat-attendant').innerText()).toContain('Juliana Alves');
  });

  it('writes to the customer, who sees it live and reads it (the ticks turn read)', async () => {
    const box = agent.getByRole('textbox', { name: 'Mensagem', exact: true });
    await box.fill('Olá! Sou a Juliana, vou montar o seu carrinho.');
    await box.press('Enter');
    const mine = agent.locator('[data-testid=chat-message][data-author=attendant]').last();
    await mine.waitFor();
    await expect.poll(simText, { timeout: 20_000 }).toContain('Sou a Juliana');
    await expect.poll(() => mine.getByTestId('delivery-ticks').getAttribute('data-delivery'), { timeout: 30_000 }).toBe('read');
  });

  it('builds the cart from the list, approves it, and sends its link into the conversation', async () => {
    await agent.getByRole('button', { name: 'Carrinho do cliente' }).click();
    const dialog = agent.getByRole('dialog');
    await dialog.getByText('Carrinhos do cliente').waitFor();
    const existing = dialog.getByTestId('chat-cart');
    if ((await existing.count()) === 0) {
      await dialog.getByRole('button', { name: 'Montar carrinho' }).click();
      await dialog.getByTestId('cart-generated').or(dialog.getByTestId('cart-generate-error')).waitFor({ timeout: 30_000 });
      await expect.poll(() => existing.count()).toBeGreaterThan(0);
    }
    await pictures(agent, 'chats-cart-dialog');
    cartId = Number(await existing.first().getAttribute('data-cart-id'));
    expect(cartId).toBeGreaterThan(0);

    // The review's choices (covered by the shopping-carts test) through its API: each ambiguous line
    // takes its best match, a line the store lacks goes, so the cart can be approved.
    type Item = { item_id: number };
    const cart = await call<{ version: number; groups: { pending: Item[]; stock_out: Item[] } }>('GET', `/shopping-cart/${cartId}`);
    const operations = [...cart.groups.pending.map((i) => ({ op: 'confirm', item_id: i.item_id })), ...cart.groups.stock_out.map((i) => ({ op: 'remove', item_id: i.item_id }))];
    if (operations.length) await call('PUT', `/api/shopping-cart/${cartId}`, { version: cart.version, operations });

    await agent.goto(`${base}/shopping-carts/review-bar/${cartId}`);
    await agent.getByRole('button', { name: 'Aprovar carrinho' }).click();
    await agent.getByText('Carrinho aprovado com sucesso').first().waitFor();

    await agent.goto(`${base}${chatPath}`);
    await agent.getByRole('button', { name: 'Carrinho do cliente' }).click();
    const row = agent.getByRole('dialog').locator(`[data-testid=chat-cart][data-cart-id="${cartId}"]`);
    await expect.poll(() => row.getAttribute('data-status')).toBe('approved');
    await row.getByRole('button', { name: 'Enviar link' }).click();
    await agent.getByRole('dialog').waitFor({ state: 'detached' });
    await agent.getByTestId('cart-link-card').last().waitFor();
    await expect.poll(simText, { timeout: 20_000 }).toMatch(/\/carrinho\//);
    await pictures(agent, 'chats-conversation');
    await pictures(customer, 'chats-simulator-cart-link');
  });

  it('transfers the chat: the current attendant is not offered; the confirmation shows from and to', async () => {
    await agent.getByRole('button', { name: 'Transferir' }).click();
    const dialog = agent.getByRole('dialog');
    await dialog.getByPlaceholder('Escolha o atendente').click();
    const options = agent.getByRole('option');
    await options.first().waitFor();
    const names = await options.allInnerTexts();
    expect(names.some((n) => n.startsWith('Juliana Alves'))).toBe(false);
    await agent.getByRole('option', { name: /^Ana Paula Souza/ }).click();
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.getByTestId('transfer-confirm').waitFor();
    expect(await dialog.getByTestId('transfer-from').innerText()).toContain('Juliana Alves');
    expect(await dialog.getByTestId('transfer-to').innerText()).toContain('Ana Paula Souza');
    expect(await dialog.getByRole('button', { name: 'Cancelar' }).isVisible()).toBe(true);
    await screenshot(agent, 'chats-transfer-confirm-desktop');
    await agent.setViewportSize({ width: 1024, height: 860 });
    await screenshot(agent, 'chats-transfer-confirm-1024');
    await agent.setViewportSize({ width: 1366, height: 860 });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => agent.getByTestId('chat-attendant').innerText()).toContain('Ana Paula Souza');
    // Now another attendant's chat: the composer says so.
    await agent.getByTestId('composer-disabled').waitFor();
  });

  it('shows the customer panel, the tags, templates and dashboards', async () => {
    const id = chatPath.split('/')[2];
    await agent.goto(`${base}/chats/${id}`);
    await agent.getByTestId('customer-panel').waitFor();
    expect(await agent.getByTestId('panel-customer').innerText()).toContain(customerName);
    await pictures(agent, 'chats-customer-panel');

    await agent.goto(`${base}/chats/tags`);
    await agent.getByTestId('tag-row').first().waitFor();
    await pictures(agent, 'chats-tags');

    await agent.goto(`${base}/chats/templates`);
    await agent.getByTestId('template-row').first().waitFor();
    await pictures(agent, 'chats-templates');

    await agent.goto(`${base}/chats/dashboard`);
    await agent.getByTestId('chat-dashboard').or(agent.getByTestId('chat-dashboard-error')).waitFor({ timeout: 20_000 });
    expect(await agent.getByTestId('chat-dashboard-error').count()).toBe(0);
    await agent.getByTestId('chat-dashboard-kpi').first().waitFor();
    await agent.waitForTimeout(600);
    await pictures(agent, 'chats-dashboard');

    await agent.goto(`${base}/chats/dashboard-bot-steps`);
    await agent.getByTestId('chat-dashboard').or(agent.getByTestId('chat-dashboard-error')).waitFor({ timeout: 20_000 });
    expect(await agent.getByTestId('chat-dashboard-error').count()).toBe(0);
    await agent.waitForTimeout(600);
    await pictures(agent, 'chats-bot-steps');

    await agent.goto(`${base}/chats/attendance`);
    await agent.getByTestId('chat-dashboard').or(agent.getByTestId('chat-dashboard-error')).waitFor({ timeout: 20_000 });
    expect(await agent.getByTestId('chat-dashboard-error').count()).toBe(0);
    await agent.getByTestId('attendance-row').first().waitFor();
    await pictures(agent, 'chats-attendance');
  });

  it('the bot flow: a changed greeting shows in the preview, is saved, and is there after a reload', async () => {
    await agent.goto(`${base}/chats/bot`);
    const greeting = agent.getByRole('textbox', { name: /^Saudação/ });
    await greeting.waitFor();
    const original = await greeting.inputValue();
    await greeting.fill(`Oi, {{nome}}! Bem-vindo ao {{loja}} (${stamp}).`);
    await expect.poll(() => agent.getByTestId('bot-preview-thread').innerText()).toContain(`Oi, Maria! Bem-vindo ao`);
    await agent.getByRole('button', { name: 'Salvar' }).click();
    await agent.getByText('Fluxo do bot salvo.').waitFor();

    await agent.reload();
    await greeting.waitFor();
    expect(await greeting.inputValue()).toBe(`Oi, {{nome}}! Bem-vindo ao {{loja}} (${stamp}).`);
    await pictures(agent, 'chats-bot-flow');

    // The bot's usual greeting again, for the next runs against this server.
    await greeting.fill(original);
    await agent.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => agent.getByTestId('bot-flow-status').innerText()).toMatch(/^Última alteração/);
  });
});
