import type { components } from '../../shared/api/schema';

/**
 * The catalog screens' shapes, as the catalog API's contract (packages/contracts/src/catalog.ts)
 * describes them. Provisional until that contract's generated types land in shared/api/schema.
 */
export interface ProductOffer {
  location_id: number;
  location_name?: string | null;
  price: number;
  promotional_price: number | null;
  promotion_start_at: string | null;
  promotion_end_at: string | null;
  stock: number;
  is_available: boolean;
}

export type Product = components['schemas']['CatalogProduct'] & {
  size_pack?: string | null;
  offer?: ProductOffer | null;
};

export interface ProductPage {
  data: Product[];
  meta: components['schemas']['PageMeta'];
}

export type ProductDetail = Product & { offers: ProductOffer[] };

export interface ProductFacets {
  categories: Array<{ value: string; count: number }>;
  brands: Array<{ value: string; count: number }>;
}

export type ProductPatch = Partial<Pick<Product, 'is_available' | 'available_stock'>>;
export type OfferPatch = Partial<Omit<ProductOffer, 'location_id' | 'location_name'>>;
