import type { Db } from '../../db/client.ts';
import type { AdStatus, CampaignGoal, CampaignType, Prisma } from '../../generated/prisma/client.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { AD_SIZES } from '../retail-config/retail-config.seed.ts';
import { DEMO_MEDIA, VTEX_DEMO } from './vtex-demo.ts';

const DAY = 86_400_000;
const BOM_PRECO = 'supermercado-bom-preco';
const REDE = 'rede-parceira-midia';
const CAFE_AURORA = 'cafe-aurora';

const TAGS = ['Black Friday', 'Lançamentos', 'Sempre ativo'];

interface AdSeed {
  type: CampaignType;
  status: AdStatus;
  sku?: string;
  size?: string;
  mediaUrl?: string;
  /** Banner and digital signage: the kind of mediaUrl (image by default). */
  media?: 'image' | 'video';
  /** Digital signage: seconds on screen. */
  duration?: number;
  /** Sponsored brand: its assets (default: mediaUrl as one 300x250 image). */
  assets?: Array<{ dimension: string; url: string; type: 'image' | 'video' }>;
  altText?: string;
  destinationUrl?: string;
  note?: string;
  headline?: string;
  description?: string;
  brandName?: string;
  brandUrl?: string;
}

interface CampaignSeed {
  publisher: string;
  advertiser: string;
  user: string;
  name: string;
  description?: string;
  adType: CampaignType;
  strategy?: 'standard' | 'objective_based';
  goal?: CampaignGoal;
  targeting: 'keyword' | 'category';
  /** Reais. */
  dailyBudget: number;
  cpc?: number;
  cpm?: number;
  /** Days from today (São Paulo); end null = always on. */
  start: number;
  end: number | null;
  active?: boolean;
  /** Days ago it was paused or canceled: no serving after it. */
  pausedDaysAgo?: number;
  canceledDaysAgo?: number;
  skus?: string[];
  keywords?: Array<[keyword: string, disabled?: boolean]>;
  categories?: string[];
  tags?: string[];
  audiences?: string[];
  firstSubpublisher?: boolean;
  ads: AdSeed[];
  /** Extra audit entries: [days ago, field, old, new]. */
  changes?: Array<[daysAgo: number, field: string, oldValue: Prisma.InputJsonValue | null, newValue: Prisma.InputJsonValue]>;
}

const product = (sku: string, status: AdStatus = 'approved'): AdSeed => ({ type: 'product', status, sku });

const AURORA_SKUS = ['cafe-aurora-tradicional-500g', 'cafe-aurora-extraforte-500g', 'cafe-aurora-capsulas-10un'];
const AURORA_STORE = 'https://loja.bompreco.varejo.test/marcas/cafe-aurora';
type VideoSize = keyof typeof VTEX_DEMO.videoSizes;
const VIDEO_SIZES = Object.keys(VTEX_DEMO.videoSizes) as VideoSize[];

/** Banners of every size a VTEX Ads request names: desktop and mobile images, and a video per video size. */
const auroraBanners = (): AdSeed[] => [
  { type: 'banner', status: 'approved', size: 'desktop', mediaUrl: DEMO_MEDIA.bannerDesktop, altText: 'Café Aurora: o sabor das manhãs', destinationUrl: AURORA_STORE, brandName: VTEX_DEMO.brand },
  { type: 'banner', status: 'approved', size: 'mobile', mediaUrl: DEMO_MEDIA.bannerMobile, altText: 'Café Aurora no Bom Preço', destinationUrl: AURORA_STORE, brandName: VTEX_DEMO.brand },
  ...VIDEO_SIZES.map(
    (size): AdSeed => ({
      type: 'banner', status: 'approved', size, media: 'video', mediaUrl: DEMO_MEDIA.video(size), altText: `Café Aurora em vídeo (${size})`,
      destinationUrl: AURORA_STORE, brandName: VTEX_DEMO.brand,
    }),
  ),
];

/** A sponsored brand with image assets (desktop and mobile) and one with a video per video size. */
const auroraBrandAds = (headline = 'Café Aurora: do grão à sua xícara'): AdSeed[] => {
  const brand = { type: 'sponsored_brand' as const, status: 'approved' as const, brandName: VTEX_DEMO.brand, brandUrl: AURORA_STORE };
  return [
    {
      ...brand, headline, description: 'Tradicional, extraforte e cápsulas com preço de Bom Preço.',
      assets: [
        { dimension: VTEX_DEMO.imageSizes.desktop, url: DEMO_MEDIA.bannerDesktop, type: 'image' },
        { dimension: VTEX_DEMO.imageSizes.mobile, url: DEMO_MEDIA.bannerMobile, type: 'image' },
      ],
    },
    {
      ...brand, headline: 'Veja como nasce o Café Aurora', description: 'Um minuto da fazenda à torrefação; a linha completa ao lado.',
      assets: VIDEO_SIZES.map((size) => ({ dimension: VTEX_DEMO.videoSizes[size], url: DEMO_MEDIA.video(size), type: 'video' as const })),
    },
  ];
};

const CAMPAIGNS: CampaignSeed[] = [
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Café Aurora Tradicional – Sempre ativo', description: 'Busca por café no site do Bom Preço, o ano todo.',
    adType: 'product', targeting: 'keyword', dailyBudget: 150, cpc: 0.9, start: -45, end: null,
    skus: ['cafe-aurora-tradicional-500g', 'cafe-aurora-extraforte-500g'],
    keywords: [['café'], ['café especial'], ['café em grãos', true], ['café tradicional'], ['café extraforte']],
    tags: ['Sempre ativo'], audiences: ['Amantes de café'],
    ads: [product('cafe-aurora-tradicional-500g'), product('cafe-aurora-extraforte-500g')],
    changes: [
      [12, 'daily_budget', 100, 150],
      [6, 'keyword', { keyword: 'café em grãos', active: true }, { keyword: 'café em grãos', active: false }],
    ],
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Black Friday Café Aurora', description: 'Descontos de Black Friday em toda a linha Café Aurora.',
    adType: 'product', targeting: 'keyword', dailyBudget: 300, cpc: 1.2, start: 10, end: 20,
    skus: ['cafe-aurora-tradicional-500g', 'cafe-aurora-extraforte-500g', 'cafe-aurora-capsulas-10un'],
    keywords: [['black friday café'], ['café promoção']], tags: ['Black Friday'],
    ads: [
      product('cafe-aurora-tradicional-500g', 'pending_review'),
      product('cafe-aurora-extraforte-500g', 'pending_review'),
      product('cafe-aurora-capsulas-10un', 'pending_review'),
    ],
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Cápsulas Espresso – Lançamento', description: 'Lançamento das cápsulas compatíveis Café Aurora.',
    adType: 'product', targeting: 'category', dailyBudget: 80, cpc: 0.75, start: -20, end: 40, active: false, pausedDaysAgo: 8,
    skus: ['cafe-aurora-capsulas-10un'], categories: ['Mercearia > Café > Cápsulas'], tags: ['Lançamentos'],
    ads: [product('cafe-aurora-capsulas-10un')],
    changes: [[8, 'active', true, false]],
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Verão com Café Aurora', description: 'Receitas de café gelado para o verão.',
    adType: 'product', targeting: 'keyword', dailyBudget: 100, cpc: 0.8, start: -60, end: -5,
    skus: ['cafe-aurora-tradicional-500g'], keywords: [['café gelado'], ['receita café']],
    ads: [product('cafe-aurora-tradicional-500g')],
    changes: [[20, 'end_at', null, 'END']],
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Aurora Crescimento – Café em pó', adType: 'product', strategy: 'objective_based', goal: 'growth',
    targeting: 'category', dailyBudget: 120, cpc: 1.4, start: -14, end: null,
    skus: ['cafe-aurora-tradicional-500g', 'cafe-aurora-extraforte-500g'], categories: ['Mercearia > Café > Café em pó'],
    ads: [product('cafe-aurora-tradicional-500g'), product('cafe-aurora-extraforte-500g')],
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Banner Café Aurora – Home', description: 'Banners na home e na categoria Café.',
    adType: 'banner', targeting: 'category', dailyBudget: 200, cpm: 18, start: -25, end: 35,
    categories: ['Mercearia > Café'], tags: ['Lançamentos'],
    ads: [
      { type: 'banner', status: 'approved', size: 'Full banner', mediaUrl: '/brand/flyers/encarte-semanal.svg', altText: 'Café Aurora: o sabor das manhãs', destinationUrl: 'https://loja.bompreco.varejo.test/marcas/cafe-aurora' },
      { type: 'banner', status: 'pending_review', size: 'Retângulo médio', mediaUrl: '/brand/cafe-aurora.svg', altText: 'Café Aurora Cápsulas', destinationUrl: 'https://loja.bompreco.varejo.test/p/cafe-aurora-capsulas-10un' },
      { type: 'banner', status: 'rejected', size: 'Super banner', mediaUrl: '/brand/flyers/black-friday.svg', altText: 'Black Friday Café Aurora', destinationUrl: 'https://loja.bompreco.varejo.test/black-friday', note: 'A arte cita a Black Friday antes da data da campanha. Envie uma versão sem a menção.' },
    ],
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Marca Aurora – Vitrine de marca', adType: 'sponsored_brand', targeting: 'keyword', dailyBudget: 120, cpc: 1.1, start: -10, end: 50,
    keywords: [['café'], ['café aurora']], skus: AURORA_SKUS,
    ads: [
      {
        type: 'sponsored_brand', status: 'approved', headline: 'Café Aurora: torrado e moído com carinho', description: 'Conheça a linha completa.',
        brandName: 'Café Aurora', brandUrl: 'https://loja.bompreco.varejo.test/marcas/cafe-aurora', mediaUrl: '/brand/cafe-aurora.svg',
      },
    ],
  },
  {
    publisher: BOM_PRECO, advertiser: BOM_PRECO, user: 'admin@varejo.test',
    name: 'Padaria Bom Preço – Café da manhã', adType: 'product', targeting: 'category', dailyBudget: 60, cpc: 0.5, start: -20, end: null,
    skus: ['pao-frances-kg', 'bolo-fuba-400g'], categories: ['Padaria > Pães', 'Padaria > Bolos'],
    ads: [product('pao-frances-kg'), product('bolo-fuba-400g')],
  },
  {
    publisher: BOM_PRECO, advertiser: BOM_PRECO, user: 'admin@varejo.test',
    name: 'Festival do Churrasco – Banner', adType: 'banner', targeting: 'category', dailyBudget: 90, cpm: 15, start: -15, end: 15,
    canceledDaysAgo: 3, categories: ['Açougue'],
    ads: [{ type: 'banner', status: 'approved', size: 'Full banner', mediaUrl: '/brand/flyers/festival-churrasco.svg', altText: 'Festival do Churrasco Bom Preço', destinationUrl: 'https://loja.bompreco.varejo.test/churrasco' }],
  },
  {
    publisher: REDE, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Aurora na Rede Parceira – Topo', adType: 'banner', targeting: 'category', dailyBudget: 180, cpm: 20, start: -18, end: 42,
    categories: ['Mercearia > Café'], firstSubpublisher: true,
    ads: [{ type: 'banner', status: 'approved', size: 'Full banner', mediaUrl: '/brand/flyers/encarte-semanal.svg', altText: 'Café Aurora na Rede Parceira', destinationUrl: 'https://cafeaurora.example/rede' }],
  },
  {
    publisher: REDE, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Aurora Rede – Retângulo lateral', adType: 'banner', targeting: 'keyword', dailyBudget: 90, cpm: 16, start: 3, end: 33,
    keywords: [['café']],
    ads: [{ type: 'banner', status: 'pending_review', size: 'Retângulo médio', mediaUrl: '/brand/cafe-aurora.svg', altText: 'Café Aurora', destinationUrl: 'https://cafeaurora.example/rede' }],
  },
  // VTEX Ads demo (vtex-demo.ts): every context and ad type of a documented request gets an ad.
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Aurora Banners – Busca por café', description: 'Banners em imagem e vídeo na busca por café.',
    adType: 'banner', targeting: 'keyword', dailyBudget: 250, cpm: 20, start: -7, end: null,
    keywords: [[VTEX_DEMO.term], ['café aurora']], tags: ['Sempre ativo'],
    ads: auroraBanners(),
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Aurora Banners – Categoria Café', description: 'Banners em imagem e vídeo na categoria Café e nas páginas dos seus produtos.',
    adType: 'banner', targeting: 'category', dailyBudget: 250, cpm: 18, start: -7, end: null,
    categories: ['Mercearia > Café'], tags: ['Sempre ativo'],
    ads: auroraBanners(),
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Aurora Marca – Imagem e vídeo na busca', adType: 'sponsored_brand', targeting: 'keyword', dailyBudget: 200, cpc: 1.3, start: -7, end: null,
    keywords: [[VTEX_DEMO.term], ['café aurora']], skus: AURORA_SKUS,
    ads: auroraBrandAds(),
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Aurora Marca – Categoria Café', adType: 'sponsored_brand', targeting: 'category', dailyBudget: 200, cpc: 1.2, start: -7, end: null,
    categories: ['Mercearia > Café'], skus: AURORA_SKUS,
    ads: auroraBrandAds(),
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Aurora Café Gelado – Bebidas', description: 'Receitas de café gelado com Café Aurora na categoria Bebidas.',
    adType: 'sponsored_brand', targeting: 'category', dailyBudget: 150, cpc: 1.1, start: -7, end: null,
    categories: [VTEX_DEMO.publishedCategory], skus: ['cafe-aurora-tradicional-500g', 'cafe-aurora-extraforte-500g'],
    ads: auroraBrandAds('Café gelado em casa com Café Aurora'),
  },
  {
    // No audience: it serves requests without segmentation too.
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Aurora – Busca por café', description: 'Produtos Café Aurora na busca por café, para todos os clientes.',
    adType: 'product', targeting: 'keyword', dailyBudget: 120, cpc: 0.85, start: -7, end: null,
    skus: AURORA_SKUS, keywords: [[VTEX_DEMO.term], ['café aurora'], ['café em cápsulas']],
    ads: AURORA_SKUS.map((sku) => product(sku)),
  },
  {
    publisher: BOM_PRECO, advertiser: CAFE_AURORA, user: 'gestor@marca.test',
    name: 'Aurora nas lojas – Telas', description: 'Telas das lojas Bom Preço: imagem de 15 s e vídeo de 10 s.',
    adType: 'digital_signage', targeting: 'category', dailyBudget: 100, cpm: 12, start: -7, end: null,
    categories: ['Mercearia > Café'],
    ads: [
      { type: 'digital_signage', status: 'approved', mediaUrl: DEMO_MEDIA.signageImage, duration: 15 },
      { type: 'digital_signage', status: 'approved', mediaUrl: DEMO_MEDIA.video('1080p'), media: 'video', duration: 10 },
    ],
  },
];

/** Deterministic pseudo-random numbers, so every seed tells the same story. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

const cents = (reais: number) => BigInt(Math.round(reais * 100));
const dateOnly = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * Demo campaigns of Café Aurora and Bom Preço (spec §2–§4), with their ads, audit history and 30
 * days of serving totals. Idempotent: a campaign already there (same advertiser, publisher and
 * name) is left as it is.
 */
export async function seedCampaigns(db: Db, accountIds: Map<string, number>): Promise<void> {
  const now = new Date();
  const day = (offset: number) => businessDate(new Date(now.getTime() + offset * DAY));
  const at = (daysAgo: number, hour = 10) => new Date(startOfBusinessDay(day(-daysAgo)).getTime() + hour * 3_600_000);

  const sizes = new Map<string, number>();
  for (const [slug, list] of Object.entries(AD_SIZES)) {
    const publisherId = accountIds.get(slug)!;
    for (const [name, width, height] of list) {
      const row = await db.adSize.upsert({
        where: { publisherId_name: { publisherId, name } },
        create: { publisherId, name, width, height },
        update: {},
        select: { id: true },
      });
      sizes.set(`${publisherId}:${name}`, row.id);
    }
  }

  const advertiserTags = new Map<string, number>();
  const cafeAurora = accountIds.get(CAFE_AURORA)!;
  for (const name of TAGS) {
    const row = await db.campaignTag.upsert({
      where: { advertiserId_name: { advertiserId: cafeAurora, name } },
      create: { advertiserId: cafeAurora, name },
      update: {},
      select: { id: true },
    });
    advertiserTags.set(name, row.id);
  }

  const users = new Map((await db.user.findMany({ select: { id: true, email: true } })).map((u) => [u.email, u.id]));
  const reviewer = users.get('admin@varejo.test') ?? null;

  for (const [index, c] of CAMPAIGNS.entries()) {
    const publisherId = accountIds.get(c.publisher)!;
    const advertiserId = accountIds.get(c.advertiser)!;
    if (await db.campaign.findFirst({ where: { publisherId, advertiserId, name: c.name }, select: { id: true } })) continue;
    const userId = users.get(c.user) ?? null;
    const startAt = startOfBusinessDay(day(c.start));
    const endAt = c.end === null ? null : endOfBusinessDay(day(c.end));
    const createdAt = c.start > 0 ? at(2, 9) : at(-c.start + 3, 9);
    const audiences = c.audiences?.length
      ? await db.audience.findMany({ where: { publisherId, name: { in: c.audiences }, status: 'approved' }, select: { id: true } })
      : [];
    const sub = c.firstSubpublisher
      ? await db.account.findFirst({ where: { networkId: publisherId }, select: { id: true }, orderBy: { id: 'asc' } })
      : null;

    const campaign = await db.campaign.create({
      data: {
        publisherId,
        advertiserId,
        name: c.name,
        description: c.description ?? null,
        adType: c.adType,
        strategyType: c.strategy ?? 'standard',
        goal: c.goal ?? null,
        targeting: c.targeting,
        dailyBudgetCents: cents(c.dailyBudget),
        cpcCents: c.cpc === undefined ? null : cents(c.cpc),
        cpmCents: c.cpm === undefined ? null : cents(c.cpm),
        active: c.active ?? !c.canceledDaysAgo,
        startAt,
        endAt,
        canceledAt: c.canceledDaysAgo ? at(c.canceledDaysAgo, 15) : null,
        createdById: userId,
        createdAt,
        products: { create: (c.skus ?? []).map((sku) => ({ sku, createdAt })) },
        keywords: {
          create: (c.keywords ?? []).map(([keyword, disabled]) => ({ keyword, createdAt, disabledAt: disabled ? at(6, 11) : null })),
        },
        categories: { create: (c.categories ?? []).map((category) => ({ category })) },
        audiences: { create: audiences.map((a) => ({ audienceId: a.id })) },
        subpublishers: { create: sub ? [{ subpublisherId: sub.id }] : [] },
        tags: { create: (c.tags ?? []).map((name) => ({ tagId: advertiserTags.get(name)! })) },
      },
      select: { id: true },
    });

    const audit: Prisma.AuditChangeCreateManyInput[] = [
      {
        campaignId: campaign.id, entity: 'campaign', entityId: campaign.id, action: 'create', userId, createdAt,
        details: {
          publisher_id: publisherId, name: c.name, ad_type: c.adType, targeting: c.targeting, daily_budget: c.dailyBudget,
          start_at: day(c.start), end_at: c.end === null ? null : day(c.end), products: (c.skus ?? []).map((sku) => ({ sku })),
          keywords: (c.keywords ?? []).map(([k]) => k), categories: c.categories ?? [],
          ...(c.goal ? { goal: c.goal } : {}),
        },
      },
    ];
    const approvedAds: Array<{ id: number; sku: string | null }> = [];
    for (const [adIndex, a] of c.ads.entries()) {
      const reviewedAt = a.status === 'pending_review' ? null : new Date(createdAt.getTime() + (adIndex + 3) * 3_600_000);
      const ad = await db.ad.create({
        data: {
          campaignId: campaign.id,
          adType: a.type,
          status: a.status,
          sku: a.sku ?? null,
          mediaUrl: a.mediaUrl ?? null,
          mediaType: a.type === 'banner' || a.type === 'digital_signage' ? (a.media ?? 'image') : null,
          altText: a.altText ?? null,
          adSizeId: a.size ? (sizes.get(`${publisherId}:${a.size}`) ?? null) : null,
          destinationUrl: a.destinationUrl ?? null,
          headline: a.headline ?? null,
          description: a.description ?? null,
          brandName: a.brandName ?? null,
          brandUrl: a.brandUrl ?? null,
          assets: a.assets ?? (a.type === 'sponsored_brand' && a.mediaUrl ? [{ dimension: '300x250', url: a.mediaUrl, type: 'image' }] : []),
          durationSeconds: a.duration ?? null,
          cpcCents: c.cpc === undefined ? null : cents(c.cpc),
          cpmCents: c.cpm === undefined ? null : cents(c.cpm),
          reviewNote: a.note ?? null,
          reviewedById: reviewedAt ? reviewer : null,
          reviewedAt,
          createdAt,
        },
        select: { id: true },
      });
      audit.push({ campaignId: campaign.id, entity: 'ad', entityId: ad.id, action: 'create', userId, createdAt, details: { ad_type: a.type, sku: a.sku ?? null } });
      if (reviewedAt) {
        audit.push({
          campaignId: campaign.id, entity: 'ad', entityId: ad.id, action: a.status === 'approved' ? 'approve' : 'reject',
          userId: reviewer, createdAt: reviewedAt, details: a.note ? { note: a.note } : {},
        });
      }
      if (a.status === 'approved') approvedAds.push({ id: ad.id, sku: a.sku ?? null });
    }
    for (const [daysAgo, field, oldValue, newValue] of c.changes ?? []) {
      audit.push({
        campaignId: campaign.id, entity: 'campaign', entityId: campaign.id, action: 'update', fieldName: field, userId,
        oldValue: oldValue ?? undefined, newValue: newValue === 'END' && c.end !== null ? day(c.end) : newValue, createdAt: at(daysAgo, 14),
      });
    }
    if (c.canceledDaysAgo) {
      audit.push({
        campaignId: campaign.id, entity: 'campaign', entityId: campaign.id, action: 'cancel', userId,
        oldValue: { active: true }, newValue: { active: false }, createdAt: at(c.canceledDaysAgo, 15),
      });
    }
    await db.auditChange.createMany({ data: audit });

    // Today so far: at most half of the budget's share of the hours gone, so pacing keeps serving the campaign.
    const today = (now.getTime() - startOfBusinessDay(day(0)).getTime()) / DAY;
    await seedStats(db, { ...c, id: campaign.id, publisherId, advertiserId }, approvedAds, day, sequence(104_729 * (index + 1)), today * 0.5);
  }
}

/**
 * Up to 30 days of serving totals for the approved ads of a campaign, within its period and before
 * it was paused or canceled. Spend never passes the daily budget; today's totals are scaled by
 * `todayShare` (the part of the day already served).
 */
async function seedStats(
  db: Db,
  c: CampaignSeed & { id: number; publisherId: number; advertiserId: number },
  ads: Array<{ id: number; sku: string | null }>,
  day: (offset: number) => string,
  random: () => number,
  todayShare: number,
) {
  if (ads.length === 0) return;
  const first = Math.max(c.start, -30);
  const last = Math.min(c.end ?? 0, 0, -(c.pausedDaysAgo ?? 0) - 1, -(c.canceledDaysAgo ?? 0) - 1);
  const prices = new Map(
    (await db.product.findMany({ where: { accountId: c.publisherId, sku: { in: c.skus ?? [] } }, select: { sku: true, priceCents: true } })).map(
      (p) => [p.sku, Number(p.priceCents)],
    ),
  );
  const stats: Prisma.RmDailyStatCreateManyInput[] = [];
  const productStats: Prisma.RmProductDailyStatCreateManyInput[] = [];
  const budget = Math.round(c.dailyBudget * 100);
  for (let offset = first; offset <= last; offset += 1) {
    const date = dateOnly(day(offset));
    const weekend = [0, 6].includes(date.getUTCDay()) ? 1.25 : 1;
    const share = offset === 0 ? todayShare : 1;
    const impressions = Math.round((1_500 + random() * 5_000) * (c.dailyBudget / 100) * weekend * share);
    const ctr = 0.005 + random() * 0.025;
    const clicks = Math.round(impressions * ctr);
    const rawSpent = c.cpc !== undefined ? clicks * Math.round(c.cpc * 100) : Math.round((impressions / 1000) * (c.cpm ?? 10) * 100);
    const spent = Math.min(rawSpent, Math.floor(budget * (0.6 + random() * 0.38) * share));
    const conversions = Math.round(clicks * (0.04 + random() * 0.1));
    let remaining = { impressions, clicks, spent, conversions };
    for (const [i, ad] of ads.entries()) {
      const lastAd = i === ads.length - 1;
      const share = lastAd ? 1 : 1 / (ads.length - i);
      const part = {
        impressions: lastAd ? remaining.impressions : Math.round(remaining.impressions * share),
        clicks: lastAd ? remaining.clicks : Math.round(remaining.clicks * share),
        spent: lastAd ? remaining.spent : Math.round(remaining.spent * share),
        conversions: lastAd ? remaining.conversions : Math.round(remaining.conversions * share),
      };
      remaining = {
        impressions: remaining.impressions - part.impressions,
        clicks: remaining.clicks - part.clicks,
        spent: remaining.spent - part.spent,
        conversions: remaining.conversions - part.conversions,
      };
      const items = part.conversions + Math.round(part.conversions * random() * 0.6);
      const unitPrice = (ad.sku && prices.get(ad.sku)) || 2_490;
      const income = items * unitPrice;
      stats.push({
        day: date,
        publisherId: c.publisherId,
        advertiserId: c.advertiserId,
        campaignId: c.id,
        adId: ad.id,
        impressions: BigInt(part.impressions),
        views: BigInt(Math.round(part.impressions * (0.6 + random() * 0.25))),
        clicks: BigInt(part.clicks),
        conversions: BigInt(part.conversions),
        itemsSold: BigInt(items),
        incomeCents: BigInt(income),
        spentCents: BigInt(part.spent),
      });
      if (ad.sku && part.conversions > 0) {
        productStats.push({ day: date, campaignId: c.id, sku: ad.sku, conversions: BigInt(part.conversions), itemsSold: BigInt(items), incomeCents: BigInt(income) });
      }
    }
  }
  await db.rmDailyStat.createMany({ data: stats, skipDuplicates: true });
  if (productStats.length) await db.rmProductDailyStat.createMany({ data: productStats, skipDuplicates: true });
}

/** Campaigns of every kind and status, their ads and daily stats. */
export const campaignsSeed: ModuleSeed = { name: 'campaigns', seed: (db, { accountIds }) => seedCampaigns(db, accountIds) };
