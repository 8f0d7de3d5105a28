// Issue 23: the analytics dashboards (spec §7: POST /metabase/analytics, customers, kpi, stocks,
// analytics-grocery, customers-grocery, attendance; "body with queries; attendance with start and
// finish"). Each answers the cards named in `queries` with their data (series, tables, KPIs) read
// from the rollups, and, when the server has a Metabase (METABASE_SITE_URL and METABASE_SECRET_KEY),
// a signed embed URL of the account's Metabase dashboard. Grocery dashboards are about one
// supermarket (a store of the caller's account); the industry's are about its own brands' products
// at the retailers linked to it, as aggregates only (a customer count under 5 is hidden).
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Money } from './common.ts';
import { msg } from './messages.ts';
import { ORDER_DASHBOARD_MAX_DAYS, dashboardPeriodRule } from './order-analytics.ts';
import { ORDER_CHANNELS } from './orders.ts';
import { COMPARISONS } from './sales-dashboard.ts';

/** Fewest customers a figure shown to a brand may count: a smaller one is hidden (k-anonymity). */
export const K_ANONYMITY = 5;
/** Most rows of a ranked table (products, stores, brands...). */
export const ANALYTICS_LIMIT_MAX = 100;
export const ANALYTICS_LIMIT_DEFAULT = 20;

const DateOnly = z.iso.date();
const Count = z.number().int().min(0);
const Share = z.number().min(0).max(1);
/** A change against the comparison period: (value − previous) ÷ previous; null when there is nothing to compare with. */
const Change = z.number().nullable().meta({ description: '(valor − anterior) ÷ anterior; null sem comparação ou com anterior 0.' });
/** A figure with its comparison period's value and the change between them. */
const Card = <T extends z.ZodType>(value: T) => z.object({ value, previous: value.nullable(), change: Change });
/** A customer count a brand sees: null (and `hidden`) when under K_ANONYMITY customers. */
const Hideable = Count.nullable().meta({ description: `Contagem de clientes; null quando abaixo de ${K_ANONYMITY} (anonimato).` });

// ---------------------------------------------------------------------------------------------
// Bodies.

const period = {
  from: DateOnly.optional().meta({ description: 'Primeiro dia (YYYY-MM-DD, São Paulo). Padrão: 29 dias antes de `to`.' }),
  to: DateOnly.optional().meta({ description: 'Último dia, inclusive (YYYY-MM-DD, São Paulo). Padrão: hoje.' }),
  compare: z.enum(COMPARISONS).optional().meta({ description: 'previous_period (padrão), previous_year ou none.' }),
  limit: z.number().int().min(1).max(ANALYTICS_LIMIT_MAX).optional().meta({ description: `Linhas das tabelas ranqueadas (padrão ${ANALYTICS_LIMIT_DEFAULT}).` }),
};

/** The cards a body asks for: one or more, each once. */
const queriesOf = <T extends readonly [string, ...string[]]>(cards: T) =>
  z
    .array(z.enum(cards))
    .min(1)
    .refine((q) => new Set(q).size === q.length, { message: msg('ANALYTICS_QUERY_TWICE') })
    .meta({ description: `Os cartões pedidos: ${cards.join(', ')}.` });

export const GROCERY_SELLOUT_CARDS = ['summary', 'per_day', 'by_category', 'by_brand', 'by_product'] as const;
export const GROCERY_CUSTOMER_CARDS = ['summary', 'per_day', 'frequency', 'rfm', 'cohorts'] as const;
export const ATTENDANCE_CARDS = ['summary', 'per_day', 'per_attendant'] as const;
export const KPI_CARDS = ['tree', 'drill'] as const;
export const INDUSTRY_SELLOUT_CARDS = ['summary', 'per_day', 'by_retailer', 'by_store', 'by_category', 'by_product'] as const;
export const STOCK_CARDS = ['summary', 'per_day', 'by_retailer', 'by_store', 'by_product'] as const;
export const CONSUMER_CARDS = ['summary', 'per_day', 'by_retailer', 'segments', 'frequency'] as const;
/** The dimensions the KPI tree drills down by. */
export const KPI_DRILLS = ['retailer', 'store', 'category', 'product'] as const;
export type KpiDrill = (typeof KPI_DRILLS)[number];

/** A grocery dashboard is about one supermarket: chosen first. */
const supermarket = {
  location_id: z.number().int().positive().meta({ description: 'O supermercado (loja da conta): escolhido primeiro.' }),
  channel: z.enum(ORDER_CHANNELS).optional().meta({ description: 'Somente este canal.' }),
};

/** What an industry dashboard narrows to: a linked retailer, one of its stores, a category, one of the brand's products. */
const brandScope = {
  retailer_id: z.number().int().positive().optional().meta({ description: 'Somente este varejista (conta ligada à marca).' }),
  location_id: z.number().int().positive().optional().meta({ description: 'Somente esta loja (do varejista de `retailer_id`).' }),
  category: z.string().trim().min(1).max(120).optional().meta({ description: 'Somente esta categoria (o primeiro nível do produto).' }),
  product_id: z.number().int().positive().optional().meta({ description: 'Somente este produto (um produto das marcas da conta no varejista).' }),
};
/** A store belongs to a retailer: naming one without the other is refused. */
function storeNeedsRetailer(b: { retailer_id?: number; location_id?: number }, ctx: z.RefinementCtx) {
  if (b.location_id !== undefined && b.retailer_id === undefined) ctx.addIssue({ code: 'custom', path: ['retailer_id'], message: msg('ANALYTICS_STORE_NEEDS_RETAILER') });
}

export const GrocerySelloutBody = z.object({ ...period, ...supermarket, queries: queriesOf(GROCERY_SELLOUT_CARDS) }).strict().superRefine(dashboardPeriodRule);
export type GrocerySelloutBody = z.output<typeof GrocerySelloutBody>;
export const GroceryCustomersBody = z.object({ ...period, ...supermarket, queries: queriesOf(GROCERY_CUSTOMER_CARDS) }).strict().superRefine(dashboardPeriodRule);
export type GroceryCustomersBody = z.output<typeof GroceryCustomersBody>;

/** Attendance goes by `start` and `finish` (spec §7), as the chats' attendance report. */
export const AttendanceAnalyticsBody = z
  .object({
    start: DateOnly.optional().meta({ description: 'Primeiro dia (YYYY-MM-DD, São Paulo). Padrão: 29 dias antes de `finish`.' }),
    finish: DateOnly.optional().meta({ description: 'Último dia, inclusive. Padrão: hoje.' }),
    location_id: z.number().int().positive().optional().meta({ description: 'Somente esta loja.' }),
    queries: queriesOf(ATTENDANCE_CARDS),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.start || !b.finish) return;
    if (b.finish < b.start) ctx.addIssue({ code: 'custom', path: ['finish'], message: msg('END_DATE_BEFORE_START') });
    else if ((Date.parse(b.finish) - Date.parse(b.start)) / 86_400_000 + 1 > ORDER_DASHBOARD_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['finish'], message: msg('PERIOD_TOO_LONG', { days: ORDER_DASHBOARD_MAX_DAYS }) });
    }
  });
export type AttendanceAnalyticsBody = z.output<typeof AttendanceAnalyticsBody>;

export const KpiBody = z
  .object({
    ...period,
    ...brandScope,
    drill: z.enum(KPI_DRILLS).optional().meta({ description: 'Abertura do cartão drill: retailer (padrão), store, category ou product.' }),
    queries: queriesOf(KPI_CARDS),
  })
  .strict()
  .superRefine(dashboardPeriodRule)
  .superRefine(storeNeedsRetailer);
export type KpiBody = z.output<typeof KpiBody>;

export const IndustrySelloutBody = z.object({ ...period, ...brandScope, queries: queriesOf(INDUSTRY_SELLOUT_CARDS) }).strict().superRefine(dashboardPeriodRule).superRefine(storeNeedsRetailer);
export type IndustrySelloutBody = z.output<typeof IndustrySelloutBody>;
export const StockBody = z.object({ ...period, ...brandScope, queries: queriesOf(STOCK_CARDS) }).strict().superRefine(dashboardPeriodRule).superRefine(storeNeedsRetailer);
export type StockBody = z.output<typeof StockBody>;
export const ConsumersBody = z.object({ ...period, ...brandScope, queries: queriesOf(CONSUMER_CARDS) }).strict().superRefine(dashboardPeriodRule).superRefine(storeNeedsRetailer);
export type ConsumersBody = z.output<typeof ConsumersBody>;

// ---------------------------------------------------------------------------------------------
// Answers.

const Range = z.object({ from: DateOnly, to: DateOnly });
const head = {
  from: DateOnly,
  to: DateOnly,
  compare: z.enum(COMPARISONS),
  previous: Range.nullable().meta({ description: 'O período de comparação (null com compare=none).' }),
  embed_url: z.string().nullable().meta({ description: 'URL assinada do dashboard no Metabase da conta (null sem Metabase configurado).' }),
};

/** A ranked row of sales: a category, a brand, a product, a retailer or a store. */
const salesRow = {
  units: z.number(),
  sales: Money.meta({ description: 'Valor vendido (itens, após descontos).' }),
  share: Share.meta({ description: 'sales ÷ vendas do período.' }),
  previous_sales: Money.nullable(),
  change: Change,
};
const SalesDayRow = z.object({
  date: DateOnly,
  sales: Money,
  units: z.number(),
  previous_date: DateOnly.nullable(),
  previous_sales: Money.nullable(),
});
const ProductRow = z.object({
  product_id: z.number().int().nullable().meta({ description: 'null: produto excluído do catálogo.' }),
  sku: z.string().nullable(),
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  ...salesRow,
});

export const GrocerySellout = z
  .object({
    ...head,
    location_id: z.number().int(),
    cards: z.object({
      summary: z
        .object({
          sales: Card(Money),
          units: Card(z.number()),
          orders: Card(Count),
          average_ticket: Card(Money),
          average_price: Card(Money).meta({ description: 'sales ÷ units.' }),
          margin: Card(Money).meta({ description: 'Valor dos itens com custo conhecido menos o custo.' }),
          margin_rate: Card(z.number()),
        })
        .optional(),
      per_day: z.array(SalesDayRow).optional(),
      by_category: z.array(z.object({ category: z.string(), margin: Money.nullable(), ...salesRow })).optional(),
      by_brand: z.array(z.object({ brand: z.string(), margin: Money.nullable(), ...salesRow })).optional(),
      by_product: z.array(ProductRow.extend({ margin: Money.nullable() })).optional(),
    }),
  })
  .meta({ id: 'GrocerySellout', description: 'Sell-out de um supermercado: vendas por categoria, marca e produto, com comparação.' });
export type GrocerySellout = z.infer<typeof GrocerySellout>;

/** RFM segments, from recency (days since the last order) and frequency (orders in the 365 days up to `to`). */
export const RFM_SEGMENTS = ['champions', 'loyal', 'promising', 'new', 'need_attention', 'at_risk', 'hibernating', 'lost'] as const;
export type RfmSegment = (typeof RFM_SEGMENTS)[number];
export const FREQUENCY_BUCKETS = ['1', '2', '3', '4-5', '6+'] as const;

export const GroceryCustomers = z
  .object({
    ...head,
    location_id: z.number().int(),
    cards: z.object({
      summary: z
        .object({
          customers: Card(Count).meta({ description: 'Clientes com pedido no período.' }),
          new_customers: Card(Count).meta({ description: 'Clientes cujo primeiro pedido na loja caiu no período.' }),
          returning_customers: Card(Count).meta({ description: 'Clientes do período que já tinham comprado na loja antes dele.' }),
          orders: Card(Count),
          frequency: Card(z.number()).meta({ description: 'Pedidos por cliente no período.' }),
          average_ticket: Card(Money),
        })
        .optional(),
      per_day: z.array(z.object({ date: DateOnly, customers: Count, new_customers: Count, returning_customers: Count, orders: Count })).optional(),
      frequency: z
        .array(z.object({ bucket: z.enum(FREQUENCY_BUCKETS), customers: Count, share: Share, sales: Money }))
        .optional()
        .meta({ description: 'Clientes do período por quantidade de pedidos nele.' }),
      rfm: z
        .array(
          z.object({
            segment: z.enum(RFM_SEGMENTS),
            customers: Count,
            share: Share,
            sales: Money.meta({ description: 'Valor comprado nos 365 dias até `to`.' }),
            average_recency_days: z.number(),
            average_orders: z.number(),
          }),
        )
        .optional()
        .meta({ description: 'Segmentos RFM dos clientes com pedido nos 365 dias até `to`.' }),
      cohorts: z
        .array(
          z.object({
            cohort: z.string().regex(/^\d{4}-\d{2}$/).meta({ description: 'Mês do primeiro pedido na loja (YYYY-MM).' }),
            customers: Count,
            retention: z.array(Share).meta({ description: 'Parte da coorte que comprou no mês 0, 1, 2... depois do primeiro (até o mês de `to`).' }),
          }),
        )
        .optional()
        .meta({ description: 'Coortes mensais dos 12 meses até `to`.' }),
    }),
  })
  .meta({ id: 'GroceryCustomers', description: 'Clientes de um supermercado: novos, recorrentes, frequência, ticket, segmentos RFM e coortes.' });
export type GroceryCustomers = z.infer<typeof GroceryCustomers>;

const Minutes = z.number().nullable().meta({ description: 'Minutos no horário da loja (null sem conversas).' });
export const AttendanceAnalytics = z
  .object({
    start: DateOnly,
    finish: DateOnly,
    embed_url: head.embed_url,
    cards: z.object({
      summary: z
        .object({
          conversations: Count,
          closed: Count,
          first_response_median: Minutes,
          first_response_p90: Minutes,
          resolution_median: Minutes,
          resolution_p90: Minutes,
          messages_sent: Count,
        })
        .optional(),
      per_day: z.array(z.object({ date: DateOnly, conversations: Count, closed: Count, first_response_median: Minutes })).optional(),
      per_attendant: z
        .array(
          z.object({
            user_id: z.number().int(),
            name: z.string(),
            assigned: Count,
            closed: Count,
            messages_sent: Count,
            first_response_median: Minutes,
            resolution_median: Minutes,
          }),
        )
        .optional(),
    }),
  })
  .meta({ id: 'AttendanceAnalytics', description: 'Atendimento entre start e finish: conversas, tempos e atendentes.' });
export type AttendanceAnalytics = z.infer<typeof AttendanceAnalytics>;

/** The nodes of the KPI tree and how each parent is made of its children. */
export const KPI_NODES = ['sell_out_value', 'units', 'average_price', 'buying_customers', 'frequency', 'units_per_purchase'] as const;
export type KpiNodeKey = (typeof KPI_NODES)[number];
/** A node of the KPI tree: its value, the comparison's, the change, its parent, and how its children make it. */
const KpiNode = z.object({
  key: z.enum(KPI_NODES),
  parent: z.enum(KPI_NODES).nullable().meta({ description: 'O nó de cima (null na raiz).' }),
  operator: z.enum(['product', 'sum']).nullable().meta({ description: 'Como os filhos compõem o nó: produto ou soma (null numa folha).' }),
  value: z.number().nullable().meta({ description: 'null: escondido (menos de 5 clientes) ou não medido neste recorte.' }),
  previous: z.number().nullable(),
  change: Change,
});
export type KpiNode = z.infer<typeof KpiNode>;
const KpiRow = z.object({
  key: z.string().meta({ description: 'O id do varejista ou do produto, `varejista:loja` numa loja, ou o nome da categoria.' }),
  label: z.string(),
  sell_out_value: Money,
  units: z.number(),
  average_price: Money.nullable(),
  buying_customers: Hideable,
  frequency: z.number().nullable(),
  units_per_purchase: z.number().nullable(),
  previous_sell_out_value: Money.nullable(),
  change: Change,
});
export const KpiTree = z
  .object({
    ...head,
    drill: z.enum(KPI_DRILLS),
    cards: z.object({
      tree: z.array(KpiNode).optional().meta({ description: 'Valor de sell-out = unidades × preço médio; unidades = clientes compradores × frequência × unidades por compra.' }),
      drill: z.array(KpiRow).optional().meta({ description: 'Os nós da árvore por varejista, loja, categoria ou produto (clientes só por varejista e loja).' }),
    }),
  })
  .meta({ id: 'KpiTree', description: 'Árvore de KPIs de sell-out das marcas da conta nos varejistas ligados a ela.' });
export type KpiTree = z.infer<typeof KpiTree>;

const RetailerRow = z.object({ retailer_id: z.number().int(), retailer: z.string(), ...salesRow });
const StoreRow = z.object({ retailer_id: z.number().int(), retailer: z.string(), location_id: z.number().int(), store: z.string(), ...salesRow });

export const IndustrySellout = z
  .object({
    ...head,
    cards: z.object({
      summary: z
        .object({
          sales: Card(Money),
          units: Card(z.number()),
          average_price: Card(Money),
          retailers: Count,
          stores: Count.meta({ description: 'Lojas que venderam no período.' }),
          products: Count.meta({ description: 'Produtos vendidos no período.' }),
        })
        .optional(),
      per_day: z.array(SalesDayRow).optional(),
      by_retailer: z.array(RetailerRow).optional(),
      by_store: z.array(StoreRow).optional(),
      by_category: z.array(z.object({ category: z.string(), ...salesRow })).optional(),
      by_product: z.array(ProductRow.extend({ retailer_id: z.number().int(), retailer: z.string() })).optional(),
    }),
  })
  .meta({ id: 'IndustrySellout', description: 'Sell-out das marcas da conta nos varejistas ligados a ela.' });
export type IndustrySellout = z.infer<typeof IndustrySellout>;

const stockRow = {
  stock_units: z.number().meta({ description: 'Unidades em estoque agora.' }),
  out_of_stock: Count.meta({ description: 'Produtos × lojas sem estoque (ou indisponíveis) agora.' }),
  tracked: Count.meta({ description: 'Produtos × lojas com oferta.' }),
  daily_units: z.number().meta({ description: 'Unidades vendidas por dia (média do período).' }),
  coverage_days: z.number().nullable().meta({ description: 'stock_units ÷ daily_units (null sem vendas).' }),
  missing_lines: Count.meta({ description: 'Itens em falta na separação no período (rupturas).' }),
};
export const StockAnalytics = z
  .object({
    ...head,
    cards: z.object({
      summary: z
        .object({
          stock_units: z.number(),
          tracked: Count,
          out_of_stock: Count,
          out_of_stock_share: Share,
          coverage_days: z.number().nullable(),
          missing_lines: Card(Count).meta({ description: 'Rupturas na separação, com a comparação.' }),
        })
        .optional(),
      per_day: z
        .array(z.object({ date: DateOnly, stock_units: z.number().nullable().meta({ description: 'Estoque no fim do dia (null antes do primeiro registro).' }), out_of_stock: Count, missing_lines: Count }))
        .optional(),
      by_retailer: z.array(z.object({ retailer_id: z.number().int(), retailer: z.string(), ...stockRow })).optional(),
      by_store: z.array(z.object({ retailer_id: z.number().int(), retailer: z.string(), location_id: z.number().int(), store: z.string(), ...stockRow })).optional(),
      by_product: z
        .array(z.object({ retailer_id: z.number().int(), retailer: z.string(), product_id: z.number().int(), sku: z.string(), name: z.string(), ...stockRow }))
        .optional(),
    }),
  })
  .meta({ id: 'StockAnalytics', description: 'Estoque, cobertura em dias e rupturas dos produtos das marcas da conta, por varejista e loja.' });
export type StockAnalytics = z.infer<typeof StockAnalytics>;

/** How a brand's buyers are grouped: by how many purchase occasions (customer × day) they had in the 365 days up to `to`. */
export const CONSUMER_SEGMENTS = ['one_time', 'occasional', 'regular', 'loyal'] as const;
export const Consumers = z
  .object({
    ...head,
    cards: z.object({
      summary: z
        .object({
          buying_customers: Card(Hideable),
          new_buyers: Card(Hideable).meta({ description: 'Compradores cuja primeira compra das marcas caiu no período.' }),
          repeat_buyers: Card(Hideable).meta({ description: 'Compradores com mais de uma ocasião de compra no período.' }),
          purchases: Card(Count).meta({ description: 'Ocasiões de compra (cliente × dia) com produtos das marcas.' }),
          frequency: Card(z.number().nullable()),
          units_per_purchase: Card(z.number().nullable()),
        })
        .optional(),
      per_day: z.array(z.object({ date: DateOnly, buying_customers: Hideable, purchases: Count })).optional(),
      by_retailer: z.array(z.object({ retailer_id: z.number().int(), retailer: z.string(), buying_customers: Hideable, purchases: Count, units: z.number(), sales: Money })).optional(),
      segments: z
        .array(z.object({ segment: z.enum(CONSUMER_SEGMENTS), buying_customers: Hideable, share: Share.nullable(), sales: Money.nullable() }))
        .optional()
        .meta({ description: 'Compradores dos 365 dias até `to` por ocasiões de compra: 1, 2–3, 4–11, 12 ou mais.' }),
      frequency: z.array(z.object({ bucket: z.enum(FREQUENCY_BUCKETS), buying_customers: Hideable })).optional(),
    }),
  })
  .meta({ id: 'Consumers', description: 'Consumidores dos produtos das marcas da conta: contagens e segmentos, nunca uma pessoa.' });
export type Consumers = z.infer<typeof Consumers>;

// ---------------------------------------------------------------------------------------------
// Routes: each dashboard, and its download (one card as CSV or XLSX, with the same body).

const exportOf = <T extends z.ZodType>(body: T, cards: readonly [string, ...string[]]) =>
  z.object({
    body,
    card: z.enum(cards).meta({ description: 'O cartão baixado.' }),
    format: z.enum(['csv', 'xlsx']).default('xlsx').meta({ description: 'csv (separado por ";", UTF-8 com BOM) ou xlsx.' }),
  });
const File = z.string().meta({ description: 'O arquivo (text/csv ou application/vnd.openxmlformats-officedocument.spreadsheetml.sheet).' });
const tags = ['Analytics'];

const grocery = (module: string) => ({ kind: 'account', module }) as const;
const industry = (module: string) => ({ kind: 'account', accountTypes: ['industry'], module }) as const;

/** A dashboard's two routes: its cards, and one card's download. */
function dashboard<B extends z.ZodType, R extends z.ZodType, const C extends readonly [string, ...string[]]>(o: {
  name: string;
  operationId: string;
  summary: string;
  permission: ReturnType<typeof grocery> | ReturnType<typeof industry>;
  body: B;
  answer: R;
  cards: C;
  errors: readonly (404 | 422)[];
  /** The matrix fixture of the dashboard (its export's is `<fixture>Export`); `others`: what another account gets. */
  access: { fixture: string; others?: 404 };
}) {
  return {
    cards: defineRoute({
      method: 'POST',
      path: `/metabase/${o.name}`,
      operationId: o.operationId,
      summary: o.summary,
      tags,
      permission: o.permission,
      access: o.access,
      body: o.body,
      responses: { 200: o.answer },
      errors: o.errors,
    }),
    export: defineRoute({
      method: 'POST',
      path: `/metabase/${o.name}/export`,
      operationId: `${o.operationId}Export`,
      summary: `${o.summary}: um cartão em CSV ou XLSX`,
      tags,
      permission: o.permission,
      access: { ...o.access, fixture: `${o.access.fixture}Export` },
      body: exportOf(o.body, o.cards),
      responses: { 200: File },
      errors: o.errors,
    }),
  };
}

const dashboards = {
  grocerySellout: dashboard({
    name: 'analytics-grocery',
    operationId: 'getGrocerySellout',
    summary: 'Sell-out de um supermercado por categoria, marca e produto',
    permission: grocery('analytics.sellout'),
    body: GrocerySelloutBody,
    answer: GrocerySellout,
    cards: GROCERY_SELLOUT_CARDS,
    errors: [404],
    access: { fixture: 'grocerySellout', others: 404 },
  }),
  groceryCustomers: dashboard({
    name: 'customers-grocery',
    operationId: 'getGroceryCustomers',
    summary: 'Clientes de um supermercado: novos, recorrentes, RFM e coortes',
    permission: grocery('analytics.customers'),
    body: GroceryCustomersBody,
    answer: GroceryCustomers,
    cards: GROCERY_CUSTOMER_CARDS,
    errors: [404],
    access: { fixture: 'groceryCustomers', others: 404 },
  }),
  attendance: dashboard({
    name: 'attendance',
    operationId: 'getAttendanceAnalytics',
    summary: 'Atendimento entre start e finish',
    permission: grocery('chats.dashboards'),
    body: AttendanceAnalyticsBody,
    answer: AttendanceAnalytics,
    cards: ATTENDANCE_CARDS,
    errors: [404],
    access: { fixture: 'attendanceAnalytics' },
  }),
  kpi: dashboard({
    name: 'kpi',
    operationId: 'getKpiTree',
    summary: 'Árvore de KPIs de sell-out das marcas da conta',
    permission: industry('kpi'),
    body: KpiBody,
    answer: KpiTree,
    cards: KPI_CARDS,
    errors: [404],
    access: { fixture: 'kpiTree' },
  }),
  industrySellout: dashboard({
    name: 'analytics',
    operationId: 'getIndustrySellout',
    summary: 'Sell-out das marcas da conta por varejista, loja, categoria e produto',
    permission: industry('sell_out'),
    body: IndustrySelloutBody,
    answer: IndustrySellout,
    cards: INDUSTRY_SELLOUT_CARDS,
    errors: [404],
    access: { fixture: 'industrySellout' },
  }),
  stock: dashboard({
    name: 'stocks',
    operationId: 'getStockAnalytics',
    summary: 'Estoque, cobertura e rupturas dos produtos das marcas da conta',
    permission: industry('stock'),
    body: StockBody,
    answer: StockAnalytics,
    cards: STOCK_CARDS,
    errors: [404],
    access: { fixture: 'stockAnalytics' },
  }),
  consumers: dashboard({
    name: 'customers',
    operationId: 'getConsumers',
    summary: 'Consumidores dos produtos das marcas da conta (contagens e segmentos)',
    permission: industry('consumers'),
    body: ConsumersBody,
    answer: Consumers,
    cards: CONSUMER_CARDS,
    errors: [404],
    access: { fixture: 'consumers' },
  }),
};

/** Every analytics route, flat (`<name>` and `<name>Export`). */
export const analyticsRoutes = {
  grocerySellout: dashboards.grocerySellout.cards,
  grocerySelloutExport: dashboards.grocerySellout.export,
  groceryCustomers: dashboards.groceryCustomers.cards,
  groceryCustomersExport: dashboards.groceryCustomers.export,
  attendance: dashboards.attendance.cards,
  attendanceExport: dashboards.attendance.export,
  kpi: dashboards.kpi.cards,
  kpiExport: dashboards.kpi.export,
  industrySellout: dashboards.industrySellout.cards,
  industrySelloutExport: dashboards.industrySellout.export,
  stock: dashboards.stock.cards,
  stockExport: dashboards.stock.export,
  consumers: dashboards.consumers.cards,
  consumersExport: dashboards.consumers.export,
};
