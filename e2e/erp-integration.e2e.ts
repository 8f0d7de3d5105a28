import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, pictures } from './browser.ts';
import { ERP_RECEIVER_PORT } from './server.ts';
import { menuKeys, newPage, signIn } from './session.ts';

describe('ERP integration: an ERP key, batches with their refused rows, signed order callbacks', () => {
  const base = inject('baseUrl');
  const stamp = Date.now().toString(36);
  let browser: Browser;
  let page: Page;
  let receiver: Server;
  const received: Array<{ body: string; headers: IncomingHttpHeaders }> = [];
  /** The receiver answers 500 once, then 200: the log shows the retry. */
  const script = [500];
  let key = '';

  const batch = (kind: string, body: unknown) =>
    fetch(`${base}/api/integration/erp/${kind}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as { batch: { id: number } } }),
    );

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
        res.statusCode = script.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(ERP_RECEIVER_PORT, '127.0.0.1', resolve));
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/login');
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => receiver?.close(r));
  });

  it('reaches the page from the settings menu, next to the integration keys', async () => {
    await expect.poll(() => menuKeys(page)).toContain('erp-integration');
    const keys = await menuKeys(page);
    expect(keys.indexOf('erp-integration')).toBe(keys.indexOf('integration-keys') + 1);
    await page.goto(`${base}/config/erp-integration`);
    await page.getByRole('heading', { level: 2, name: 'Integração ERP' }).waitFor();
    await page.getByRole('tab', { name: 'Lotes recebidos' }).waitFor();
    await page.getByTestId('erp-batch-row').or(page.getByText('Nenhum lote recebido')).first().waitFor();
    if (await page.getByText('Nenhum lote recebido').isVisible()) await pictures(page, 'erp-batches-empty');
  });

  it('creates a key with the ERP scope in the keys tab', async () => {
    await page.getByRole('tab', { name: 'Chaves' }).click();
    await page.getByRole('button', { name: 'Nova chave' }).click();
    const form = page.getByRole('dialog', { name: 'Nova chave de integração' });
    await form.getByLabel('Nome').fill(`ERP Protheus ${stamp}`);
    await form.getByRole('checkbox', { name: /^ERP/ }).check();
    await form.getByRole('checkbox', { name: /^Pedidos/ }).uncheck();
    await form.getByRole('button', { name: 'Criar chave' }).click();
    const shown = page.getByRole('dialog', { name: 'Chave de integração criada' });
    key = (await shown.getByTestId('created-integration-key').innerText()).trim();
    expect(key).toMatch(/^bok_/);
    await shown.getByRole('button', { name: 'Já copiei' }).click();
    const row = page.getByTestId('integration-key-row').filter({ hasText: `ERP Protheus ${stamp}` });
    await row.waitFor();
    expect(await row.innerText()).toContain('ERP');
    await pictures(page, 'erp-keys');
  });

  it('lists the batches the key sent; a batch opens with its refused rows and their reasons', async () => {
    const offers = await batch('offers', {
      batch_id: `ofertas-${stamp}`,
      rows: [
        { sku: 'leite-integral-1l', store_code: 'LJ001', price: 5.29, promotional_price: 4.99, stock: 80 },
        { sku: 'leite-desnatado-1l', store_code: 'LJ001', price: 'cinco reais' },
        { sku: 'SKU-QUE-NAO-EXISTE', store_code: 'LJ001', price: 3 },
        { sku: 'leite-integral-1l', store_code: 'LJ999', price: 5 },
      ],
    });
    expect(offers.status).toBe(202);
    expect((await batch('offers', { batch_id: `ofertas-${stamp}`, rows: [{ sku: 'x', price: 1 }] })).status).toBe(409);
    expect((await batch('customers', { batch_id: `clientes-${stamp}`, rows: [{ external_id: `C-${stamp}`, name: 'Cliente do ERP', phone: '(11) 98765-0001' }, { name: 'Sem identificação' }] })).status).toBe(202);
    expect((await batch('products', { batch_id: `produtos-${stamp}`, rows: [{ sku: `ERP-${stamp}`.toUpperCase(), name: 'Produto do ERP', price: 9.9 }] })).status).toBe(202);

    await page.getByRole('tab', { name: 'Lotes recebidos' }).click();
    const row = page.getByTestId('erp-batch-row').filter({ hasText: `ofertas-${stamp}` });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('erp-batch-row').first().waitFor();
          return page.getByTestId('erp-batch-row').filter({ hasText: 'Concluído' }).filter({ hasText: stamp }).count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(3);
    await pictures(page, 'erp-batches');

    await row.getByRole('button', { name: `Ver o lote ofertas-${stamp}` }).click();
    const drawer = page.getByRole('dialog', { name: `Lote ofertas-${stamp}` });
    await drawer.getByTestId('erp-batch-error').first().waitFor();
    const errors = await drawer.getByTestId('erp-batch-error').allInnerTexts();
    expect(errors).toHaveLength(3);
    expect(errors.join('\n')).toContain('produto não encontrado nesta conta');
    expect(errors.join('\n')).toContain('loja não encontrada nesta conta');
    expect(await drawer.innerText()).toMatch(/aplicadas\s+1/i);
    await pictures(page, 'erp-batch-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it('refuses an internal address, then saves the local receiver and shows the secret once', async () => {
    await page.getByRole('tab', { name: 'Avisos de pedidos' }).click();
    const settings = page.getByTestId('erp-callback-settings');
    await settings.waitFor();
    await page.getByText('Nenhum aviso enviado').waitFor();
    await settings.getByLabel('URL de destino').fill('https://169.254.169.254/latest/meta-data/');
    await settings.getByLabel('Enviar avisos').check();
    await settings.getByRole('button', { name: 'Salvar' }).click();
    await settings.getByText(/aponta para uma rede interna/).waitFor();
    await pictures(page, 'erp-callback-refused');

    await settings.getByLabel('URL de destino').fill(`http://127.0.0.1:${ERP_RECEIVER_PORT}/erp/pedidos`);
    await settings.getByRole('button', { name: 'Salvar' }).click();
    const modal = page.getByRole('dialog', { name: 'Guarde o segredo de assinatura' });
    const secret = (await modal.getByTestId('erp-callback-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await pictures(page, 'erp-callback-secret');
    await modal.getByRole('button', { name: 'Já copiei' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('erp-secret-hint').innerText()).toContain(secret.slice(0, 10));
    expect(await page.locator('main').innerText()).not.toContain(secret);

    // A test delivery: refused once (500), taken on the retry, each attempt in the log; the receiver checks the signature.
    await settings.getByRole('button', { name: 'Enviar aviso de teste' }).click();
    const delivered = page.getByTestId('erp-delivery-row').filter({ hasText: 'Entregue' });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Atualizar' }).click();
          return delivered.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    expect(received).toHaveLength(2);
    for (const r of received) {
      expect(r.headers['x-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${String(r.headers['x-timestamp'])}.${r.body}`).digest('hex')}`);
      expect(JSON.parse(r.body)).toMatchObject({ event: 'test' });
    }
    await delivered.getByRole('button', { name: /Ver as tentativas do aviso/ }).click();
    const attempts = page.getByTestId('erp-delivery-attempts');
    await attempts.waitFor();
    expect(await attempts.innerText()).toContain('500');
    expect(await attempts.innerText()).toContain('200');
    await pictures(page, 'erp-callback-log');
  });
});
