import type { FullOrder, OrderCard } from './types';

export const ORDER_CARD: OrderCard = {
  id: 42,
  number: 1007,
  status: 'paid',
  fraud_status: 'not_required',
  channel: 'vtex',
  external_id: 'VTEX-1007',
  fulfilment: 'delivery',
  pays_in_person: false,
  location: { id: 3, name: 'Bom Preço Centro' },
  customer: { id: 9, name: 'Maria Aparecida Silva' },
  items_count: 2,
  total: 36.43,
  created_at: '2026-11-20T13:00:00.000Z',
  updated_at: '2026-11-20T13:05:00.000Z',
};

/** A paid order of two lines (one weighed), received and paid. */
export function fullOrder(over: Partial<FullOrder['order']> = {}, next: FullOrder['next_statuses'] = ['picking', 'canceled']): FullOrder {
  return {
    order: {
      ...ORDER_CARD,
      shopping_cart_id: null,
      address: { zip_code: '01310-100', street: 'Avenida Paulista', number: '1000', complement: null, neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      region_id: null,
      slot: null,
      sub_total: 36.43,
      discount: 0,
      manual_discount: 0,
      delivery_fee: 0,
      coupon_code: null,
      coupon_rejection: null,
      applied_promotions: [],
      version: 2,
      paid_at: '2026-11-20T13:05:00.000Z',
      picking_started_at: null,
      picked_at: null,
      ready_at: null,
      dispatched_at: null,
      completed_at: null,
      canceled_at: null,
      refunded_at: null,
      ...over,
    },
    items: [
      { id: 1, position: 1, product_id: 11, sku: 'LEITE-1L', name: 'Leite Integral 1L', unit_measurement: 'un', quantity: 3, weight: null, unit_price: 5.49, sub_total: 16.47, discount: 0, total: 16.47, pick_status: 'pending', picked_quantity: null, picked_weight: null, substitute: null, picked_at: null },
      { id: 2, position: 2, product_id: 12, sku: 'QUEIJO-KG', name: 'Queijo Minas Frescal', unit_measurement: 'kg', quantity: 1, weight: 0.4, unit_price: 49.9, sub_total: 19.96, discount: 0, total: 19.96, pick_status: 'pending', picked_quantity: null, picked_weight: null, substitute: null, picked_at: null },
    ],
    events: [
      { id: 1, from_status: null, to_status: 'created', actor: { kind: 'user', user_id: 1, name: 'Ana Gerente' }, note: null, created_at: '2026-11-20T13:00:00.000Z' },
      { id: 2, from_status: 'created', to_status: 'paid', actor: { kind: 'system', user_id: null, name: null }, note: null, created_at: '2026-11-20T13:05:00.000Z' },
    ],
    next_statuses: next,
  };
}
