import type { Db } from '../../db/client.ts';
import { ACCESS_MODULES, moduleIds } from '../../db/access-modules.ts';
import { hashPassword } from '../../lib/password.ts';
import type { ModuleSeed } from '../../lib/module.ts';

export const DEMO_PASSWORD = 'Senha#Forte2026';

const GROCERY_MODULES = moduleIds(
  'dashboard', 'orders', 'shopping_carts', 'chats', 'analytics', 'messaging_campaigns', 'products', 'retail_media',
  'promotional', 'locations', 'logistic', 'customers', 'financial', 'operators', 'users', 'config',
);
// Brands take part in trade agreements with their retailers: the trade submodule without the rest of promotional.
const INDUSTRY_MODULES = moduleIds('dashboard', 'retail_media', 'promotional.trade', 'kpi', 'sell_out', 'stock', 'consumers', 'users', 'config');
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

/**
 * The access-module catalogue, the demo accounts, their users and memberships; runs first and fills
 * `accountIds`. Idempotent: creates what is missing, leaves what exists (including changed passwords).
 */
export const accountsSeed: ModuleSeed = { name: 'accounts', seed: seedAccounts };

async function seedAccounts(db: Db, { accountIds }: { accountIds: Map<string, number> }): Promise<void> {
  for (const [position, m] of ACCESS_MODULES.entries()) {
    await db.accessModule.upsert({ where: { id: m.id }, create: { id: m.id, key: m.key, name: m.name, position }, update: { key: m.key, name: m.name, position } });
    for (const [subPosition, s] of (m.submodules ?? []).entries()) {
      const data = { key: s.key, name: s.name, parentId: m.id, position: subPosition };
      await db.accessModule.upsert({ where: { id: s.id }, create: { id: s.id, ...data }, update: data });
    }
  }

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
}
