import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { choose, dismissToasts, field, launch, screenshot } from './browser.ts';
import { apiCaller, apiToken, menuKeys, newPage, signIn } from './session.ts';

/**
 * TVs for digital signage (issue 24): the empty list, a TV's player registering and showing its
 * pairing QR, activation by the publisher, the list with the TV online, and the player receiving
 * a newly approved ad over its websocket and firing the ad's impression beacon.
 */
describe('TV devices: pair a TV from its player, and it plays a newly approved ad', () => {
  const base = inject('baseUrl');
  // The server's public origin (APP_URL unset: localhost) is where ad media and beacons are: the TV opens the player there.
  const tvBase = base.replace('127.0.0.1', 'localhost');
  const tvName = `TV da entrada ${Date.now().toString(36)}`;
  let browser: Browser;
  let admin: Page;
  let tv: Page;
  let token = '';
  let brandToken = '';
  let adminToken = '';
  const asBrand = (method: string, path: string, body?: unknown) => apiCaller(base, () => brandToken)(method, path, body);
  const asAdmin = (method: string, path: string, body?: unknown) => apiCaller(base, () => adminToken)(method, path, body);

  /** Both widths of a screen: 1366 px, then 1024 px, back to 1366. */
  async function pictures(page: Page, shot: string, { toasts = true, height = 860 } = {}) {
    if (toasts) await dismissToasts(page);
    await screenshot(page, `${shot}-1366`);
    await page.setViewportSize({ width: 1024, height: height === 860 ? 860 : 576 });
    await page.waitForTimeout(300);
    await screenshot(page, `${shot}-1024`);
    await page.setViewportSize({ width: 1366, height });
  }

  /** A 1280x720 PNG of a made-up ad, drawn by the browser. */
  async function adImage(): Promise<Buffer> {
    const painter = await newPage(browser, 1280, 720);
    await painter.setContent(
      `<body style="margin:0;width:1280px;height:720px;display:flex;align-items:center;justify-content:center;flex-direction:column;background:linear-gradient(135deg,#7a3b12,#d9822b);font-family:sans-serif;color:#fff">
        <div style="font-size:96px;font-weight:800">Café Aurora</div><div style="font-size:48px;margin-top:24px">Tradicional 500 g por R$ 18,99</div></body>`,
    );
    const png = await painter.screenshot({ type: 'png' });
    await painter.context().close();
    return png;
  }

  beforeAll(async () => {
    browser = await launch();
    admin = await newPage(browser);
    [brandToken, adminToken] = await Promise.all([apiToken(base, 'gestor@marca.test'), apiToken(base, 'admin@varejo.test')]);
    await signIn(admin, base, 'admin@varejo.test', '/login');
  });
  afterAll(() => browser?.close());

  it('shows the empty list, with how to pair a TV', async () => {
    await expect.poll(() => menuKeys(admin)).toContain('rm-tv');
    await admin.goto(`${base}/retail-media/tv-devices`);
    await admin.getByRole('heading', { level: 2, name: 'TVs (digital signage)' }).waitFor();
    const empty = admin.getByTestId('tv-devices-empty');
    await empty.waitFor();
    expect(await empty.innerText()).toContain('Nenhuma TV pareada');
    expect(await admin.getByTestId('tv-player-url').innerText()).toBe(`${base}/tv/player`);
    await pictures(admin, 'tv-list-empty');
  });

  it('registers the TV from its player, which shows the pairing token and the QR of the activation link', async () => {
    tv = await newPage(browser, 1366, 768);
    await tv.goto(`${tvBase}/tv/player`);
    await tv.getByTestId('tv-player-pairing').waitFor();
    token = (await tv.getByTestId('tv-player-token').innerText()).trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const link = `${tvBase}/retail-media/tv-devices/activate/${token}`;
    expect(await tv.getByTestId('tv-player-link').innerText()).toBe(link);
    expect(await tv.getByTestId('tv-player-qr').getAttribute('data-value')).toBe(link);
    // The token stays in the URL and in the TV's storage: a reload keeps the same pairing.
    await expect.poll(() => new URL(tv.url()).searchParams.get('token')).toBe(token);
    await tv.reload();
    await tv.getByTestId('tv-player-pairing').waitFor();
    expect((await tv.getByTestId('tv-player-token').innerText()).trim()).toBe(token);
    await pictures(tv, 'tv-player-pairing', { toasts: false, height: 768 });
  });

  it('refuses an unknown token on the activation page with a clear message', async () => {
    await admin.goto(`${base}/retail-media/tv-devices/activate/${'x'.repeat(43)}`);
    const missing = admin.getByTestId('tv-activation-not-found');
    await missing.waitFor();
    expect(await missing.innerText()).toContain('TV não encontrada');
  });

  it('activates the TV for a store from the activation link; the list shows it online', async () => {
    await admin.goto(`${base}/retail-media/tv-devices/activate/${token}`);
    const device = admin.getByTestId('tv-activation-device');
    await device.getByText('Nome do aparelho').waitFor();
    const info = await device.innerText();
    expect(info).toContain('Chromium · Linux');
    expect(info).toMatch(/tv-[0-9a-f-]{36}/);
    await field(admin, 'Nome da TV').fill(tvName);
    const store = field(admin, 'Loja');
    await store.click();
    const firstStore = (await admin.getByRole('option').first().innerText()).trim();
    await choose(admin, store, firstStore);
    await pictures(admin, 'tv-activation', { toasts: false });
    await admin.getByRole('button', { name: 'Ativar TV' }).click();

    await admin.waitForURL(/\/retail-media\/tv-devices$/);
    const row = admin.getByTestId('tv-device-row').filter({ hasText: tvName });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(firstStore);
    expect(text).toContain('Chromium · Linux');
    expect(text).toContain('Online');
    await pictures(admin, 'tv-list');
  });

  it('plays on the TV a newly approved ad, told over the websocket, and fires its impression beacon', async () => {
    // Activated: the TV learns it from the websocket and leaves the pairing screen.
    await tv.getByTestId('tv-player-pairing').waitFor({ state: 'detached', timeout: 30_000 });

    // Café Aurora sends a new screen ad to Bom Preço's stores; it waits for review.
    const form = new FormData();
    form.set('ad_type', 'digital_signage');
    form.set('file', new Blob([new Uint8Array(await adImage())], { type: 'image/png' }), 'aurora-tv.png');
    const uploaded = await fetch(`${base}/ad/media`, { method: 'POST', headers: { authorization: `Bearer ${brandToken}` }, body: form });
    expect(uploaded.status).toBe(201);
    const media = (await uploaded.json()) as { url: string };
    const signage = await asBrand('GET', '/ad/results/v2?ad_type=digital_signage&quantity=50&show_inactive=true');
    const campaignId = (signage.data as Array<{ campaign_id: number; publisher: { id: number } }>)[0]!.campaign_id;
    const ad = await asBrand('POST', '/ad', { campaign_id: campaignId, ad_type: 'digital_signage', media_url: media.url, media_type: 'image', duration: 8 });
    const adId = ad.id as number;

    // The playlists the TV reads, to know the impression URL of the new ad.
    const impressionOf = new Map<number, string[]>();
    tv.on('response', (res: Response) => {
      if (!res.url().endsWith('/tv/playlist')) return;
      void res
        .json()
        .then((body: { ads: Array<{ ad_id: number; impression_url: string }> }) => {
          for (const a of body.ads) impressionOf.set(a.ad_id, [...(impressionOf.get(a.ad_id) ?? []), a.impression_url]);
        })
        .catch(() => undefined);
    });
    const beacons: Array<{ url: string; status: number }> = [];
    tv.on('response', (res: Response) => {
      if (res.url().includes('/v1/beacon/impression')) beacons.push({ url: res.url(), status: res.status() });
    });

    await asAdmin('PATCH', `/ad/actions/review/approve/${adId}`);
    // The websocket tells the TV, which refetches its playlist and shows the new ad first.
    await expect.poll(() => impressionOf.has(adId), { timeout: 15_000 }).toBe(true);
    const shown = tv.locator(`[data-testid=tv-player-ad][data-ad-id="${adId}"]`);
    await shown.waitFor({ timeout: 45_000 });
    await expect
      .poll(() => beacons.find((b) => impressionOf.get(adId)!.includes(b.url)), { timeout: 15_000 })
      .toMatchObject({ status: 202 });
    await pictures(tv, 'tv-player-playing', { toasts: false, height: 768 });
  }, 150_000);
});
