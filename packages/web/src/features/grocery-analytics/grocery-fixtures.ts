import type { GroceryCustomers, GrocerySellout } from './api';

/** Answers of the grocery dashboards for one week of the store 2 against the week before it. */
const HEAD = {
  from: '2026-03-04',
  to: '2026-03-10',
  compare: 'previous_period',
  previous: { from: '2026-02-25', to: '2026-03-03' },
  location_id: 2,
  embed_url: null,
} as const;

export const SELLOUT_SUMMARY: GrocerySellout = {
  ...HEAD,
  embed_url: 'https://metabase.varejo.test/embed/dashboard/abc.def#bordered=true',
  cards: {
    summary: {
      sales: { value: 1234.5, previous: 1100, change: 0.1223 },
      units: { value: 48.5, previous: 0, change: null },
      orders: { value: 20, previous: 30, change: -0.3333 },
      average_ticket: { value: 61.73, previous: 36.67, change: 0.6834 },
      average_price: { value: 25.45, previous: 25.45, change: 0 },
      margin: { value: 300.25, previous: 280, change: 0.0723 },
      margin_rate: { value: 0.2811, previous: 0.2545, change: 0.1045 },
    },
  },
};

export const SELLOUT_EMPTY_SUMMARY: GrocerySellout = {
  ...HEAD,
  cards: {
    summary: Object.fromEntries(Object.keys(SELLOUT_SUMMARY.cards.summary!).map((k) => [k, { value: 0, previous: 0, change: null }])) as NonNullable<GrocerySellout['cards']['summary']>,
  },
};

export const SELLOUT_PER_DAY: GrocerySellout = {
  ...HEAD,
  cards: {
    per_day: [
      { date: '2026-03-09', sales: 734.5, units: 30, previous_date: '2026-03-02', previous_sales: 500 },
      { date: '2026-03-10', sales: 500, units: 18.5, previous_date: '2026-03-03', previous_sales: 600 },
    ],
  },
};

export const BY_CATEGORY: GrocerySellout = {
  ...HEAD,
  cards: {
    by_category: [
      { category: 'Mercearia', units: 30, sales: 700, share: 0.567, margin: 180.5, previous_sales: 600, change: 0.1667 },
      { category: 'Açougue', units: 3.25, sales: 292.5, share: 0.2369, margin: null, previous_sales: 390, change: -0.25 },
      { category: 'Sem categoria', units: 2, sales: 242, share: 0.196, margin: 20, previous_sales: 0, change: null },
    ],
  },
};

export const BY_BRAND: GrocerySellout = {
  ...HEAD,
  cards: {
    by_brand: [
      { brand: 'Vale Verde', units: 12, sales: 334.8, share: 0.2712, margin: 80.35, previous_sales: 279, change: 0.2 },
      { brand: 'Sem marca', units: 36.5, sales: 899.7, share: 0.7288, margin: 219.9, previous_sales: 821, change: 0.0959 },
    ],
  },
};

export const BY_PRODUCT: GrocerySellout = {
  ...HEAD,
  cards: {
    by_product: [
      { product_id: 9, sku: 'arroz-5kg', name: 'Arroz Branco Vale Verde 5kg', brand: 'Vale Verde', category: 'Mercearia', units: 12, sales: 334.8, margin: 80.35, share: 0.2712, previous_sales: 279, change: 0.2 },
      { product_id: 12, sku: 'picanha-kg', name: 'Picanha Bovina', brand: null, category: 'Açougue', units: 3.25, sales: 292.5, margin: null, share: 0.2369, previous_sales: 390, change: -0.25 },
      { product_id: null, sku: null, name: 'Produto excluído', brand: null, category: null, units: 1, sales: 9.9, margin: null, share: 0.008, previous_sales: 0, change: null },
    ],
  },
};

export const CUSTOMERS_SUMMARY: GroceryCustomers = {
  ...HEAD,
  cards: {
    summary: {
      customers: { value: 15, previous: 12, change: 0.25 },
      new_customers: { value: 5, previous: 5, change: 0 },
      returning_customers: { value: 10, previous: 7, change: 0.4286 },
      orders: { value: 21, previous: 24, change: -0.125 },
      frequency: { value: 1.4, previous: 2, change: -0.3 },
      average_ticket: { value: 88.2, previous: 0, change: null },
    },
  },
};

export const CUSTOMERS_PER_DAY: GroceryCustomers = {
  ...HEAD,
  cards: {
    per_day: [
      { date: '2026-03-09', customers: 9, new_customers: 3, returning_customers: 6, orders: 12 },
      { date: '2026-03-10', customers: 7, new_customers: 2, returning_customers: 5, orders: 9 },
    ],
  },
};

export const FREQUENCY: GroceryCustomers = {
  ...HEAD,
  cards: {
    frequency: [
      { bucket: '1', customers: 10, share: 0.6667, sales: 600 },
      { bucket: '2', customers: 3, share: 0.2, sales: 400 },
      { bucket: '3', customers: 1, share: 0.0667, sales: 180 },
      { bucket: '4-5', customers: 1, share: 0.0667, sales: 320 },
      { bucket: '6+', customers: 0, share: 0, sales: 0 },
    ],
  },
};

export const RFM: GroceryCustomers = {
  ...HEAD,
  cards: {
    // Not in the contract's order: the page sorts them.
    rfm: [
      { segment: 'lost', customers: 4, share: 0.1, sales: 210, average_recency_days: 240.5, average_orders: 1 },
      { segment: 'champions', customers: 8, share: 0.2, sales: 3200.4, average_recency_days: 6.2, average_orders: 9.5 },
      { segment: 'loyal', customers: 6, share: 0.15, sales: 1500, average_recency_days: 20, average_orders: 6 },
      { segment: 'promising', customers: 4, share: 0.1, sales: 400, average_recency_days: 12, average_orders: 2 },
      { segment: 'new', customers: 5, share: 0.125, sales: 300, average_recency_days: 8, average_orders: 1 },
      { segment: 'need_attention', customers: 3, share: 0.075, sales: 350, average_recency_days: 60, average_orders: 3 },
      { segment: 'at_risk', customers: 6, share: 0.15, sales: 900, average_recency_days: 110, average_orders: 5 },
      { segment: 'hibernating', customers: 4, share: 0.1, sales: 160, average_recency_days: 150, average_orders: 1.5 },
    ],
  },
};

export const COHORTS: GroceryCustomers = {
  ...HEAD,
  cards: {
    cohorts: [
      { cohort: '2026-01', customers: 10, retention: [1, 0.4, 0.3] },
      { cohort: '2026-02', customers: 8, retention: [1, 0.25] },
      { cohort: '2026-03', customers: 0, retention: [0] },
    ],
  },
};
