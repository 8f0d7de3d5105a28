import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Money, PageQuery, Timestamp, nullableText, paged } from './common.ts';
import { BRAZILIAN_STATES, ZipCode } from './brazil.ts';
import { msg } from './messages.ts';

// Issue 21: orders, picking, payments, delivery (spec §2 Orders, §7 Orders). The vocabulary every
// part of the order flow shares: statuses, channels, fraud analysis, fulfilment and picking.

/**
 * Where an order is. The one state machine (packages/api/src/modules/orders/order-status.ts, drawn
 * in the README): created → payment_pending → paid → picking → picked → ready → out_for_delivery /
 * awaiting_pickup → delivered / picked_up, with canceled and refunded branches.
 */
export const ORDER_STATUSES = [
  'created',
  'payment_pending',
  'paid',
  'picking',
  'picked',
  'ready',
  'out_for_delivery',
  'awaiting_pickup',
  'delivered',
  'picked_up',
  'canceled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses as the screens name them. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  created: 'Criado',
  payment_pending: 'Aguardando pagamento',
  paid: 'Pago',
  picking: 'Em separação',
  picked: 'Separado',
  ready: 'Pronto',
  out_for_delivery: 'Saiu para entrega',
  awaiting_pickup: 'Aguardando retirada',
  delivered: 'Entregue',
  picked_up: 'Retirado',
  canceled: 'Cancelado',
  refunded: 'Reembolsado',
};

/** Where an order came from (spec: whatsapp, whatsapp_bot, rappi, magento e-commerce, vtex), plus a cart approved here. */
export const ORDER_CHANNELS = ['whatsapp', 'whatsapp_bot', 'rappi', 'magento', 'vtex', 'shopping_cart'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABELS: Readonly<Record<OrderChannel, string>> = {
  whatsapp: 'WhatsApp',
  whatsapp_bot: 'WhatsApp (robô)',
  rappi: 'Rappi',
  magento: 'E-commerce Magento',
  vtex: 'VTEX',
  shopping_cart: 'Carrinho de compras',
};

/** The payment hub's fraud analysis of an order: picking waits while it is pending and never starts when denied. */
export const FRAUD_STATUSES = ['not_required', 'pending', 'approved', 'denied'] as const;
export type FraudStatus = (typeof FRAUD_STATUSES)[number];

export const FULFILMENTS = ['delivery', 'pickup'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** A line while the store picks it: picked as ordered, substituted by an accepted alternative, or missing (rupture). */
export const PICK_STATUSES = ['pending', 'picked', 'substituted', 'missing'] as const;
export type PickStatus = (typeof PICK_STATUSES)[number];

// ── Requests, answers and the route table (spec §7 Orders) ──────────────────────────────────────────

const Id = z.number().int().positive();
const DateOnly = z.iso.date().meta({ description: 'Data AAAA-MM-DD (horário de São Paulo).' });

/** Units of one line at most (a weighed line: units of the product, its weight in `weight`). */
export const ORDER_ITEM_MAX_QUANTITY = 999;
/** Lines of one order at most. */
export const ORDER_MAX_ITEMS = 300;

export const OrderItemInput = z
  .strictObject({
    product_id: Id.optional().meta({ description: 'Produto da conta (ou informe sku).' }),
    sku: z.string().trim().min(1).max(64).optional().meta({ description: 'SKU do produto (ou informe product_id).' }),
    quantity: z.number().int().min(1).max(ORDER_ITEM_MAX_QUANTITY).default(1).meta({ description: 'Unidades.' }),
    weight: z.number().positive().max(1000).optional().meta({ description: 'Peso em kg, somente para produtos vendidos por kg.' }),
  })
  .superRefine((item, ctx) => {
    if (item.product_id === undefined && item.sku === undefined) ctx.addIssue({ code: 'custom', path: ['product_id'], message: msg('ORDER_ITEM_PRODUCT_REQUIRED') });
    if (item.product_id !== undefined && item.sku !== undefined) ctx.addIssue({ code: 'custom', path: ['sku'], message: msg('ORDER_ITEM_PRODUCT_OR_SKU') });
  });
export type OrderItemInput = z.output<typeof OrderItemInput>;

export const OrderAddressInput = z.strictObject({
  zip_code: ZipCode,
  street: z.string().trim().min(1).max(160),
  number: z.string().trim().min(1).max(20),
  complement: nullableText(120),
  neighborhood: nullableText(120),
  city: z.string().trim().min(2).max(120),
  state: z.enum(BRAZILIAN_STATES),
  latitude: z.number().min(-90).max(90).optional().meta({ description: 'Com longitude, o ponto de entrega (sem eles, o endereço é geocodificado).' }),
  longitude: z.number().min(-180).max(180).optional(),
});

export const OrderSlotInput = z.strictObject({
  slot_id: Id.meta({ description: 'Janela de entrega ou retirada da loja.' }),
  date: DateOnly,
});

const IntakeFields = z.strictObject({
  shopping_cart_id: Id.optional().meta({ description: 'Carrinho aprovado que vira pedido (cliente, loja e itens vêm dele).' }),
  customer_id: Id.optional(),
  location_id: Id.optional(),
  channel: z.enum(ORDER_CHANNELS).optional().meta({ description: 'Canal de origem; shopping_cart para um carrinho.' }),
  external_id: z.string().trim().min(1).max(80).optional().meta({ description: 'Id do pedido no canal: repetido, responde o pedido já criado (200).' }),
  items: z.array(OrderItemInput).min(1).max(ORDER_MAX_ITEMS).optional(),
  fulfilment: z.enum(FULFILMENTS).default('delivery'),
  pays_in_person: z.boolean().default(false).meta({ description: 'Pago na entrega ou na retirada: a separação não espera o pagamento.' }),
  address: OrderAddressInput.nullable().optional(),
  slot: OrderSlotInput.nullable().optional(),
  coupon_code: z.string().trim().max(40).optional().transform((v) => (v ? v : undefined)),
  ad_user_id: z.string().trim().min(1).max(200).optional().meta({
    description: 'Id do comprador no site da loja, o mesmo enviado à API de anúncios (/v1/rma): o pedido pago é atribuído aos anúncios que ele viu ou clicou.',
  }),
  ad_session_id: z.string().trim().min(1).max(200).optional().meta({ description: 'Sessão do comprador no site, quando não há ad_user_id.' }),
});

function intakeRules(b: z.output<typeof IntakeFields>, ctx: z.RefinementCtx) {
  const required = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: msg('ORDER_FIELD_REQUIRED') });
  if (b.shopping_cart_id !== undefined) {
    for (const field of ['customer_id', 'location_id', 'items', 'external_id'] as const) {
      if (b[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: msg('ORDER_CART_FIELD') });
    }
    if (b.channel !== undefined && b.channel !== 'shopping_cart') ctx.addIssue({ code: 'custom', path: ['channel'], message: msg('ORDER_CART_CHANNEL') });
  } else {
    if (b.customer_id === undefined) required('customer_id');
    if (b.location_id === undefined) required('location_id');
    if (b.items === undefined) required('items');
    if (b.channel === undefined) required('channel');
    else if (b.channel === 'shopping_cart') ctx.addIssue({ code: 'custom', path: ['channel'], message: msg('ORDER_CART_CHANNEL') });
    if (b.external_id === undefined) required('external_id');
  }
  if (b.fulfilment === 'delivery' && !b.address && b.shopping_cart_id === undefined) required('address');
  if (b.fulfilment === 'pickup' && b.address) ctx.addIssue({ code: 'custom', path: ['address'], message: msg('ORDER_PICKUP_NO_ADDRESS') });
  const seen = new Set<string>();
  (b.items ?? []).forEach((item, i) => {
    const key = item.product_id !== undefined ? `id:${item.product_id}` : `sku:${item.sku}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['items', i, item.product_id !== undefined ? 'product_id' : 'sku'], message: msg('ORDER_ITEM_REPEATED') });
    seen.add(key);
  });
}

export const CreateOrderBody = IntakeFields.superRefine(intakeRules).meta({ id: 'CreateOrderBody' });
export type CreateOrderInput = z.output<typeof CreateOrderBody>;

export const ORDER_SORTS = ['created_at', 'number', 'total'] as const;

const Period = {
  from: DateOnly.optional().meta({ description: 'Criados a partir deste dia (São Paulo).' }),
  to: DateOnly.optional().meta({ description: 'Criados até este dia, inclusive (São Paulo).' }),
};
const periodRule = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: msg('END_DATE_BEFORE_START') });
};
const QueryId = z.coerce.number().int().positive();

export const OrderListQuery = PageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  location_id: QueryId.optional(),
  channel: z.enum(ORDER_CHANNELS).optional(),
  customer_id: QueryId.optional(),
  number: QueryId.optional().meta({ description: 'Número do pedido.' }),
  ...Period,
  order_by: z.enum(ORDER_SORTS).default('created_at'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
}).superRefine(periodRule);
export type OrderListQuery = z.output<typeof OrderListQuery>;

export const OrderBoardQuery = z
  .object({
    location_id: QueryId.optional(),
    channel: z.enum(ORDER_CHANNELS).optional(),
    ...Period,
    quantity: z.coerce.number().int().min(1).max(100).default(20).meta({ description: 'Cartões por coluna (os mais recentes).' }),
  })
  .superRefine(periodRule);
export type OrderBoardQuery = z.output<typeof OrderBoardQuery>;

export const OrderIdPathParam = z.object({ orderId: z.coerce.number().int().positive() });

export const OrderStatusBody = z.strictObject({
  status: z.enum(ORDER_STATUSES),
  note: nullableText(500).meta({ description: 'Observação registrada na linha do tempo.' }),
});
export type OrderStatusInput = z.output<typeof OrderStatusBody>;

const Ref = z.object({ id: z.number().int(), name: z.string() });

/** An order as lists and the board's cards show it. */
export const OrderCard = z
  .object({
    id: z.number().int(),
    number: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    fraud_status: z.enum(FRAUD_STATUSES),
    channel: z.enum(ORDER_CHANNELS),
    external_id: z.string().nullable(),
    fulfilment: z.enum(FULFILMENTS),
    pays_in_person: z.boolean(),
    location: Ref,
    customer: Ref,
    items_count: z.number().int(),
    total: Money,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'OrderCard' });

export const OrderAddress = z
  .object({
    zip_code: z.string(),
    street: z.string(),
    number: z.string(),
    complement: z.string().nullable(),
    neighborhood: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
  })
  .meta({ id: 'OrderAddress' });

export const OrderAppliedPromotion = z
  .object({ promotion_id: z.number().int(), name: z.string(), promotion_type: z.string(), code: z.string().nullable(), discount: Money })
  .meta({ id: 'OrderAppliedPromotion' });

export const Order = OrderCard.extend({
  shopping_cart_id: z.number().int().nullable(),
  address: OrderAddress.nullable(),
  region_id: z.number().int().nullable(),
  slot: z.object({ slot_id: z.number().int(), date: z.string() }).nullable(),
  sub_total: Money,
  discount: Money.meta({ description: 'Descontos das promoções.' }),
  manual_discount: Money,
  delivery_fee: Money,
  coupon_code: z.string().nullable(),
  coupon_rejection: z.string().nullable(),
  applied_promotions: z.array(OrderAppliedPromotion),
  version: z.number().int(),
  paid_at: Timestamp.nullable(),
  picking_started_at: Timestamp.nullable(),
  picked_at: Timestamp.nullable(),
  ready_at: Timestamp.nullable(),
  dispatched_at: Timestamp.nullable(),
  completed_at: Timestamp.nullable(),
  canceled_at: Timestamp.nullable(),
  refunded_at: Timestamp.nullable(),
}).meta({ id: 'Order' });

export const OrderItem = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    product_id: z.number().int().nullable(),
    sku: z.string(),
    name: z.string(),
    unit_measurement: z.string(),
    quantity: z.number().int(),
    weight: z.number().nullable().meta({ description: 'Kg pedidos (produtos vendidos por kg).' }),
    unit_price: Money,
    sub_total: Money,
    discount: Money,
    total: Money,
    pick_status: z.enum(PICK_STATUSES),
    picked_quantity: z.number().int().nullable(),
    picked_weight: z.number().nullable(),
    substitute: z
      .object({
        product_id: z.number().int().nullable(),
        sku: z.string(),
        name: z.string(),
        unit_price: Money.nullable().meta({ description: 'Preço unitário do substituto (por kg quando pesado): o da linha como cobrada.' }),
      })
      .nullable(),
    picked_at: Timestamp.nullable(),
  })
  .meta({ id: 'OrderItem' });

export const OrderEvent = z
  .object({
    id: z.number().int(),
    from_status: z.enum(ORDER_STATUSES).nullable(),
    to_status: z.enum(ORDER_STATUSES),
    actor: z.object({ kind: z.string(), user_id: z.number().int().nullable(), name: z.string().nullable() }),
    note: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'OrderEvent' });

/** An order with its lines, its timeline and where it may go now. */
export const FullOrder = z
  .object({
    order: Order,
    items: z.array(OrderItem),
    events: z.array(OrderEvent),
    next_statuses: z.array(z.enum(ORDER_STATUSES)).meta({ description: 'Status para os quais o pedido pode ir agora.' }),
  })
  .meta({ id: 'FullOrder' });

export const OrderResult = FullOrder.extend({ message: z.string() }).meta({ id: 'OrderResult' });

export const OrderBoard = z
  .object({
    columns: z.array(
      z.object({ status: z.enum(ORDER_STATUSES), label: z.string(), count: z.number().int(), orders: z.array(OrderCard) }),
    ),
  })
  .meta({ id: 'OrderBoard' });

// ── Picking, discounts, fraud analysis and address (spec §7 Orders) ────────────────────────────────

const PickAmount = {
  quantity: z.number().int().min(1).max(ORDER_ITEM_MAX_QUANTITY).optional().meta({ description: 'Unidades separadas (padrão: as pedidas).' }),
  weight: z.number().positive().max(1000).optional().meta({ description: 'Kg pesados, para produtos vendidos por kg (padrão: os pedidos).' }),
};

export const PickSubstituteInput = z
  .strictObject({
    product_id: Id.optional().meta({ description: 'Produto substituto, com oferta na loja (ou informe sku).' }),
    sku: z.string().trim().min(1).max(64).optional(),
    ...PickAmount,
    accepted: z.boolean().meta({ description: 'O cliente aceitou a substituição (sem aceite, o item fica em falta).' }),
  })
  .superRefine((item, ctx) => {
    if (item.product_id === undefined && item.sku === undefined) ctx.addIssue({ code: 'custom', path: ['product_id'], message: msg('ORDER_ITEM_PRODUCT_REQUIRED') });
    if (item.product_id !== undefined && item.sku !== undefined) ctx.addIssue({ code: 'custom', path: ['sku'], message: msg('ORDER_ITEM_PRODUCT_OR_SKU') });
  });

export const PickLineInput = z
  .strictObject({
    item_id: Id.meta({ description: 'Item do pedido.' }),
    status: z.enum(['picked', 'substituted', 'missing']).meta({ description: 'Separado, substituído ou em falta (ruptura).' }),
    ...PickAmount,
    substitute: PickSubstituteInput.optional(),
  })
  .superRefine((line, ctx) => {
    if (line.status === 'substituted' && !line.substitute) ctx.addIssue({ code: 'custom', path: ['substitute'], message: msg('ORDER_PICK_SUBSTITUTE_REQUIRED') });
    if (line.status !== 'substituted' && line.substitute) ctx.addIssue({ code: 'custom', path: ['substitute'], message: msg('ORDER_PICK_SUBSTITUTE_ONLY') });
    if (line.status !== 'picked' && (line.quantity !== undefined || line.weight !== undefined)) {
      ctx.addIssue({ code: 'custom', path: [line.quantity !== undefined ? 'quantity' : 'weight'], message: msg('ORDER_PICK_MISSING_AMOUNT') });
    }
  });

export const PickItemsBody = z
  .strictObject({
    items: z.array(PickLineInput).max(ORDER_MAX_ITEMS).default([]).meta({ description: 'Como cada item foi separado.' }),
    add: z.array(OrderItemInput).max(50).default([]).meta({ description: 'Itens incluídos na separação (preço da oferta atual da loja).' }),
    operator_id: Id.optional().meta({ description: 'Operador que separou (padrão: só o usuário).' }),
  })
  .superRefine((b, ctx) => {
    if (!b.items.length && !b.add.length) ctx.addIssue({ code: 'custom', path: ['items'], message: msg('ORDER_PICK_NOTHING') });
    const seen = new Set<number>();
    b.items.forEach((l, i) => {
      if (seen.has(l.item_id)) ctx.addIssue({ code: 'custom', path: ['items', i, 'item_id'], message: msg('ORDER_PICK_ITEM_REPEATED') });
      seen.add(l.item_id);
    });
    const products = new Set<string>();
    b.add.forEach((item, i) => {
      const key = item.product_id !== undefined ? `id:${item.product_id}` : `sku:${item.sku}`;
      if (products.has(key)) ctx.addIssue({ code: 'custom', path: ['add', i, item.product_id !== undefined ? 'product_id' : 'sku'], message: msg('ORDER_ITEM_REPEATED') });
      products.add(key);
    });
  })
  .meta({ id: 'PickItemsBody' });
export type PickItemsInput = z.output<typeof PickItemsBody>;

export const OrderDiscountBody = z
  .strictObject({
    order_id: Id,
    amount: Money.min(0).max(1_000_000).optional().meta({ description: 'Desconto em reais (ou informe percent).' }),
    percent: z.number().min(0).max(100).multipleOf(0.01).optional().meta({ description: 'Desconto em % do total dos itens (ou informe amount).' }),
    reason: z.string().trim().min(3).max(300).meta({ description: 'Motivo, registrado na linha do tempo.' }),
  })
  .superRefine((b, ctx) => {
    if ((b.amount === undefined) === (b.percent === undefined)) ctx.addIssue({ code: 'custom', path: ['amount'], message: msg('ORDER_DISCOUNT_ONE_OF') });
  })
  .meta({ id: 'OrderDiscountBody' });
export type OrderDiscountInput = z.output<typeof OrderDiscountBody>;

export const FraudStatusBody = z.strictObject({
  status: z.enum(['pending', 'approved', 'denied']).meta({ description: 'Resultado da análise de fraude: a separação só começa aprovada.' }),
});

export const OrderAddressBody = OrderAddressInput.meta({ id: 'OrderAddressBody' });
export type OrderAddressChange = z.output<typeof OrderAddressBody>;

const readers = { kind: 'account', module: 'orders' } as const;
const tags = ['Orders'];

export const orderRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/order',
    operationId: 'createOrder',
    summary: 'Recebe um pedido do e-commerce da loja (idempotente por canal e external_id) ou de um carrinho aprovado',
    tags,
    permission: readers,
    // The store's e-commerce sends an integration key (scope orders) instead of a session.
    apiKeyScope: 'orders',
    access: { fixture: 'newOrder', others: 422 },
    body: CreateOrderBody,
    responses: { 200: OrderResult, 201: OrderResult },
    errors: [409, 422],
  }),
  search: defineRoute({
    method: 'GET',
    path: '/search/orders',
    operationId: 'searchOrders',
    summary: 'Pedidos da conta, filtrados por status, loja, canal, período, cliente e número, paginados',
    tags,
    permission: readers,
    access: { fixture: 'orderSearch' },
    querystring: OrderListQuery,
    responses: { 200: paged(OrderCard) },
  }),
  board: defineRoute({
    method: 'GET',
    path: '/search/orders-by-status',
    operationId: 'ordersByStatus',
    summary: 'O quadro de pedidos: por status, a contagem e os pedidos mais recentes',
    tags,
    permission: readers,
    access: { fixture: 'orderBoard' },
    querystring: OrderBoardQuery,
    responses: { 200: OrderBoard },
  }),
  full: defineRoute({
    method: 'GET',
    path: '/api/order/full-order/:id',
    operationId: 'getFullOrder',
    summary: 'Um pedido com itens, linha do tempo e os próximos status permitidos',
    tags,
    permission: readers,
    access: { fixture: 'fullOrder' },
    params: IdParam,
    responses: { 200: FullOrder },
    errors: [404],
  }),
  move: defineRoute({
    method: 'POST',
    path: '/api/picking/status/:id',
    operationId: 'moveOrderStatus',
    summary: 'Move o pedido para outro status, se a máquina de estados permitir (registrado na linha do tempo)',
    tags,
    permission: readers,
    access: { fixture: 'orderMove' },
    params: IdParam,
    body: OrderStatusBody,
    responses: { 200: OrderResult },
    errors: [404, 409],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/order/cancel/:orderId',
    operationId: 'cancelOrder',
    summary: 'Cancela o pedido, liberando o uso das promoções e a reserva da janela',
    tags,
    permission: readers,
    access: { fixture: 'orderCancel' },
    params: OrderIdPathParam,
    responses: { 200: OrderResult },
    errors: [404, 409],
  }),
  pickItems: defineRoute({
    method: 'POST',
    path: '/api/order/items/:id',
    operationId: 'pickOrderItems',
    summary: 'Separação: itens separados (quantidade ou peso), substituídos ou em falta, e itens incluídos; recalcula os totais',
    tags,
    permission: readers,
    access: { fixture: 'orderPickItems' },
    params: IdParam,
    body: PickItemsBody,
    responses: { 200: OrderResult },
    errors: [404, 409, 422],
  }),
  restartPicking: defineRoute({
    method: 'POST',
    path: '/api/picking/restart/:id',
    operationId: 'restartPicking',
    summary: 'Volta um pedido separado ou pronto para a separação, com todos os itens pendentes',
    tags,
    permission: readers,
    access: { fixture: 'orderRestartPicking' },
    params: IdParam,
    responses: { 200: OrderResult },
    errors: [404, 409],
  }),
  discount: defineRoute({
    method: 'PUT',
    path: '/api/order/discount',
    operationId: 'setOrderDiscount',
    summary: 'Desconto manual do pedido (valor ou percentual, nunca acima do total dos itens), com motivo',
    tags,
    permission: readers,
    access: { fixture: 'orderDiscount', others: 404 },
    body: OrderDiscountBody,
    responses: { 200: OrderResult },
    errors: [404, 409, 422],
  }),
  fraud: defineRoute({
    method: 'PUT',
    path: '/api/payment-hub/fraud-analyze/:orderId/status',
    operationId: 'setOrderFraudStatus',
    summary: 'Registra o resultado da análise de fraude do pedido (pendente, aprovado, recusado)',
    tags,
    permission: readers,
    access: { fixture: 'orderFraud' },
    params: OrderIdPathParam,
    body: FraudStatusBody,
    responses: { 200: OrderResult },
    errors: [404, 409],
  }),
  address: defineRoute({
    method: 'POST',
    path: '/api/order/address/:id',
    operationId: 'changeOrderAddress',
    summary: 'Troca o endereço de entrega antes de o pedido sair da loja, conferindo a região e a taxa',
    tags,
    permission: readers,
    access: { fixture: 'orderAddress' },
    params: IdParam,
    body: OrderAddressBody,
    responses: { 200: OrderResult },
    errors: [404, 409, 422],
  }),
} as const;
