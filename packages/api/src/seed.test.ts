import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helpers.ts';
import type { Database } from './db/client.ts';
import { seed, seedIfEmpty } from './seed.ts';
import { ACCESS_MODULES } from './db/access-modules.ts';
import { buildPublisherIndex, categoryPrefixes, normCategory, normText, servable, type IndexedAd } from './modules/ad-serving/ad-index.ts';
import { createBusinessDayClock } from './modules/ad-serving/decision.ts';
import { VTEX_DEMO } from './modules/campaigns/vtex-demo.ts';

async function counts(db: Database['prisma']) {
  return {
    accounts: await db.account.count(),
    users: await db.user.count(),
    memberships: await db.membership.count(),
    modules: await db.accessModule.count(),
    grants: await db.accountAccessModule.count(),
    restrictions: await db.membershipAccessModule.count(),
    promotions: await db.promotion.count(),
    flyers: await db.flyer.count(),
    locations: await db.location.count(),
    products: await db.product.count(),
    redemptions: await db.promotionRedemption.count(),
    advertiserLinks: await db.advertiserLink.count(),
    wallets: await db.wallet.count(),
    walletTransactions: await db.walletTransaction.count(),
  };
}

describe('seed', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('is idempotent and keeps what users changed', async () => {
    const db = database.prisma;
    const before = await counts(db);
    await db.user.update({ where: { email: 'admin@varejo.test' }, data: { name: 'Ana Renomeada' } });
    await seed(db);
    expect(await counts(db)).toEqual(before);
    expect((await db.user.findUniqueOrThrow({ where: { email: 'admin@varejo.test' } })).name).toBe('Ana Renomeada');
    expect(await seedIfEmpty(db)).toBe(false);
  });

  it('holds the demo accounts, logins and the whole module catalogue', async () => {
    const db = database.prisma;
    const accounts = await db.account.findMany({ select: { name: true, type: true }, orderBy: { id: 'asc' } });
    expect(accounts.map((a) => a.name)).toEqual(
      expect.arrayContaining(['Supermercado Bom Preço', 'Bom Preço Atacado', 'Café Aurora', 'Rede Parceira Mídia']),
    );
    const expectedModules = ACCESS_MODULES.reduce((n, m) => n + 1 + (m.submodules?.length ?? 0), 0);
    expect(await db.accessModule.count()).toBe(expectedModules);
    const admin = await db.user.findUniqueOrThrow({
      where: { email: 'admin@varejo.test' },
      select: { passwordHash: true, memberships: { select: { role: true, account: { select: { name: true } } } } },
    });
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin.memberships.map((m) => m.account.name).sort()).toEqual(['Bom Preço Atacado', 'Supermercado Bom Preço']);
  });

  it('gives every wallet a balance equal to the sum of its movements, with a consistent running balance', async () => {
    const wallets = await database.prisma.wallet.findMany({
      select: { balanceCents: true, transactions: { select: { amountCents: true, balanceAfterCents: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } },
    });
    expect(wallets).toHaveLength(3);
    for (const w of wallets) {
      let running = 0n;
      for (const t of w.transactions) {
        running += t.amountCents;
        expect(t.balanceAfterCents).toBe(running);
        expect(running >= 0n).toBe(true);
      }
      expect(w.balanceCents).toBe(running);
      expect(w.transactions.length).toBeGreaterThan(5);
    }
  });

  it('gives every coupon a use count equal to its applied redemptions, within its limits', async () => {
    const db = database.prisma;
    const coupons = await db.promotion.findMany({
      where: { promotionType: 'coupon' },
      select: { usesCount: true, limitTotal: true, limitPerCustomer: true, redemptions: { select: { status: true, customer: true } } },
    });
    expect(coupons.some((c) => c.usesCount > 0)).toBe(true);
    for (const c of coupons) {
      const applied = c.redemptions.filter((r) => r.status === 'applied');
      expect(c.usesCount).toBe(applied.length);
      if (c.limitTotal) expect(c.usesCount).toBeLessThanOrEqual(c.limitTotal);
      const perCustomer = new Map<string | null, number>();
      for (const r of applied) perCustomer.set(r.customer, (perCustomer.get(r.customer) ?? 0) + 1);
      if (c.limitPerCustomer) for (const n of perCustomer.values()) expect(n).toBeLessThanOrEqual(c.limitPerCustomer);
    }
    expect(await db.product.count({ where: { sku: 'cafe-aurora-tradicional-500g' } })).toBeGreaterThan(0);
    expect(await db.flyer.count()).toBeGreaterThanOrEqual(4);
  });

  it('has an approved ad that serves now for every context and ad type of a VTEX Ads request (vtex-demo.ts)', async () => {
    const db = database.prisma;
    const publisher = await db.account.findUniqueOrThrow({ where: { slug: VTEX_DEMO.publisherSlug }, select: { id: true } });
    const now = new Date();
    const idx = await buildPublisherIndex(db, publisher.id, now);
    const day = createBusinessDayClock()(now);
    const ads = new Map(
      (
        await db.ad.findMany({
          where: { campaign: { publisherId: publisher.id } },
          select: {
            id: true, mediaType: true, assets: true, durationSeconds: true, adSize: { select: { name: true } },
            campaign: { select: { _count: { select: { products: { where: { active: true } }, audiences: true } } } },
          },
        })
      ).map((a) => [a.id, a]),
    );
    const assetsOf = (id: number) => ads.get(id)!.assets as Array<{ type: string; dimension: string }>;
    const product = await db.product.findFirstOrThrow({ where: { accountId: publisher.id, sku: VTEX_DEMO.sku }, select: { categories: true } });
    const categories = (breadcrumb: string) => categoryPrefixes(breadcrumb).flatMap((c) => idx.byCategory.get(normCategory(c)) ?? []);
    const contexts: Record<string, IndexedAd[]> = {
      home: idx.all,
      search: idx.byKeyword.get(normText(VTEX_DEMO.term)) ?? [],
      category: categories(VTEX_DEMO.category),
      product_page: [...(idx.bySku.get(VTEX_DEMO.sku) ?? []), ...categories(product.categories.join(' > ')).filter((e) => e.type !== 'product')],
      brand_page: idx.byBrand.get(normText(VTEX_DEMO.brand)) ?? [],
    };
    const video720 = VTEX_DEMO.videoSizes['720p'];
    const kinds: Record<string, (e: IndexedAd) => boolean> = {
      product: (e) => e.type === 'product',
      'banner image desktop': (e) => e.type === 'banner' && ads.get(e.adId)!.mediaType === 'image' && ads.get(e.adId)!.adSize?.name === 'desktop',
      'banner image mobile': (e) => e.type === 'banner' && ads.get(e.adId)!.mediaType === 'image' && ads.get(e.adId)!.adSize?.name === 'mobile',
      ...Object.fromEntries(
        Object.keys(VTEX_DEMO.videoSizes).map((size) => [
          `banner video ${size}`,
          (e: IndexedAd) => e.type === 'banner' && ads.get(e.adId)!.mediaType === 'video' && ads.get(e.adId)!.adSize?.name === size,
        ]),
      ),
      'sponsored brand image': (e) =>
        e.type === 'sponsored_brand' && ads.get(e.adId)!.campaign._count.products > 0 && assetsOf(e.adId).some((a) => a.type === 'image' && a.dimension === VTEX_DEMO.imageSizes.desktop),
      'sponsored brand video': (e) =>
        e.type === 'sponsored_brand' && ads.get(e.adId)!.campaign._count.products > 0 && assetsOf(e.adId).some((a) => a.type === 'video' && a.dimension === video720),
    };
    // Served to anyone: a request without segmentation matches no audience.
    const serves = (list: IndexedAd[], kind: (e: IndexedAd) => boolean) =>
      list.some((e) => kind(e) && ads.get(e.adId)!.campaign._count.audiences === 0 && servable(e.serving, now.getTime(), day));
    const missing: string[] = [];
    for (const [context, list] of Object.entries(contexts)) {
      for (const [name, kind] of Object.entries(kinds)) if (!serves(list, kind)) missing.push(`${context} × ${name}`);
    }
    for (const media of ['image', 'video']) {
      const signage = (e: IndexedAd) => e.type === 'digital_signage' && ads.get(e.adId)!.mediaType === media && (ads.get(e.adId)!.durationSeconds ?? 0) > 0;
      if (!serves(idx.all, signage)) missing.push(`digital_signage × ${media}`);
    }
    // The published sponsored-brand video examples ask for the category "Bebidas" as is.
    if (!serves(categories(VTEX_DEMO.publishedCategory), kinds['sponsored brand video']!)) missing.push(`${VTEX_DEMO.publishedCategory} × sponsored brand video`);
    expect(missing).toEqual([]);
    const tagged = await db.product.findFirstOrThrow({ where: { accountId: publisher.id, sku: VTEX_DEMO.sku }, select: { tags: true } });
    expect(tagged.tags).toEqual(expect.arrayContaining([...VTEX_DEMO.tags]));
  });
});
