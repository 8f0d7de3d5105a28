import type { z } from 'zod';
import { fromCents, type CartItem, type CartPreviewItem, type CartProduct, type CartSummary, type LinkDelivery, type ShoppingCart } from '@backoffice/contracts';
import type { OfferMatch } from '../catalog/offer-matching.ts';
import type { MessageRow } from '../messaging/messaging.repo.ts';
import { unitPriceOf, type StoredPricing } from './cart-pricing.ts';
import type { CartItemRow, CartRow, CartSummaryRow } from './shopping-carts.repo.ts';

type Out<T extends z.ZodType> = z.input<T>;
export type Offers = ReadonlyMap<number, OfferMatch>;

/** A product as the cart shows it: prices of one cart unit at the cart's store. */
export const toCartProduct = (o: OfferMatch): Out<typeof CartProduct> => {
  const perUnit = o.unitMeasurement === 'kg' ? o.weightPerUnit || 0.5 : 1;
  return {
    product_id: o.productId,
    external_id: o.sku,
    gtin: o.gtin,
    name: o.name,
    brand: o.brand,
    size_pack: o.sizePack,
    unit_measurement: o.unitMeasurement,
    weight_per_unit: o.weightPerUnit,
    asset: o.imageUrl,
    tags: o.tags,
    categories: o.categories,
    price: fromCents(unitPriceOf(o)),
    list_price: fromCents(Math.round(o.listPriceCents * perUnit)),
    start_promotion: o.promotionalPriceCents !== null ? (o.promotionStartAt?.toISOString() ?? null) : null,
    end_promotion: o.promotionalPriceCents !== null ? (o.promotionEndAt?.toISOString() ?? null) : null,
    available: o.available,
    stock: o.stock,
  };
};

/** A line before it has an id: what preview shows and what a cart item adds its id to. */
export interface LineView {
  detail: string;
  query: string;
  quantity: number;
  status: CartItemRow['status'];
  unitMeasurement: string;
  productId: number | null;
  productName?: string | null;
  candidateIds: number[];
  subTotalCents: number | bigint;
  discountCents: number | bigint;
}

export function toLine(l: LineView, offers: Offers): Out<typeof CartPreviewItem> {
  const main = l.productId !== null ? offers.get(l.productId) : undefined;
  const sub = Number(l.subTotalCents);
  const discount = Number(l.discountCents);
  return {
    name: main?.name ?? l.productName ?? l.query,
    detail: l.detail,
    query: l.query,
    quantity: l.quantity,
    status: l.status,
    unit_measurement: main?.unitMeasurement ?? l.unitMeasurement,
    main_product: main ? toCartProduct(main) : null,
    sub_total: fromCents(sub),
    discount: fromCents(discount),
    total: fromCents(sub - discount),
    alternative_products: l.candidateIds.flatMap((id) => {
      const o = offers.get(id);
      return o ? [toCartProduct(o)] : [];
    }),
  };
}

export function groupsOf<T extends { status: 'confirmed' | 'pending' | 'stock_out' }>(items: T[]) {
  return {
    confirmed: items.filter((i) => i.status === 'confirmed'),
    pending: items.filter((i) => i.status === 'pending'),
    stock_out: items.filter((i) => i.status === 'stock_out'),
  };
}

export const storedPricing = (v: unknown): StoredPricing => {
  const p = (v ?? {}) as Partial<StoredPricing>;
  return { applied: Array.isArray(p.applied) ? p.applied : [], coupon_rejection: typeof p.coupon_rejection === 'string' ? p.coupon_rejection : null };
};

/** The product ids a cart's view needs offers for. */
export const productIdsOf = (rows: Array<Pick<CartItemRow, 'productId' | 'candidateIds'>>) => [
  ...new Set(rows.flatMap((i) => [...(i.productId !== null ? [i.productId] : []), ...i.candidateIds])),
];

const DELIVERY_STATUS: Record<string, Out<typeof LinkDelivery>['status']> = { queued: 'queued', sent: 'sent', delivered: 'sent', read: 'sent', failed: 'failed' };

export interface CartLinks {
  link: string;
  checkoutUrl: string | null;
}

export function toCart(row: CartRow, offers: Offers, message: MessageRow | null, links: CartLinks): Out<typeof ShoppingCart> {
  const items: Array<Out<typeof CartItem>> = row.items.map((i) => ({ item_id: i.id, ...toLine({ ...i, productName: i.product?.name }, offers) }));
  const pricing = storedPricing(row.pricing);
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    link: message || row.linkSentAt ? links.link : null,
    list: row.listText,
    customer: { id: row.customer.id, name: row.customer.name, phone: row.customer.phone },
    location: row.location,
    items,
    groups: groupsOf(items),
    sub_total: fromCents(row.subTotalCents),
    discount: fromCents(row.discountCents),
    total: fromCents(row.totalCents),
    coupon_code: row.couponCode,
    coupon_rejection: pricing.coupon_rejection,
    applied_promotions: pricing.applied,
    link_delivery: message
      ? {
          status: DELIVERY_STATUS[message.status] ?? 'queued',
          error: message.error,
          sent_at: message.sentAt?.toISOString() ?? null,
          link: links.link,
          checkout_url: links.checkoutUrl,
        }
      : null,
    link_sent_at: row.linkSentAt?.toISOString() ?? null,
    opened_at: row.openedAt?.toISOString() ?? null,
    converted_at: row.convertedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const toSummary = (r: CartSummaryRow): Out<typeof CartSummary> => ({
  id: r.id,
  status: r.status,
  customer: { id: r.customer_id, name: r.customer_name, phone: r.customer_phone },
  location: { id: r.location_id, name: r.location_name },
  items_count: Number(r.items_count),
  pending_count: Number(r.pending_count),
  stock_out_count: Number(r.stock_out_count),
  total: fromCents(r.total_cents),
  link_sent_at: r.link_sent_at?.toISOString() ?? null,
  opened_at: r.opened_at?.toISOString() ?? null,
  converted_at: r.converted_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});
