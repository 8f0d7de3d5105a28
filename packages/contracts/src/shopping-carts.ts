// Issue 20: shopping carts built from a shopping list (spec §2, §3 Shopping cart, §4, §7, §8).
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Money, PageQuery, Timestamp, paged } from './common.ts';
import { PROMOTION_TYPES } from './promotions.ts';
import { msg } from './messages.ts';

/** Spec §4 statusType. */
export const CART_STATUSES = ['in_review', 'approved', 'opened', 'deleted', 'link_sent'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];
/** Spec §4 item status. */
export const CART_ITEM_STATUSES = ['confirmed', 'pending', 'stock_out'] as const;
export type CartItemStatus = (typeof CART_ITEM_STATUSES)[number];
export const LINK_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;

/** Longest list accepted (characters); at most 200 lines are read. */
export const CART_LIST_MAX = 10_000;
/** Most units of one cart line. */
export const CART_ITEM_MAX_QUANTITY = 99;

const Id = z.number().int().positive();
const CouponCode = z
  .string()
  .trim()
  .max(40)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null))
  .meta({ description: 'Código de cupom (opcional); vazio ou null remove o cupom.' });

export const GenerateCartBody = z.strictObject({
  customer_id: Id.meta({ description: 'Cliente da conta para quem o carrinho é montado.' }),
  location_id: Id.meta({ description: 'Loja cujas ofertas (preço, estoque) valem para o carrinho.' }),
  list: z
    .string()
    .max(CART_LIST_MAX)
    .refine((v) => /[\p{L}]/u.test(v), { message: msg('CART_LIST_EMPTY') })
    .meta({ description: 'A lista como o cliente escreveu, um item por linha ("2kg de arroz tio joão", "6 ovos", "leite integral 1L x3").' }),
  coupon_code: CouponCode,
});
export type GenerateCartInput = z.output<typeof GenerateCartBody>;

const ItemId = z.number().int().positive().meta({ description: 'item_id de uma linha do carrinho.' });
const Quantity = z.number().int().min(1).max(CART_ITEM_MAX_QUANTITY).meta({ description: 'Unidades (pacotes, ou unidades de peso de weight_per_unit kg).' });

/** One change of a cart under review. */
export const CartOperation = z
  .discriminatedUnion('op', [
    z.strictObject({ op: z.literal('set_quantity'), item_id: ItemId, quantity: Quantity }),
    z.strictObject({
      op: z.literal('choose_product'),
      item_id: ItemId,
      product_id: Id.meta({ description: 'Um candidato, uma alternativa ou qualquer produto disponível na loja.' }),
      quantity: Quantity.optional().meta({ description: 'Padrão: recalculada da linha da lista para o produto escolhido.' }),
    }),
    z.strictObject({ op: z.literal('confirm'), item_id: ItemId }),
    z
      .strictObject({
        op: z.literal('add'),
        product_id: Id.optional(),
        text: z.string().trim().min(1).max(200).optional().meta({ description: 'Uma linha de lista ("2 pct de café"), buscada como na geração.' }),
        quantity: Quantity.optional(),
      })
      .superRefine((o, ctx) => {
        if ((o.product_id === undefined) === (o.text === undefined)) {
          ctx.addIssue({ code: 'custom', path: ['product_id'], message: msg('CART_ADD_PRODUCT_OR_TEXT') });
        }
      }),
    z.strictObject({ op: z.literal('remove'), item_id: ItemId }),
  ])
  .meta({
    id: 'CartOperation',
    description:
      'set_quantity: muda as unidades; choose_product: troca o produto (candidato, alternativa) e confirma a linha; confirm: confirma o produto sugerido de uma linha pendente; add: inclui por product_id ou por texto; remove: exclui a linha.',
  });
export type CartOperation = z.output<typeof CartOperation>;

export const UpdateCartBody = z.strictObject({
  operations: z.array(CartOperation).max(100).default([]),
  coupon_code: z
    .string()
    .trim()
    .max(40)
    .nullable()
    .optional()
    .meta({ description: 'Ausente: mantém o cupom; null ou vazio: remove; um código: aplica.' }),
  version: z.number().int().positive().optional().meta({ description: 'A versão lida: se o carrinho mudou desde então, 409.' }),
});
export type UpdateCartInput = z.output<typeof UpdateCartBody>;

export const CartStatusBody = z.strictObject({ statusType: z.enum(CART_STATUSES) });

export const CartIdParam = z.object({ cart_id: z.coerce.number().int().positive() });
export const CartTokenParam = z.object({ token: z.string().min(10).max(400) });

const StatusList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)))
  .pipe(z.array(z.enum(CART_STATUSES)).max(5))
  .meta({ description: 'Um ou mais status (repetido ou separado por vírgula).' });

export const CartListQuery = PageQuery.extend({
  status: StatusList,
  location_id: z.coerce.number().int().positive().optional(),
  customer_id: z.coerce.number().int().positive().optional(),
  query: z
    .string()
    .trim()
    .max(120)
    .optional()
    .transform((v) => (v ? v : undefined))
    .meta({ description: 'Nome ou telefone do cliente (sem diferenciar acentos), ou o número do carrinho.' }),
});
export type CartListQuery = z.output<typeof CartListQuery>;

export const CartProduct = z
  .object({
    product_id: z.number().int(),
    external_id: z.string().meta({ description: 'SKU.' }),
    gtin: z.string().nullable(),
    name: z.string(),
    brand: z.string().nullable(),
    size_pack: z.string().nullable(),
    unit_measurement: z.string(),
    weight_per_unit: z.number().nullable(),
    asset: z.string().nullable().meta({ description: 'URL da imagem.' }),
    tags: z.array(z.string()),
    categories: z.array(z.string()),
    price: Money.meta({ description: 'Preço de uma unidade do carrinho agora nesta loja (promocional dentro do período).' }),
    list_price: Money.meta({ description: 'Preço regular de uma unidade.' }),
    start_promotion: Timestamp.nullable(),
    end_promotion: Timestamp.nullable(),
    available: z.boolean(),
    stock: z.number().int(),
  })
  .meta({ id: 'CartProduct' });

const CartLine = z.object({
  name: z.string().meta({ description: 'Nome do produto, ou o que foi buscado quando não há produto.' }),
  detail: z.string().meta({ description: 'A linha da lista como escrita.' }),
  query: z.string(),
  quantity: z.number().int(),
  status: z.enum(CART_ITEM_STATUSES),
  unit_measurement: z.string(),
  main_product: CartProduct.nullable().meta({ description: 'confirmed: o produto; pending: a melhor sugestão; stock_out: o produto em falta.' }),
  sub_total: Money,
  discount: Money,
  total: Money,
  alternative_products: z.array(CartProduct).meta({ description: 'pending: os candidatos; stock_out: alternativas disponíveis (mesma categoria, tamanho e preço próximos).' }),
});

export const CartItem = CartLine.extend({ item_id: z.number().int() }).meta({ id: 'CartItem' });
export const CartPreviewItem = CartLine.meta({ id: 'CartPreviewItem' });

const CartAppliedPromotion = z
  .object({ promotion_id: z.number().int(), name: z.string(), promotion_type: z.enum(PROMOTION_TYPES), code: z.string().nullable(), discount: Money })
  .meta({ id: 'CartAppliedPromotion' });

const Totals = {
  sub_total: Money.meta({ description: 'Soma das linhas confirmadas.' }),
  discount: Money,
  total: Money,
  coupon_code: z.string().nullable(),
  coupon_rejection: z.string().nullable().meta({ description: 'Por que o cupom não se aplicou (null: aplicado ou sem cupom).' }),
  applied_promotions: z.array(CartAppliedPromotion),
};

const groupsOf = <T extends z.ZodType>(item: T) =>
  z.object({ confirmed: z.array(item), pending: z.array(item), stock_out: z.array(item) }).meta({ description: 'Os itens por status.' });

export const LinkDelivery = z
  .object({
    status: z.enum(LINK_DELIVERY_STATUSES),
    error: z.string().nullable(),
    sent_at: Timestamp.nullable(),
    link: z.string(),
    checkout_url: z.string().nullable(),
  })
  .meta({ id: 'CartLinkDelivery' });

const Ref = z.object({ id: z.number().int(), name: z.string() });

export const ShoppingCart = z
  .object({
    id: z.number().int(),
    status: z.enum(CART_STATUSES),
    version: z.number().int(),
    link: z.string().nullable().meta({ description: 'O link do carrinho para o cliente, depois de pedido o envio.' }),
    list: z.string().meta({ description: 'A lista como colada.' }),
    customer: Ref.extend({ phone: z.string().nullable() }),
    location: Ref,
    items: z.array(CartItem),
    groups: groupsOf(CartItem),
    ...Totals,
    link_delivery: LinkDelivery.nullable(),
    link_sent_at: Timestamp.nullable(),
    opened_at: Timestamp.nullable(),
    converted_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'ShoppingCart' });
export type ShoppingCart = z.infer<typeof ShoppingCart>;

export const CartPreview = z
  .object({ items: z.array(CartPreviewItem), groups: groupsOf(CartPreviewItem), ...Totals })
  .meta({ id: 'ShoppingCartPreview' });

export const CartSummary = z
  .object({
    id: z.number().int(),
    status: z.enum(CART_STATUSES),
    customer: Ref.extend({ phone: z.string().nullable() }),
    location: Ref,
    items_count: z.number().int(),
    pending_count: z.number().int(),
    stock_out_count: z.number().int(),
    total: Money,
    link_sent_at: Timestamp.nullable(),
    opened_at: Timestamp.nullable(),
    converted_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'ShoppingCartSummary' });

export const CartResult = z.object({ message: z.string(), cart: ShoppingCart }).meta({ id: 'ShoppingCartResult' });

export const PublicCartItem = z
  .object({
    name: z.string(),
    quantity: z.number().int(),
    unit_measurement: z.string(),
    size_pack: z.string().nullable(),
    weight_per_unit: z.number().nullable(),
    asset: z.string().nullable(),
    price: Money,
    sub_total: Money,
    discount: Money,
    total: Money,
  })
  .meta({ id: 'PublicCartItem' });

export const PublicCart = z
  .object({
    id: z.number().int(),
    status: z.enum(CART_STATUSES),
    customer_name: z.string().meta({ description: 'O primeiro nome do cliente.' }),
    store: z.object({ name: z.string() }),
    account: z.object({ name: z.string(), logo: z.string().nullable(), header_color: z.string().nullable() }),
    items: z.array(PublicCartItem).meta({ description: 'Só os itens confirmados.' }),
    sub_total: Money,
    discount: Money,
    total: Money,
    coupon_code: z.string().nullable(),
    checkout_url: z.string().nullable(),
    converted: z.boolean(),
    updated_at: Timestamp,
  })
  .meta({ id: 'PublicShoppingCart' });

export const CheckoutResult = z.object({ checkout_url: z.string() }).meta({ id: 'ShoppingCartCheckout' });

const readers = { kind: 'account', module: 'shopping_carts' } as const;
const tags = ['Shopping carts'];

export const shoppingCartRoutes = {
  generate: defineRoute({
    method: 'POST',
    path: '/api/shopping-cart/generate',
    operationId: 'generateShoppingCart',
    summary: 'Monta um carrinho a partir da lista do cliente: cada linha buscada nas ofertas da loja e o carrinho precificado',
    tags,
    permission: readers,
    access: { fixture: 'newShoppingCart', others: 422 },
    body: GenerateCartBody,
    responses: { 201: ShoppingCart },
    errors: [422],
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/api/shopping-cart/preview',
    operationId: 'previewShoppingCart',
    summary: 'O carrinho que a lista daria, sem salvar nada (prévia enquanto a lista é digitada)',
    tags,
    permission: readers,
    access: { fixture: 'newShoppingCart', others: 422 },
    body: GenerateCartBody,
    responses: { 200: CartPreview },
    errors: [422],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/search/shopping-carts',
    operationId: 'searchShoppingCarts',
    summary: 'Carrinhos da conta, mais recentes primeiro, filtrados por status, loja, cliente ou busca',
    tags,
    permission: readers,
    access: { fixture: 'shoppingCartSearch' },
    querystring: CartListQuery,
    responses: { 200: paged(CartSummary) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/shopping-cart/:id',
    operationId: 'getShoppingCart',
    summary: 'Um carrinho com os itens agrupados (confirmados, pendentes, em falta), totais e o estado do envio do link',
    tags,
    permission: readers,
    access: { fixture: 'shoppingCart' },
    params: IdParam,
    responses: { 200: ShoppingCart },
    errors: [404],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/shopping-cart/:cart_id',
    operationId: 'updateShoppingCart',
    summary: 'Altera um carrinho em revisão (quantidades, produtos, itens, cupom) e o precifica de novo',
    tags,
    permission: readers,
    access: { fixture: 'shoppingCartUpdate' },
    params: CartIdParam,
    body: UpdateCartBody,
    responses: { 200: ShoppingCart },
    errors: [404, 409, 422],
  }),
  status: defineRoute({
    method: 'PUT',
    path: '/api/shopping-cart/:cart_id/status',
    operationId: 'setShoppingCartStatus',
    summary: 'Muda o status do carrinho (aprovar, restaurar para revisão, cancelar, marcar como aberto)',
    tags,
    permission: readers,
    access: { fixture: 'shoppingCartStatus' },
    params: CartIdParam,
    body: CartStatusBody,
    responses: { 200: CartResult },
    errors: [404, 409, 422],
  }),
  sendLink: defineRoute({
    method: 'POST',
    path: '/api/shopping-cart/send-link/:cart_id',
    operationId: 'sendShoppingCartLink',
    summary: 'Envia ao telefone do cliente o link do carrinho aprovado (em segundo plano: acompanhe link_delivery)',
    tags,
    permission: readers,
    access: { fixture: 'approvedShoppingCart' },
    params: CartIdParam,
    responses: { 202: ShoppingCart },
    errors: [404, 409, 422],
  }),
  publicGet: defineRoute({
    method: 'GET',
    path: '/public/shopping-cart/:token',
    operationId: 'getPublicShoppingCart',
    summary: 'O carrinho enviado ao cliente, somente leitura, pelo token do link (a primeira abertura o marca como aberto)',
    tags,
    permission: { kind: 'public' },
    access: { fixture: 'shoppingCartToken' },
    params: CartTokenParam,
    responses: { 200: PublicCart },
    errors: [404],
  }),
  publicCheckout: defineRoute({
    method: 'POST',
    path: '/public/shopping-cart/:token/checkout',
    operationId: 'checkoutPublicShoppingCart',
    summary: 'O cliente segue para a finalização da compra: registra a conversão e devolve o endereço do checkout',
    tags,
    permission: { kind: 'public' },
    access: { fixture: 'shoppingCartToken' },
    params: CartTokenParam,
    responses: { 200: CheckoutResult },
    errors: [404, 422],
  }),
} as const;
