import type { Consumers, IndustrySellout, KpiTree, StockAnalytics } from './api';

/** Answers of the industry dashboards for Café Aurora at Supermercado Bom Preço: 30 days against the 30 before. */
const HEAD = { from: '2026-03-01', to: '2026-03-30', compare: 'previous_period', previous: { from: '2026-01-30', to: '2026-02-28' }, embed_url: null } as const;
const NO_COMPARE = { compare: 'none', previous: null } as const;

// Sell-out value = units × average price; units = buying customers × frequency × units per purchase.
export const KPI_TREE: KpiTree = {
  ...HEAD,
  drill: 'retailer',
  cards: {
    tree: [
      { key: 'units_per_purchase', parent: 'units', operator: null, value: 5.6, previous: 5.95, change: -0.0588 },
      { key: 'sell_out_value', parent: null, operator: 'product', value: 2451.4, previous: 2100, change: 0.1673 },
      { key: 'average_price', parent: 'sell_out_value', operator: null, value: 17.51, previous: 16.8, change: 0.0423 },
      { key: 'units', parent: 'sell_out_value', operator: 'product', value: 140, previous: 125, change: 0.12 },
      { key: 'buying_customers', parent: 'units', operator: null, value: 17, previous: 15, change: 0.1333 },
      { key: 'frequency', parent: 'units', operator: null, value: 1.47, previous: 1.4, change: 0.05 },
    ],
  },
};

/** A store with fewer than 5 buyers: the customers' side of the tree is hidden. */
export const KPI_TREE_HIDDEN: KpiTree = {
  ...KPI_TREE,
  ...NO_COMPARE,
  cards: {
    tree: KPI_TREE.cards.tree!.map((n) =>
      ['buying_customers', 'frequency', 'units_per_purchase'].includes(n.key) ? { ...n, value: null, previous: null, change: null } : { ...n, previous: null, change: null },
    ),
  },
};

const row = { average_price: 17.51, frequency: 1.47, units_per_purchase: 5.6 };
export const KPI_DRILL_RETAILER: KpiTree = {
  ...HEAD,
  drill: 'retailer',
  cards: { drill: [{ key: '1', label: 'Supermercado Bom Preço', sell_out_value: 2451.4, units: 140, buying_customers: 17, previous_sell_out_value: 2100, change: 0.1673, ...row }] },
};
/** By store: the API keys a store by "retailer:store" (a bare store id is read too). */
export const KPI_DRILL_STORE: KpiTree = {
  ...HEAD,
  drill: 'store',
  cards: {
    drill: [
      { key: '1:2', label: 'Bom Preço Centro · Supermercado Bom Preço', sell_out_value: 2100.2, units: 120, buying_customers: 13, previous_sell_out_value: 1800, change: 0.1668, ...row },
      { key: '3', label: 'Bom Preço Jardins · Supermercado Bom Preço', sell_out_value: 351.2, units: 20, average_price: 17.56, buying_customers: null, frequency: null, units_per_purchase: null, previous_sell_out_value: 300, change: 0.1707 },
    ],
  },
};
export const KPI_DRILL_CATEGORY: KpiTree = {
  ...HEAD,
  drill: 'category',
  cards: {
    drill: [{ key: 'Mercearia', label: 'Mercearia', sell_out_value: 2451.4, units: 140, average_price: 17.51, buying_customers: null, frequency: null, units_per_purchase: null, previous_sell_out_value: 2100, change: 0.1673 }],
  },
};

export const SELLOUT: IndustrySellout = {
  ...HEAD,
  cards: {
    summary: {
      sales: { value: 2451.4, previous: 2100, change: 0.1673 },
      units: { value: 140, previous: 125, change: 0.12 },
      average_price: { value: 17.51, previous: 16.8, change: 0.0423 },
      retailers: 1,
      stores: 2,
      products: 3,
    },
    per_day: [
      { date: '2026-03-29', sales: 120.5, units: 7, previous_date: '2026-02-27', previous_sales: 90 },
      { date: '2026-03-30', sales: 98.9, units: 5, previous_date: '2026-02-28', previous_sales: 110.2 },
    ],
    by_retailer: [{ retailer_id: 1, retailer: 'Supermercado Bom Preço', units: 140, sales: 2451.4, share: 1, previous_sales: 2100, change: 0.1673 }],
    by_store: [
      { retailer_id: 1, retailer: 'Supermercado Bom Preço', location_id: 2, store: 'Bom Preço Centro', units: 120, sales: 2100.2, share: 0.8567, previous_sales: 1800, change: 0.1668 },
      { retailer_id: 1, retailer: 'Supermercado Bom Preço', location_id: 3, store: 'Bom Preço Jardins', units: 20, sales: 351.2, share: 0.1433, previous_sales: 300, change: 0.1707 },
    ],
    by_category: [{ category: 'Mercearia', units: 140, sales: 2451.4, share: 1, previous_sales: 2100, change: 0.1673 }],
    by_product: [
      {
        product_id: 11,
        sku: 'cafe-aurora-tradicional-500g',
        name: 'Café Aurora Tradicional 500g',
        brand: 'Café Aurora',
        category: 'Mercearia',
        retailer_id: 1,
        retailer: 'Supermercado Bom Preço',
        units: 90,
        sales: 1701,
        share: 0.6939,
        previous_sales: 1500,
        change: 0.134,
      },
      {
        product_id: 12,
        sku: 'cafe-aurora-capsulas-10un',
        name: 'Café Aurora Cápsulas Espresso 10 unidades',
        brand: 'Café Aurora',
        category: 'Mercearia',
        retailer_id: 1,
        retailer: 'Supermercado Bom Preço',
        units: 50,
        sales: 750.4,
        share: 0.3061,
        previous_sales: 600,
        change: -0.05,
      },
    ],
  },
};

export const SELLOUT_EMPTY: IndustrySellout = {
  ...HEAD,
  cards: {
    summary: {
      sales: { value: 0, previous: 0, change: null },
      units: { value: 0, previous: 0, change: null },
      average_price: { value: 0, previous: 0, change: null },
      retailers: 0,
      stores: 0,
      products: 0,
    },
  },
};

const stock = (stock_units: number, out_of_stock: number, tracked: number, daily_units: number, coverage_days: number | null, missing_lines: number) => ({
  stock_units,
  out_of_stock,
  tracked,
  daily_units,
  coverage_days,
  missing_lines,
});
export const STOCK: StockAnalytics = {
  ...HEAD,
  cards: {
    summary: { stock_units: 310, tracked: 8, out_of_stock: 1, out_of_stock_share: 0.125, coverage_days: 6.6, missing_lines: { value: 4, previous: 2, change: 1 } },
    per_day: [
      { date: '2026-03-29', stock_units: 320, out_of_stock: 1, missing_lines: 1 },
      { date: '2026-03-30', stock_units: 310, out_of_stock: 1, missing_lines: 0 },
    ],
    by_retailer: [{ retailer_id: 1, retailer: 'Supermercado Bom Preço', ...stock(310, 1, 8, 4.67, 6.6, 4) }],
    by_store: [
      { retailer_id: 1, retailer: 'Supermercado Bom Preço', location_id: 2, store: 'Bom Preço Centro', ...stock(290, 0, 4, 4, 72.5, 1) },
      { retailer_id: 1, retailer: 'Supermercado Bom Preço', location_id: 3, store: 'Bom Preço Jardins', ...stock(20, 1, 4, 8, 2.5, 3) },
    ],
    by_product: [
      { retailer_id: 1, retailer: 'Supermercado Bom Preço', product_id: 11, sku: 'cafe-aurora-tradicional-500g', name: 'Café Aurora Tradicional 500g', ...stock(200, 0, 2, 3, 66.7, 2) },
      { retailer_id: 1, retailer: 'Supermercado Bom Preço', product_id: 13, sku: 'cafe-aurora-extraforte-500g', name: 'Café Aurora Extraforte 500g', ...stock(0, 2, 2, 0, null, 2) },
    ],
  },
};

export const CONSUMERS: Consumers = {
  ...HEAD,
  cards: {
    summary: {
      buying_customers: { value: 17, previous: 15, change: 0.1333 },
      new_buyers: { value: null, previous: 6, change: null },
      repeat_buyers: { value: 6, previous: 5, change: 0.2 },
      purchases: { value: 25, previous: 21, change: 0.1905 },
      frequency: { value: 1.47, previous: 1.4, change: 0.05 },
      units_per_purchase: { value: 5.6, previous: 5.95, change: -0.0588 },
    },
    per_day: [
      { date: '2026-03-29', buying_customers: null, purchases: 3 },
      { date: '2026-03-30', buying_customers: 5, purchases: 5 },
    ],
    by_retailer: [{ retailer_id: 1, retailer: 'Supermercado Bom Preço', buying_customers: 17, purchases: 25, units: 140, sales: 2451.4 }],
    segments: [
      { segment: 'loyal', buying_customers: null, share: null, sales: null },
      { segment: 'one_time', buying_customers: 9, share: 0.5294, sales: 810.5 },
      { segment: 'occasional', buying_customers: 6, share: 0.3529, sales: 1020 },
      { segment: 'regular', buying_customers: null, share: null, sales: null },
    ],
    frequency: [
      { bucket: '1', buying_customers: 11 },
      { bucket: '2', buying_customers: 6 },
      { bucket: '3', buying_customers: null },
      { bucket: '4-5', buying_customers: null },
      { bucket: '6+', buying_customers: null },
    ],
  },
};
