import { NotFoundError } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';

/** A retailer linked to the brand's account, with the brands (folded) the link gives it. */
export interface Retailer {
  id: number;
  name: string;
  brands: string[];
}
/** One of the brand's products at a retailer. */
export interface BrandProduct {
  retailerId: number;
  productId: number;
  sku: string;
  name: string;
  brand: string;
  category: string | null;
}
/** What an industry dashboard may read: its products at its retailers, and the store asked about. */
export interface BrandScope {
  retailers: Retailer[];
  products: BrandProduct[];
  /** The (retailer, brand) pairs of the customers' rollup: a filter on category or product leaves it unusable (null). */
  brands: { accountIds: number[]; brands: string[] } | null;
  locationId?: number;
}
export interface ScopeQuery {
  retailer_id?: number;
  location_id?: number;
  category?: string;
  product_id?: number;
}

const fold = (brand: string) => brand.trim().toLowerCase();

/**
 * Industry data sharing: a brand's account sees the products of its own brands (those its
 * retail-media links name), only at the retailers linked to it. A retailer, store or product
 * outside that is not found (404), as another account's object would be.
 */
export async function brandScopeOf(db: Db, accountId: number, q: ScopeQuery): Promise<BrandScope> {
  const links = await db.advertiserLink.findMany({
    where: { advertiserId: accountId, type: 'industry' },
    select: { publisherId: true, brands: true, publisher: { select: { name: true } } },
    orderBy: { publisherId: 'asc' },
  });
  let retailers = links
    .map((l) => ({ id: l.publisherId, name: l.publisher.name, brands: [...new Set(l.brands.map(fold).filter(Boolean))] }))
    .filter((r) => r.brands.length > 0 && r.id !== accountId);
  if (q.retailer_id !== undefined) {
    retailers = retailers.filter((r) => r.id === q.retailer_id);
    if (retailers.length === 0) throw new NotFoundError('ANALYTICS_RETAILER_NOT_FOUND');
  }
  if (q.location_id !== undefined && !(await db.location.findFirst({ where: { id: q.location_id, accountId: q.retailer_id }, select: { id: true } }))) {
    throw new NotFoundError('LOCATION_NOT_FOUND');
  }
  const accountIds = retailers.flatMap((r) => r.brands.map(() => r.id));
  const brands = retailers.flatMap((r) => r.brands);
  const rows = accountIds.length
    ? await db.$queryRaw<Array<{ retailer_id: number; id: number; sku: string; name: string; brand: string; category: string | null }>>`
        SELECT p.account_id AS retailer_id, p.id, p.sku, p.name, p.brand, nullif(p.categories[1], '') AS category
          FROM products p JOIN unnest(${accountIds}::int[], ${brands}::text[]) AS v(account_id, brand)
            ON p.account_id = v.account_id AND lower(btrim(p.brand)) = v.brand
         ORDER BY p.account_id, p.id`
    : [];
  let products = rows.map((r) => ({ retailerId: r.retailer_id, productId: r.id, sku: r.sku, name: r.name, brand: r.brand, category: r.category }));
  if (q.category !== undefined) products = products.filter((p) => p.category === q.category);
  if (q.product_id !== undefined) {
    products = products.filter((p) => p.productId === q.product_id);
    if (products.length === 0) throw new NotFoundError('ANALYTICS_PRODUCT_NOT_FOUND');
  }
  const narrowed = q.category !== undefined || q.product_id !== undefined;
  return { retailers, products, brands: narrowed ? null : { accountIds, brands }, locationId: q.location_id };
}
