// The payment hub's payment methods (spec §2 Financial /financial/payment-methods and Locations
// /locations/payment-methods/{id}, §3 payment method config, §7 Payments, §8 messages).
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Money, PageQuery, Timestamp, paged } from './common.ts';
import { msg } from './messages.ts';

/** Paid before the order leaves the store (through the payment hub), or at delivery or pickup. */
export const PAYMENT_METHOD_KINDS = ['online', 'in_person'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];
export const PAYMENT_METHOD_KIND_LABELS: Readonly<Record<PaymentMethodKind, string>> = {
  online: 'Pagamento online',
  in_person: 'Pagamento na entrega ou retirada',
};

export const PAYMENT_METHODS = [
  'pix',
  'credit_card',
  'debit_card',
  'boleto',
  'cash',
  'pix_on_delivery',
  'card_machine_credit',
  'card_machine_debit',
  'meal_voucher',
  'food_voucher',
] as const;
export type PaymentMethodCode = (typeof PAYMENT_METHODS)[number];

export interface PaymentMethodDef {
  label: string;
  kind: PaymentMethodKind;
  /** The customer may split the payment (credit cards). */
  installments: boolean;
  /** Whether a store accepts it when neither the store nor the account configured it. */
  defaultActive: boolean;
}

/** The hub's catalogue, in the order the screens list it: online methods first. */
export const PAYMENT_METHOD_CATALOG: Readonly<Record<PaymentMethodCode, PaymentMethodDef>> = {
  pix: { label: 'Pix', kind: 'online', installments: false, defaultActive: true },
  credit_card: { label: 'Cartão de crédito', kind: 'online', installments: true, defaultActive: true },
  debit_card: { label: 'Cartão de débito', kind: 'online', installments: false, defaultActive: false },
  boleto: { label: 'Boleto bancário', kind: 'online', installments: false, defaultActive: false },
  cash: { label: 'Dinheiro', kind: 'in_person', installments: false, defaultActive: true },
  pix_on_delivery: { label: 'Pix na entrega', kind: 'in_person', installments: false, defaultActive: false },
  card_machine_credit: { label: 'Cartão de crédito na maquininha', kind: 'in_person', installments: true, defaultActive: true },
  card_machine_debit: { label: 'Cartão de débito na maquininha', kind: 'in_person', installments: false, defaultActive: true },
  meal_voucher: { label: 'Vale-refeição', kind: 'in_person', installments: false, defaultActive: false },
  food_voucher: { label: 'Vale-alimentação', kind: 'in_person', installments: false, defaultActive: false },
};

/** At most 12 installments, as Brazilian card acquirers offer. */
export const MAX_INSTALLMENTS = 12;

export const PaymentMethod = z
  .object({
    method: z.enum(PAYMENT_METHODS),
    label: z.string().meta({ description: 'Nome em português ("Vale-refeição").' }),
    kind: z.enum(PAYMENT_METHOD_KINDS).meta({ description: 'online (pago pelo hub de pagamentos) ou in_person (na entrega ou retirada).' }),
    kind_label: z.string(),
    installments: z.boolean().meta({ description: 'Aceita parcelamento (max_installments).' }),
    default_active: z.boolean().meta({ description: 'Aceita quando nem a conta nem a loja o configuraram.' }),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodList = z.object({ data: z.array(PaymentMethod) }).meta({ id: 'PaymentMethodList' });

const Installments = z
  .number()
  .int()
  .min(1)
  .max(MAX_INSTALLMENTS)
  .nullable()
  .optional()
  .meta({ description: 'Parcelas no máximo (1 a 12), só para cartão de crédito; null: à vista.' });
const MinOrderValue = Money.min(0)
  .max(1_000_000)
  .nullable()
  .optional()
  .meta({ description: 'Valor mínimo do pedido para aceitar a forma de pagamento, em reais; null: sem mínimo.' });

const installmentsRule = (b: { method: PaymentMethodCode; max_installments?: number | null }, ctx: z.RefinementCtx) => {
  if (b.max_installments != null && !PAYMENT_METHOD_CATALOG[b.method].installments) {
    ctx.addIssue({ code: 'custom', path: ['max_installments'], message: msg('PAYMENT_INSTALLMENTS_CREDIT_ONLY') });
  }
};

export const CreatePaymentMethodConfigBody = z
  .strictObject({
    location_id: z
      .number()
      .int()
      .positive()
      .nullable()
      .meta({ description: 'Loja da conta; null configura o padrão da conta, que vale para as lojas sem configuração própria.' }),
    method: z.enum(PAYMENT_METHODS),
    active: z.boolean(),
    min_order_value: MinOrderValue,
    max_installments: Installments,
  })
  .superRefine(installmentsRule);
export type CreatePaymentMethodConfigInput = z.output<typeof CreatePaymentMethodConfigBody>;

/** Changes what it names; an absent field is kept, null clears it. The store and the method do not change. */
export const UpdatePaymentMethodConfigBody = z
  .strictObject({
    active: z.boolean().optional(),
    min_order_value: MinOrderValue,
    max_installments: Installments,
  })
  .superRefine((b, ctx) => {
    if (b.active === undefined && b.min_order_value === undefined && b.max_installments === undefined) {
      ctx.addIssue({ code: 'custom', path: ['active'], message: msg('PAYMENT_CONFIG_NOTHING_TO_CHANGE') });
    }
  });
export type UpdatePaymentMethodConfigInput = z.output<typeof UpdatePaymentMethodConfigBody>;

export const PaymentMethodConfigQuery = PageQuery.extend({
  location_id: z.coerce.number().int().positive().optional().meta({ description: 'Somente as configurações próprias desta loja.' }),
  method: z.enum(PAYMENT_METHODS).optional(),
});

export const PaymentMethodConfig = z
  .object({
    _id: z.number().int().meta({ description: 'O id da configuração, como a tela o nomeia (o mesmo valor de `id`).' }),
    id: z.number().int().meta({ description: 'O id da configuração, como as demais rotas da API nomeiam ids.' }),
    location_id: z.number().int().nullable().meta({ description: 'A loja; null: o padrão da conta para as lojas sem configuração própria.' }),
    location_name: z.string().nullable(),
    method: z.enum(PAYMENT_METHODS),
    label: z.string(),
    kind: z.enum(PAYMENT_METHOD_KINDS),
    active: z.boolean(),
    min_order_value: Money.nullable(),
    max_installments: z.number().int().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({
    id: 'PaymentMethodConfig',
    description:
      'Configuração de uma forma de pagamento na conta (location_id null) ou em uma loja. O id vem em `_id` (o nome da tela) e em `id` (o das demais rotas), com o mesmo valor.',
  });
export type PaymentMethodConfig = z.infer<typeof PaymentMethodConfig>;

/** A write's answer: the spec's message and the configuration (after a delete, the one removed). */
export const PaymentMethodConfigResult = z
  .object({ message: z.string(), config: PaymentMethodConfig })
  .meta({ id: 'PaymentMethodConfigResult' });

const reader = { kind: 'account', module: 'financial.payment_methods' } as const;
const writer = { ...reader, roles: ['admin', 'manager'] } as const;

export const paymentRoutes = {
  methods: defineRoute({
    method: 'GET',
    path: '/api/payment-hub/payment/method',
    operationId: 'listPaymentMethods',
    summary: 'Formas de pagamento que o hub conhece: online (Pix, cartões, boleto) e na entrega (dinheiro, maquininha, vales)',
    tags: ['Payments'],
    permission: reader,
    access: {},
    responses: { 200: PaymentMethodList },
  }),
  listConfigs: defineRoute({
    method: 'GET',
    path: '/api/payment-hub/payment/method-config',
    operationId: 'listPaymentMethodConfigs',
    summary: 'Configurações de formas de pagamento da conta e das suas lojas (as de uma loja com location_id)',
    tags: ['Payments'],
    permission: reader,
    access: { fixture: 'paymentMethodConfigOfStore', others: 404 },
    querystring: PaymentMethodConfigQuery,
    responses: { 200: paged(PaymentMethodConfig) },
    errors: [404],
  }),
  createConfig: defineRoute({
    method: 'POST',
    path: '/api/payment-hub/payment/method-config',
    operationId: 'createPaymentMethodConfig',
    summary: 'Configura uma forma de pagamento em uma loja (ou o padrão da conta): uma configuração por loja e forma',
    tags: ['Payments'],
    permission: writer,
    access: { fixture: 'newPaymentMethodConfig', others: 404 },
    body: CreatePaymentMethodConfigBody,
    responses: { 201: PaymentMethodConfigResult },
    errors: [404, 409],
  }),
  updateConfig: defineRoute({
    method: 'PUT',
    path: '/api/payment-hub/payment/method-config/:id',
    operationId: 'updatePaymentMethodConfig',
    summary: 'Altera uma configuração de forma de pagamento (ativa, valor mínimo, parcelas)',
    tags: ['Payments'],
    permission: writer,
    access: { fixture: 'paymentMethodConfigUpdate' },
    params: IdParam,
    body: UpdatePaymentMethodConfigBody,
    responses: { 200: PaymentMethodConfigResult },
    errors: [404],
  }),
  removeConfig: defineRoute({
    method: 'DELETE',
    path: '/api/payment-hub/payment/method-config/:id',
    operationId: 'deletePaymentMethodConfig',
    summary: 'Remove a configuração própria: a loja volta ao padrão da conta (e a conta, ao do hub)',
    tags: ['Payments'],
    permission: writer,
    access: { fixture: 'paymentMethodConfig' },
    params: IdParam,
    responses: { 200: PaymentMethodConfigResult },
    errors: [404],
  }),
} as const;
