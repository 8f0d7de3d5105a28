import type { GmvPerDay, MarginPerDay, SalesCards, TopCustomers, TopProducts } from './api';

/** Answers of the dashboard data service for two days against the two before them. */
const HEAD = { from: '2026-03-09', to: '2026-03-10', location_id: null, channel: null, compare: 'previous_period', previous: { from: '2026-03-07', to: '2026-03-08' } } as const;

export const CARDS: SalesCards = {
  ...HEAD,
  cards: {
    gmv: { value: 1234.5, previous: 1100, change: 0.1223 },
    orders: { value: 20, previous: 30, change: -0.3333 },
    average_ticket: { value: 61.73, previous: 36.67, change: 0.6834 },
    customers: { value: 15, previous: 15, change: 0 },
    units: { value: 48.5, previous: 0, change: null },
    margin: { value: 300.25, previous: 280, change: 0.0723 },
    margin_rate: { value: 0.2811, previous: 0.2545, change: 0.1045 },
    costed_share: { value: 0.87, previous: 0.9, change: -0.0333 },
  },
};

export const EMPTY_CARDS: SalesCards = {
  ...HEAD,
  cards: Object.fromEntries(Object.keys(CARDS.cards).map((k) => [k, { value: 0, previous: 0, change: null }])) as SalesCards['cards'],
};

/** Without comparison: no previous figures, no change. */
export const CARDS_NO_COMPARE: SalesCards = {
  ...CARDS,
  compare: 'none',
  previous: null,
  cards: Object.fromEntries(Object.entries(CARDS.cards).map(([k, c]) => [k, { value: c.value, previous: null, change: null }])) as SalesCards['cards'],
};

export const GMV_DAYS: GmvPerDay = {
  ...HEAD,
  days: [
    { date: '2026-03-09', gmv: 734.5, orders: 12, previous_date: '2026-03-07', previous_gmv: 500, previous_orders: 14 },
    { date: '2026-03-10', gmv: 500, orders: 8, previous_date: '2026-03-08', previous_gmv: 600, previous_orders: 16 },
  ],
};

export const MARGIN_DAYS: MarginPerDay = {
  ...HEAD,
  days: [
    { date: '2026-03-09', items_value: 700, costed_value: 600, cost: 430, margin: 170, margin_rate: 0.2833, previous_date: '2026-03-07', previous_margin: 130, previous_margin_rate: 0.26 },
    { date: '2026-03-10', items_value: 480, costed_value: 468.25, cost: 338, margin: 130.25, margin_rate: 0.2782, previous_date: '2026-03-08', previous_margin: 150, previous_margin_rate: 0.25 },
  ],
};

export const PRODUCTS: TopProducts = {
  ...HEAD,
  items_value: 1180,
  products: [
    { product_id: 9, sku: 'arroz-5kg', name: 'Arroz Branco Vale Verde 5kg', brand: 'Vale Verde', category: 'Mercearia', units: 12, value: 334.8, margin: 80.35, share: 0.2837, previous_value: 279, change: 0.2 },
    { product_id: 12, sku: 'picanha-kg', name: 'Picanha Bovina', brand: null, category: 'Açougue', units: 3.25, value: 292.5, margin: null, share: 0.2479, previous_value: 390, change: -0.25 },
    { product_id: null, sku: null, name: 'Produto excluído', brand: null, category: null, units: 1, value: 9.9, margin: null, share: 0.0084, previous_value: 0, change: null },
  ],
};

export const CUSTOMERS: TopCustomers = {
  ...HEAD,
  customers: [
    { customer_id: 31, name: 'Marina Oliveira', orders: 3, gmv: 412.7, average_ticket: 137.57, last_order_date: '2026-03-10', previous_gmv: 120 },
    { customer_id: 32, name: 'João Pedro Lima', orders: 1, gmv: 89.9, average_ticket: 89.9, last_order_date: '2026-03-09', previous_gmv: 0 },
  ],
};
