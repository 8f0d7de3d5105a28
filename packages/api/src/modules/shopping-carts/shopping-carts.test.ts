import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CART_STATUSES, type CartStatus } from '@backoffice/contracts';
import { createTestApp, DEMO, bearer, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { cartProducts, createCartStore, type CartStore } from '../../../test/fixtures/shopping-carts.ts';
import { CART_TRANSITIONS } from './cart-status.ts';
import { shoppingCartsSeed } from './shopping-carts.seed.ts';
import type { Db } from '../../db/client.ts';
import { createOfferMatching } from '../catalog/offer-matching.ts';
import { createRedemptionsRepo } from '../promotions/redemptions.repo.ts';
import { createRedemptionsService } from '../promotions/redemptions.service.ts';
import type { CartLinksService } from './cart-links.service.ts';
import { createShoppingCartsRepo } from './shopping-carts.repo.ts';
import { createShoppingCartsService } from './shopping-carts.service.ts';

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

let t: TestApp;
let admin: string;
let atacado: string;
let store: CartStore;
let seq = 0;

interface Item {
  item_id: number;
  status: string;
  quantity: number;
  query: string;
  name: string;
  sub_total: number;
  discount: number;
  main_product: { product_id: number; name: string; price: number } | null;
  alternative_products: Array<{ product_id: number; name: string; available: boolean }>;
}

const post = (path: string, body: unknown, token = admin) => t.http.post(path).set(bearer(token)).send(body as object);
const put = (path: string, body: unknown, token = admin) => t.http.put(path).set(bearer(token)).send(body as object);
const get = (path: string, token = admin) => t.http.get(path).set(bearer(token));

async function generate(list: string, over: Record<string, unknown> = {}) {
  const res = await post('/api/shopping-cart/generate', { customer_id: store.customerId, location_id: store.locationId, list, ...over });
  if (res.status !== 201) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; version: number; status: string; items: Item[]; sub_total: number; discount: number; total: number; [k: string]: unknown };
}
const itemOf = (cart: { items: Item[] }, query: RegExp) => {
  const item = cart.items.find((i) => query.test(i.query));
  if (!item) throw new Error(`no item ${query} in ${cart.items.map((i) => i.query).join(', ')}`);
  return item;
};
const setStatus = (id: number, statusType: string, token = admin) => put(`/api/shopping-cart/${id}/status`, { statusType }, token);

async function createPromotion(over: Record<string, unknown>) {
  const res = await post('/api/promotion', {
    name: `Promoção carrinho ${++seq}`,
    promotion_type: 'discount',
    start_promotion: iso(-1),
    end_promotion: iso(10),
    benefits: { type: 'percent', value: 10 },
    trigger: { kind: 'quantity', quantity: 1 },
    ...over,
  });
  if (res.status !== 201) throw new Error(`promotion: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}
// Seeded promotions would price these carts too: each test prices exactly the promotions it creates.
const pauseAll = () => t.db.promotion.updateMany({ where: { active: true }, data: { active: false, disabledAt: new Date() } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.admin);
  const atacadoId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'bom-preco-atacado' } })).id;
  atacado = (await t.http.post('/changeaccount').set(bearer(admin)).send({ account_id: atacadoId })).body.newToken;
  store = await createCartStore(t, admin, 'Loja dos carrinhos');
  await pauseAll();
});
afterEach(pauseAll);
afterAll(() => t?.close());

describe('POST /api/shopping-cart/generate', () => {
  it('turns a pasted list into confirmed, pending and stock_out lines with cart units and prices', async () => {
    const cart = await generate(
      [
        '- 5kg de arroz zumbelino',
        '2kg de feijão xorumbá',
        '1/2 kg de queijo prato quixabeira',
        'leite integral tremelique 1L x3',
        'café pirilampo',
        'sabonete tulipa',
        '',
        'zzzz qwxyk',
      ].join('\n'),
    );
    expect(cart.status).toBe('in_review');
    expect(cart.version).toBe(1);
    const arroz = itemOf(cart, /arroz/);
    expect([arroz.status, arroz.quantity, arroz.main_product?.name]).toEqual(['confirmed', 1, 'Arroz Zumbelino Tipo 1 5kg']);
    const feijao = itemOf(cart, /feij/);
    expect([feijao.status, feijao.quantity]).toEqual(['confirmed', 2]);
    // 0.5 kg of a cheese sold in units of 0.25 kg at R$ 49,90/kg: 2 × R$ 12,48.
    const queijo = itemOf(cart, /queijo/);
    expect([queijo.status, queijo.quantity, queijo.main_product?.price, queijo.sub_total]).toEqual(['confirmed', 2, 12.48, 24.96]);
    const leite = itemOf(cart, /leite/);
    expect([leite.status, leite.quantity, leite.sub_total]).toEqual(['confirmed', 3, 14.97]);
    const cafe = itemOf(cart, /caf/);
    expect(cafe.status).toBe('stock_out');
    expect(cafe.main_product?.name).toBe('Café Torrado Pirilampo 500g');
    expect(cafe.alternative_products.map((a) => a.name)).toContain('Café Torrado Vagalume 500g');
    expect(cafe.alternative_products.every((a) => a.available)).toBe(true);
    const sabonete = itemOf(cart, /sabonete/);
    expect(sabonete.status).toBe('pending');
    expect(sabonete.alternative_products.map((a) => a.name).sort()).toEqual(['Sabonete Tulipa Azul 90g', 'Sabonete Tulipa Rosa 90g']);
    const nothing = itemOf(cart, /zzzz/);
    expect([nothing.status, nothing.main_product, nothing.alternative_products]).toEqual(['pending', null, []]);
    // Only confirmed lines are priced: 27,90 + 2 × 8,99 + 24,96 + 14,97.
    expect(cart.sub_total).toBe(85.81);
    expect(cart.total).toBe(85.81);
    const groups = cart.groups as Record<string, Item[]>;
    expect([groups.confirmed!.length, groups.pending!.length, groups.stock_out!.length]).toEqual([4, 2, 1]);
    expect(cart.customer).toEqual({ id: store.customerId, name: 'Maria Carrinho', phone: '+5511987650001' });
  });

  it('finds products written without accents, with accents where there are none, and with typos', async () => {
    const res = await post('/api/shopping-cart/preview', {
      customer_id: store.customerId,
      location_id: store.locationId,
      list: 'feijao xorumba\naroz zumbelinno 1kg\nQUEIJO PRÁTO QUIXABEIRA',
    });
    expect(res.status).toBe(200);
    const names = (res.body.items as Item[]).map((i) => [i.status, i.main_product?.name]);
    expect(names).toEqual([
      ['confirmed', 'Feijão Xorumbá Carioca 1kg'],
      ['confirmed', 'Arroz Zumbelino Tipo 1 1kg'],
      ['confirmed', 'Queijo Prato Quixabeira'],
    ]);
    // Nothing saved.
    expect(await t.db.shoppingCart.count({ where: { listText: { contains: 'zumbelinno' } } })).toBe(0);
  });

  it('prices with a coupon, and an exclusive promotion wins alone when it gives more', async () => {
    const coupon = await createPromotion({
      promotion_type: 'coupon',
      code: 'CARRINHO5',
      benefits: { type: 'fixed', value: 5 },
      trigger: { kind: 'total', offers_ids: [], min_value: 10 },
    });
    const withCoupon = await generate('leite integral tremelique 1L x3', { coupon_code: 'carrinho5' });
    expect([withCoupon.sub_total, withCoupon.discount, withCoupon.total]).toEqual([14.97, 5, 9.97]);
    expect(withCoupon.applied_promotions).toEqual([{ promotion_id: coupon.id, name: expect.any(String), promotion_type: 'coupon', code: 'CARRINHO5', discount: 5 }]);
    expect(itemOf(withCoupon, /leite/).discount).toBe(5);

    const exclusive = await createPromotion({ benefits: { type: 'percent', value: 50 }, exclusive: true, selected_offers: [cartProducts.leite.sku] });
    const both = await generate('leite integral tremelique 1L x3', { coupon_code: 'CARRINHO5' });
    expect(both.applied_promotions).toEqual([expect.objectContaining({ promotion_id: exclusive.id, discount: 7.49 })]);
    expect([both.discount, both.total]).toEqual([7.49, 7.48]);
    expect(both.coupon_rejection).toMatch(/CARRINHO5/);

    const rejected = await generate('leite integral tremelique 1L', { coupon_code: 'NAOEXISTE' });
    expect(rejected.coupon_rejection).toBe('Cupom "NAOEXISTE" não encontrado.');
  });

  it('answers 400 naming the field, and 422 for another account’s customer or store', async () => {
    for (const [body, field] of [
      [{ customer_id: 'abc', location_id: store.locationId, list: 'arroz' }, 'customer_id'],
      [{ customer_id: store.customerId, location_id: store.locationId }, 'list'],
      [{ customer_id: store.customerId, location_id: store.locationId, list: '12\n\n' }, 'list'],
      [{ customer_id: store.customerId, location_id: store.locationId, list: 'arroz', extra: 1 }, 'extra'],
    ] as const) {
      const res = await post('/api/shopping-cart/generate', body);
      expect(res.status, field).toBe(400);
      expect(expectEnvelope(res.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe(field);
    }
    const other = await post('/api/shopping-cart/generate', { customer_id: store.customerId, location_id: store.locationId, list: 'arroz' }, atacado);
    expect(other.status).toBe(422);
    expect(expectEnvelope(other.body, 'CART_CUSTOMER_UNKNOWN').details?.[0]?.field).toBe('customer_id');
  });
});

describe('GET /shopping-cart/{id} and /search/shopping-carts', () => {
  it('reads a cart of the account; another account gets 404', async () => {
    const cart = await generate('6 ovos tremelique\nleite integral tremelique 1L');
    const res = await get(`/shopping-cart/${cart.id}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(cart.items);
    for (const call of [
      get(`/shopping-cart/${cart.id}`, atacado),
      put(`/api/shopping-cart/${cart.id}`, { operations: [] }, atacado),
      setStatus(cart.id, 'deleted', atacado),
      post(`/api/shopping-cart/send-link/${cart.id}`, {}, atacado),
    ]) {
      const r = await call;
      expect(r.status).toBe(404);
      expectEnvelope(r.body, 'CART_NOT_FOUND');
    }
  });

  it('lists newest first, filtered by status, customer and a search on name, phone or number', async () => {
    const a = await generate('leite integral tremelique 1L');
    const b = await generate('queijo prato quixabeira');
    await t.db.shoppingCart.update({ where: { id: a.id }, data: { status: 'approved' } });
    const list = await get(`/search/shopping-carts?customer_id=${store.customerId}&quantity=500`);
    expect(list.status).toBe(200);
    const ids = (list.body.data as Array<{ id: number }>).map((c) => c.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const approved = await get(`/search/shopping-carts?status=approved,deleted&customer_id=${store.customerId}`);
    expect((approved.body.data as Array<{ id: number; status: string }>).every((c) => ['approved', 'deleted'].includes(c.status))).toBe(true);
    expect((approved.body.data as Array<{ id: number }>).map((c) => c.id)).toContain(a.id);
    for (const query of ['maria carrinho', 'MARÍA', '98765-0001', String(b.id)]) {
      const found = await get(`/search/shopping-carts?query=${encodeURIComponent(query)}`);
      expect((found.body.data as Array<{ id: number }>).map((c) => c.id), query).toContain(b.id);
    }
    const other = await get(`/search/shopping-carts?customer_id=${store.customerId}`, atacado);
    expect(other.body.data).toEqual([]);
    const bad = await get('/search/shopping-carts?status=pago');
    expect(bad.status).toBe(400);
    expect(expectEnvelope(bad.body, 'VALIDATION_ERROR').details?.[0]?.field).toMatch(/^status/);
  });
});

describe('PUT /api/shopping-cart/{cart_id}', () => {
  it('chooses an alternative, confirms a pending line, adds, removes and re-prices, bumping the version', async () => {
    const cart = await generate('café pirilampo\nsabonete tulipa\nleite integral tremelique 1L');
    const cafe = itemOf(cart, /caf/);
    const sabonete = itemOf(cart, /sabonete/);
    const leite = itemOf(cart, /leite/);
    const vagalume = cafe.alternative_products.find((a) => /Vagalume/.test(a.name))!;
    const res = await put(`/api/shopping-cart/${cart.id}`, {
      version: 1,
      operations: [
        { op: 'choose_product', item_id: cafe.item_id, product_id: vagalume.product_id },
        { op: 'confirm', item_id: sabonete.item_id },
        { op: 'set_quantity', item_id: leite.item_id, quantity: 4 },
        { op: 'add', text: '2kg de feijão xorumbá' },
        { op: 'add', product_id: store.products.queijo, quantity: 3 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(2);
    const items = res.body.items as Item[];
    expect(items.map((i) => [i.status, i.main_product?.name, i.quantity])).toEqual([
      ['confirmed', 'Café Torrado Vagalume 500g', 1],
      ['confirmed', sabonete.main_product!.name, 1],
      ['confirmed', 'Leite Integral Tremelique 1L', 4],
      ['confirmed', 'Feijão Xorumbá Carioca 1kg', 2],
      ['confirmed', 'Queijo Prato Quixabeira', 3],
    ]);
    // 17,90 + 3,49 + 4 × 4,99 + 2 × 8,99 + 3 × 12,48.
    expect(res.body.sub_total).toBe(96.77);
    // Item ids are kept across changes.
    expect(items[0]!.item_id).toBe(cafe.item_id);

    const removed = await put(`/api/shopping-cart/${cart.id}`, { operations: [{ op: 'remove', item_id: leite.item_id }], coupon_code: 'NAOEXISTE' });
    expect(removed.status).toBe(200);
    expect(removed.body.version).toBe(3);
    expect(removed.body.sub_total).toBe(76.81);
    expect(removed.body.coupon_code).toBe('NAOEXISTE');
    expect(removed.body.coupon_rejection).toBe('Cupom "NAOEXISTE" não encontrado.');
    const kept = await put(`/api/shopping-cart/${cart.id}`, { operations: [] });
    expect(kept.body.coupon_code).toBe('NAOEXISTE');
    const cleared = await put(`/api/shopping-cart/${cart.id}`, { coupon_code: null });
    expect(cleared.body.coupon_code).toBeNull();

    const stale = await put(`/api/shopping-cart/${cart.id}`, { version: 1, operations: [] });
    expect(stale.status).toBe(409);
    expectEnvelope(stale.body, 'CART_VERSION_CONFLICT');
  });

  it('refuses unknown items, products the store does not sell or lacks, and a pending line without a product', async () => {
    const cart = await generate('zzzz qwxyk\ncafé pirilampo');
    const nothing = itemOf(cart, /zzzz/);
    const cafe = itemOf(cart, /caf/);
    const cases: Array<[unknown, string]> = [
      [{ op: 'set_quantity', item_id: 999999999, quantity: 2 }, 'CART_ITEM_NOT_FOUND'],
      [{ op: 'confirm', item_id: nothing.item_id }, 'CART_CONFIRM_NO_PRODUCT'],
      [{ op: 'confirm', item_id: cafe.item_id }, 'CART_PRODUCT_UNAVAILABLE'],
      [{ op: 'choose_product', item_id: nothing.item_id, product_id: store.products.pirilampo }, 'CART_PRODUCT_UNAVAILABLE'],
      [{ op: 'add', product_id: store.otherStoreProduct }, 'CART_PRODUCT_NOT_OFFERED'],
    ];
    for (const [op, code] of cases) {
      const res = await put(`/api/shopping-cart/${cart.id}`, { operations: [op] });
      expect(res.status, code).toBe(422);
      expectEnvelope(res.body, code);
    }
    const bad = await put(`/api/shopping-cart/${cart.id}`, { operations: [{ op: 'set_quantity', item_id: nothing.item_id, quantity: 0 }] });
    expect(bad.status).toBe(400);
    expect(expectEnvelope(bad.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('operations.0.quantity');
    const empty = await put(`/api/shopping-cart/${cart.id}`, { operations: [{ op: 'add', text: 'arroz zumbelino' }, { op: 'add', text: '12' }] });
    expect(empty.status).toBe(400);
    expect(expectEnvelope(empty.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('operations.1.text');
    const both = await put(`/api/shopping-cart/${cart.id}`, { operations: [{ op: 'add' }] });
    expect(both.status).toBe(400);
    expect(expectEnvelope(both.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('operations.0.product_id');
    expect((await get(`/shopping-cart/${cart.id}`)).body.version).toBe(1);
  });

  it('refuses to change a cart that is not in review (409)', async () => {
    const cart = await generate('leite integral tremelique 1L');
    expect((await setStatus(cart.id, 'approved')).status).toBe(200);
    const res = await put(`/api/shopping-cart/${cart.id}`, { operations: [] });
    expect(res.status).toBe(409);
    expect(expectEnvelope(res.body, 'CART_NOT_IN_REVIEW').message).toBe(
      'Só é possível alterar um carrinho em revisão: este está "Aprovado". Restaure-o para revisão antes de alterar.',
    );
  });
});

describe('PUT /api/shopping-cart/{cart_id}/status', () => {
  const STATUSES = [...CART_STATUSES] as CartStatus[];
  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s', async (from, to) => {
    const cart = await generate('leite integral tremelique 1L');
    await t.db.shoppingCart.update({ where: { id: cart.id }, data: { status: from } });
    const res = await setStatus(cart.id, to);
    if (CART_TRANSITIONS[from].includes(to)) {
      expect(res.status).toBe(200);
      expect(res.body.cart.status).toBe(to);
      const messages: Partial<Record<CartStatus, string>> = {
        in_review: 'Carrinho restaurado com sucesso',
        deleted: 'Carrinho cancelado com sucesso',
        approved: 'Carrinho aprovado com sucesso',
      };
      if (messages[to]) expect(res.body.message).toBe(messages[to]);
    } else {
      expect(res.status).toBe(409);
      const code = from === to ? 'CART_STATUS_SAME' : to === 'link_sent' ? 'CART_LINK_SENT_BY_SEND_LINK' : 'CART_STATUS_TRANSITION';
      expect(expectEnvelope(res.body, code).message).toMatch(/carrinho|link/i);
      expect((await t.db.shoppingCart.findUniqueOrThrow({ where: { id: cart.id } })).status).toBe(from);
    }
  });

  it('refuses to approve with pending lines or nothing confirmed (422), in Portuguese', async () => {
    const pending = await generate('sabonete tulipa\nleite integral tremelique 1L');
    const res = await setStatus(pending.id, 'approved');
    expect(res.status).toBe(422);
    expect(expectEnvelope(res.body, 'CART_APPROVE_PENDING').message).toBe('Resolva os itens pendentes antes de aprovar o carrinho (1 pendente(s)).');
    const empty = await generate('café pirilampo');
    const res2 = await setStatus(empty.id, 'approved');
    expect(res2.status).toBe(422);
    expectEnvelope(res2.body, 'CART_APPROVE_EMPTY');
    const bad = await setStatus(empty.id, 'pago');
    expect(bad.status).toBe(400);
    expect(expectEnvelope(bad.body, 'VALIDATION_ERROR').details?.[0]?.field).toBe('statusType');
  });
});

describe('send-link and the public page', () => {
  it('sends the link once per version through the messaging provider and marks the cart link_sent', async () => {
    const cart = await generate('leite integral tremelique 1L x2');
    const early = await post(`/api/shopping-cart/send-link/${cart.id}`, {});
    expect(early.status).toBe(409);
    expectEnvelope(early.body, 'CART_SEND_NOT_APPROVED');
    await setStatus(cart.id, 'approved');
    const first = await post(`/api/shopping-cart/send-link/${cart.id}`, {});
    const second = await post(`/api/shopping-cart/send-link/${cart.id}`, {});
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(['queued', 'sent']).toContain(first.body.link_delivery.status);
    await t.drainJobs();
    const messages = await t.db.outboundMessage.findMany({ where: { subjectType: 'shopping_cart', subjectId: cart.id } });
    expect(messages).toHaveLength(1);
    // Sent, then reported delivered by the WhatsApp simulator a moment later (drained above).
    expect(messages[0]).toMatchObject({ to: '+5511987650001', status: 'delivered', provider: 'local', channel: 'whatsapp' });
    const after = (await get(`/shopping-cart/${cart.id}`)).body;
    expect(after.status).toBe('link_sent');
    expect(after.link_sent_at).not.toBeNull();
    expect(after.link_delivery).toMatchObject({ status: 'sent', error: null });
    expect(after.link).toMatch(/^http:\/\/localhost:3000\/carrinho\/[\w.-]+$/);
    expect(messages[0]!.body).toContain(after.link);
    expect(messages[0]!.body).toContain('Maria');
    expect(after.link_delivery.checkout_url).toMatch(/^https:\/\/loja\.bompreco\.varejo\.test\/checkout\?cart=/);

    // A resend of the same version is the same message.
    expect((await post(`/api/shopping-cart/send-link/${cart.id}`, {})).status).toBe(202);
    await t.drainJobs();
    expect(await t.db.outboundMessage.count({ where: { subjectType: 'shopping_cart', subjectId: cart.id } })).toBe(1);
  });

  it('refuses a customer without a phone (422)', async () => {
    const res0 = await post('/api/shopping-cart/generate', { customer_id: store.noPhoneCustomerId, location_id: store.locationId, list: 'leite integral tremelique 1L' });
    await setStatus(res0.body.id, 'approved');
    const res = await post(`/api/shopping-cart/send-link/${res0.body.id}`, {});
    expect(res.status).toBe(422);
    expect(expectEnvelope(res.body, 'CART_CUSTOMER_NO_PHONE').message).toMatch(/telefone/);
  });

  it('shows the cart by its token, marks it opened once, records the checkout; a forged token is 404', async () => {
    const cart = await generate('leite integral tremelique 1L x2\nsabonete tulipa');
    await put(`/api/shopping-cart/${cart.id}`, { operations: [{ op: 'confirm', item_id: itemOf(cart, /sabonete/).item_id }] });
    await setStatus(cart.id, 'approved');
    await post(`/api/shopping-cart/send-link/${cart.id}`, {});
    await t.drainJobs();
    const { link } = (await get(`/shopping-cart/${cart.id}`)).body as { link: string };
    const token = link.split('/').pop()!;

    const page = await t.http.get(`/public/shopping-cart/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: cart.id, status: 'opened', customer_name: 'Maria', store: { name: store.locationName }, converted: false });
    expect(page.body.account.name).toBe('Supermercado Bom Preço');
    expect(page.body.items.map((i: { name: string }) => i.name)).toEqual(['Leite Integral Tremelique 1L', expect.stringMatching(/^Sabonete Tulipa/)]);
    expect(page.body.total).toBe(13.47);
    expect(JSON.stringify(page.body)).not.toContain('98765');
    const opened = await t.db.shoppingCart.findUniqueOrThrow({ where: { id: cart.id } });
    expect(opened.status).toBe('opened');
    expect(opened.openedAt).not.toBeNull();
    await t.http.get(`/public/shopping-cart/${token}`);
    expect((await t.db.shoppingCart.findUniqueOrThrow({ where: { id: cart.id } })).openedAt).toEqual(opened.openedAt);

    const checkout = await t.http.post(`/public/shopping-cart/${token}/checkout`);
    expect(checkout.status).toBe(200);
    expect(checkout.body.checkout_url).toBe(`https://loja.bompreco.varejo.test/checkout?cart=${encodeURIComponent(token)}`);
    expect((await t.db.shoppingCart.findUniqueOrThrow({ where: { id: cart.id } })).convertedAt).not.toBeNull();
    expect((await t.http.get(`/public/shopping-cart/${token}`)).body.converted).toBe(true);

    const forged = `${token.slice(0, -4)}AAAA`;
    for (const bad of [forged, `${(cart.id + 1).toString(36)}${token.slice(token.indexOf('.'))}`, 'nada-a-ver-com-nada']) {
      const res = await t.http.get(`/public/shopping-cart/${bad}`);
      expect(res.status, bad).toBe(404);
      expect((await t.http.post(`/public/shopping-cart/${bad}/checkout`)).status).toBe(404);
    }
    // A cancelled cart's link leads nowhere.
    await setStatus(cart.id, 'deleted');
    expect((await t.http.get(`/public/shopping-cart/${token}`)).status).toBe(404);
  });
});

describe('seed', () => {
  it('creates carts in every status over the last 30 days, some sent, opened and bought; a second run adds nothing', async () => {
    const accountIds = new Map((await t.db.account.findMany({ select: { id: true, slug: true } })).map((a) => [a.slug, a.id]));
    const accountId = accountIds.get('supermercado-bom-preco')!;
    await t.db.shoppingCart.deleteMany({ where: { accountId } });
    await shoppingCartsSeed.seed(t.db, { accountIds });
    const carts = await t.db.shoppingCart.findMany({ where: { accountId }, include: { items: true } });
    expect(new Set(carts.map((c) => c.status))).toEqual(new Set(CART_STATUSES));
    expect(carts.every((c) => c.createdAt.getTime() > Date.now() - 31 * DAY)).toBe(true);
    expect(carts.filter((c) => c.convertedAt).length).toBeGreaterThan(2);
    expect(carts.filter((c) => c.openedAt && !c.convertedAt).length).toBeGreaterThan(2);
    for (const c of carts) {
      const confirmed = c.items.filter((i) => i.status === 'confirmed').reduce((a, i) => a + i.subTotalCents, 0n);
      expect(c.subTotalCents).toBe(confirmed);
    }
    await shoppingCartsSeed.seed(t.db, { accountIds });
    expect(await t.db.shoppingCart.count({ where: { accountId } })).toBe(carts.length);
    const opened = carts.find((c) => c.status === 'opened')!;
    const view = await get(`/shopping-cart/${opened.id}`);
    expect(view.status).toBe(200);
    expect(view.body.link).toMatch(/\/carrinho\//);
  });
});

describe('a 30-line list', () => {
  it('is matched in one catalog round trip and written in one statement with its lines', async () => {
    const calls = { matchMany: 0, itemWrites: 0 };
    const matching = createOfferMatching(t.db);
    const db = t.db.$extends({
      query: {
        shoppingCartItem: {
          $allOperations({ operation, args, query }) {
            if (operation.startsWith('create')) calls.itemWrites += 1;
            return query(args);
          },
        },
        // The raw statements that write lines.
        async $queryRaw({ args, query }) {
          if (/INSERT INTO shopping_cart_items/.test(String((args as unknown as { strings?: string[] }).strings?.join('') ?? ''))) calls.itemWrites += 1;
          return query(args);
        },
      },
    }) as unknown as Db;
    const service = createShoppingCartsService({
      repo: createShoppingCartsRepo(db),
      catalog: {
        ...matching,
        matchMany: (...args) => {
          calls.matchMany += 1;
          return matching.matchMany(...args);
        },
      },
      pricing: createRedemptionsService({ db: t.db, repo: createRedemptionsRepo(t.db) }),
      scope: async () => null,
      messaging: { latestFor: async () => new Map() },
      links: { linksOf: async () => ({ link: 'http://localhost/carrinho/x', checkoutUrl: null }) } as unknown as CartLinksService,
    });
    const words = ['leite integral tremelique 1L', '5kg de arroz zumbelino', '2kg de feijão xorumbá', 'queijo prato quixabeira', 'café vagalume', 'sabonete tulipa'];
    const list = Array.from({ length: 30 }, (_, n) => `${1 + (n % 3)} ${words[n % words.length]} lote ${n}`).join('\n');
    const accountId = (await t.db.account.findUniqueOrThrow({ where: { slug: 'supermercado-bom-preco' } })).id;
    const userId = (await t.db.user.findUniqueOrThrow({ where: { email: DEMO.admin } })).id;
    const input = { customer_id: store.customerId, location_id: store.locationId, list, coupon_code: null };
    const cart = await service.generate({ accountId, userId }, input, 'pt-BR');
    expect(cart.items).toHaveLength(30);
    expect(calls).toEqual({ matchMany: 1, itemWrites: 1 });
    // The cart answered from what was written is the cart read back.
    expect(await service.get({ accountId, userId }, cart.id)).toEqual(cart);
    if (process.env.CART_TIMING) {
      const started = performance.now();
      for (let i = 0; i < 5; i++) await service.generate({ accountId, userId }, input, 'pt-BR');
      console.log(`30-line generate: ${((performance.now() - started) / 5).toFixed(0)} ms`);
    }
  });
});
