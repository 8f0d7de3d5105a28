import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { folded, likeLiteral } from '../../lib/like.ts';

const productSelect = {
  id: true,
  sku: true,
  name: true,
  brand: true,
  gtin: true,
  imageUrl: true,
  categories: true,
  priceCents: true,
  unitMeasurement: true,
  isAvailable: true,
  availableStock: true,
  url: true,
  additionalReferences: true,
  referenceCode: true,
  tags: true,
} as const;

export type ProductRow = Prisma.ProductGetPayload<{ select: typeof productSelect }>;

export interface ProductFilters {
  query?: string;
  skus?: string[];
  available?: boolean;
}

/** Catalog products of one account: every query is scoped by `accountId`. */
export function createCatalogRepo(db: Db) {
  return {
    async search(accountId: number, f: ProductFilters, page: number, quantity: number) {
      const conditions = [Prisma.sql`account_id = ${accountId}`];
      if (f.skus) conditions.push(f.skus.length ? Prisma.sql`sku IN (${Prisma.join(f.skus)})` : Prisma.sql`FALSE`);
      if (f.available !== undefined) conditions.push(Prisma.sql`is_available = ${f.available}`);
      if (f.query) {
        const like = `%${likeLiteral(f.query)}%`;
        conditions.push(
          Prisma.sql`(name ILIKE ${like} OR sku ILIKE ${like} OR brand ILIKE ${like} OR gtin LIKE ${`${likeLiteral(f.query)}%`})`,
        );
      }
      const where = Prisma.join(conditions, ' AND ');
      const [ids, [count]] = await Promise.all([
        db.$queryRaw<Array<{ id: number }>>`
          SELECT id FROM products WHERE ${where}
          ORDER BY ${folded(Prisma.sql`name`)}, id
          LIMIT ${quantity} OFFSET ${(page - 1) * quantity}`,
        db.$queryRaw<Array<{ total: bigint }>>`SELECT count(*) AS total FROM products WHERE ${where}`,
      ]);
      const rows = await db.product.findMany({ where: { accountId, id: { in: ids.map((r) => r.id) } }, select: productSelect });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { rows: ids.map((r) => byId.get(r.id)!), total: Number(count!.total) };
    },
  };
}
export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
