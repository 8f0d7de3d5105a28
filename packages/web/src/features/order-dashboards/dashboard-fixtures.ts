import type { ConversionDashboard, OrdersDashboard, PickingDashboard, RuptureDashboard } from './api';

/** Answers of the dashboards' API for two days (shaped like the API's tests' figures). */
export const ORDERS: OrdersDashboard = {
  from: '2026-03-09',
  to: '2026-03-10',
  location_id: null,
  channel: null,
  totals: { gmv: 49.9, orders: 3, average_ticket: 16.63, canceled_orders: 1, paid_orders: 2, canceled_value: 4.99 },
  per_day: [
    { date: '2026-03-09', gmv: 29.94, orders: 1, average_ticket: 29.94, canceled_orders: 0 },
    { date: '2026-03-10', gmv: 19.96, orders: 2, average_ticket: 9.98, canceled_orders: 1 },
  ],
  stores: [
    { location_id: 2, name: 'Bom Preço Centro', gmv: 34.93, orders: 2, average_ticket: 17.47, canceled_orders: 1 },
    { location_id: 3, name: 'Bom Preço Pinheiros', gmv: 14.97, orders: 1, average_ticket: 14.97, canceled_orders: 0 },
  ],
  channels: [
    { channel: 'vtex', gmv: 44.91, orders: 2, average_ticket: 22.46, canceled_orders: 0 },
    { channel: 'whatsapp', gmv: 4.99, orders: 1, average_ticket: 4.99, canceled_orders: 1 },
  ],
};

export const EMPTY_ORDERS: OrdersDashboard = {
  ...ORDERS,
  totals: { gmv: 0, orders: 0, average_ticket: 0, canceled_orders: 0, paid_orders: 0, canceled_value: 0 },
  per_day: ORDERS.per_day.map((d) => ({ ...d, gmv: 0, orders: 0, average_ticket: 0, canceled_orders: 0 })),
  stores: [],
  channels: [],
};

export const PICKING: PickingDashboard = {
  from: '2026-03-10',
  to: '2026-03-10',
  location_id: null,
  fulfilment: 'delivery',
  totals: {
    picked_orders: 2,
    average_pick_minutes: 22.5,
    lines: 5,
    missing_lines: 1,
    items_per_hour: 6.7,
    due_orders: 3,
    on_time_orders: 1,
    late_orders: 1,
    waiting_late_orders: 1,
    late_rate: 0.6667,
  },
  per_day: [{ date: '2026-03-10', picked_orders: 2, average_pick_minutes: 22.5, due_orders: 3, on_time_orders: 1, late_orders: 1 }],
  operators: [
    { operator_id: 11, name: 'Ana Separadora', lines: 4, missing_lines: 0, substituted_lines: 0, picking_hours: 0.58, items_per_hour: 6.9 },
    { operator_id: null, name: 'Sem operador informado', lines: 1, missing_lines: 1, substituted_lines: 0, picking_hours: 0.17, items_per_hour: 6 },
  ],
  late: [
    {
      order_id: 42,
      number: 1007,
      status: 'ready',
      fulfilment: 'delivery',
      location: { id: 2, name: 'Bom Preço Centro' },
      window_start: '2026-03-10T17:00:00.000Z',
      ready_at: '2026-03-10T17:30:00.000Z',
      minutes_late: 30,
    },
    {
      order_id: 43,
      number: 1008,
      status: 'paid',
      fulfilment: 'delivery',
      location: { id: 2, name: 'Bom Preço Centro' },
      window_start: '2026-03-10T11:00:00.000Z',
      ready_at: null,
      minutes_late: 95,
    },
  ],
};

export const CONVERSION: ConversionDashboard = {
  from: '2026-03-09',
  to: '2026-03-10',
  location_id: null,
  carts: { created: 5, approved: 4, link_sent: 2, opened: 1, ordered: 1, paid: 1 },
  channels: [
    { channel: 'rappi', orders: 2, paid_orders: 1, completed_orders: 1, canceled_orders: 0, payment_rate: 0.5 },
    { channel: 'shopping_cart', orders: 1, paid_orders: 1, completed_orders: 0, canceled_orders: 0, payment_rate: 1 },
    { channel: 'vtex', orders: 0, paid_orders: 0, completed_orders: 0, canceled_orders: 0, payment_rate: 0 },
  ],
  per_day: [
    { date: '2026-03-09', carts_created: 2, carts_ordered: 0, orders: 1, paid_orders: 1 },
    { date: '2026-03-10', carts_created: 3, carts_ordered: 1, orders: 2, paid_orders: 1 },
  ],
};

export const RUPTURE: RuptureDashboard = {
  from: '2026-03-10',
  to: '2026-03-10',
  location_id: null,
  totals: { picked_lines: 5, missing_lines: 1, substituted_lines: 1, rupture_rate: 0.2, missing_value: 8.99 },
  per_day: [{ date: '2026-03-10', picked_lines: 5, missing_lines: 1, rupture_rate: 0.2, missing_value: 8.99 }],
  products: [
    { product_id: 9, sku: 'feijao-carioca-1kg', name: 'Feijão Carioca Grão Bom 1kg', category: 'Mercearia', picked_lines: 1, missing_lines: 1, rupture_rate: 1, missing_value: 8.99 },
  ],
  categories: [
    { category: 'Mercearia', picked_lines: 3, missing_lines: 1, rupture_rate: 0.3333, missing_value: 8.99 },
    { category: 'Frios e Laticínios', picked_lines: 2, missing_lines: 0, rupture_rate: 0, missing_value: 0 },
  ],
  stores: [{ location_id: 2, name: 'Bom Preço Centro', picked_lines: 5, missing_lines: 1, rupture_rate: 0.2, missing_value: 8.99 }],
};
