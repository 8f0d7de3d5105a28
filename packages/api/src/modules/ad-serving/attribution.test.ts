import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { servedAd, uniq } from '../../../test/served-ad.ts';
import { createAttribution } from './attribution.ts';
import { createConversionsService, type ConversionsDeps } from './conversions.service.ts';
import { createEventConsumer } from './event-consumer.ts';
import { createDatabaseEventStore, type BeaconEvent, type EventStore } from './event-store.ts';
import { IDENTIFIER_MAX_USERS } from './identities.ts';

// Whether a click is counted before its conversion is attributed or after (a late beacon, another
// consumer counting it meanwhile), the conversion must end up credited to it, with the same rollups.

let t: TestApp;
const ids = { bomPreco: 0, aurora: 0 };
const HOUR = 3_600_000;
/** When the orders were placed: a fixed past instant, so the rollup rows are this test's alone. */
const T = Date.parse('2026-10-07T14:30:00.000Z');

interface TestAd {
  adId: number;
  campaignId: number;
}

/** A product ad of its own campaign (Aurora on Bom Preço) for `sku`. */
async function productAd(sku: string): Promise<TestAd> {
  const campaign = await t.db.campaign.create({
    data: {
      publisherId: ids.bomPreco,
      advertiserId: ids.aurora,
      name: `Atribuição ${uniq()}`,
      adType: 'product',
      dailyBudgetCents: 1_000_000n,
      cpcCents: 100n,
      startAt: new Date(T - 30 * 24 * HOUR),
      products: { create: [{ sku }] },
    },
  });
  const ad = await t.db.ad.create({ data: { campaignId: campaign.id, adType: 'product', status: 'approved', sku, destinationUrl: 'https://loja.test/p' } });
  return { adId: ad.id, campaignId: campaign.id };
}

/** An accepted beacon of `ad` for this person, at `at` (free: no wallet involved). */
const beacon = (ad: TestAd, type: 'view' | 'click', user: string, at: number): BeaconEvent => ({
  k: `ev-${uniq()}`,
  type,
  at,
  ad: servedAd({ p: ids.bomPreco, a: ids.aurora, c: ad.campaignId, d: ad.adId }, { u: user, t: at }),
});

const store = () => createDatabaseEventStore(t.db);
/** An event consumer as another instance runs one: counting, then attributing. */
const consumer = (events: EventStore = store()) => createEventConsumer(events, { attribution: createAttribution(t.db) });
const conversions = (over: Partial<ConversionsDeps> = {}) => createConversionsService({ db: t.db, publishers: { isActive: async () => true }, ...over });
const order = (user: string, sku: string, quantity = 2) => ({
  order_id: `pedido-${uniq()}`,
  user_id: user,
  created_at: new Date(T).toISOString(),
  items: [{ sku, quantity, price: 12.5 }],
});

/** What each item of the order was credited to, and the rollups of these ads (their conversion columns). */
async function outcome(orderId: string, ads: TestAd[]) {
  const conversion = await t.db.rmConversion.findFirstOrThrow({ where: { orderId }, include: { attributions: true } });
  const adIds = ads.map((a) => a.adId);
  const sum = { conversions: true, itemsSold: true, incomeCents: true } as const;
  const perAd = await Promise.all(
    ads.map(async (ad) => {
      const [daily, hourly, product] = await Promise.all([
        t.db.rmDailyStat.aggregate({ where: { adId: ad.adId }, _sum: sum }),
        t.db.rmHourlyStat.aggregate({ where: { adId: ad.adId }, _sum: sum }),
        t.db.rmProductDailyStat.aggregate({ where: { campaignId: ad.campaignId }, _sum: sum }),
      ]);
      const n = (s: { conversions: bigint | null; itemsSold: bigint | null; incomeCents: bigint | null }) => [Number(s.conversions ?? 0), Number(s.itemsSold ?? 0), Number(s.incomeCents ?? 0)];
      return { daily: n(daily._sum), hourly: n(hourly._sum), product: n(product._sum) };
    }),
  );
  return {
    attributed: conversion.attributedAt !== null,
    credits: conversion.attributions.map((a) => ({ ad: adIds.indexOf(a.adId), type: a.eventType, quantity: a.quantity, income: Number(a.incomeCents) })),
    perAd,
  };
}

beforeAll(async () => {
  // No background consumer: each test decides who counts and attributes, and when.
  t = await createTestApp({ runWorkers: false });
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  ids.bomPreco = accounts.find((a) => a.slug === 'supermercado-bom-preco')!.id;
  ids.aurora = accounts.find((a) => a.slug === 'cafe-aurora')!.id;
});
afterAll(() => t?.close());

describe('attribution whatever the order of counting', () => {
  it('credits a click counted after its conversion was attributed exactly as one counted before', async () => {
    const sku = `ATR-${uniq()}`;
    // Counted first, then the order: the usual order.
    const before = await productAd(sku);
    const first = `cliente-${uniq()}`;
    const events = store();
    await events.append(beacon(before, 'click', first, T - HOUR));
    await consumer(events).drain();
    const usual = order(first, sku);
    await conversions().record(ids.bomPreco, usual);
    await consumer().drain();

    // The order attributed first (no click counted yet: nothing to credit), the click counted later.
    const after = await productAd(sku);
    const second = `cliente-${uniq()}`;
    const late = order(second, sku);
    await conversions().record(ids.bomPreco, late);
    await consumer().drain();
    expect(await outcome(late.order_id, [after])).toMatchObject({ attributed: true, credits: [] });
    await events.append(beacon(after, 'click', second, T - HOUR));
    await consumer(events).drain();

    const expected = { attributed: true, credits: [{ ad: 0, type: 'click', quantity: 2, income: 2500 }], perAd: [{ daily: [1, 2, 2500], hourly: [1, 2, 2500], product: [1, 2, 2500] }] };
    expect(await outcome(usual.order_id, [before])).toEqual(expected);
    expect(await outcome(late.order_id, [after])).toEqual(expected);
  });

  it('moves the credit (attributions and every rollup) from a view to a click counted later', async () => {
    const sku = `ATR-${uniq()}`;
    const viewed = await productAd(sku);
    const clicked = await productAd(sku);
    const user = `cliente-${uniq()}`;
    const events = store();
    await events.append(beacon(viewed, 'view', user, T - 2 * HOUR));
    await consumer(events).drain();
    const body = order(user, sku, 3);
    await conversions().record(ids.bomPreco, body);
    await consumer().drain();
    const onView = await outcome(body.order_id, [viewed, clicked]);
    expect(onView.credits).toEqual([{ ad: 0, type: 'view', quantity: 3, income: 3750 }]);
    expect(onView.perAd.map((a) => a.daily)).toEqual([[1, 3, 3750], [0, 0, 0]]);

    // A click before the view, counted late: the last click wins over any view.
    await events.append(beacon(clicked, 'click', user, T - 3 * HOUR));
    await consumer(events).drain();
    const onClick = await outcome(body.order_id, [viewed, clicked]);
    expect(onClick.credits).toEqual([{ ad: 1, type: 'click', quantity: 3, income: 3750 }]);
    const none = { daily: [0, 0, 0], hourly: [0, 0, 0], product: [0, 0, 0] };
    const credited = { daily: [1, 3, 3750], hourly: [1, 3, 3750], product: [1, 3, 3750] };
    expect(onClick.perAd).toEqual([none, credited]);
    // Counting it again (a redelivery) and draining again change nothing.
    await events.append(beacon(clicked, 'click', user, T - 3 * HOUR));
    await consumer(events).drain();
    expect(await outcome(body.order_id, [viewed, clicked])).toEqual(onClick);
  });

  it('does not lose a click that one consumer is counting while another attributes its conversion', async () => {
    const sku = `ATR-${uniq()}`;
    const ad = await productAd(sku);
    const user = `cliente-${uniq()}`;
    // The first consumer's counting transaction stays open (the click written, not committed) until released.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const counting = new Promise<void>((resolve) => (entered = resolve));
    const inner = store();
    const held: EventStore = {
      ...inner,
      consume: (limit, fn) =>
        inner.consume(limit, async (tx, batch) => {
          const counted = await fn(tx, batch);
          entered();
          await gate;
          return counted;
        }),
    };
    await inner.append(beacon(ad, 'click', user, T - HOUR));
    const body = order(user, sku);
    await conversions().record(ids.bomPreco, body);

    const first = consumer(held).drain();
    await counting;
    // Meanwhile another instance attributes the order; it must not conclude that nothing led to it.
    const second = createAttribution(t.db).attributeBatch(new Date());
    await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 300))]);
    release();
    await Promise.all([first, second]);
    await consumer().drain();

    expect(await outcome(body.order_id, [ad])).toEqual({
      attributed: true,
      credits: [{ ad: 0, type: 'click', quantity: 2, income: 2500 }],
      perAd: [{ daily: [1, 2, 2500], hourly: [1, 2, 2500], product: [1, 2, 2500] }],
    });
  });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
type Hashes = { email_hashed?: string; phone_hashed?: string; social_id_hashed?: string };
/** The order of `user` with these hashed identifiers (an order of another SKU: it only tells who the user is). */
const identified = (user: string, sku: string, hashes: Hashes, channel = 'app') => ({ ...order(user, sku), channel, ...hashes });

describe('attribution across channels (the same hashed e-mail, phone or CPF with another user_id)', () => {
  it('credits an in-store order to the click served on the app to the user an earlier order shares an identifier with; without it, nothing', async () => {
    for (const field of ['email_hashed', 'phone_hashed', 'social_id_hashed'] as const) {
      const sku = `CANAL-${uniq()}`;
      const ad = await productAd(sku);
      const [app, shop, stranger] = [`app-1-${uniq()}`, `loja-9-${uniq()}`, `loja-8-${uniq()}`];
      const hash = sha256(`${field}-${uniq()}`);
      const events = store();
      await events.append(beacon(ad, 'click', app, T - 2 * HOUR));
      await consumer(events).drain();
      await conversions().record(ids.bomPreco, identified(app, `OUTRO-${uniq()}`, { [field]: hash }));

      const inStore = identified(shop, sku, { [field]: hash }, 'in-store');
      await conversions().record(ids.bomPreco, inStore);
      const notShared = identified(stranger, sku, { [field]: sha256(`outro-${uniq()}`) }, 'in-store');
      await conversions().record(ids.bomPreco, notShared);
      await consumer().drain();

      const credited = { attributed: true, credits: [{ ad: 0, type: 'click', quantity: 2, income: 2500 }], perAd: [{ daily: [1, 2, 2500], hourly: [1, 2, 2500], product: [1, 2, 2500] }] };
      expect(await outcome(inStore.order_id, [ad]), field).toEqual(credited);
      expect(await outcome(notShared.order_id, [ad]), field).toMatchObject({ attributed: true, credits: [] });
    }
  });

  it("moves an in-store order to the linked user's click counted after it was attributed", async () => {
    const sku = `CANAL-${uniq()}`;
    const ad = await productAd(sku);
    const [app, shop] = [`app-1-${uniq()}`, `loja-9-${uniq()}`];
    const email = sha256(uniq());
    await conversions().record(ids.bomPreco, identified(app, `OUTRO-${uniq()}`, { email_hashed: email }));
    const inStore = identified(shop, sku, { email_hashed: email }, 'in-store');
    await conversions().record(ids.bomPreco, inStore);
    await consumer().drain();
    expect(await outcome(inStore.order_id, [ad])).toMatchObject({ attributed: true, credits: [] });

    const events = store();
    await events.append(beacon(ad, 'click', app, T - HOUR));
    await consumer(events).drain();
    expect(await outcome(inStore.order_id, [ad])).toMatchObject({ attributed: true, credits: [{ ad: 0, type: 'click', quantity: 2, income: 2500 }] });
  });

  it('links by an earlier order only; a link received earlier but committed after the attribution sends the order back', async () => {
    const sku = `CANAL-${uniq()}`;
    const ad = await productAd(sku);
    const events = store();
    const [app, shop] = [`app-1-${uniq()}`, `loja-9-${uniq()}`];
    const email = sha256(uniq());
    await events.append(beacon(ad, 'click', app, T - HOUR));
    await consumer(events).drain();
    const inStore = identified(shop, sku, { email_hashed: email }, 'in-store');
    await conversions().record(ids.bomPreco, inStore);
    await consumer().drain();
    // The app's order comes later: the in-store one stays as it was.
    await conversions().record(ids.bomPreco, identified(app, `OUTRO-${uniq()}`, { email_hashed: email }));
    await consumer().drain();
    expect(await outcome(inStore.order_id, [ad])).toMatchObject({ attributed: true, credits: [] });

    // Received before the in-store order (its transaction slow to commit), stored after that order was attributed.
    const [app2, shop2] = [`app-2-${uniq()}`, `loja-10-${uniq()}`];
    const phone = sha256(uniq());
    await events.append(beacon(ad, 'click', app2, T - HOUR));
    await consumer(events).drain();
    const late = identified(shop2, sku, { phone_hashed: phone }, 'in-store');
    await conversions().record(ids.bomPreco, late);
    await consumer().drain();
    expect(await outcome(late.order_id, [ad])).toMatchObject({ attributed: true, credits: [] });
    const receivedAt = (await t.db.rmConversion.findFirstOrThrow({ where: { orderId: late.order_id } })).receivedAt;
    await conversions({ now: () => new Date(receivedAt.getTime() - 1000) }).record(ids.bomPreco, identified(app2, `OUTRO-${uniq()}`, { phone_hashed: phone }));
    expect(await outcome(late.order_id, [ad])).toMatchObject({ attributed: false });
    await consumer().drain();
    expect(await outcome(late.order_id, [ad])).toMatchObject({ attributed: true, credits: [{ ad: 0, type: 'click', quantity: 2, income: 2500 }] });
  });

  it(`links nobody through an identifier seen with more than ${IDENTIFIER_MAX_USERS} user ids (a placeholder e-mail)`, async () => {
    const sku = `CANAL-${uniq()}`;
    const ad = await productAd(sku);
    const app = `app-1-${uniq()}`;
    const placeholder = sha256(`sem-email-${uniq()}`);
    const events = store();
    await events.append(beacon(ad, 'click', app, T - HOUR));
    await consumer(events).drain();
    await conversions().record(ids.bomPreco, identified(app, `OUTRO-${uniq()}`, { email_hashed: placeholder }));
    for (let i = 0; i < IDENTIFIER_MAX_USERS; i++) await conversions().record(ids.bomPreco, identified(`caixa-${uniq()}`, `OUTRO-${uniq()}`, { email_hashed: placeholder }, 'in-store'));
    const inStore = identified(`loja-9-${uniq()}`, sku, { email_hashed: placeholder }, 'in-store');
    await conversions().record(ids.bomPreco, inStore);
    await consumer().drain();
    expect(await outcome(inStore.order_id, [ad])).toMatchObject({ attributed: true, credits: [] });
  });

  it("does not lose the linked user's click that one consumer is counting while another attributes the in-store order", async () => {
    const sku = `CANAL-${uniq()}`;
    const ad = await productAd(sku);
    const [app, shop] = [`app-1-${uniq()}`, `loja-9-${uniq()}`];
    const email = sha256(uniq());
    await conversions().record(ids.bomPreco, identified(app, `OUTRO-${uniq()}`, { email_hashed: email }));
    // The app's own order attributed now, so that the in-store one is alone pending below (its own lock is not the app user's).
    await consumer().drain();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const counting = new Promise<void>((resolve) => (entered = resolve));
    const inner = store();
    const held: EventStore = {
      ...inner,
      consume: (limit, fn) =>
        inner.consume(limit, async (tx, batch) => {
          const counted = await fn(tx, batch);
          entered();
          await gate;
          return counted;
        }),
    };
    await inner.append(beacon(ad, 'click', app, T - HOUR));
    const inStore = identified(shop, sku, { email_hashed: email }, 'in-store');
    await conversions().record(ids.bomPreco, inStore);
    // Attributes the app's own order first, so that only the in-store one is pending below.
    await createAttribution(t.db).attributeBatch(new Date(0));

    const first = consumer(held).drain();
    await counting;
    const second = createAttribution(t.db).attributeBatch(new Date());
    // It waits for the app user's lock, held by the counting transaction.
    expect(await Promise.race([second.then(() => 'done'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))])).toBe('waiting');
    release();
    await Promise.all([first, second]);
    await consumer().drain();
    expect(await outcome(inStore.order_id, [ad])).toMatchObject({ attributed: true, credits: [{ ad: 0, type: 'click', quantity: 2, income: 2500 }] });
  });
});
