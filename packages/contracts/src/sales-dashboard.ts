// Issue 23: the dashboard data service (spec §7: GET dashboard/cards, gmv-per-day, margin-per-day,
// top-products, top-customers, each with a query string). Read from the sales rollups kept by
// PostgreSQL triggers (prisma/migrations/20261202100000_sales_analytics): days are São Paulo's, a
// sale is an order neither canceled nor refunded.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Money } from './common.ts';
import { dashboardPeriodRule } from './order-analytics.ts';
import { ORDER_CHANNELS } from './orders.ts';

/** How a period is compared: the same number of days just before it, the same days a year before, or not at all. */
export const COMPARISONS = ['previous_period', 'previous_year', 'none'] as const;
export type Comparison = (typeof COMPARISONS)[number];
/** Most rows of the top products' and top customers' lists. */
export const SALES_TOP_MAX = 50;
export const SALES_TOP_DEFAULT = 10;

const DateOnly = z.iso.date();
const Count = z.number().int().min(0);
/** A change against the comparison period: (value − previous) ÷ previous; null when there is nothing to compare with. */
const Change = z.number().nullable().meta({ description: '(valor − anterior) ÷ anterior; null sem período de comparação ou com anterior 0.' });

const query = {
  from: DateOnly.optional().meta({ description: 'Primeiro dia (YYYY-MM-DD, São Paulo). Padrão: 29 dias antes de `to`.' }),
  to: DateOnly.optional().meta({ description: 'Último dia, inclusive (YYYY-MM-DD, São Paulo). Padrão: hoje.' }),
  location_id: z.coerce.number().int().positive().optional().meta({ description: 'Somente esta loja.' }),
  channel: z.enum(ORDER_CHANNELS).optional().meta({ description: 'Somente este canal.' }),
  compare: z
    .enum(COMPARISONS)
    .optional()
    .meta({ description: 'Período de comparação: previous_period (padrão, os mesmos dias logo antes), previous_year (os mesmos dias um ano antes) ou none.' }),
};
export const SalesDashboardQuery = z.object(query).superRefine(dashboardPeriodRule);
export type SalesDashboardQuery = z.output<typeof SalesDashboardQuery>;

export const SalesTopQuery = z
  .object({ ...query, limit: z.coerce.number().int().min(1).max(SALES_TOP_MAX).optional().meta({ description: `Quantas linhas (padrão ${SALES_TOP_DEFAULT}, até ${SALES_TOP_MAX}).` }) })
  .superRefine(dashboardPeriodRule);
export type SalesTopQuery = z.output<typeof SalesTopQuery>;

/** The tables of the dashboard a download holds: the days (GMV and margin), the top products or the top customers. */
export const SALES_EXPORTS = ['days', 'products', 'customers'] as const;
export type SalesExport = (typeof SALES_EXPORTS)[number];
export const SalesExportQuery = z
  .object({
    ...query,
    limit: z.coerce.number().int().min(1).max(SALES_TOP_MAX).optional().meta({ description: `Produtos ou clientes (padrão ${SALES_TOP_MAX}).` }),
    report: z.enum(SALES_EXPORTS).default('days').meta({ description: 'days (padrão: GMV e margem por dia), products (produtos mais vendidos) ou customers (clientes que mais compraram).' }),
    format: z.enum(['csv', 'xlsx']).default('xlsx').meta({ description: 'csv (separado por ";", UTF-8 com BOM) ou xlsx.' }),
  })
  .superRefine(dashboardPeriodRule);
export type SalesExportQuery = z.output<typeof SalesExportQuery>;

const Range = z.object({ from: DateOnly, to: DateOnly });
const Head = {
  from: DateOnly,
  to: DateOnly,
  location_id: z.number().int().nullable(),
  channel: z.enum(ORDER_CHANNELS).nullable(),
  compare: z.enum(COMPARISONS),
  previous: Range.nullable().meta({ description: 'O período de comparação (null com compare=none).' }),
};

const Card = <T extends z.ZodType>(value: T) => z.object({ value, previous: value.nullable(), change: Change });

export const SalesCards = z
  .object({
    ...Head,
    cards: z.object({
      gmv: Card(Money).meta({ description: 'Soma dos totais dos pedidos não cancelados nem reembolsados (itens com descontos, mais frete).' }),
      orders: Card(Count),
      average_ticket: Card(Money).meta({ description: 'gmv ÷ pedidos.' }),
      customers: Card(Count).meta({ description: 'Clientes distintos com pedido no período.' }),
      units: Card(z.number()).meta({ description: 'Unidades vendidas (kg nos itens por peso).' }),
      margin: Card(Money).meta({ description: 'Valor dos itens com custo conhecido menos o seu custo.' }),
      margin_rate: Card(z.number()).meta({ description: 'margin ÷ valor dos itens com custo conhecido (0 a 1; negativa abaixo do custo).' }),
      costed_share: Card(z.number().min(0).max(1)).meta({ description: 'Parte do valor dos itens com custo conhecido: a margem vale para ela.' }),
    }),
  })
  .meta({ id: 'SalesCards', description: 'Os cartões do dashboard de vendas, cada um com o período de comparação.' });
export type SalesCards = z.infer<typeof SalesCards>;

export const GmvPerDay = z
  .object({
    ...Head,
    days: z.array(
      z.object({
        date: DateOnly,
        gmv: Money,
        orders: Count,
        previous_date: DateOnly.nullable().meta({ description: 'O dia correspondente do período de comparação.' }),
        previous_gmv: Money.nullable(),
        previous_orders: Count.nullable(),
      }),
    ),
  })
  .meta({ id: 'GmvPerDay', description: 'GMV e pedidos por dia (São Paulo), lado a lado com o dia correspondente da comparação.' });
export type GmvPerDay = z.infer<typeof GmvPerDay>;

export const MarginPerDay = z
  .object({
    ...Head,
    days: z.array(
      z.object({
        date: DateOnly,
        items_value: Money.meta({ description: 'Valor dos itens vendidos.' }),
        costed_value: Money.meta({ description: 'Valor dos itens com custo conhecido.' }),
        cost: Money,
        margin: Money,
        margin_rate: z.number().nullable().meta({ description: 'margin ÷ costed_value (null sem itens com custo).' }),
        previous_date: DateOnly.nullable(),
        previous_margin: Money.nullable(),
        previous_margin_rate: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'MarginPerDay', description: 'Margem bruta por dia (São Paulo): valor dos itens com custo conhecido menos o custo.' });
export type MarginPerDay = z.infer<typeof MarginPerDay>;

export const TopProducts = z
  .object({
    ...Head,
    items_value: Money.meta({ description: 'Valor de todos os itens vendidos no período (a base de share).' }),
    products: z.array(
      z.object({
        product_id: z.number().int().nullable().meta({ description: 'null: produto excluído do catálogo.' }),
        sku: z.string().nullable(),
        name: z.string(),
        brand: z.string().nullable(),
        category: z.string().nullable(),
        units: z.number(),
        value: Money,
        margin: Money.nullable().meta({ description: 'null sem custo conhecido.' }),
        share: z.number().min(0).max(1).meta({ description: 'value ÷ items_value.' }),
        previous_value: Money.nullable(),
        change: Change,
      }),
    ),
  })
  .meta({ id: 'TopProducts', description: 'Os produtos mais vendidos por valor, com a comparação.' });
export type TopProducts = z.infer<typeof TopProducts>;

export const TopCustomers = z
  .object({
    ...Head,
    customers: z.array(
      z.object({
        customer_id: z.number().int(),
        name: z.string(),
        orders: Count,
        gmv: Money,
        average_ticket: Money,
        last_order_date: DateOnly,
        previous_gmv: Money.nullable(),
      }),
    ),
  })
  .meta({ id: 'TopCustomers', description: 'Os clientes que mais compraram no período, por valor.' });
export type TopCustomers = z.infer<typeof TopCustomers>;

const permission = { kind: 'account', module: 'dashboard' } as const;
const tags = ['Dashboard'];

export const salesDashboardRoutes = {
  cards: defineRoute({
    method: 'GET',
    path: '/api/data-service/dashboard/cards',
    operationId: 'getDashboardCards',
    summary: 'Cartões de vendas (GMV, pedidos, ticket médio, clientes, unidades, margem) com comparação',
    tags,
    permission,
    access: {},
    querystring: SalesDashboardQuery,
    responses: { 200: SalesCards },
    errors: [404],
  }),
  gmvPerDay: defineRoute({
    method: 'GET',
    path: '/api/data-service/dashboard/gmv-per-day',
    operationId: 'getDashboardGmvPerDay',
    summary: 'GMV e pedidos por dia, com o período de comparação',
    tags,
    permission,
    access: {},
    querystring: SalesDashboardQuery,
    responses: { 200: GmvPerDay },
    errors: [404],
  }),
  marginPerDay: defineRoute({
    method: 'GET',
    path: '/api/data-service/dashboard/margin-per-day',
    operationId: 'getDashboardMarginPerDay',
    summary: 'Margem bruta por dia, com o período de comparação',
    tags,
    permission,
    access: {},
    querystring: SalesDashboardQuery,
    responses: { 200: MarginPerDay },
    errors: [404],
  }),
  topProducts: defineRoute({
    method: 'GET',
    path: '/api/data-service/dashboard/top-products',
    operationId: 'getDashboardTopProducts',
    summary: 'Produtos mais vendidos por valor',
    tags,
    permission,
    access: {},
    querystring: SalesTopQuery,
    responses: { 200: TopProducts },
    errors: [404],
  }),
  topCustomers: defineRoute({
    method: 'GET',
    path: '/api/data-service/dashboard/top-customers',
    operationId: 'getDashboardTopCustomers',
    summary: 'Clientes que mais compraram',
    tags,
    permission,
    access: {},
    querystring: SalesTopQuery,
    responses: { 200: TopCustomers },
    errors: [404],
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/data-service/dashboard/export',
    operationId: 'exportDashboard',
    summary: 'Baixa uma tabela do dashboard de vendas em CSV ou XLSX, com os mesmos filtros da tela',
    tags,
    permission,
    access: {},
    querystring: SalesExportQuery,
    responses: { 200: z.string().meta({ description: 'O arquivo (text/csv ou application/vnd.openxmlformats-officedocument.spreadsheetml.sheet).' }) },
    errors: [404],
  }),
};
