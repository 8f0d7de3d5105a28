import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissToasts, launch, screenshot } from './browser.ts';
import { apiToken, newPage, signIn } from './session.ts';

/** A GET of the API as Bom Preço's admin. */
async function apiGet<T>(base: string, path: string): Promise<T> {
  const token = await apiToken(base, 'admin@varejo.test');
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

/** The geometry of each region of a store, by name. */
async function geometries(base: string, locationId: number): Promise<Record<string, unknown>> {
  const { data } = await apiGet<{ data: Array<{ name: string; geometry: unknown }> }>(base, `/api/location/region/${locationId}`);
  return Object.fromEntries(data.map((r) => [r.name, r.geometry]));
}

/** The id of a seeded store of Bom Preço, by name. */
async function storeId(base: string, name: string): Promise<number> {
  const { data } = await apiGet<{ data: Array<{ id: number; name: string }> }>(base, '/api/location/minified');
  const store = data.find((s) => s.name === name);
  if (!store) throw new Error(`no seeded store ${name}`);
  return store.id;
}

/** Clicks the map at offsets (px) from its centre: geoman places a vertex at each click. */
async function clickMap(page: Page, offsets: Array<[number, number]>) {
  const box = (await page.locator('.leaflet-container').first().boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  for (const [dx, dy] of offsets) {
    await page.mouse.click(cx + dx, cy + dy);
    // geoman reads each click as a separate vertex only after its double-click window.
    await page.waitForTimeout(350);
  }
}

/** Draws a polygon through the page's "Desenhar região" button and mouse clicks, closing it on its first vertex. */
async function drawPolygon(page: Page, offsets: Array<[number, number]>) {
  await page.getByRole('button', { name: 'Desenhar região' }).click();
  await page.getByTestId('region-drawing-hint').waitFor();
  await clickMap(page, [...offsets, offsets[0]!]);
  await page.getByTestId('region-form').waitFor();
}

describe('delivery regions on the map and the address search', () => {
  const base = inject('baseUrl');
  const name = `Santana Norte ${Date.now() % 100000}`;
  let browser: Browser;
  let page: Page;
  let santana: number;
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    santana = await storeId(base, 'Bom Preço Santana');
    await signIn(page, base, 'admin@varejo.test', `/logistic/${santana}/regions`);
  });
  afterAll(() => browser?.close());

  const rows = () => page.getByTestId('region-row');
  const body = () => page.textContent('body');

  it('shows a store without regions: its pin, the empty list and geoman’s toolbar', async () => {
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Regiões de entrega · Bom Preço Santana');
    await expect.poll(body).toContain('Nenhuma região cadastrada');
    const pin = page.locator('.leaflet-marker-icon').first();
    await pin.waitFor();
    expect(await pin.evaluate((img) => [(img as HTMLImageElement).width, (img as HTMLImageElement).height])).toEqual([25, 41]);
    expect(await page.locator('.leaflet-pm-toolbar .leaflet-pm-icon-polygon').count()).toBe(1);
    await screenshot(page, 'regions-store-empty-desktop');
  });

  it('refuses a polygon whose sides cross, before anything is sent', async () => {
    // A bow tie: the second and fourth clicks swap sides.
    await drawPolygon(page, [
      [-140, -90],
      [140, 90],
      [140, -90],
      [-140, 90],
    ]);
    await expect.poll(() => page.getByTestId('region-geometry-problems').textContent()).toContain('se cruzam');
    expect(await page.getByRole('button', { name: 'Salvar região' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByTestId('region-form').waitFor({ state: 'detached' });
  });

  it('draws a region, fills the form and finds it in the list', async () => {
    await drawPolygon(page, [
      [-150, -100],
      [130, -120],
      [170, 60],
      [20, 130],
      [-160, 90],
    ]);
    expect(await page.getByTestId('region-geometry-problems').count()).toBe(0);
    // The draft is on the map, its vertices editable.
    expect(await page.locator('.leaflet-interactive.marker-icon, .marker-icon').count()).toBeGreaterThanOrEqual(5);
    await page.getByLabel(/^Nome da região/).fill(name);
    await page.getByLabel(/^Taxa de entrega/).fill('6,90');
    await page.getByLabel(/^Pedido mínimo/).fill('45');
    await page.getByLabel(/^Prazo estimado/).fill('50');
    await screenshot(page, 'regions-store-draft-desktop');
    await page.getByRole('button', { name: 'Salvar região' }).click();
    await expect.poll(body).toContain('Região de entrega criada com sucesso!');
    await expect.poll(() => rows().count()).toBe(1);
    const row = rows().first();
    expect(await row.getByTestId('region-name').textContent()).toBe(name);
    expect(await row.textContent()).toMatch(/Taxa R\$\s?6,90 · Mínimo R\$\s?45,00 · 50 min/);
    expect(await row.textContent()).toContain('Ativa');
    await expect.poll(() => page.locator('path.leaflet-interactive').count()).toBe(1);
    await dismissToasts(page);
    await screenshot(page, 'regions-store-desktop');
  });

  it('edits the region’s fields and a vertex, then deletes it with a confirmation', async () => {
    const before = (await geometries(base, santana))[name];
    expect(before).toMatchObject({ type: 'Polygon' });
    await rows().first().getByRole('button', { name: `Editar região: ${name}` }).click();
    await expect.poll(() => page.getByLabel(/^Nome da região/).inputValue()).toBe(name);
    // Drag a vertex of the polygon being edited.
    const vertex = page.locator('.marker-icon').first();
    const at = (await vertex.boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(at.x + at.width / 2 - 40, at.y + at.height / 2 - 30, { steps: 5 });
    await page.mouse.up();
    await page.getByLabel(/^Taxa de entrega/).fill('7,50');
    await page.getByRole('switch', { name: 'Região ativa' }).or(page.getByLabel('Região ativa')).first().uncheck({ force: true });
    await page.getByRole('button', { name: 'Salvar região' }).click();
    await expect.poll(body).toContain('Região de entrega atualizada com sucesso!');
    await expect.poll(() => rows().first().textContent()).toMatch(/Taxa R\$\s?7,50.*Inativa|Inativa.*Taxa R\$\s?7,50/);
    // The dragged vertex was saved with the fields: still a closed polygon of the same 5 vertices, one of them moved.
    const after = (await geometries(base, santana))[name] as { coordinates: number[][][] };
    expect(after.coordinates[0]).toHaveLength(6);
    expect(after).not.toEqual(before);

    await rows().first().getByRole('button', { name: `Excluir região: ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir região' }).click();
    await expect.poll(body).toContain('Região de entrega excluída com sucesso!');
    await expect.poll(body).toContain('Nenhuma região cadastrada');
  });

  it('the mode page links each seeded region to its slots', async () => {
    const pinheiros = await storeId(base, 'Bom Preço Pinheiros');
    await page.goto(`${base}/logistic/${pinheiros}/regions/delivery`);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Regiões de entrega · Bom Preço Pinheiros');
    await expect.poll(() => rows().count()).toBe(2);
    const link = rows().first().getByRole('link', { name: 'Horários de entrega' });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^/logistic/slots/delivery/${pinheiros}/\\d+$`));
    // The ring around Pinheiros (with its hole) and Pinheiros itself.
    await expect.poll(() => page.locator('path.leaflet-interactive').count()).toBe(2);
    await dismissToasts(page);
    await screenshot(page, 'regions-store-delivery-desktop');
    await page.goto(`${base}/logistic/${pinheiros}/regions/other`);
    await expect.poll(body).toContain('Loja não encontrada');
  });

  it('shows every region of the account per store, with a store filter', async () => {
    await page.goto(`${base}/logistic/all/regions`);
    await expect.poll(() => page.getByTestId('store-regions').count()).toBeGreaterThanOrEqual(3);
    const all = await page.locator('path.leaflet-interactive').count();
    expect(all).toBeGreaterThanOrEqual(8);
    await screenshot(page, 'regions-all-desktop');
    await page.getByRole('textbox', { name: 'Filtrar por loja' }).or(page.getByRole('combobox', { name: 'Filtrar por loja' })).first().click();
    await page.getByRole('option', { name: 'Bom Preço Moema' }).click();
    await expect.poll(() => page.getByTestId('store-regions').count()).toBe(1);
    await expect.poll(() => page.locator('path.leaflet-interactive').count()).toBe(3);
    await page.getByTestId('store-regions').getByRole('link', { name: 'Ver regiões' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 2 }).textContent()).toBe('Regiões de entrega · Bom Preço Moema');
  });

  it('finds the stores serving a seeded address, and none for a point outside every region', async () => {
    await page.goto(`${base}/locations/search-locations`);
    await page.getByLabel('Endereço ou CEP').fill('Rua dos Pinheiros');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => page.getByTestId('region-search-row').count()).toBeGreaterThanOrEqual(1);
    const first = await page.getByTestId('region-search-row').first().textContent();
    expect(first).toContain('Bom Preço Pinheiros');
    expect(first).toMatch(/Pinheiros.*R\$\s?4,90.*R\$\s?50,00.*40 min/);
    // The point and the serving region on the map.
    await expect.poll(() => page.locator('.leaflet-marker-icon').count()).toBe(1);
    await expect.poll(() => page.locator('path.serving-region').count()).toBe(1);
    await dismissToasts(page);
    // The search button is back from its loading state before the picture.
    await expect.poll(() => page.getByRole('button', { name: 'Buscar' }).getAttribute('data-loading')).toBeNull();
    await screenshot(page, 'regions-search-desktop');

    // A click on the map searches that point.
    await clickMap(page, [[70, 90]]);
    await expect.poll(() => new URL(page.url()).searchParams.get('lat')).toMatch(/^-23\.\d+$/);

    await page.goto(`${base}/locations/search-locations?lat=-23.7&lng=-46.9`);
    await expect.poll(() => page.getByTestId('region-search-empty').textContent()).toContain('Nenhuma loja atende este endereço');
  });

  it('fits 1024 px', async () => {
    const narrow = await newPage(browser, 1024, 768);
    const moema = await storeId(base, 'Bom Preço Moema');
    await signIn(narrow, base, 'admin@varejo.test', `/logistic/${moema}/regions`);
    await expect.poll(() => narrow.getByTestId('region-row').count()).toBe(3);
    await expect.poll(() => narrow.locator('path.leaflet-interactive').count()).toBe(3);
    await screenshot(narrow, 'regions-store-1024');
    await narrow.getByTestId('region-row').first().getByRole('button', { name: /^Editar região/ }).click();
    await narrow.getByTestId('region-form').waitFor();
    await screenshot(narrow, 'regions-store-edit-1024');
    await narrow.goto(`${base}/logistic/all/regions`);
    await expect.poll(() => narrow.getByTestId('store-regions').count()).toBeGreaterThanOrEqual(3);
    await screenshot(narrow, 'regions-all-1024');
    await narrow.goto(`${base}/locations/search-locations?address=${encodeURIComponent('Rua Tabapuã')}`);
    await expect.poll(() => narrow.getByTestId('region-search-row').count()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => narrow.getByRole('button', { name: 'Buscar' }).getAttribute('data-loading')).toBeNull();
    await screenshot(narrow, 'regions-search-1024');
    await narrow.context().close();
  });
});
