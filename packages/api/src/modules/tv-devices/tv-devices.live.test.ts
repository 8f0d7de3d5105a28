import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, DEMO, expectEnvelope } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { adsFixture, type AdsFixture } from '../ads/ads.fixtures.ts';

let f: AdsFixture;
let base = '';
let storeId = 0;
let partnerStoreId = 0;
/** Digital signage campaigns: Café Aurora on Bom Preço, and on Rede Parceira. */
const c = { bomPreco: 0, rede: 0 };
let seq = 0;

beforeAll(async () => {
  f = await adsFixture();
  base = await f.t.app.listen({ port: 0, host: '127.0.0.1' });
  storeId = (await f.t.db.location.findFirstOrThrow({ where: { accountId: f.ids.bomPreco, active: true }, select: { id: true }, orderBy: { id: 'asc' } })).id;
  partnerStoreId = (await f.t.db.location.create({ data: { accountId: f.ids.rede, name: 'Loja da Rede (TV)' }, select: { id: true } })).id;
  // Café Aurora's screens at both publishers, priced per thousand, with funded wallets.
  const signage = { advertiserId: f.ids.aurora, adType: 'digital_signage' as const, cpmCents: 1500n, dailyBudgetCents: 1_000_000n };
  c.bomPreco = await f.campaign({ publisherId: f.ids.bomPreco, ...signage });
  c.rede = await f.campaign({ publisherId: f.ids.rede, ...signage });
  for (const publisherId of [f.ids.bomPreco, f.ids.rede]) {
    await f.t.db.wallet.upsert({
      where: { publisherId_advertiserId: { publisherId, advertiserId: f.ids.aurora } },
      create: { publisherId, advertiserId: f.ids.aurora, balanceCents: 1_000_000n },
      update: { balanceCents: 1_000_000n },
    });
  }
}, 120_000);
afterAll(() => f?.close());

const http = () => f.t.http;

/** A TV registered and activated for a store of the account signed in with `token`. */
async function pairedTv(token = f.tokens.admin, location = storeId) {
  const reg = await http().post('/tv/devices').send({ deviceName: 'TV do caixa', deviceID: `live-tv-${++seq}-${Date.now()}`, deviceManufacturer: 'LG' }).expect(201);
  await http().post(`/api/tv-devices/pairing/${reg.body.token}/activate`).set(bearer(token)).send({ name: `TV ${seq}`, location_id: location }).expect(200);
  return reg.body as { id: string; token: string };
}

/** A signage image ad waiting for review in the campaign. */
const pendingAd = (campaignId: number, seconds = 12) =>
  f.ad(campaignId, { status: 'pending_review', mediaUrl: `https://cdn.example/tv-${++seq}.png`, mediaType: 'image', durationSeconds: seconds });

const playlist = (token: string) => http().post('/tv/playlist').send({ token });

/** A player's websocket: every message it got, in order, and a wait for the next one. */
async function player(token: string, at = base) {
  const socket = new WebSocket(`${at.replace('http', 'ws')}/tv/ws?token=${token}`);
  const messages: string[] = [];
  const waiting: Array<(m: string) => void> = [];
  socket.on('message', (data) => {
    const type = (JSON.parse(String(data)) as { type: string }).type;
    const next = waiting.shift();
    if (next) next(type);
    else messages.push(type);
  });
  const next = () => (messages.length ? Promise.resolve(messages.shift()!) : new Promise<string>((resolve) => waiting.push(resolve)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  expect(await next()).toBe('ready');
  return { socket, next, close: () => socket.close() };
}

/** What a refused upgrade answered: its status, and the body of the envelope. */
function refusedUpgrade(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('open', () => reject(new Error('the upgrade was accepted')));
    socket.on('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    socket.on('error', () => undefined);
  });
}

describe('the playlist of a TV', () => {
  it('is empty while the TV waits to be paired, then holds the approved signage ads of its publisher with their beacons', async () => {
    const reg = await http().post('/tv/devices').send({ deviceName: 'TV', deviceID: `live-unpaired-${Date.now()}`, deviceManufacturer: 'TCL' }).expect(201);
    expect((await playlist(reg.body.token).expect(200)).body).toMatchObject({ active: false, ads: [] });

    const adId = await f.ad(c.bomPreco, { status: 'approved', mediaUrl: 'https://cdn.example/tv-oferta.png', mediaType: 'image', durationSeconds: 9 });
    const otherAd = await f.ad(c.rede, { status: 'approved', mediaUrl: 'https://cdn.example/tv-rede.png', mediaType: 'image', durationSeconds: 9 });
    f.t.app.adIndex.invalidate(f.ids.bomPreco);
    await http().post(`/api/tv-devices/pairing/${reg.body.token}/activate`).set(bearer(f.tokens.admin)).send({ name: 'TV da padaria', location_id: storeId }).expect(200);
    const body = (await playlist(reg.body.token).expect(200)).body as { active: boolean; ads: Array<Record<string, unknown>>; generated_at: string };
    expect(body.active).toBe(true);
    const ad = body.ads.find((a) => a.ad_id === adId);
    expect(ad).toEqual({
      ad_id: adId,
      campaign_id: c.bomPreco,
      media_url: 'https://cdn.example/tv-oferta.png',
      media_type: 'image',
      duration: 9,
      impression_url: expect.stringMatching(/^http:\/\/localhost:3000\/v1\/beacon\/impression\?t=/),
    });
    // Only its own publisher's ads.
    expect(body.ads.some((a) => a.ad_id === otherAd)).toBe(false);

    // The impression beacon it carries is accepted by the ad API.
    const beacon = new URL(ad!.impression_url as string);
    await http().post(`${beacon.pathname}${beacon.search}`).expect(202);
  });

  it('answers 404 to an unknown token and 400 to a malformed one', async () => {
    expect(expectEnvelope((await playlist('B'.repeat(43)).expect(404)).body, 'TV_DEVICE_NOT_FOUND').message).toBe('TV não encontrada.');
    expectEnvelope((await playlist('curto').expect(400)).body, 'VALIDATION_ERROR');
  });
});

describe('the player websocket', () => {
  it('refuses a wrong token before the upgrade, with the 404 envelope', async () => {
    const unknown = await refusedUpgrade(`${base.replace('http', 'ws')}/tv/ws?token=${'C'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(expectEnvelope(unknown.body, 'TV_DEVICE_NOT_FOUND').message).toBe('TV não encontrada.');
    expect((await refusedUpgrade(`${base.replace('http', 'ws')}/tv/ws`)).status).toBe(404);
    expect((await refusedUpgrade(`${base.replace('http', 'ws')}/tv/ws?token=nada`)).status).toBe(404);
  });

  it("tells a connected player when an ad of its publisher is approved or paused, and never of another publisher's", async () => {
    const tv = await pairedTv();
    const live = await player(tv.token);
    try {
      // Rede Parceira approves an ad of its own first: the player hears nothing of it, so the first
      // message it gets is Bom Preço's approval below.
      const theirs = await pendingAd(c.rede);
      await http().patch(`/ad/actions/review/approve/${theirs}`).set(bearer(f.tokens.partner)).expect(200);

      const ours = await pendingAd(c.bomPreco, 7);
      expect(((await playlist(tv.token).expect(200)).body.ads as Array<{ ad_id: number }>).some((a) => a.ad_id === ours)).toBe(false);
      await http().patch(`/ad/actions/review/approve/${ours}`).set(bearer(f.tokens.admin)).expect(200);
      expect(await live.next()).toBe('playlist');
      // The refetch that the message asks for already serves the newly approved ad.
      expect(((await playlist(tv.token).expect(200)).body.ads as Array<{ ad_id: number }>).find((a) => a.ad_id === ours)).toMatchObject({ duration: 7 });

      // Paused: told again, and the ad is gone from the playlist.
      await http().patch(`/ad/${ours}`).set(bearer(f.tokens.admin)).send({ active: false }).expect(200);
      expect(await live.next()).toBe('playlist');
      expect(((await playlist(tv.token).expect(200)).body.ads as Array<{ ad_id: number }>).some((a) => a.ad_id === ours)).toBe(false);
    } finally {
      live.close();
    }
  });

  it('tells a connected player when a campaign of its publisher is paused, and the ad leaves its playlist', async () => {
    const campaign = await f.campaign({ publisherId: f.ids.bomPreco, advertiserId: f.ids.aurora, adType: 'digital_signage', cpmCents: 1500n, dailyBudgetCents: 1_000_000n });
    const adId = await f.ad(campaign, { status: 'approved', mediaUrl: `https://cdn.example/tv-${++seq}.png`, mediaType: 'image', durationSeconds: 8 });
    await f.t.app.adIndex.campaignsChanged([campaign]);
    const tv = await pairedTv();
    const live = await player(tv.token);
    try {
      expect(((await playlist(tv.token).expect(200)).body.ads as Array<{ ad_id: number }>).some((a) => a.ad_id === adId)).toBe(true);
      await http().patch(`/campaign/${campaign}`).set(bearer(f.tokens.admin)).send({ active: false }).expect(200);
      expect(await live.next()).toBe('playlist');
      expect(((await playlist(tv.token).expect(200)).body.ads as Array<{ ad_id: number }>).some((a) => a.ad_id === adId)).toBe(false);
    } finally {
      live.close();
    }
  });

  it('tells the player when its TV is removed or activated, and then follows its new publisher', async () => {
    const tv = await pairedTv();
    const live = await player(tv.token);
    try {
      await http().delete(`/api/tv-devices/${tv.id}`).set(bearer(f.tokens.admin)).expect(200);
      expect(await live.next()).toBe('state');
      expect((await http().post('/tv/heartbeat').send({ token: tv.token }).expect(200)).body).toMatchObject({ active: false });

      // Paired again, now by Rede Parceira: Bom Preço's approvals no longer reach it, Rede's do.
      await http().post(`/api/tv-devices/pairing/${tv.token}/activate`).set(bearer(f.tokens.partner)).send({ name: 'TV da Rede', location_id: partnerStoreId }).expect(200);
      expect(await live.next()).toBe('state');
      await http().patch(`/ad/actions/review/approve/${await pendingAd(c.bomPreco)}`).set(bearer(f.tokens.admin)).expect(200);
      const redeAd = await pendingAd(c.rede);
      await http().patch(`/ad/actions/review/approve/${redeAd}`).set(bearer(f.tokens.partner)).expect(200);
      expect(await live.next()).toBe('playlist');
      expect(((await playlist(tv.token).expect(200)).body.ads as Array<{ ad_id: number }>).some((a) => a.ad_id === redeAd)).toBe(true);
    } finally {
      live.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL)('reaches a player connected to another instance, over Redis', async () => {
    // A second instance of the app on the same database and Redis prefix: the TV is connected there.
    const other = await buildApp(f.t.config, { logger: false, database: f.t.database });
    try {
      const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
      const tv = await pairedTv();
      const live = await player(tv.token, otherBase);
      try {
        const ours = await pendingAd(c.bomPreco, 6);
        await http().patch(`/ad/actions/review/approve/${ours}`).set(bearer(f.tokens.admin)).expect(200);
        expect(await live.next()).toBe('playlist');
        // The other instance's answer to the refetch already has the ad.
        const res = await other.inject({ method: 'POST', url: '/tv/playlist', payload: { token: tv.token } });
        expect((res.json() as { ads: Array<{ ad_id: number }> }).ads.some((a) => a.ad_id === ours)).toBe(true);
      } finally {
        live.close();
      }
    } finally {
      await other.close();
    }
  });

  it('keeps socket.io working on the same server', async () => {
    const { io } = await import('socket.io-client');
    const token = await f.t.login(DEMO.admin);
    const socket = io(base, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });
});
