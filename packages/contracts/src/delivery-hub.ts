// Issue 21: the delivery hub (spec §2 /logistic/delivery-dashboard/, §7 Orders: POST /api/delivery-hub/create,
// GET /api/delivery-hub/delivery-orders?order_id, POST /api/delivery-hub/cancel). A courier provider behind one
// interface (the local simulator by default) moves each delivery through its statuses; its updates arrive as
// signed webhooks and move the order.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Money, Timestamp } from './common.ts';
import { msg } from './messages.ts';

/**
 * Where a delivery is, as the courier provider reports it: requested → courier_assigned → picked_up →
 * delivered, or failed / returned (the order goes back to ready), or canceled by the store.
 */
export const DELIVERY_STATUSES = ['requested', 'courier_assigned', 'picked_up', 'delivered', 'failed', 'returned', 'canceled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  requested: 'Entregador solicitado',
  courier_assigned: 'Entregador a caminho da loja',
  picked_up: 'Coletado na loja',
  delivered: 'Entregue',
  failed: 'Entrega falhou',
  returned: 'Devolvido à loja',
  canceled: 'Cancelada',
};

/** A delivery in one of these still holds the order: one at a time per order. */
export const ACTIVE_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['requested', 'courier_assigned', 'picked_up'];

/** The statuses a provider's update may report (a cancel is the store's). */
export const DELIVERY_UPDATE_STATUSES = ['courier_assigned', 'picked_up', 'delivered', 'failed', 'returned'] as const;

/** The courier providers behind the hub: the local simulator (default). */
export const DELIVERY_PROVIDERS = ['simulator'] as const;
export type DeliveryProviderName = (typeof DELIVERY_PROVIDERS)[number];

/** What the simulator is told to play out (its documented test outcomes). */
export const DELIVERY_SIMULATIONS = ['delivered', 'failed', 'returned'] as const;

/** The signature header of a provider's webhook: `sha256=` and the HMAC-SHA256 (hex) of the canonical JSON of the body. */
export const DELIVERY_SIGNATURE_HEADER = 'x-delivery-signature';

/** Longest dashboard period, in São Paulo days. */
export const DELIVERY_DASHBOARD_MAX_DAYS = 366;

const Id = z.number().int().positive();
const DateOnly = z.iso.date();

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

export const CreateDeliveryBody = z
  .strictObject({
    order_id: Id.meta({ description: 'Pedido para entrega, pronto ou separado.' }),
    provider: z.enum(DELIVERY_PROVIDERS).default('simulator').meta({ description: 'Provedor de entregadores (padrão: o simulador local).' }),
    simulate: z
      .enum(DELIVERY_SIMULATIONS)
      .optional()
      .meta({ description: 'Só no simulador: o desfecho a encenar (entregue, falha após a coleta, devolvido à loja). Sem ele, sorteado pela taxa de falhas configurada.' }),
  })
  .meta({ id: 'CreateDeliveryBody' });
export type CreateDeliveryInput = z.output<typeof CreateDeliveryBody>;

export const DeliveryOrdersQuery = z.object({
  order_id: z.coerce.number().int().positive().meta({ description: 'Pedido cujas entregas listar.' }),
});

export const CancelDeliveryBody = z
  .strictObject({
    delivery_id: Id.optional().meta({ description: 'Entrega a cancelar (ou informe order_id).' }),
    order_id: Id.optional().meta({ description: 'Pedido cuja entrega ativa cancelar (ou informe delivery_id).' }),
    reason: z.string().trim().min(3).max(300).meta({ description: 'Motivo, registrado na linha do tempo da entrega.' }),
  })
  .superRefine((b, ctx) => {
    if ((b.delivery_id === undefined) === (b.order_id === undefined)) ctx.addIssue({ code: 'custom', path: ['delivery_id'], message: msg('DELIVERY_CANCEL_ONE_OF') });
  })
  .meta({ id: 'CancelDeliveryBody' });
export type CancelDeliveryInput = z.output<typeof CancelDeliveryBody>;

export const DeliveryWebhookParams = z.object({ provider: z.enum(DELIVERY_PROVIDERS) });

export const DeliveryWebhookHeaders = z.object({
  [DELIVERY_SIGNATURE_HEADER]: z
    .string()
    .regex(/^sha256=[0-9a-f]{64}$/, { message: msg('DELIVERY_SIGNATURE_FORMAT') })
    .meta({ description: '`sha256=` + HMAC-SHA256 (hex) do JSON canônico do corpo (chaves em ordem alfabética, sem espaços), com o segredo do provedor.' }),
});

/**
 * A courier provider's status update, signed. Plain values only (no trimming nor defaults), so the body
 * the hub checks is exactly the one signed.
 */
export const DeliveryWebhookBody = z
  .strictObject({
    event_id: z.string().min(1).max(100).regex(/^[\w.:-]+$/, { message: msg('DELIVERY_EVENT_ID') }).meta({ description: 'Id do evento no provedor: repetido, não tem efeito.' }),
    reference: z.string().min(1).max(100).meta({ description: 'Referência da entrega no provedor.' }),
    status: z.enum(DELIVERY_UPDATE_STATUSES),
    occurred_at: Timestamp.meta({ description: 'Quando aconteceu, no provedor.' }),
    courier: z
      .strictObject({ name: z.string().min(1).max(120), vehicle: z.string().min(1).max(60) })
      .optional()
      .meta({ description: 'Entregador designado (nome e veículo).' }),
    eta: Timestamp.optional().meta({ description: 'Nova previsão de entrega.' }),
    reason: z.string().min(1).max(300).optional().meta({ description: 'Motivo de uma falha ou devolução.' }),
  })
  .meta({ id: 'DeliveryWebhookBody' });
export type DeliveryWebhookInput = z.output<typeof DeliveryWebhookBody>;

export const DeliveryDashboardQuery = z
  .object({
    from: DateOnly.optional().meta({ description: 'Primeiro dia (YYYY-MM-DD, São Paulo). Padrão: 29 dias antes de `to`.' }),
    to: DateOnly.optional().meta({ description: 'Último dia (YYYY-MM-DD, São Paulo). Padrão: hoje.' }),
    location_id: z.coerce.number().int().positive().optional().meta({ description: 'Somente as entregas desta loja.' }),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: msg('END_DATE_BEFORE_START') });
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > DELIVERY_DASHBOARD_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: msg('PERIOD_TOO_LONG', { days: DELIVERY_DASHBOARD_MAX_DAYS }) });
    }
  });
export type DeliveryDashboardQuery = z.output<typeof DeliveryDashboardQuery>;

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────

export const DeliveryEvent = z
  .object({
    id: z.number().int(),
    status: z.enum(DELIVERY_STATUSES),
    note: z.string().nullable(),
    occurred_at: Timestamp,
  })
  .meta({ id: 'DeliveryEvent' });

export const Delivery = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    order_number: z.number().int(),
    location: z.object({ id: z.number().int(), name: z.string() }),
    region: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    provider: z.enum(DELIVERY_PROVIDERS),
    reference: z.string().meta({ description: 'Referência da entrega no provedor.' }),
    status: z.enum(DELIVERY_STATUSES),
    status_label: z.string(),
    active: z.boolean().meta({ description: 'Solicitada, com entregador ou coletada: ainda pode ser cancelada.' }),
    courier: z.object({ name: z.string(), vehicle: z.string() }).nullable(),
    fee: Money.meta({ description: 'Custo da corrida cobrado pelo provedor, em reais.' }),
    distance_km: z.number().meta({ description: 'Distância da loja ao endereço, km.' }),
    eta: Timestamp.nullable().meta({ description: 'Previsão de entrega.' }),
    slot_start: Timestamp.nullable().meta({ description: 'Início da janela agendada do pedido.' }),
    slot_end: Timestamp.nullable().meta({ description: 'Fim da janela agendada: entregue até ele, no prazo.' }),
    on_time: z.boolean().nullable().meta({ description: 'Entregue até o fim da janela; null sem janela ou sem entrega.' }),
    requested_at: Timestamp,
    courier_assigned_at: Timestamp.nullable(),
    picked_up_at: Timestamp.nullable(),
    delivered_at: Timestamp.nullable(),
    failed_at: Timestamp.nullable().meta({ description: 'Quando falhou ou foi devolvida.' }),
    canceled_at: Timestamp.nullable(),
    failure_reason: z.string().nullable(),
    cancel_reason: z.string().nullable(),
    events: z.array(DeliveryEvent).meta({ description: 'Linha do tempo, da solicitação em diante.' }),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof Delivery>;

export const DeliveryResult = z.object({ message: z.string(), delivery: Delivery }).meta({ id: 'DeliveryResult' });
export const DeliveryList = z.object({ data: z.array(Delivery).meta({ description: 'As entregas do pedido, da mais recente à mais antiga.' }) }).meta({ id: 'DeliveryList' });

export const DeliveryWebhookAnswer = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().meta({ description: 'O evento já tinha sido recebido: nada mudou.' }),
    status: z.enum(DELIVERY_STATUSES).meta({ description: 'Status da entrega depois do evento.' }),
  })
  .meta({ id: 'DeliveryWebhookAnswer' });

const Count = z.number().int().min(0);
const Rate = z.number().min(0).max(1).nullable().meta({ description: 'Entregues no prazo ÷ entregues com janela, de 0 a 1; null sem entregas com janela.' });
const AvgMinutes = z.number().min(0).nullable().meta({ description: 'Tempo médio da solicitação à entrega, minutos; null sem entregas.' });

/** The figures of a set of deliveries (the period, a day, a region, a courier). */
export const DeliveryFigures = z
  .object({
    deliveries: Count.meta({ description: 'Entregas solicitadas.' }),
    delivered: Count,
    on_time: Count.meta({ description: 'Entregues até o fim da janela do pedido.' }),
    with_window: Count.meta({ description: 'Entregues de pedidos com janela agendada.' }),
    on_time_rate: Rate,
    failed: Count.meta({ description: 'Que falharam ou foram devolvidas à loja.' }),
    canceled: Count,
    average_minutes: AvgMinutes,
  })
  .meta({ id: 'DeliveryFigures' });

export const DeliveryDashboard = z
  .object({
    from: DateOnly,
    to: DateOnly,
    location_id: z.number().int().nullable(),
    totals: DeliveryFigures,
    per_day: z.array(DeliveryFigures.safeExtend({ date: DateOnly })).meta({ description: 'Um item por dia do período (dia da solicitação, São Paulo), com zeros nos dias sem entregas.' }),
    regions: z
      .array(DeliveryFigures.safeExtend({ region_id: z.number().int().nullable(), name: z.string() }))
      .meta({ description: 'Por região de entrega (null: pedido sem região), da com mais entregas à com menos.' }),
    couriers: z
      .array(DeliveryFigures.safeExtend({ name: z.string(), vehicle: z.string() }))
      .meta({ description: 'Por entregador designado, do que mais entregou ao que menos.' }),
  })
  .meta({
    id: 'DeliveryDashboard',
    description: 'Entregas solicitadas no período, cada uma contada no dia em que foi solicitada; lido dos totais diários mantidos a cada mudança de status.',
  });
export type DeliveryDashboard = z.infer<typeof DeliveryDashboard>;

const operators = { kind: 'account', module: 'orders' } as const;
const tags = ['Delivery hub'];

export const deliveryHubRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/delivery-hub/create',
    operationId: 'createDelivery',
    summary: 'Solicita um entregador para um pedido de entrega pronto (ou separado); uma entrega ativa por pedido (outra responde 409)',
    tags,
    permission: operators,
    access: { fixture: 'deliveryCreate', others: 404 },
    body: CreateDeliveryBody,
    responses: { 201: DeliveryResult },
    errors: [404, 409],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/delivery-hub/delivery-orders',
    operationId: 'listOrderDeliveries',
    summary: 'As entregas de um pedido, com a linha do tempo de cada uma',
    tags,
    permission: operators,
    access: { fixture: 'deliveryOrders', others: 404 },
    querystring: DeliveryOrdersQuery,
    responses: { 200: DeliveryList },
    errors: [404],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/delivery-hub/cancel',
    operationId: 'cancelDelivery',
    summary: 'Cancela a entrega (por id ou a ativa do pedido) no provedor; uma entrega já entregue responde 409',
    tags,
    permission: operators,
    access: { fixture: 'deliveryCancel', others: 404 },
    body: CancelDeliveryBody,
    responses: { 200: DeliveryResult },
    errors: [404, 409],
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/api/delivery-hub/webhooks/:provider',
    operationId: 'deliveryWebhook',
    summary: 'Atualização de status do provedor de entregadores, assinada; idempotente pelo event_id; move o pedido',
    tags,
    permission: { kind: 'public' },
    access: { fixture: 'deliveryWebhook' },
    params: DeliveryWebhookParams,
    headers: DeliveryWebhookHeaders,
    body: DeliveryWebhookBody,
    responses: { 200: DeliveryWebhookAnswer },
    errors: [401, 404],
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/delivery-hub/dashboard',
    operationId: 'getDeliveryDashboard',
    summary: 'Entregas por dia, taxa de entrega no prazo da janela, por região e por entregador, e tempo médio de entrega',
    tags,
    permission: { kind: 'account', module: 'logistic.delivery_dashboard' },
    access: {},
    querystring: DeliveryDashboardQuery,
    responses: { 200: DeliveryDashboard },
    errors: [404],
  }),
} as const;
