// Test data shaped like the API's answers (packages/contracts/src/shopping-carts.ts), for the screens' tests.
import type { Cart, CartItem, CartProduct, CartSummary } from './types';

export const product = (id: number, name: string, patch: Partial<CartProduct> = {}): CartProduct => ({
  product_id: id,
  external_id: `SKU-${id}`,
  gtin: null,
  name,
  brand: null,
  size_pack: null,
  unit_measurement: 'un',
  weight_per_unit: null,
  asset: null,
  tags: [],
  categories: [],
  price: 10,
  list_price: 10,
  start_promotion: null,
  end_promotion: null,
  available: true,
  stock: 10,
  ...patch,
});

export const item = (id: number, status: CartItem['status'], patch: Partial<CartItem> = {}): CartItem => ({
  item_id: id,
  name: 'Produto',
  detail: 'linha',
  query: 'produto',
  quantity: 1,
  status,
  unit_measurement: 'un',
  main_product: null,
  sub_total: 0,
  discount: 0,
  total: 0,
  alternative_products: [],
  ...patch,
});

const RICE = product(11, 'Arroz Tio João Tipo 1', { size_pack: '1kg', price: 6.49, list_price: 6.49 });
const EGGS = product(12, 'Ovos Brancos Grandes', { size_pack: '6 un', price: 8.9, list_price: 9.9, start_promotion: '2026-01-01T00:00:00.000Z', end_promotion: '2099-01-01T00:00:00.000Z' });
const WHOLE_MILK = product(21, 'Leite Integral Italac', { size_pack: '1L', price: 5.29, list_price: 5.29 });
const SKIM_MILK = product(22, 'Leite Desnatado Italac', { size_pack: '1L', price: 5.49, list_price: 5.49 });
const COFFEE = product(31, 'Café Pilão Tradicional', { size_pack: '500g', price: 18.9, list_price: 18.9, available: false, stock: 0 });
const COFFEE_ALT = product(32, 'Café Melitta Tradicional', { size_pack: '500g', price: 17.5, list_price: 17.5 });

export const REVIEW_CART: Cart = (() => {
  const confirmed = [
    item(1, 'confirmed', { name: RICE.name, detail: '2kg de arroz tio joão', query: 'arroz tio joao', quantity: 2, main_product: RICE, sub_total: 12.98, total: 12.98 }),
    item(2, 'confirmed', { name: EGGS.name, detail: '6 ovos', query: 'ovos', quantity: 1, main_product: EGGS, sub_total: 9.9, discount: 1, total: 8.9 }),
  ];
  const pending = [item(3, 'pending', { name: 'leite', detail: 'leite 1L x3', query: 'leite', quantity: 3, main_product: WHOLE_MILK, alternative_products: [SKIM_MILK] })];
  const stockOut = [item(4, 'stock_out', { name: COFFEE.name, detail: 'café pilão', query: 'cafe pilao', main_product: COFFEE, alternative_products: [COFFEE_ALT] })];
  return {
    id: 42,
    status: 'in_review',
    version: 3,
    link: null,
    list: '2kg de arroz tio joão\n6 ovos\nleite 1L x3\ncafé pilão',
    customer: { id: 7, name: 'Maria Aparecida Silva', phone: '+5511987654321' },
    location: { id: 1, name: 'Bom Preço Pinheiros' },
    items: [...confirmed, ...pending, ...stockOut],
    groups: { confirmed, pending, stock_out: stockOut },
    sub_total: 22.88,
    discount: 3,
    total: 19.88,
    coupon_code: 'BEMVINDO',
    coupon_rejection: null,
    applied_promotions: [
      { promotion_id: 5, name: 'Ovos em oferta', promotion_type: 'discount', code: null, discount: 1 },
      { promotion_id: 6, name: 'Boas-vindas', promotion_type: 'coupon', code: 'BEMVINDO', discount: 2 },
    ],
    link_delivery: null,
    link_sent_at: null,
    opened_at: null,
    converted_at: null,
    created_at: '2026-11-20T13:00:00.000Z',
    updated_at: '2026-11-20T13:05:00.000Z',
  };
})();

/** The review cart with its pending line resolved and the stock_out line replaced. */
export function resolvedCart(patch: Partial<Cart> = {}): Cart {
  const confirmed = [...REVIEW_CART.groups.confirmed, item(3, 'confirmed', { ...REVIEW_CART.groups.pending[0]!, status: 'confirmed' }), item(4, 'confirmed', { ...REVIEW_CART.groups.stock_out[0]!, status: 'confirmed', main_product: COFFEE_ALT })];
  return { ...REVIEW_CART, items: confirmed, groups: { confirmed, pending: [], stock_out: [] }, ...patch };
}

export const summary = (id: number, status: CartSummary['status'], name: string): CartSummary => ({
  id,
  status,
  customer: { id, name, phone: null },
  location: { id: 1, name: 'Bom Preço Pinheiros' },
  items_count: 4,
  pending_count: status === 'in_review' ? 1 : 0,
  stock_out_count: 0,
  total: 123.45,
  link_sent_at: null,
  opened_at: null,
  converted_at: null,
  created_at: '2026-11-20T13:00:00.000Z',
  updated_at: '2026-11-20T13:00:00.000Z',
});
