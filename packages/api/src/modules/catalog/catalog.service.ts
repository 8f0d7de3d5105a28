import type { z } from 'zod';
import { fromCents, type CatalogProduct, type ProductSearchQuery } from '@backoffice/contracts';
import type { CatalogRepo, ProductRow } from './catalog.repo.ts';
import { pageOf } from '../../lib/paging.ts';
import type { OfferMatching } from './offer-matching.ts';

const toProduct = (p: ProductRow): z.input<typeof CatalogProduct> => ({
  id: p.id,
  product_sku: p.sku,
  name: p.name,
  brand: p.brand,
  gtin: p.gtin,
  image_url: p.imageUrl,
  categories: p.categories,
  price: fromCents(p.priceCents),
  unit_measurement: p.unitMeasurement,
  is_available: p.isAvailable,
  available_stock: p.availableStock,
  url: p.url,
  additional_references: p.additionalReferences,
  product_reference_code: p.referenceCode,
  tags: p.tags,
});

/** Product search over an account's catalog (spec §7 `GET /search/products`). */
export function createCatalogService({ repo, matching }: { repo: CatalogRepo; matching: OfferMatching }) {
  return {
    ...matching,
    async search(accountId: number, q: z.output<typeof ProductSearchQuery>) {
      const { rows, total } = await repo.search(accountId, { query: q.query, skus: q.skus, available: q.available }, q.page, q.quantity);
      return pageOf(rows.map(toProduct), q, total);
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
