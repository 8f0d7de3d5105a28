import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from './client.ts';
import { seed, seedIfEmpty } from './seed.ts';
import { ACCESS_MODULES } from './access-modules.ts';

async function counts(db: Database['prisma']) {
  return {
    accounts: await db.account.count(),
    users: await db.user.count(),
    memberships: await db.membership.count(),
    modules: await db.accessModule.count(),
    grants: await db.accountAccessModule.count(),
    restrictions: await db.membershipAccessModule.count(),
    promotions: await db.promotion.count(),
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
});
