import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissToasts, launch, screenshot } from './browser.ts';
import { newPage, signIn } from './session.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small portrait PNG, a red header band over a cream page with orange "offer" blocks. */
function flyerPng(width = 120, height = 170): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const offer = y > 50 && (y - 50) % 40 < 30 && x % 60 > 8 && x % 60 < 52;
      const [r, g, b] = y < 36 ? [201, 42, 42] : offer ? [232, 89, 12] : [255, 245, 235];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** DD/MM/YYYY of São Paulo's today plus `days`. */
function spDate(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
}

describe('flyers and coupon metrics screens', () => {
  const base = inject('baseUrl');
  const name = `Encarte Dia das Crianças ${Date.now() % 100000}`;
  const copy = `${name} (cópia)`;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    await signIn(page, base, 'admin@varejo.test', '/promotional-flyers/list');
  });
  afterAll(() => browser?.close());

  const row = (flyer: string) => page.getByTestId('flyer-row').filter({ has: page.getByRole('link', { name: flyer, exact: true }) });
  const body = () => page.textContent('body');

  async function act(flyer: string, action: string, message: string, status: string) {
    await row(flyer).getByRole('button', { name: `Mais ações: ${flyer}` }).click();
    await page.getByRole('menuitem', { name: action }).click();
    await page.getByRole('dialog').getByRole('button', { name: action }).click();
    await expect.poll(body).toContain(message);
    await expect.poll(() => row(flyer).getByTestId('flyer-status').textContent()).toBe(status);
  }

  it('lists the seeded flyers with their media and statuses', async () => {
    await expect.poll(() => page.getByTestId('flyer-row').count()).toBeGreaterThanOrEqual(4);
    const statuses = await page.getByTestId('flyer-status').allTextContents();
    expect(statuses).toEqual(expect.arrayContaining(['Ativo', 'Agendado', 'Pausado', 'Finalizado']));
    await expect.poll(() => page.locator('tbody img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBeGreaterThanOrEqual(4);
    await screenshot(page, 'flyers-list-desktop');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pausado' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('pause');
    await expect.poll(async () => (await page.getByTestId('flyer-status').allTextContents()).every((s) => s === 'Pausado')).toBe(true);
  });

  it('creates a flyer with an uploaded image', async () => {
    await page.goto(`${base}/promotional-flyers/list`);
    await page.getByRole('link', { name: 'Criar encarte' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/promotional-flyers/create');
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Criar encarte');
    await page.getByLabel(/^Nome/).fill(name);
    await page.getByLabel('Mensagem').fill('Brinquedos com até 40% de desconto.\nVálido enquanto durarem os estoques.');
    await page.getByLabel(/^Data de início/).fill(spDate(0));
    await page.getByLabel(/^Data de fim/).fill(spDate(10));
    await page.keyboard.press('Escape');
    await page.locator('input[type=file]').setInputFiles({ name: 'dia-das-criancas.png', mimeType: 'image/png', buffer: flyerPng() });
    await page.getByTestId('flyer-media-image').waitFor();
    expect(await page.getByTestId('flyer-media-name').textContent()).toBe('dia-das-criancas.png');
    await screenshot(page, 'flyers-create-desktop');

    await page.getByRole('button', { name: 'Criar encarte' }).click();
    await expect.poll(body).toContain('Encarte criado com sucesso.');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/promotional-flyers/list');
    await expect.poll(() => row(name).getByTestId('flyer-status').textContent()).toBe('Ativo');
    expect(await row(name).textContent()).toContain('Todas as lojas');
  });

  it('duplicates it through the create screen', async () => {
    await row(name).getByRole('button', { name: `Mais ações: ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Duplicar' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('duplicate')).toMatch(/^\d+$/);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Duplicar encarte');
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue()).toBe(copy);
    expect(await page.getByLabel('Mensagem').inputValue()).toBe('Brinquedos com até 40% de desconto.\nVálido enquanto durarem os estoques.');
    await page.getByTestId('flyer-media-image').waitFor();
    await page.getByRole('button', { name: 'Criar encarte' }).click();
    await expect.poll(body).toContain('Encarte criado com sucesso.');
    await expect.poll(() => row(copy).getByTestId('flyer-status').textContent()).toBe('Ativo');
  });

  it('pauses, reactivates and finishes the flyer with the spec’s messages', async () => {
    await act(name, 'Pausar', 'Encarte pausado com sucesso.', 'Pausado');
    await act(name, 'Reativar', 'Encarte reativado com sucesso.', 'Ativo');
    await act(name, 'Finalizar', 'Encarte finalizado com sucesso.', 'Finalizado');
    await row(name).getByRole('button', { name: `Mais ações: ${name}` }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Duplicar', 'Excluir']);
    await page.keyboard.press('Escape');
  });

  it('shows a flyer with its media, and edits one', async () => {
    await row(name).getByRole('link', { name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/promotional-flyers\/view\/\d+$/);
    await expect.poll(() => page.getByTestId('flyer-status').textContent()).toBe('Finalizado');
    await expect.poll(() => page.getByTestId('flyer-media-image').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(120);
    expect(await body()).toContain('Válido enquanto durarem os estoques.');
    await dismissToasts(page);
    await screenshot(page, 'flyers-view-desktop');

    await page.goto(`${base}/promotional-flyers/list?search=${encodeURIComponent('(cópia)')}`);
    await row(copy).getByRole('button', { name: `Editar: ${copy}` }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/promotional-flyers\/edit\/\d+$/);
    await expect.poll(() => page.getByLabel(/^Nome/).inputValue()).toBe(copy);
    expect(await page.locator('.mantine-Breadcrumbs-root').textContent()).toMatch(/Encartes.*Editar/);
    expect(await page.getByLabel(/^Data de início/).inputValue()).toBe(spDate(0));
    await dismissToasts(page);
    await screenshot(page, 'flyers-edit-desktop');
    await page.getByLabel(/^Nome/).fill(`${copy} revisado`);
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect.poll(body).toContain('Encarte atualizado com sucesso.');
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe(`${copy} revisado`);
  });

  it('opens the coupon metrics with the seeded uses', async () => {
    await page.goto(`${base}/promotional/coupon/`);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Métricas de cupons');
    await expect.poll(() => page.getByTestId('coupon-metric-card').count()).toBe(5);
    const uses = await page.getByTestId('coupon-metric-card').first().textContent();
    expect(Number(uses?.replace(/\D/g, ''))).toBeGreaterThan(0);
    expect(await page.getByTestId('coupon-metric-card').nth(2).textContent()).toMatch(/R\$\s?[\d.]+,\d{2}/);
    await expect.poll(() => page.locator('[data-testid=coupon-uses-chart] .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[data-testid=coupon-money-chart] .recharts-area').count()).toBe(2);
    await expect.poll(() => page.locator('[data-testid=top-coupons] tbody tr').count()).toBeGreaterThan(0);
    expect(await body()).toContain('Cupons mais usados');
    expect(await page.locator('[data-testid=top-coupons] tbody tr').first().textContent()).toMatch(/[A-Z0-9]{4,}.*R\$/);
    await dismissToasts(page);
    await screenshot(page, 'coupon-metrics-desktop');
  });

  it('fits 1024 px', async () => {
    const narrow = await newPage(browser, 1024, 768);
    await signIn(narrow, base, 'admin@varejo.test', '/promotional-flyers/list');
    await expect.poll(() => narrow.getByTestId('flyer-row').count()).toBeGreaterThanOrEqual(4);
    await screenshot(narrow, 'flyers-list-1024');
    const id = new URL((await narrow.getByRole('link', { name, exact: true }).getAttribute('href'))!, base).pathname.split('/').pop();
    await narrow.goto(`${base}/promotional-flyers/create?duplicate=${id}`);
    await narrow.getByTestId('flyer-media-image').waitFor();
    await screenshot(narrow, 'flyers-create-1024');
    await narrow.goto(`${base}/promotional-flyers/view/${id}`);
    await narrow.getByTestId('flyer-media-image').waitFor();
    await screenshot(narrow, 'flyers-view-1024');
    await narrow.goto(`${base}/promotional-flyers/edit/${id}`);
    await expect.poll(() => narrow.getByLabel(/^Nome/).inputValue()).toBe(name);
    await screenshot(narrow, 'flyers-edit-1024');
    await narrow.goto(`${base}/promotional/coupon/`);
    await expect.poll(() => narrow.locator('[data-testid=coupon-money-chart] .recharts-area').count()).toBe(2);
    await screenshot(narrow, 'coupon-metrics-1024');
    await narrow.context().close();
  });
});
