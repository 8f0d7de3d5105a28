// The payment hub's transactions (spec §2 Financial /financial/payments and /financial/payments_old,
// §7 Payments: charge, refund, verify-refusal, webhooks; the order page's payment card).
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Money, PageQuery, Timestamp, nullableText, paged } from './common.ts';
import { msg } from './messages.ts';
import { ORDER_STATUSES } from './orders.ts';
import { PAYMENT_METHOD_CATALOG, PAYMENT_METHODS, MAX_INSTALLMENTS, type PaymentMethodCode } from './payments.ts';
import { IdempotencyKey, IDEMPOTENCY_HEADER } from './wallets.ts';

/** Where a transaction is: authorized (card reserved), captured (money received), or ended refused or canceled. */
export const TRANSACTION_STATUSES = ['pending', 'authorized', 'captured', 'refused', 'canceled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_STATUS_LABELS: Readonly<Record<TransactionStatus, string>> = {
  pending: 'Aguardando confirmação',
  authorized: 'Autorizado',
  captured: 'Pago',
  refused: 'Recusado',
  canceled: 'Cancelado',
};

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Readonly<Record<RefundStatus, string>> = {
  pending: 'Em processamento',
  succeeded: 'Reembolsado',
  failed: 'Falhou',
};

/** Who gave the money back: a member, the hub for a paid order canceled or moved to refunded, the hub adjusting to the order's final total. */
export const REFUND_KINDS = ['manual', 'cancel', 'order_refunded', 'adjustment'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
export const REFUND_KIND_LABELS: Readonly<Record<RefundKind, string>> = {
  manual: 'Reembolso',
  cancel: 'Pedido cancelado',
  order_refunded: 'Pedido reembolsado',
  adjustment: 'Ajuste ao total final',
};

/** The providers behind the hub: the local simulator (default) and Mercado Pago. */
export const PAYMENT_PROVIDERS = ['simulator', 'mercado_pago'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Readonly<Record<PaymentProviderName, string>> = {
  simulator: 'Simulador',
  mercado_pago: 'Mercado Pago',
};

/** The methods the hub charges online (the others are paid at delivery or pickup). */
export const ONLINE_PAYMENT_METHODS = PAYMENT_METHODS.filter((m) => PAYMENT_METHOD_CATALOG[m].kind === 'online');
export const CARD_METHODS: readonly PaymentMethodCode[] = ['credit_card', 'debit_card'];

/**
 * The simulator's test cards (any other valid card number approves). Approved cards are authorized at
 * once and captured by the simulator's webhook a moment later; Pix and boleto wait for theirs.
 */
export const SIMULATOR_TEST_CARDS = [
  { number: '4111111111111111', brand: 'visa', outcome: 'Aprovado: autorizado na hora, pago pelo webhook em seguida.' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'Aprovado: autorizado na hora, pago pelo webhook em seguida.' },
  { number: '4000000000000002', brand: 'visa', outcome: 'Recusado: cartão recusado pelo emissor (card_declined).' },
  { number: '4000000000009995', brand: 'visa', outcome: 'Recusado: saldo ou limite insuficiente (insufficient_funds).' },
  { number: '4000000000000127', brand: 'visa', outcome: 'Recusado: código de segurança inválido (invalid_cvv).' },
  { number: '4000000000000259', brand: 'visa', outcome: 'Em análise: fica aguardando e o webhook confirma o pagamento depois.' },
  { number: '4000000000000119', brand: 'visa', outcome: 'Em análise: fica aguardando e o webhook recusa depois (high_risk).' },
] as const;

const SIMULATOR_DOC =
  'Simulador (provedor padrão): ' +
  SIMULATOR_TEST_CARDS.map((c) => `${c.number} ${c.outcome}`).join(' ') +
  ' Qualquer outro cartão válido é aprovado. Pix e boleto ficam aguardando e o webhook do simulador confirma. Formas na entrega não são cobradas online.';

/** Luhn's check digit, as card numbers carry it. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export const CardInput = z
  .strictObject({
    number: z
      .string()
      .transform((v) => v.replace(/[\s.-]/g, ''))
      .pipe(z.string().regex(/^\d{13,19}$/, { message: msg('CARD_NUMBER_FORMAT') }).refine(luhnValid, { message: msg('CARD_NUMBER_INVALID') }))
      .meta({ description: 'Número do cartão (13 a 19 dígitos; espaços e traços ignorados). Nunca é guardado: só a bandeira e os 4 últimos.' }),
    holder_name: z.string().trim().min(2).max(100).meta({ description: 'Nome impresso no cartão.' }),
    expiry_month: z.number().int().min(1).max(12),
    expiry_year: z.number().int().min(2000).max(2100).meta({ description: 'Ano com 4 dígitos.' }),
    cvv: z.string().regex(/^\d{3,4}$/, { message: msg('CARD_CVV_FORMAT') }),
  })
  .superRefine((c, ctx) => {
    const now = new Date();
    const [y, m] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    if (c.expiry_year < y || (c.expiry_year === y && c.expiry_month < m)) {
      ctx.addIssue({ code: 'custom', path: ['expiry_year'], message: msg('CARD_EXPIRED') });
    }
  });

export const ChargeBody = z
  .strictObject({
    method: z.enum(PAYMENT_METHODS).meta({ description: 'Forma de pagamento online: pix, credit_card, debit_card ou boleto.' }),
    card: CardInput.optional().meta({ description: 'Obrigatório para cartão de crédito e débito; proibido nas demais.' }),
    installments: z
      .number()
      .int()
      .min(1)
      .max(MAX_INSTALLMENTS)
      .default(1)
      .meta({ description: 'Parcelas (cartão de crédito), até o máximo configurado para a loja; 1 à vista.' }),
  })
  .superRefine((b, ctx) => {
    if (PAYMENT_METHOD_CATALOG[b.method].kind !== 'online') ctx.addIssue({ code: 'custom', path: ['method'], message: msg('PAYMENT_METHOD_NOT_ONLINE') });
    const card = CARD_METHODS.includes(b.method);
    if (card && !b.card) ctx.addIssue({ code: 'custom', path: ['card'], message: msg('CARD_REQUIRED') });
    if (!card && b.card) ctx.addIssue({ code: 'custom', path: ['card'], message: msg('CARD_NOT_FOR_METHOD') });
    if (b.installments > 1 && b.method !== 'credit_card') ctx.addIssue({ code: 'custom', path: ['installments'], message: msg('INSTALLMENTS_CREDIT_ONLY') });
  })
  .meta({ id: 'ChargeBody' });
export type ChargeInput = z.output<typeof ChargeBody>;

export const PaymentOrderParam = z.object({ orderId: z.coerce.number().int().positive() });

export const PaymentRefund = z
  .object({
    id: z.number().int(),
    transaction_id: z.number().int(),
    amount: Money,
    reason: z.string().nullable(),
    status: z.enum(REFUND_STATUSES),
    status_label: z.string(),
    provider_reference: z.string().nullable(),
    automatic: z.boolean().meta({ description: 'Feito pelo hub (pedido pago cancelado, ajuste ao total final), sem uma pessoa.' }),
    kind: z
      .enum(REFUND_KINDS)
      .meta({
        description:
          'manual: de uma pessoa; cancel: o pedido pago foi cancelado; order_refunded: o pedido entregue foi movido para Reembolsado; adjustment: o total final (pesagem, substituições, faltas, descontos) ficou abaixo do cobrado.',
      }),
    created_at: Timestamp,
  })
  .meta({ id: 'PaymentRefund' });
export type PaymentRefund = z.infer<typeof PaymentRefund>;

export const PaymentTransaction = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    order_number: z.number().int(),
    location: z.object({ id: z.number().int(), name: z.string() }),
    method: z.enum(PAYMENT_METHODS),
    method_label: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    provider_reference: z.string().nullable(),
    status: z.enum(TRANSACTION_STATUSES),
    status_label: z.string(),
    amount: Money.meta({ description: 'Valor cobrado (o total do pedido na cobrança).' }),
    captured_amount: Money,
    refunded_amount: Money,
    refundable_amount: Money.meta({ description: 'Quanto ainda pode ser reembolsado: capturado − reembolsado.' }),
    installments: z.number().int(),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable().meta({ description: 'Só a bandeira e os 4 últimos dígitos.' }),
    refusal: z.object({ code: z.string(), reason: z.string() }).nullable(),
    pix_copy_paste: z.string().nullable().meta({ description: 'Pix copia e cola, enquanto aguarda o pagamento.' }),
    boleto_line: z.string().nullable().meta({ description: 'Linha digitável do boleto, enquanto aguarda o pagamento.' }),
    created_at: Timestamp,
    authorized_at: Timestamp.nullable(),
    captured_at: Timestamp.nullable(),
    refused_at: Timestamp.nullable(),
    updated_at: Timestamp,
    refunds: z.array(PaymentRefund),
  })
  .meta({ id: 'PaymentTransaction' });
export type PaymentTransaction = z.infer<typeof PaymentTransaction>;

const OrderBrief = z.object({ id: z.number().int(), number: z.number().int(), status: z.enum(ORDER_STATUSES) });

export const ChargeResult = z
  .object({ message: z.string(), transaction: PaymentTransaction, order: OrderBrief })
  .meta({ id: 'ChargeResult' });

export const TransactionsQuery = z.object({
  order_id: z.coerce.number().int().positive().meta({ description: 'O pedido: suas transações, das mais recentes, com os reembolsos.' }),
});
/**
 * What the order's payments add up to against its total, which picking changes after payment
 * (weighed items, substitutions, missing items, discounts).
 */
export const PaymentBalance = z
  .object({
    order_total: Money,
    charged: Money.meta({ description: 'Capturado nas transações do pedido.' }),
    adjusted: Money.meta({ description: 'Devolvido pelo hub ao ajustar ao total final.' }),
    refunded: Money.meta({ description: 'Reembolsado de outro modo (por uma pessoa, pelo cancelamento).' }),
    owed: Money.meta({ description: 'O total final passou do cobrado: a diferença a cobrar (POST /api/payment-hub/payment/{orderId}).' }),
    over: Money.meta({ description: 'O cobrado passou do total final: devolvido automaticamente quando o pedido sai da loja.' }),
  })
  .meta({ id: 'PaymentBalance' });

export const TransactionList = z.object({ data: z.array(PaymentTransaction), balance: PaymentBalance }).meta({ id: 'PaymentTransactionList' });

export const RefusalAnswer = z
  .object({
    transaction_id: z.number().int(),
    order_id: z.number().int(),
    method: z.enum(PAYMENT_METHODS),
    code: z.string().meta({ example: 'insufficient_funds' }),
    reason: z.string().meta({ example: 'Saldo ou limite insuficiente.' }),
    advice: z.string().meta({ description: 'O que fazer: tentar outro cartão, outra forma de pagamento, falar com o banco…' }),
    can_retry: z.boolean().meta({ description: 'Uma nova tentativa pode dar certo (o pedido segue aguardando pagamento).' }),
    refused_at: Timestamp,
  })
  .meta({ id: 'PaymentRefusal' });

export const RefundBody = z
  .strictObject({
    amount: Money.positive()
      .max(1_000_000)
      .optional()
      .meta({ description: 'Valor a reembolsar; ausente: tudo o que resta (capturado − já reembolsado).' }),
    reason: nullableText(300).meta({ description: 'Motivo, mostrado na linha do tempo e no relatório.' }),
  })
  .meta({ id: 'RefundBody' });
export type RefundInput = z.output<typeof RefundBody>;

export const RefundHeaders = z.object({
  [IDEMPOTENCY_HEADER]: IdempotencyKey.meta({
    description: 'Chave única do reembolso (8 a 128 letras, números, "_" ou "-"). A mesma chave com o mesmo corpo devolve o reembolso original sem reembolsar de novo; com outro corpo, 422.',
  }),
});

export const RefundResult = z
  .object({ message: z.string(), refund: PaymentRefund, transaction: PaymentTransaction, order: OrderBrief })
  .meta({ id: 'RefundResult' });

export const WebhookParams = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });
export const WebhookBody = z.record(z.string(), z.unknown()).meta({
  id: 'PaymentWebhookBody',
  description: 'Notificação do provedor, como ele a envia (assinada: cabeçalho x-signature com ts e v1, HMAC-SHA256).',
});
export const WEBHOOK_OUTCOMES = ['processed', 'duplicate', 'ignored'] as const;
export const WebhookAnswer = z
  .object({ received: z.literal(true), outcome: z.enum(WEBHOOK_OUTCOMES) })
  .meta({ id: 'PaymentWebhookAnswer', description: 'processed: aplicado; duplicate: evento já recebido (nenhum efeito); ignored: evento que o hub não usa.' });

// Financial reports (/financial/payments and /financial/payments_old).

const DateOnly = z.iso.date().meta({ description: 'Data AAAA-MM-DD (horário de São Paulo).' });
const periodRule = (q: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: msg('END_DATE_BEFORE_START') });
};
const ReportFilters = {
  from: DateOnly.optional().meta({ description: 'Primeiro dia (São Paulo); padrão: 29 dias antes de `to`.' }),
  to: DateOnly.optional().meta({ description: 'Último dia, inclusive (São Paulo); padrão: hoje.' }),
  location_id: z.coerce.number().int().positive().optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
};

export const PaymentsByLocationQuery = z
  .object({
    ...ReportFilters,
    per_day: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true')
      .meta({ description: 'Inclui a série por dia (para o gráfico).' }),
  })
  .superRefine(periodRule);
export type PaymentsByLocationQuery = z.output<typeof PaymentsByLocationQuery>;

const Figures = {
  received: Money.meta({ description: 'Capturado no período.' }),
  received_count: z.number().int(),
  refunded: Money.meta({ description: 'Reembolsado no período.' }),
  refunded_count: z.number().int(),
  pending: Money.meta({ description: 'Cobranças criadas no período ainda aguardando confirmação ou captura.' }),
  pending_count: z.number().int(),
  net: Money.meta({ description: 'Recebido − reembolsado.' }),
};

export const PaymentsByLocation = z
  .object({
    from: DateOnly,
    to: DateOnly,
    totals: z.object(Figures),
    rows: z.array(
      z.object({
        location_id: z.number().int(),
        location_name: z.string(),
        method: z.enum(PAYMENT_METHODS),
        method_label: z.string(),
        ...Figures,
      }),
    ),
    days: z.array(z.object({ date: DateOnly, received: Money, refunded: Money, pending: Money })).meta({ description: 'Um item por dia do período (vazio se per_day=false).' }),
  })
  .meta({ id: 'PaymentsByLocation' });

export const PAYMENT_TRANSACTION_SORTS = ['created_at', 'amount'] as const;

export const PaymentTransactionListQuery = PageQuery.extend({
  ...ReportFilters,
  status: z.enum(TRANSACTION_STATUSES).optional(),
  order_number: z.coerce.number().int().positive().optional(),
  order_by: z.enum(PAYMENT_TRANSACTION_SORTS).default('created_at'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
}).superRefine(periodRule);
export type PaymentTransactionListQuery = z.output<typeof PaymentTransactionListQuery>;

/** The same filters for the CSV export (every row of the period, no paging). */
export const PaymentTransactionExportQuery = z
  .object({ ...ReportFilters, status: z.enum(TRANSACTION_STATUSES).optional(), order_number: z.coerce.number().int().positive().optional() })
  .superRefine(periodRule);
export type PaymentTransactionExportQuery = z.output<typeof PaymentTransactionExportQuery>;

/** A transaction as the older per-transaction table shows it (refunds summed). */
export const PaymentTransactionRow = PaymentTransaction.omit({ refunds: true })
  .extend({ refunds_count: z.number().int() })
  .meta({ id: 'PaymentTransactionRow' });

const orderReaders = { kind: 'account', module: 'orders' } as const;
const refunders = { ...orderReaders, roles: ['admin', 'manager'] } as const;
const financial = { kind: 'account', module: 'financial.payments' } as const;
const tags = ['Payments'];

export const paymentHubRoutes = {
  charge: defineRoute({
    method: 'POST',
    path: '/api/payment-hub/payment/:orderId',
    operationId: 'chargeOrder',
    summary:
      'Cobra o pedido online pelo total (Pix, cartão ou boleto): cria a transação e o pedido passa a aguardar pagamento. Depois de pago, cobra a diferença quando o total final passou do cobrado (itens pesados, substituições); 409 se não há diferença. ' +
      SIMULATOR_DOC,
    tags,
    permission: orderReaders,
    access: { fixture: 'paymentHubCharge' },
    params: PaymentOrderParam,
    body: ChargeBody,
    responses: { 201: ChargeResult },
    errors: [404, 409, 422],
  }),
  transactions: defineRoute({
    method: 'GET',
    path: '/api/payment-hub/transactions',
    operationId: 'listOrderTransactions',
    summary: 'Transações de pagamento do pedido, das mais recentes, com os reembolsos',
    tags,
    permission: orderReaders,
    access: { fixture: 'paymentHubOrderTransactions', others: 404 },
    querystring: TransactionsQuery,
    responses: { 200: TransactionList },
    errors: [404],
  }),
  verifyRefusal: defineRoute({
    method: 'GET',
    path: '/api/payment-hub/transaction/:id/verify-refusal',
    operationId: 'verifyPaymentRefusal',
    summary: 'Por que o pagamento foi recusado: código, motivo em português e o que fazer (409 se não foi recusado)',
    tags,
    permission: orderReaders,
    access: { fixture: 'paymentHubRefusedTransaction' },
    params: IdParam,
    responses: { 200: RefusalAnswer },
    errors: [404, 409],
  }),
  refund: defineRoute({
    method: 'PUT',
    path: '/api/payment-hub/payment/refund/:orderId',
    operationId: 'refundOrderPayment',
    summary:
      'Reembolsa o pagamento do pedido, parcial ou total (nunca acima do capturado menos o já reembolsado). Exige Idempotency-Key: a mesma chave devolve o reembolso original (200). O reembolso total de um pedido entregue ou retirado o torna reembolsado',
    tags,
    permission: refunders,
    access: { fixture: 'paymentHubRefund' },
    params: PaymentOrderParam,
    body: RefundBody,
    headers: RefundHeaders,
    responses: { 200: RefundResult, 201: RefundResult },
    errors: [404, 409, 422],
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/api/payment-hub/webhooks/:provider',
    operationId: 'receivePaymentWebhook',
    summary:
      'Notificações do provedor de pagamento (pública, assinada: x-signature "ts=…,v1=…" com HMAC-SHA256). Assinatura ausente ou inválida: 401, sem efeito. O mesmo evento de novo: um só efeito',
    tags,
    permission: { kind: 'public' },
    access: { fixture: 'paymentHubWebhook' },
    params: WebhookParams,
    body: WebhookBody,
    responses: { 200: WebhookAnswer },
    errors: [401],
  }),
  byLocation: defineRoute({
    method: 'GET',
    path: '/api/data-service/order-payments/by-location',
    operationId: 'paymentsByLocation',
    summary: 'Recebido, reembolsado e pendente por loja e forma de pagamento no período, com a série por dia',
    tags,
    permission: financial,
    access: { fixture: 'paymentHubReport', others: 404 },
    querystring: PaymentsByLocationQuery,
    responses: { 200: PaymentsByLocation },
    errors: [404],
  }),
  listTransactions: defineRoute({
    method: 'GET',
    path: '/api/data-service/order-payments/transactions',
    operationId: 'listPaymentTransactions',
    summary: 'Transações de pagamento do período, uma por linha (filtros por loja, forma, status e pedido; paginado)',
    tags,
    permission: financial,
    access: { fixture: 'paymentHubReport', others: 404 },
    querystring: PaymentTransactionListQuery,
    responses: { 200: paged(PaymentTransactionRow) },
    errors: [404],
  }),
  exportTransactions: defineRoute({
    method: 'GET',
    path: '/api/data-service/order-payments/transactions.csv',
    operationId: 'exportPaymentTransactions',
    summary: 'As transações do período em CSV (separado por ponto e vírgula, UTF-8 com BOM), com os mesmos filtros',
    tags,
    permission: financial,
    access: { fixture: 'paymentHubReport', others: 404 },
    querystring: PaymentTransactionExportQuery,
    responses: { 200: z.string().meta({ description: 'CSV separado por ponto e vírgula, UTF-8 com BOM.' }) },
    errors: [404],
  }),
} as const;
