// Issue 21: the orders dashboards (spec §2 /orders/orders-dashboard/, /orders/picking-dashboard/{mode},
// /orders/conversion-dashboard/, /orders/rupture-dashboard/). Read from rollups kept by PostgreSQL
// triggers (prisma/migrations/20261127120000_order_analytics): days are São Paulo's.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Money, Timestamp } from './common.ts';
import { msg } from './messages.ts';
import { FULFILMENTS, ORDER_CHANNELS, ORDER_STATUSES } from './orders.ts';

/** Longest period a dashboard covers, in São Paulo days. */
export const ORDER_DASHBOARD_MAX_DAYS = 366;
/** Default period: the last 30 São Paulo days, today included. */
export const ORDER_DASHBOARD_DEFAULT_DAYS = 30;
/** Most rows of the late orders' and the products' lists. */
export const ORDER_DASHBOARD_LIST_MAX = 50;

const DateOnly = z.iso.date();
const Count = z.number().int().min(0);
const Rate = z.number().min(0).max(1);

const Period = {
  from: DateOnly.optional().meta({ description: 'Primeiro dia (YYYY-MM-DD, São Paulo). Padrão: 29 dias antes de `to`.' }),
  to: DateOnly.optional().meta({ description: 'Último dia, inclusive (YYYY-MM-DD, São Paulo). Padrão: hoje.' }),
  location_id: z.coerce.number().int().positive().optional().meta({ description: 'Somente esta loja.' }),
};

/** to before from, or a period over the maximum: 400 naming `to`. */
export function dashboardPeriodRule(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!q.from || !q.to) return;
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: msg('END_DATE_BEFORE_START') });
  else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > ORDER_DASHBOARD_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: msg('PERIOD_TOO_LONG', { days: ORDER_DASHBOARD_MAX_DAYS }) });
  }
}

export const OrdersDashboardQuery = z
  .object({ ...Period, channel: z.enum(ORDER_CHANNELS).optional().meta({ description: 'Somente este canal.' }) })
  .superRefine(dashboardPeriodRule);
export type OrdersDashboardQuery = z.output<typeof OrdersDashboardQuery>;

export const PickingDashboardQuery = z
  .object({ ...Period, fulfilment: z.enum(FULFILMENTS).optional().meta({ description: 'Somente entregas (delivery) ou retiradas (pickup).' }) })
  .superRefine(dashboardPeriodRule);
export type PickingDashboardQuery = z.output<typeof PickingDashboardQuery>;

export const StoreDashboardQuery = z.object(Period).superRefine(dashboardPeriodRule);
export type StoreDashboardQuery = z.output<typeof StoreDashboardQuery>;

const Sales = {
  gmv: Money.meta({ description: 'Soma dos totais (itens com descontos, mais frete) dos pedidos não cancelados nem reembolsados.' }),
  orders: Count.meta({ description: 'Pedidos não cancelados nem reembolsados.' }),
  average_ticket: Money.meta({ description: 'gmv ÷ orders (0 sem pedidos).' }),
  canceled_orders: Count.meta({ description: 'Pedidos cancelados ou reembolsados.' }),
};
const SalesFigures = z.object(Sales).meta({ id: 'OrderSalesFigures' });

export const OrdersDashboard = z
  .object({
    from: DateOnly,
    to: DateOnly,
    location_id: z.number().int().nullable(),
    channel: z.enum(ORDER_CHANNELS).nullable(),
    totals: SalesFigures.safeExtend({
      paid_orders: Count.meta({ description: 'Pedidos do período que foram pagos (mesmo se cancelados depois).' }),
      canceled_value: Money.meta({ description: 'Soma dos totais dos pedidos cancelados ou reembolsados.' }),
    }),
    per_day: z.array(SalesFigures.safeExtend({ date: DateOnly })).meta({ description: 'Um item por dia do período, com zeros nos dias sem pedidos.' }),
    stores: z.array(SalesFigures.safeExtend({ location_id: z.number().int(), name: z.string() })).meta({ description: 'Lojas com pedidos, do maior GMV ao menor.' }),
    channels: z.array(SalesFigures.safeExtend({ channel: z.enum(ORDER_CHANNELS) })).meta({ description: 'Canais com pedidos, do maior GMV ao menor.' }),
  })
  .meta({
    id: 'OrdersDashboard',
    description:
      'Pedidos pelo dia de criação (São Paulo). GMV: soma de total (itens menos descontos, mais frete) dos pedidos cujo status não é ' +
      'cancelado nem reembolsado; um pedido cancelado sai do GMV do seu dia. Ticket médio: GMV ÷ pedidos.',
  });
export type OrdersDashboard = z.infer<typeof OrdersDashboard>;

const Minutes = z.number().min(0).nullable();
export const PickingDashboard = z
  .object({
    from: DateOnly,
    to: DateOnly,
    location_id: z.number().int().nullable(),
    fulfilment: z.enum(FULFILMENTS).nullable(),
    totals: z.object({
      picked_orders: Count.meta({ description: 'Pedidos com separação concluída.' }),
      average_pick_minutes: Minutes.meta({ description: 'Média de picking_started_at → picked_at, em minutos (null sem pedidos separados).' }),
      lines: Count.meta({ description: 'Linhas separadas (separadas, substituídas ou em falta).' }),
      missing_lines: Count,
      items_per_hour: z.number().min(0).nullable().meta({ description: 'lines ÷ horas de separação (null com menos de um minuto medido).' }),
      due_orders: Count.meta({ description: 'Pedidos com janela agendada no período (não cancelados).' }),
      on_time_orders: Count.meta({ description: 'Prontos até o início da janela.' }),
      late_orders: Count.meta({ description: 'Prontos depois do início da janela.' }),
      waiting_late_orders: Count.meta({ description: 'Ainda não prontos com a janela já iniciada.' }),
      late_rate: Rate.meta({ description: '(late_orders + waiting_late_orders) ÷ (on_time_orders + late_orders + waiting_late_orders); 0 sem pedidos.' }),
    }),
    per_day: z.array(
      z.object({
        date: DateOnly,
        picked_orders: Count,
        average_pick_minutes: Minutes,
        due_orders: Count,
        on_time_orders: Count,
        late_orders: Count,
      }),
    ),
    operators: z
      .array(
        z.object({
          operator_id: z.number().int().nullable().meta({ description: 'null: linhas separadas sem operador informado.' }),
          name: z.string(),
          lines: Count,
          missing_lines: Count,
          substituted_lines: Count,
          picking_hours: z.number().min(0),
          items_per_hour: z.number().min(0).nullable().meta({ description: 'lines ÷ picking_hours (null com menos de um minuto medido).' }),
        }),
      )
      .meta({ description: 'Do que mais separou ao que menos separou.' }),
    late: z
      .array(
        z.object({
          order_id: z.number().int(),
          number: z.number().int(),
          status: z.enum(ORDER_STATUSES),
          fulfilment: z.enum(FULFILMENTS),
          location: z.object({ id: z.number().int(), name: z.string() }),
          window_start: Timestamp,
          ready_at: Timestamp.nullable().meta({ description: 'null: ainda não está pronto.' }),
          minutes_late: z.number().int().min(0),
        }),
      )
      .meta({ description: `Pedidos atrasados do período, dos mais recentes (até ${ORDER_DASHBOARD_LIST_MAX}).` }),
  })
  .meta({
    id: 'PickingDashboard',
    description:
      'Separação por dia de trabalho (a data da janela agendada, senão o dia de criação, São Paulo). Tempo de separação: de ' +
      'picking_started_at a picked_at (a primeira vez). Itens por hora por operador: linhas que ele separou ÷ sua parte do tempo de ' +
      'separação dos pedidos (o tempo de cada pedido dividido entre os operadores na proporção das linhas). Atrasado: pronto depois ' +
      'do início da janela, ou ainda não pronto com a janela iniciada.',
  });
export type PickingDashboard = z.infer<typeof PickingDashboard>;

const Funnel = {
  created: Count.meta({ description: 'Carrinhos criados no período.' }),
  approved: Count.meta({ description: 'Aprovados (inclui os que seguiram para envio).' }),
  link_sent: Count.meta({ description: 'Com link enviado ao cliente.' }),
  opened: Count.meta({ description: 'Abertos pelo cliente.' }),
  ordered: Count.meta({ description: 'Que viraram pedido.' }),
  paid: Count.meta({ description: 'Cujo pedido foi pago.' }),
};
export const ConversionDashboard = z
  .object({
    from: DateOnly,
    to: DateOnly,
    location_id: z.number().int().nullable(),
    carts: z.object(Funnel),
    channels: z
      .array(
        z.object({
          channel: z.enum(ORDER_CHANNELS),
          orders: Count.meta({ description: 'Pedidos criados no período.' }),
          paid_orders: Count,
          completed_orders: Count.meta({ description: 'Entregues ou retirados.' }),
          canceled_orders: Count.meta({ description: 'Cancelados ou reembolsados.' }),
          payment_rate: Rate.meta({ description: 'paid_orders ÷ orders (0 sem pedidos).' }),
        }),
      )
      .meta({ description: 'Todos os canais, com zeros nos que não tiveram pedidos.' }),
    per_day: z.array(z.object({ date: DateOnly, carts_created: Count, carts_ordered: Count, orders: Count, paid_orders: Count })),
  })
  .meta({
    id: 'ConversionDashboard',
    description:
      'Funil de carrinhos (criados no período, cada um contado no seu dia de criação) até o pedido e o pagamento, e a conversão dos ' +
      'pedidos por canal (dia de criação do pedido, São Paulo).',
  });
export type ConversionDashboard = z.infer<typeof ConversionDashboard>;

const Rupture = {
  picked_lines: Count.meta({ description: 'Linhas separadas (separadas, substituídas ou em falta).' }),
  missing_lines: Count.meta({ description: 'Linhas em falta (ruptura).' }),
  rupture_rate: Rate.meta({ description: 'missing_lines ÷ picked_lines (0 sem linhas).' }),
  missing_value: Money.meta({ description: 'Valor das linhas em falta (quantidade ou peso pedido × preço unitário).' }),
};
const RuptureFigures = z.object(Rupture).meta({ id: 'RuptureFigures' });
export const RuptureDashboard = z
  .object({
    from: DateOnly,
    to: DateOnly,
    location_id: z.number().int().nullable(),
    totals: RuptureFigures.safeExtend({ substituted_lines: Count }),
    per_day: z.array(RuptureFigures.safeExtend({ date: DateOnly })),
    products: z
      .array(RuptureFigures.safeExtend({ product_id: z.number().int().nullable(), sku: z.string().nullable(), name: z.string(), category: z.string() }))
      .meta({ description: `Produtos com falta, do mais faltante (até ${ORDER_DASHBOARD_LIST_MAX}); product_id null: produtos excluídos.` }),
    categories: z.array(RuptureFigures.safeExtend({ category: z.string() })).meta({ description: 'Categoria principal do produto, da maior falta à menor.' }),
    stores: z.array(RuptureFigures.safeExtend({ location_id: z.number().int(), name: z.string() })),
  })
  .meta({ id: 'RuptureDashboard', description: 'Ruptura: linhas em falta ÷ linhas separadas, pelo dia (São Paulo) em que a linha foi separada.' });
export type RuptureDashboard = z.infer<typeof RuptureDashboard>;

const permission = { kind: 'account', module: 'orders.dashboards' } as const;
const tags = ['Orders'];

export const orderAnalyticsRoutes = {
  orders: defineRoute({
    method: 'GET',
    path: '/api/data-service/orders-dashboard',
    operationId: 'getOrdersDashboard',
    summary: 'GMV, pedidos e ticket médio por dia, loja e canal',
    tags,
    permission,
    access: {},
    querystring: OrdersDashboardQuery,
    responses: { 200: OrdersDashboard },
    errors: [404],
  }),
  picking: defineRoute({
    method: 'GET',
    path: '/api/data-service/picking-dashboard',
    operationId: 'getPickingDashboard',
    summary: 'Tempo de separação, itens por hora por operador e pedidos atrasados',
    tags,
    permission,
    access: {},
    querystring: PickingDashboardQuery,
    responses: { 200: PickingDashboard },
    errors: [404],
  }),
  conversion: defineRoute({
    method: 'GET',
    path: '/api/data-service/conversion-dashboard',
    operationId: 'getConversionDashboard',
    summary: 'Funil de carrinhos até pedidos pagos, e conversão por canal',
    tags,
    permission,
    access: {},
    querystring: StoreDashboardQuery,
    responses: { 200: ConversionDashboard },
    errors: [404],
  }),
  rupture: defineRoute({
    method: 'GET',
    path: '/api/data-service/rupture-dashboard',
    operationId: 'getRuptureDashboard',
    summary: 'Itens em falta por produto, categoria e loja, e a taxa de ruptura',
    tags,
    permission,
    access: {},
    querystring: StoreDashboardQuery,
    responses: { 200: RuptureDashboard },
    errors: [404],
  }),
} as const;
