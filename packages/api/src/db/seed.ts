import type { Db } from './client.ts';
import { seedApiKeys } from './seed-api-keys.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { hashPassword } from '../lib/password.ts';
import { ACCESS_MODULES, moduleIds } from './access-modules.ts';
import { seedCatalog } from './seed-catalog.ts';
import { seedPromotional } from './seed-promotional.ts';
import { seedRetailMedia } from './seed-retail-media.ts';
import { seedCampaigns } from './seed-campaigns.ts';
import { seedRmReports } from './seed-rm-reports.ts';
import { seedRetailConfig } from './seed-retail-config.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../lib/business-day.ts';

export const DEMO_PASSWORD = 'Senha#Forte2026';

const GROCERY_MODULES = moduleIds(
  'dashboard', 'orders', 'shopping_carts', 'chats', 'analytics', 'messaging_campaigns', 'products', 'retail_media',
  'promotional', 'locations', 'logistic', 'customers', 'financial', 'operators', 'users', 'config',
);
const INDUSTRY_MODULES = moduleIds('dashboard', 'retail_media', 'kpi', 'sell_out', 'stock', 'consumers', 'users', 'config');
const WHITE_LABEL_MODULES = moduleIds('dashboard', 'retail_media', 'users', 'config');
const OPERATOR_MODULES = moduleIds('dashboard', 'orders', 'shopping_carts', 'chats', 'products', 'customers');

const ACCOUNTS = [
  {
    slug: 'supermercado-bom-preco', name: 'Supermercado Bom Preço', type: 'grocery', retailMediaRole: 'both',
    document: '12.345.678/0001-90', logoUrl: '/brand/bom-preco.svg', headerColor: '#c92a2a', host: 'bompreco.varejo.test',
    checkoutLink: 'https://loja.bompreco.varejo.test/checkout', sellerId: 'bompreco', modules: GROCERY_MODULES,
  },
  {
    slug: 'bom-preco-atacado', name: 'Bom Preço Atacado', type: 'grocery', retailMediaRole: 'none',
    document: '12.345.678/0002-71', logoUrl: '/brand/bom-preco-atacado.svg', headerColor: '#e8590c', host: 'atacado.bompreco.varejo.test',
    checkoutLink: 'https://atacado.bompreco.varejo.test/checkout', sellerId: 'bompreco-atacado',
    modules: GROCERY_MODULES.filter((id) => !moduleIds('retail_media').includes(id)),
  },
  {
    slug: 'cafe-aurora', name: 'Café Aurora', type: 'industry', retailMediaRole: 'advertiser', currencyCents: true,
    document: '98.765.432/0001-10', logoUrl: '/brand/cafe-aurora.svg', headerColor: '#5c3d2e', host: null,
    checkoutLink: null, sellerId: 'cafe-aurora', modules: INDUSTRY_MODULES,
  },
  {
    slug: 'rede-parceira-midia', name: 'Rede Parceira Mídia', type: 'white_label', whiteLabelVariant: 'retail_media',
    retailMediaRole: 'publisher', isNetwork: true, document: '45.678.901/0001-23', logoUrl: '/brand/rede-parceira.svg',
    headerColor: '#1864ab', host: 'midia.parceiro.test', checkoutLink: null, sellerId: 'rede-parceira', modules: WHITE_LABEL_MODULES,
  },
] as const;

const USERS = [
  { email: 'admin@varejo.test', name: 'Ana Paula Souza', phone: '(11) 98765-4321' },
  { email: 'operador@varejo.test', name: 'Carlos Eduardo Lima', phone: '(11) 97654-3210' },
  { email: 'gestor@marca.test', name: 'Marina Costa', phone: '(19) 99876-5432' },
  { email: 'admin@parceiro.test', name: 'Rafael Mendes', phone: '(21) 98123-4567' },
  { email: 'juliana.alves@varejo.test', name: 'Juliana Alves', phone: null },
  { email: 'beatriz.rocha@varejo.test', name: 'Beatriz Rocha', phone: null },
  { email: 'pedro.santos@varejo.test', name: 'Pedro Henrique Santos', phone: null, invitedOnly: true },
  // Platform staff: sees the operator-only tools (the ad-request tester) in the accounts it belongs to.
  { email: 'suporte@plataforma.test', name: 'Equipe de Suporte da Plataforma', phone: null, isPlatformOperator: true },
] as const;

const MEMBERSHIPS: Array<{ account: string; email: string; role: 'admin' | 'manager' | 'operator'; status?: 'invited'; modules?: number[] }> = [
  { account: 'supermercado-bom-preco', email: 'admin@varejo.test', role: 'admin' },
  { account: 'bom-preco-atacado', email: 'admin@varejo.test', role: 'admin' },
  { account: 'supermercado-bom-preco', email: 'operador@varejo.test', role: 'operator', modules: OPERATOR_MODULES },
  { account: 'supermercado-bom-preco', email: 'juliana.alves@varejo.test', role: 'manager' },
  { account: 'supermercado-bom-preco', email: 'beatriz.rocha@varejo.test', role: 'manager' },
  { account: 'supermercado-bom-preco', email: 'pedro.santos@varejo.test', role: 'operator', status: 'invited' },
  { account: 'cafe-aurora', email: 'gestor@marca.test', role: 'admin' },
  { account: 'rede-parceira-midia', email: 'admin@parceiro.test', role: 'admin' },
  { account: 'supermercado-bom-preco', email: 'suporte@plataforma.test', role: 'manager' },
];

/** Idempotent: creates what is missing, leaves what exists (including changed passwords). */
export async function seed(db: Db): Promise<void> {
  for (const [position, m] of ACCESS_MODULES.entries()) {
    await db.accessModule.upsert({ where: { id: m.id }, create: { id: m.id, key: m.key, name: m.name, position }, update: { key: m.key, name: m.name, position } });
    for (const [subPosition, s] of (m.submodules ?? []).entries()) {
      const data = { key: s.key, name: s.name, parentId: m.id, position: subPosition };
      await db.accessModule.upsert({ where: { id: s.id }, create: { id: s.id, ...data }, update: data });
    }
  }

  const accountIds = new Map<string, number>();
  for (const { modules, ...a } of ACCOUNTS) {
    const row = await db.account.upsert({ where: { slug: a.slug }, create: a, update: {}, select: { id: true } });
    accountIds.set(a.slug, row.id);
    await db.accountAccessModule.createMany({ data: modules.map((moduleId) => ({ accountId: row.id, moduleId })), skipDuplicates: true });
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, number>();
  for (const u of USERS) {
    const { invitedOnly, ...data } = { invitedOnly: false, ...u };
    const row = await db.user.upsert({
      where: { email: data.email },
      create: { ...data, passwordHash: invitedOnly ? null : passwordHash },
      update: {},
      select: { id: true },
    });
    userIds.set(u.email, row.id);
  }

  const adminId = userIds.get('admin@varejo.test')!;
  for (const m of MEMBERSHIPS) {
    const accountId = accountIds.get(m.account)!;
    const userId = userIds.get(m.email)!;
    const existing = await db.membership.findUnique({ where: { accountId_userId: { accountId, userId } }, select: { id: true } });
    if (existing) continue;
    await db.membership.create({
      data: {
        accountId,
        userId,
        role: m.role,
        status: m.status ?? 'active',
        invitedById: m.email === 'admin@varejo.test' ? null : adminId,
        allModules: !m.modules,
        accessModules: m.modules ? { create: m.modules.map((moduleId) => ({ moduleId })) } : undefined,
      },
    });
  }

  await seedCatalog(db, accountIds);
  await seedPromotions(db, accountIds);
  await seedPromotional(db, accountIds);
  await seedRetailMedia(db, accountIds);
  await seedRetailConfig(db, accountIds);
  await seedCampaigns(db, accountIds);
  await seedRmReports(db);
  await seedApiKeys(db, accountIds);
}

const DAY = 86_400_000;

/** Demo promotions, one per status, dated around the day the seed runs. Money in cents. */
function demoPromotions(now: Date): Array<{ account: string } & Omit<Prisma.PromotionUncheckedCreateInput, 'accountId'>> {
  const day = (offset: number) => businessDate(new Date(now.getTime() + offset * DAY));
  const period = (from: number, to: number) => ({ startAt: startOfBusinessDay(day(from)), endAt: endOfBusinessDay(day(to)) });
  return [
    {
      account: 'supermercado-bom-preco', name: 'Leve 3 Pague 2 Café Aurora 500g', promotionType: 'buy_pay', ...period(-10, 20),
      description: 'Na compra de 3 pacotes de Café Aurora Tradicional 500g, pague apenas 2.',
      benefits: { pay: 2, take: 3 }, trigger: { kind: 'quantity', quantity: 3 }, selectedOffers: ['cafe-aurora-tradicional-500g'], limitPerCustomer: 2,
    },
    {
      account: 'supermercado-bom-preco', name: 'Cupom de boas-vindas 10%', promotionType: 'coupon', code: 'BEMVINDO10', ...period(-30, 60),
      description: '10% de desconto na primeira compra acima de R$ 50,00.',
      benefits: { type: 'percent', value: 10 }, trigger: { kind: 'total', offers_ids: [], min_value: 5000 }, limitTotal: 1000, limitPerCustomer: 1,
    },
    {
      account: 'supermercado-bom-preco', name: 'Sextou 15% no carrinho', promotionType: 'coupon', code: 'SEXTOU15', ...period(-20, 40),
      description: '15% de desconto em compras acima de R$ 100,00, um uso por cliente.', priority: 10,
      benefits: { type: 'percent', value: 15 }, trigger: { kind: 'total', offers_ids: [], min_value: 10000 }, limitPerCustomer: 1,
    },
    {
      account: 'supermercado-bom-preco', name: 'R$ 20 de desconto acima de R$ 150', promotionType: 'coupon', code: 'DESCONTO20', ...period(-25, 30),
      description: 'R$ 20,00 de desconto em compras a partir de R$ 150,00.', exclusive: true,
      benefits: { type: 'fixed', value: 2000 }, trigger: { kind: 'total', offers_ids: [], min_value: 15000 }, limitTotal: 500, limitPerCustomer: 2,
    },
    {
      account: 'supermercado-bom-preco', name: 'Frete grátis acima de R$ 150', promotionType: 'shipping_discount', ...period(5, 35),
      description: 'Entrega grátis em pedidos a partir de R$ 150,00.',
      benefits: { type: 'percent', value: 100 }, trigger: { kind: 'total', offers_ids: [], min_value: 15000 },
    },
    {
      account: 'supermercado-bom-preco', name: 'Picanha bovina kg por R$ 59,90', promotionType: 'fixed_price', ...period(-3, 10),
      description: 'Preço fixo na picanha bovina resfriada, por quilo.', active: false, disabledAt: new Date(now.getTime() - DAY),
      benefits: { price: 5990 }, trigger: { kind: 'quantity', quantity: 1 }, selectedOffers: ['picanha-bovina-kg'], limitPerCustomer: 3,
    },
    {
      account: 'supermercado-bom-preco', name: 'Semana do Hortifrúti 15% off', promotionType: 'items_discount', ...period(-20, -13),
      description: '15% de desconto levando 2 ou mais itens de hortifrúti.',
      benefits: { type: 'percent', value: 15 }, trigger: { kind: 'items', offers_ids: ['banana-prata-kg', 'tomate-italiano-kg', 'alface-crespa'], min_quantity: 2 },
    },
    {
      account: 'supermercado-bom-preco', name: 'R$ 10 off em cervejas artesanais', promotionType: 'discount', ...period(-15, -1),
      description: 'Cancelada por falta de estoque do fornecedor.', active: false, disabledAt: new Date(now.getTime() - 12 * DAY),
      benefits: { type: 'fixed', value: 1000 }, trigger: { kind: 'total', offers_ids: ['cerveja-artesanal-ipa-500ml'], min_value: 6000 },
    },
    {
      account: 'bom-preco-atacado', name: 'Atacado: 5% off acima de R$ 500', promotionType: 'discount', ...period(-5, 25),
      description: 'Desconto para compras de reposição a partir de R$ 500,00.',
      benefits: { type: 'percent', value: 5 }, trigger: { kind: 'total', offers_ids: [], min_value: 50000 },
    },
  ];
}

async function seedPromotions(db: Db, accountIds: Map<string, number>) {
  for (const { account, ...p } of demoPromotions(new Date())) {
    const accountId = accountIds.get(account)!;
    if (await db.promotion.findFirst({ where: { accountId, name: p.name }, select: { id: true } })) continue;
    const code = p.code ?? null;
    await db.promotion.create({ data: { ...p, accountId, code, codeNormalized: code?.toUpperCase() ?? null } });
  }
}

/** Seeds only a database with no accounts (first start). Returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if ((await db.account.count()) > 0) return false;
  await seed(db);
  return true;
}
