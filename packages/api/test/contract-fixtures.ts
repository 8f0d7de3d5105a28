/**
 * Objects of every kind the API serves, created in the owner account (Supermercado Bom Preço) on
 * demand, by the name a route's contract gives in `access.fixture`:
 *
 *   const ctx = await createFixtureContext(t);
 *   const call = await fixtures.promotion(ctx); // { params: { id }, body?, query?, object, marker }
 *
 * A fixture returns what a call of its routes needs (path params, query, body, headers) on a new
 * object, plus the object as its owner reads it (`object`) and a text unique to it (`marker`), so a
 * test can tell whether an answer leaks it. Each call creates a new object: call it again for each
 * write. Used by the authorisation matrix (test/matrix/) and the contract fuzzing.
 */
import { analyticsFixtures } from './fixtures/analytics.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { MatrixActor } from '@backoffice/contracts';
import { moduleIds } from '../src/db/access-modules.ts';
import { hashPassword } from '../src/lib/password.ts';
import { createEventSigner } from '../src/modules/ad-serving/event-signing.ts';
import { servedAd } from './served-ad.ts';
import { png } from '../src/modules/ads/ads.fixtures.ts';
import { bearer, DEMO, DEMO_PASSWORD, type TestApp } from './helpers.ts';
import { locationsFixtures } from './fixtures/locations.ts';
import { operatorsFixtures } from './fixtures/operators.ts';
import { regionsFixtures } from './fixtures/regions.ts';
import { slotsFixtures } from './fixtures/slots.ts';
import { tradeFixtures } from './fixtures/trade.ts';
import { catalogFixtures } from './fixtures/catalog.ts';
import { customersFixtures } from './fixtures/customers.ts';
import { productImportsFixtures } from './fixtures/product-imports.ts';
import { shoppingCartsFixtures } from './fixtures/shopping-carts.ts';
import { ordersFixtures } from './fixtures/orders.ts';
import { paymentsFixtures } from './fixtures/payments.ts';
import { paymentHubFixtures } from './fixtures/payment-hub.ts';
import { deliveryHubFixtures } from './fixtures/delivery-hub.ts';
import { integrationKeysFixtures } from './fixtures/integration-keys.ts';
import { messagingCampaignsFixtures } from './fixtures/messaging-campaigns.ts';
import { chatsFixtures } from './fixtures/chats.ts';
import { whatsappFixtures } from './fixtures/whatsapp.ts';
import { tvDevicesFixtures } from './fixtures/tv-devices.ts';
import { erpIntegrationFixtures } from './fixtures/erp-integration.ts';

export interface FixtureCall {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart/form-data body instead of `body`. */
  multipart?: { fields?: Record<string, string>; files: Array<{ field: string; content: Buffer; filename: string; contentType: string }> };
  /** The object as its owner reads it: none of its values may appear in a refused answer. */
  object?: unknown;
  /** A text unique to the object (in its name): answers to callers that must not see it do not contain it. */
  marker?: string;
  /** Reads the object again as its owner: after refused calls it still equals `object`. */
  read?: () => Promise<unknown>;
}

/** The accounts and signed-in callers fixtures and the matrix use (MatrixActor in @backoffice/contracts). */
export interface FixtureContext {
  t: TestApp;
  ids: { bomPreco: number; atacado: number; aurora: number; rede: number; aliado: number; avulsa: number; aliadoAdSize: number };
  /** Bearer tokens, each with its account current. */
  tokens: Record<Exclude<MatrixActor, 'anonymous'>, string>;
  /** Calls the API as the owner's admin; throws unless it answers 2xx; returns the body. */
  asOwner(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<OwnerBody>;
  /** A text no other object has, for names. */
  unique(label: string): string;
}

/** An answer as the owner reads it (fixtures take its `id`). */
export interface OwnerBody {
  id: number;
  [field: string]: unknown;
}

export type Fixture = (ctx: FixtureContext) => Promise<FixtureCall>;

const DAY = 86_400_000;
/** Mercado Aliado's catalog: Bom Preço's campaigns there advertise the first. */
const ALIADO_SKUS = ['ALIADO-CAFE-500G', 'ALIADO-FILTRO-103'] as const;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();
const GROCERY_MODULES = moduleIds('dashboard', 'retail_media', 'promotional', 'products', 'users', 'config');
const INDUSTRY_MODULES = moduleIds('dashboard', 'retail_media', 'promotional.trade', 'users', 'config');

/** An account with an admin of its own (password DEMO_PASSWORD); returns its id. */
async function account(
  t: TestApp,
  data: { slug: string; name: string; type: 'grocery' | 'industry'; retailMediaRole: 'publisher' | 'advertiser'; modules: number[]; email: string },
) {
  const row = await t.db.account.create({
    data: { slug: data.slug, name: data.name, type: data.type, retailMediaRole: data.retailMediaRole, headerColor: '#2f9e44' },
    select: { id: true },
  });
  await t.db.accountAccessModule.createMany({ data: data.modules.map((moduleId) => ({ accountId: row.id, moduleId })) });
  const user = await t.db.user.create({ data: { email: data.email, name: `Admin ${data.name}`, passwordHash: await hashPassword(DEMO_PASSWORD) } });
  await t.db.membership.create({ data: { accountId: row.id, userId: user.id, role: 'admin', status: 'active', allModules: true } });
  return row.id;
}

/**
 * The demo accounts plus two of the test's own: Mercado Aliado, a publisher on whose inventory Bom
 * Preço advertises (linked, with a wallet and a catalog product), and Marca Avulsa, an advertiser
 * linked to no publisher. Signs every caller in with its account current.
 */
export async function createFixtureContext(t: TestApp): Promise<FixtureContext> {
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  const bomPreco = idOf('supermercado-bom-preco');
  const aliado = await account(t, {
    slug: 'mercado-aliado', name: 'Mercado Aliado', type: 'grocery', retailMediaRole: 'publisher', modules: GROCERY_MODULES, email: 'admin@aliado.test',
  });
  await t.db.retailMediaConfig.create({ data: { publisherId: aliado, adTypes: ['product', 'banner', 'sponsored_brand', 'digital_signage'] } });
  await t.db.advertiserLink.create({
    data: { publisherId: aliado, advertiserId: bomPreco, type: 'seller', strategies: ['standard', 'objective_based'], defaultStrategy: 'standard', enableAudienceCampaign: true },
  });
  await t.db.wallet.create({ data: { publisherId: aliado, advertiserId: bomPreco, balanceCents: 1_000_000n } });
  await t.db.product.createMany({
    data: [
      { accountId: aliado, sku: ALIADO_SKUS[0], name: 'Café Aliado 500 g', priceCents: 1899n },
      { accountId: aliado, sku: ALIADO_SKUS[1], name: 'Filtro Aliado 103', priceCents: 599n },
    ],
  });
  const size = await t.db.adSize.create({ data: { publisherId: aliado, name: 'Retângulo Aliado', width: 300, height: 250 }, select: { id: true } });
  const avulsa = await account(t, {
    slug: 'marca-avulsa', name: 'Marca Avulsa', type: 'industry', retailMediaRole: 'advertiser', modules: INDUSTRY_MODULES, email: 'admin@avulsa.test',
  });
  const ids = { bomPreco, atacado: idOf('bom-preco-atacado'), aurora: idOf('cafe-aurora'), rede: idOf('rede-parceira-midia'), aliado, avulsa, aliadoAdSize: size.id };

  /** Signs in and makes `accountId` current. */
  const signIn = async (email: string, accountId: number) => {
    const token = await t.login(email);
    const res = await t.http.post('/changeaccount').set(bearer(token)).send({ account_id: accountId });
    if (res.status !== 200) throw new Error(`changeaccount ${email} → ${accountId}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.newToken as string;
  };
  const [owner, operator, platform, sameType, industry, whiteLabel, linkedPublisher, unlinkedAdvertiser] = await Promise.all([
    signIn(DEMO.admin, bomPreco),
    signIn(DEMO.operator, bomPreco),
    signIn('suporte@plataforma.test', bomPreco),
    signIn(DEMO.admin, ids.atacado),
    signIn(DEMO.brand, ids.aurora),
    signIn(DEMO.partner, ids.rede),
    signIn('admin@aliado.test', aliado),
    signIn('admin@avulsa.test', avulsa),
  ]);
  const tokens: FixtureContext['tokens'] = { owner, operator, platform, sameType, industry, whiteLabel, linkedPublisher, unlinkedAdvertiser };
  const run = randomBytes(3).toString('hex');
  let seq = 0;
  return {
    t,
    ids,
    tokens,
    async asOwner(method, path, body) {
      const req = t.http[method.toLowerCase() as 'get'](path).set(bearer(tokens.owner));
      const res = body === undefined ? await req : await req.send(body as object);
      if (res.status >= 300) throw new Error(`fixture: ${method} ${path} answered ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    unique: (label) => `${label} mx${run}${++seq}`,
  };
}

/** The object at `path` as the owner reads it, and how to read it again. */
async function ownerRead(ctx: FixtureContext, path: string): Promise<Pick<FixtureCall, 'object' | 'read'>> {
  const read = () => ctx.asOwner('GET', path);
  return { object: await read(), read };
}

/** A fixture for a route on an object: creates it with `make` (its id), reads it back as the owner. */
const byId =
  (make: (ctx: FixtureContext, name: string) => Promise<number>, read: (id: number) => string, label: string, extra: Partial<FixtureCall> = {}): Fixture =>
  async (ctx) => {
    const marker = ctx.unique(label);
    const id = await make(ctx, marker);
    return { params: { id }, ...(await ownerRead(ctx, read(id))), marker, ...extra };
  };

const promotionBody = (name: string) => ({
  name,
  description: 'Leite integral 1L',
  promotion_type: 'buy_pay',
  start_promotion: iso(-1),
  end_promotion: iso(10),
  benefits: { pay: 3, take: 4 },
  trigger: { kind: 'quantity', quantity: 4 },
  selected_offers: ['leite-integral-1l'],
});
const flyerBody = (name: string) => ({ name, message: 'Ofertas da semana', start_at: iso(-1), end_at: iso(10) });

const promotion = byId(async (ctx, name) => (await ctx.asOwner('POST', '/api/promotion', promotionBody(name))).id, (id) => `/api/promotion/${id}`, 'Promoção');
const flyer = byId(async (ctx, name) => (await ctx.asOwner('POST', '/api/promotion-flyer', flyerBody(name))).id, (id) => `/api/promotion-flyer/${id}`, 'Encarte');

/** A person invited to the owner account (pending). */
async function invitedUser(ctx: FixtureContext, name: string) {
  const email = `${name.replace(/\W+/g, '.').toLowerCase()}@convidado.test`;
  const user = await ctx.asOwner('POST', '/api/user/invite', { email, name, role: 'operator' });
  return { id: user.id as number, email };
}

/** The code in the newest e-mail of `kind` sent to `to`. */
async function mailedCode(t: TestApp, to: string, kind: 'invite' | 'password_recovery') {
  await t.drainJobs();
  const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to, kind }, orderBy: { id: 'desc' } });
  const code = /\?code=([\w-]+)/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The publisher's ad API settings (whether ad queries need a key, the origins that may call it). */
const AD_API_SETTINGS = '/configuration/ad-api';

const CART = [
  { sku: 'leite-integral-1l', quantity: 4, unit_price: 5.49 },
  { sku: 'cafe-aurora-tradicional-500g', quantity: 3, unit_price: 18.9 },
];

const campaignBody = (publisherId: number, name: string) => ({
  publisher_id: publisherId,
  name,
  ad_type: 'product',
  daily_budget: 100,
  products: [{ sku: ALIADO_SKUS[0] }],
  keywords: ['café'],
});

/** A new campaign of Bom Preço (advertiser) on Mercado Aliado (publisher), with a keyword and a product ad. */
const campaign: Fixture = async (ctx) => {
  const marker = ctx.unique('Campanha');
  const created = await ctx.asOwner('POST', '/campaign', campaignBody(ctx.ids.aliado, marker));
  return { params: { id: created.id }, ...(await ownerRead(ctx, `/campaign/${created.id}`)), marker };
};

const audienceBody = (publisherId: number, name: string) => ({
  publisher_id: publisherId,
  name,
  description: 'Clientes que compram carnes e cervejas às sextas.',
  estimated_audience: 5200,
  reach_range: 40,
  visibility: 'global',
  rules: [{ attribute: 'purchased_category', operator: 'in', value: ['Bovinos', 'Cervejas'] }],
});

/** An industry account of its own (no users), found by its CNPJ when linked. */
async function advertiserAccount(ctx: FixtureContext) {
  const marker = ctx.unique('Anunciante');
  const document = String(10_000_000_000_000 + Math.floor(Math.random() * 89_999_999_999_999)).slice(0, 14);
  await ctx.t.db.account.create({ data: { slug: marker.replace(/\W+/g, '-').toLowerCase(), name: marker, type: 'industry', retailMediaRole: 'advertiser', document } });
  return { marker, document };
}

export const fixtures: Record<string, Fixture> = {
  // Stores, regions, slots and operators (issue 19): each domain's fixtures in test/fixtures/.
  ...locationsFixtures,
  ...regionsFixtures,
  ...slotsFixtures,
  ...tradeFixtures,
  ...operatorsFixtures,
  // Catalog, imports, customers and shopping carts (issue 20).
  ...catalogFixtures,
  ...productImportsFixtures,
  ...customersFixtures,
  ...shoppingCartsFixtures,
  ...ordersFixtures,
  ...paymentsFixtures,
  ...paymentHubFixtures,
  ...deliveryHubFixtures,
  ...integrationKeysFixtures,
  ...messagingCampaignsFixtures,
  // Chats (issue 22).
  ...chatsFixtures,
  ...whatsappFixtures,
  ...tvDevicesFixtures,
  ...erpIntegrationFixtures,
  // Analytics (issue 23).
  ...analyticsFixtures,
  // Account and session
  ownerAccount: async (ctx) => ({ body: { account_id: ctx.ids.bomPreco } }),
  credentials: async () => ({ body: { email: DEMO.admin, password: DEMO_PASSWORD } }),
  recoveryRequest: async () => ({ body: { email: DEMO.operator } }),
  passwordReset: async (ctx) => {
    const email = `${ctx.unique('reset').replace(/\W+/g, '.')}@senha.test`;
    await ctx.t.db.user.create({ data: { email, name: 'Pessoa Senha', passwordHash: await hashPassword(DEMO_PASSWORD) } });
    const res = await ctx.t.http.post('/password-recovery').send({ email });
    if (res.status !== 202) throw new Error(`password-recovery: ${res.status}`);
    return { body: { code: await mailedCode(ctx.t, email, 'password_recovery'), password: 'Nova#Senha2026' } };
  },
  /** The caller's demo password for itself again: calls by the same person in any order all succeed. */
  passwordChange: async () => ({ body: { current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD } }),
  profile: async () => ({ body: { name: 'Nome Alterado', phone: '(11) 91234-5678', language: 'pt-BR' } }),

  // Users
  user: async (ctx) => {
    const marker = ctx.unique('Pessoa');
    const { id } = await invitedUser(ctx, marker);
    return { params: { id }, ...(await ownerRead(ctx, `/api/user/${id}`)), marker };
  },
  newInvite: async (ctx) => {
    const name = ctx.unique('Convite');
    return { body: { email: `${name.replace(/\W+/g, '.').toLowerCase()}@convite.test`, name, role: 'operator' } };
  },
  userRole: async (ctx) => {
    const marker = ctx.unique('Perfil');
    const { id } = await invitedUser(ctx, marker);
    return { body: { user_id: id, role: 'manager' }, ...(await ownerRead(ctx, `/api/user/${id}`)), marker };
  },
  inviteCode: async (ctx) => {
    const { email } = await invitedUser(ctx, ctx.unique('Código'));
    return { params: { code: await mailedCode(ctx.t, email, 'invite') } };
  },
  inviteActivation: async (ctx) => {
    const { email } = await invitedUser(ctx, ctx.unique('Ativação'));
    return { body: { code: await mailedCode(ctx.t, email, 'invite'), password: 'Nova#Senha2026' } };
  },

  // Promotional
  promotion,
  promotionAction: async (ctx) => {
    const call = await promotion(ctx);
    return { ...call, params: { ...call.params, action: 'pause' } };
  },
  newPromotion: async (ctx) => {
    return { body: promotionBody(ctx.unique('Promoção nova')) };
  },
  promotionUpdate: async (ctx) => {
    const call = await promotion(ctx);
    return { ...call, body: promotionBody(`${call.marker} alterada`) };
  },
  flyer,
  flyerAction: async (ctx) => {
    const call = await flyer(ctx);
    return { ...call, params: { ...call.params, action: 'pause' } };
  },
  newFlyer: async (ctx) => {
    return { body: flyerBody(ctx.unique('Encarte novo')) };
  },
  flyerMedia: async () => ({ multipart: { files: [{ field: 'file', content: png(800, 600, 64), filename: 'encarte.png', contentType: 'image/png' }] } }),
  cart: async () => ({ body: { items: CART, shipping: 12 } }),
  order: async (ctx) => ({ body: { items: CART, shipping: 12, customer: 'Ana-01', order_id: ctx.unique('PED').replace(/\W+/g, '-') } }),
  redeemedOrder: async (ctx) => {
    const order_id = ctx.unique('PED').replace(/\W+/g, '-');
    const object = await ctx.asOwner('POST', '/api/promotion/redemptions', { items: CART, shipping: 12, customer: 'Ana-01', order_id });
    // Another account's release answers about its own (empty) order of that id, echoing the id.
    return { params: { order_id }, object: { ...object, order_id: undefined } };
  },
  productSearch: async () => ({ query: { query: 'café' } }),
  flyerUpdate: async (ctx) => {
    const call = await flyer(ctx);
    return { ...call, body: flyerBody(`${call.marker} alterado`) };
  },

  // Retail media, publisher side: Bom Preço's inventory; Café Aurora is the linked advertiser.
  publisherScope: async (ctx) => ({ query: { publisher_id: ctx.ids.bomPreco } }),
  termsUpdate: async (ctx) => ({ query: { publisher_id: ctx.ids.bomPreco }, body: { active: true, url: 'https://bompreco.com.br/termos', version: '2026.2' } }),
  adTypesUpdate: async (ctx) => ({ query: { publisher_id: ctx.ids.bomPreco }, body: { ad_types: ['product', 'banner', 'sponsored_brand', 'digital_signage'] } }),
  goalUpdate: async (ctx) => ({ params: { name: 'reach' }, query: { publisher_id: ctx.ids.bomPreco }, body: { min: 0.3, max: 0.9 } }),
  adSize: async (ctx) => {
    const marker = ctx.unique('Formato');
    const object = await ctx.asOwner('POST', '/ad-sizes', { name: marker, width: 320, height: 50 });
    return { params: { id: object.id }, query: { publisher_id: ctx.ids.bomPreco }, object, marker };
  },
  newAdSize: async (ctx) => ({ body: { name: ctx.unique('Formato novo'), width: 320, height: 60, publisher_id: ctx.ids.bomPreco } }),
  recommendedProducts: async (ctx) => ({ params: { publisherId: ctx.ids.bomPreco } }),
  /** An industry advertiser (of its own) linked to Bom Preço: `id` is the advertiser's account. */
  advertiserLink: async (ctx) => {
    const { marker, document } = await advertiserAccount(ctx);
    const { id } = await ctx.asOwner('POST', `/advertisers?publisher_id=${ctx.ids.bomPreco}`, { document, type: 'industry', brands: [marker] });
    return {
      params: { id },
      query: { publisher_id: ctx.ids.bomPreco },
      body: { type: 'industry', brands: [`${marker} 2`] },
      ...(await ownerRead(ctx, `/advertisers/${id}?publisher_id=${ctx.ids.bomPreco}`)),
      marker,
    };
  },
  newAdvertiserLink: async (ctx) => {
    const { document } = await advertiserAccount(ctx);
    return { query: { publisher_id: ctx.ids.bomPreco }, body: { document, type: 'industry', brands: [] } };
  },
  apiKey: async (ctx) => {
    const marker = ctx.unique('Chave');
    const object = await ctx.asOwner('POST', '/configuration/api-keys', { name: marker });
    return { params: { id: object.id }, object: { ...object, key: undefined }, marker };
  },
  newApiKey: async (ctx) => ({ body: { name: ctx.unique('Chave nova') } }),
  /** An approved global audience on Bom Preço's inventory: its linked advertisers see it. */
  audience: async (ctx) => {
    const marker = ctx.unique('Audiência');
    const created = await ctx.asOwner('POST', '/audience', audienceBody(ctx.ids.bomPreco, marker));
    await ctx.asOwner('PATCH', `/audience/actions/approve/${created.id}`, { price_type: 'free' });
    return { params: { id: created.id }, ...(await ownerRead(ctx, `/audience/${created.id}`)), marker };
  },
  audienceFilter: async (ctx) => ({ ...(await fixtures.audience!(ctx)), query: { publisher_id: ctx.ids.bomPreco } }),
  newAudience: async (ctx) => ({ body: audienceBody(ctx.ids.bomPreco, ctx.unique('Audiência nova')) }),
  audienceUpdate: async (ctx) => {
    const call = await fixtures.audience!(ctx);
    return { ...call, body: { ...audienceBody(ctx.ids.bomPreco, `${call.marker} 2`), publisher_id: undefined } };
  },
  audienceApproval: async (ctx) => ({ ...(await fixtures.audience!(ctx)), body: { price_type: 'free' } }),
  audienceRejection: async (ctx) => ({ ...(await fixtures.audience!(ctx)), body: { note: 'Fora da política' } }),
  reportScope: async (ctx) => ({ query: { publisher_id: ctx.ids.bomPreco } }),
  advertiserStateScope: async (ctx) => ({ query: { publisher_id: ctx.ids.bomPreco, advertiser_id: ctx.ids.aurora } }),
  reportDownload: async (ctx) => ({ params: { report: 'overview' }, query: { publisher_id: ctx.ids.bomPreco, format: 'csv' } }),
  /**
   * An ad query for Bom Preço's placements, built as the VTEX Ads API documents it
   * (docs/5.5-ad-query.md): public, no API key (Bom Preço does not require one).
   */
  rmaRequest: async (ctx) => ({
    params: { publisherId: ctx.ids.bomPreco },
    body: {
      context: 'search',
      channel: 'site',
      term: 'café',
      session_id: 'sessao-matriz-0001',
      user_id: 'cliente-matriz-0001',
      segmentation: [{ key: 'STATE', values: ['SP'] }],
      placements: { search_top_product: { quantity: 2, types: ['product'] } },
    },
  }),
  /** A signed token of an ad Bom Preço serves. */
  beaconToken: async (ctx) => {
    const ad = await ctx.t.db.ad.findFirstOrThrow({ where: { campaign: { publisherId: ctx.ids.bomPreco } }, select: { id: true, campaign: true } });
    const token = createEventSigner(ctx.t.config.jwtSecret).sign(
      servedAd({ p: ctx.ids.bomPreco, a: ad.campaign.advertiserId, c: ad.campaign.id, d: ad.id }),
    );
    return { query: { t: token } };
  },
  /**
   * An order of Bom Preço's site, built as the VTEX Ads API documents it (docs/5.6-events.md,
   * examples/EVENTS_CONVERSION_CURL.md): public, the publisher named by `publisher_id`.
   */
  conversion: async (ctx) => ({
    body: {
      channel: 'ecommerce',
      publisher_id: String(ctx.ids.bomPreco),
      user_id: 'cliente-matriz-0001',
      session_id: 'sessao-matriz-0001',
      order_id: ctx.unique('pedido').replace(/\W+/g, '-'),
      email_hashed: createHash('sha256').update('cliente.matriz@exemplo.test').digest('hex'),
      items: [
        { sku: 'cafe-aurora-tradicional-500g', seller_id: 'cafe-aurora', product_id: '4567', quantity: 1, price: 18.9, promotional_price: 16.9 },
        { sku: 'leite-integral-1l', seller_id: null, product_id: '4568', quantity: 2, price: 5.49, promotional_price: null },
      ],
      created_at: new Date().toISOString(),
    },
  }),
  /**
   * Bom Preço's ad API settings as a valid PUT body. The key stays not required: later ad queries
   * of the matrix and the fuzzing call /v1/rma without one.
   */
  adApiSettings: async (ctx) => ({
    body: { require_api_key: false, allowed_origins: ['https://loja.bompreco.varejo.test'] },
    ...(await ownerRead(ctx, AD_API_SETTINGS)),
  }),

  // Retail media, advertiser side: Bom Preço's campaigns on Mercado Aliado, the linked publisher.
  campaign,
  newCampaign: async (ctx) => ({ body: campaignBody(ctx.ids.aliado, ctx.unique('Campanha nova')) }),
  newObjectiveCampaign: async (ctx) => {
    const product = await ctx.t.db.product.findFirstOrThrow({ where: { accountId: ctx.ids.aliado, sku: ALIADO_SKUS[0] }, select: { id: true } });
    return {
      body: { goal: 'reach', name: ctx.unique('Campanha objetivo'), products: [{ id: product.id, sku: ALIADO_SKUS[0] }], publisher_id: ctx.ids.aliado, daily_budget: 100 },
    };
  },
  /** A campaign, and list filters that point at it (a list keeps them inside the caller's scope). */
  campaignFilter: async (ctx) => ({ ...(await campaign(ctx)), query: { rmid: ctx.ids.aliado } }),
  campaignUpdate: async (ctx) => ({ ...(await campaign(ctx)), body: { name: ctx.unique('Campanha alterada') } }),
  campaignToggle: async (ctx) => ({ ...(await campaign(ctx)), body: { active: false } }),
  campaignKeywords: async (ctx) => ({ ...(await campaign(ctx)), body: { keywords: ['filtro de papel'] } }),
  campaignKeyword: async (ctx) => {
    const call = await campaign(ctx);
    const keyword = await ctx.t.db.campaignKeyword.findFirstOrThrow({ where: { campaignId: Number(call.params!.id) }, select: { id: true } });
    return { ...call, params: { ...call.params, keywordId: keyword.id }, body: { active: false } };
  },
  campaignCategories: async (ctx) => ({ ...(await campaign(ctx)), body: { categories: ['Mercearia > Café'] } }),
  campaignProducts: async (ctx) => ({ ...(await campaign(ctx)), body: { products: [{ sku: ALIADO_SKUS[1] }] } }),
  campaignProduct: async (ctx) => {
    const call = await campaign(ctx);
    return { ...call, params: { ...call.params, sku: ALIADO_SKUS[0] }, body: { active: false } };
  },
  campaignTags: async (ctx) => {
    const call = await campaign(ctx);
    const tag = await ctx.asOwner('POST', '/campaign-tags', { name: ctx.unique('Etiqueta') });
    return { ...call, body: { tag_ids: [tag.id] } };
  },
  campaignTag: async (ctx) => {
    const marker = ctx.unique('Etiqueta');
    return { object: await ctx.asOwner('POST', '/campaign-tags', { name: marker }), marker };
  },
  newCampaignTag: async (ctx) => ({ body: { name: ctx.unique('Etiqueta nova') } }),
  /** The product ad of a new campaign of Bom Preço on Mercado Aliado. */
  ad: async (ctx) => {
    const call = await campaign(ctx);
    const ad = await ctx.t.db.ad.findFirstOrThrow({ where: { campaignId: Number(call.params!.id) }, select: { id: true } });
    return { params: { id: ad.id, adId: ad.id }, ...(await ownerRead(ctx, `/ad/${ad.id}`)), marker: call.marker };
  },
  newAd: async (ctx) => {
    const call = await campaign(ctx);
    return { body: { campaign_id: call.params!.id, ad_type: 'product', sku: ALIADO_SKUS[1] }, object: call.object, marker: call.marker };
  },
  /** An ad, and list filters that point at it. */
  adFilter: async (ctx) => {
    const call = await fixtures.ad!(ctx);
    const campaignId = (call.object as { campaign_id: number }).campaign_id;
    return { ...call, query: { campaign_id: campaignId, rmid: ctx.ids.aliado } };
  },
  adReviewFilter: async (ctx) => ({ ...(await fixtures.ad!(ctx)), query: { publisher_id: ctx.ids.aliado, status: 'pending_review' } }),
  adUpdate: async (ctx) => ({ ...(await fixtures.ad!(ctx)), body: { ad_type: 'product', sku: ALIADO_SKUS[1] } }),
  adToggle: async (ctx) => ({ ...(await fixtures.ad!(ctx)), body: { active: false } }),
  adApproval: async (ctx) => ({ ...(await fixtures.ad!(ctx)), body: { note: 'Ok' } }),
  adRejection: async (ctx) => ({ ...(await fixtures.ad!(ctx)), body: { note: 'Imagem ilegível' } }),
  adMedia: async (ctx) => ({
    multipart: {
      fields: { ad_type: 'banner', ad_size_id: String(ctx.ids.aliadoAdSize) },
      files: [{ field: 'file', content: png(300, 250, 64), filename: 'banner.png', contentType: 'image/png' }],
    },
  }),
  /** Bom Preço's wallet on Mercado Aliado: both sides see it. */
  wallet: async (ctx) => {
    const wallet = await ctx.t.db.wallet.findFirstOrThrow({ where: { publisherId: ctx.ids.aliado, advertiserId: ctx.ids.bomPreco }, select: { id: true } });
    return { params: { id: wallet.id }, ...(await ownerRead(ctx, `/api/wallet/${wallet.id}`)), marker: 'Mercado Aliado' };
  },
  walletRecharge: async (ctx) => ({
    ...(await fixtures.wallet!(ctx)),
    headers: { 'idempotency-key': ctx.unique('recarga').replace(/\W+/g, '-') },
    body: { amount: 10 },
  }),
};
