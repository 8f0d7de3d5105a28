// Issue 20: customers (spec §2 Customers, §3 Customer, §5, §7 Customers, §8).
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Email, IdParam, Money, OptionalText, PageQuery, Timestamp, nullableText, paged } from './common.ts';
import { BRAZILIAN_STATES, Cpf, Phone, ZipCode } from './brazil.ts';
import { msg } from './messages.ts';

/** At most this many tags per customer. */
export const CUSTOMER_MAX_TAGS = 20;
/** At most this many delivery addresses per customer. */
export const CUSTOMER_MAX_ADDRESSES = 10;
/** Longest period the customers dashboard covers. */
export const CUSTOMER_DASHBOARD_MAX_DAYS = 366;
/** What a customer's audit trail records: creation, changes, LGPD exports and the anonymisation. */
export const CUSTOMER_AUDIT_ACTIONS = ['create', 'update', 'export', 'anonymize'] as const;
export type CustomerAuditAction = (typeof CUSTOMER_AUDIT_ACTIONS)[number];
/** The name an anonymised customer keeps (LGPD: the record stays for order totals, the person does not). */
export const ANONYMIZED_CUSTOMER_NAME = 'Cliente anonimizado';

/** A Brazilian mobile (DDD + 9 + 8 digits), any punctuation; travels on in E.164 (+5511987654321). */
export const MobilePhone = Phone.refine((v) => /^\+55\d{2}9\d{8}$/.test(v), { message: msg('CUSTOMER_PHONE_MOBILE') }).meta({
  description: 'Celular brasileiro com DDD: (11) 98765-4321, 11987654321 ou +5511987654321; guardado e devolvido em E.164.',
});

const todayIso = () => new Date().toISOString().slice(0, 10);

const BirthDate = z.iso
  .date()
  .refine((d) => d >= '1900-01-01' && d <= todayIso(), { message: msg('CUSTOMER_BIRTH_DATE') })
  .meta({ description: 'Data de nascimento (YYYY-MM-DD), no passado.' });

const Tag = z.string().trim().min(1).max(40);


export const CustomerAddressInput = z.strictObject({
  label: nullableText(60).meta({ description: 'Apelido do endereço: Casa, Trabalho…' }),
  zip_code: ZipCode,
  street: z.string().trim().min(1).max(160),
  number: z.string().trim().min(1).max(20),
  complement: nullableText(120),
  neighborhood: nullableText(120),
  city: z.string().trim().min(2).max(120),
  state: z.enum(BRAZILIAN_STATES),
  is_default: z.boolean().default(false).meta({ description: 'O endereço principal (no máximo um; sem nenhum marcado, o primeiro).' }),
});
/** An address of a PUT: with the id of one of the customer's addresses, that one changed; without, a new one. */
const CustomerAddressChange = CustomerAddressInput.extend({
  id: z.number().int().positive().optional().meta({ description: 'Endereço já cadastrado do cliente a alterar; sem id, um endereço novo.' }),
});
export type CustomerAddressInput = z.output<typeof CustomerAddressChange>;

const CustomerShape = {
  name: z.string().trim().min(2).max(160),
  description: nullableText(1000),
  cpf: Cpf.nullable().optional(),
  phone: MobilePhone.nullable().optional(),
  email: Email.nullable().optional(),
  birth_date: BirthDate.nullable().optional(),
  seller_id: nullableText(60).meta({ description: 'Vendedor responsável (somente administradores e gerentes o definem).' }),
  tags: z
    .array(Tag)
    .max(CUSTOMER_MAX_TAGS)
    .default([])
    .transform((tags) => [...new Set(tags)])
    .meta({ description: `Etiquetas (vip, atacado, app…), no máximo ${CUSTOMER_MAX_TAGS}; repetidas contam uma vez.` }),
  opt_in: z.boolean().default(false).meta({ description: 'Aceita receber mensagens (WhatsApp, e-mail) da loja: consentimento LGPD.' }),
  addresses: z.array(CustomerAddressInput).max(CUSTOMER_MAX_ADDRESSES).default([]),
};

const UpdateShape = { id: z.number().int().positive(), ...CustomerShape, addresses: z.array(CustomerAddressChange).max(CUSTOMER_MAX_ADDRESSES).default([]) };

/** At most one default address, reported at the second one marked. */
function oneDefault(c: { addresses: CustomerAddressInput[] }, ctx: z.RefinementCtx) {
  let seen = false;
  c.addresses.forEach((a, i) => {
    if (!a.is_default) return;
    if (seen) ctx.addIssue({ code: 'custom', path: ['addresses', i, 'is_default'], message: msg('CUSTOMER_ONE_DEFAULT_ADDRESS') });
    seen = true;
  });
}

/** With no address marked as the default, the first one is. */
const firstIsDefault = <T extends { addresses: CustomerAddressInput[] }>(c: T): T =>
  c.addresses.length && !c.addresses.some((a) => a.is_default)
    ? { ...c, addresses: c.addresses.map((a, i) => ({ ...a, is_default: i === 0 })) }
    : c;

export const CreateCustomerBody = z.strictObject(CustomerShape).superRefine(oneDefault).transform(firstIsDefault);
/** PUT replaces the whole customer (spec §7: the id goes in the body); addresses left out are removed. */
export const UpdateCustomerBody = z
  .strictObject(UpdateShape)
  .superRefine(oneDefault)
  .transform(firstIsDefault);
export type CustomerInput = z.output<typeof CreateCustomerBody>;

const BooleanFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const CUSTOMER_ORDER_BY = ['name', 'created_at'] as const;

export const CustomerSearchQuery = PageQuery.extend({
  search: OptionalText.meta({
    description: 'Parte do nome (sem diferenciar acentos), o CPF (com ou sem pontuação), o telefone (qualquer formato) ou o e-mail.',
  }),
  tag: OptionalText.meta({ description: 'Somente clientes com esta etiqueta.' }),
  location_id: z.coerce.number().int().positive().optional().meta({ description: 'Somente clientes atendidos por esta loja (pelo endereço principal).' }),
  opt_in: BooleanFilter.meta({ description: 'Somente quem aceita (`true`) ou não (`false`) receber mensagens.' }),
  order_by: z.enum(CUSTOMER_ORDER_BY).default('name'),
  order_direction: z.enum(['asc', 'desc']).optional().meta({ description: 'Padrão: asc por nome, desc por data de cadastro.' }),
});
export type CustomerSearchQuery = z.output<typeof CustomerSearchQuery>;

const StoreRef = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'CustomerStoreRef' });

export const CustomerAddress = z
  .object({
    id: z.number().int(),
    label: z.string().nullable(),
    zip_code: z.string(),
    street: z.string(),
    number: z.string(),
    complement: z.string().nullable(),
    neighborhood: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    is_default: z.boolean(),
    latitude: z.number().nullable().meta({ description: 'Do geocodificador; null quando o endereço não foi encontrado.' }),
    longitude: z.number().nullable(),
    location_id: z.number().int().nullable().meta({ description: 'A loja que entrega no endereço (a de menor taxa, depois menor prazo); null: nenhuma.' }),
    location_name: z.string().nullable(),
    region_id: z.number().int().nullable(),
    region_name: z.string().nullable(),
  })
  .meta({ id: 'CustomerAddress' });

export const Customer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    cpf: z.string().nullable().meta({ description: 'Só os dígitos.' }),
    phone: z.string().nullable().meta({ description: 'E.164 (+5511987654321).' }),
    email: z.string().nullable(),
    birth_date: z.iso.date().nullable(),
    seller_id: z.string().nullable(),
    tags: z.array(z.string()),
    opt_in: z.boolean(),
    opt_in_at: Timestamp.nullable().meta({ description: 'Quando o consentimento foi dado (o último opt-in).' }),
    anonymized_at: Timestamp.nullable().meta({ description: 'Anonimizado (LGPD): os dados pessoais foram apagados e o cliente não pode mais ser editado.' }),
    addresses: z.array(CustomerAddress),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof Customer>;

export const CustomerListItem = z
  .object({
    id: z.number().int(),
    name: z.string(),
    cpf: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    tags: z.array(z.string()),
    opt_in: z.boolean(),
    anonymized_at: Timestamp.nullable(),
    city: z.string().nullable().meta({ description: 'Cidade do endereço principal.' }),
    neighborhood: z.string().nullable(),
    store: StoreRef.nullable().meta({ description: 'A loja que atende o endereço principal.' }),
    created_at: Timestamp,
  })
  .meta({ id: 'CustomerListItem' });
export type CustomerListItem = z.infer<typeof CustomerListItem>;

/** A create's, update's or anonymisation's answer: the message to show and the customer as stored. */
export const CustomerResult = z.object({ message: z.string(), customer: Customer }).meta({ id: 'CustomerResult' });

export const CustomerAuditEntry = z
  .object({
    id: z.number().int(),
    action: z.enum(CUSTOMER_AUDIT_ACTIONS),
    user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable().meta({ description: 'Quem fez; null quando o usuário foi removido (ou a carga de demonstração).' }),
    fields: z.array(z.string()).meta({ description: 'Campos alterados (nomes, nunca os valores).' }),
    created_at: Timestamp,
  })
  .meta({ id: 'CustomerAuditEntry' });

export const CustomerAuditQuery = PageQuery;

export const CustomerExportCartItem = z.object({
  position: z.number().int(),
  detail: z.string(),
  query: z.string(),
  quantity: z.number().int(),
  unit_measurement: z.string(),
  status: z.string(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  unit_price: Money,
  sub_total: Money,
  discount: Money,
});

export const CustomerExportCart = z.object({
  id: z.number().int(),
  status: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  list_text: z.string(),
  coupon_code: z.string().nullable(),
  sub_total: Money,
  discount: Money,
  total: Money,
  created_at: Timestamp,
  link_sent_at: Timestamp.nullable(),
  opened_at: Timestamp.nullable(),
  converted_at: Timestamp.nullable(),
  items: z.array(CustomerExportCartItem),
});

/** Everything held on a customer (LGPD, art. 18: access and portability), as a JSON file. */
export const CustomerExport = z
  .object({
    exported_at: Timestamp,
    account: z.object({ id: z.number().int(), name: z.string() }),
    customer: Customer,
    shopping_carts: z.array(CustomerExportCart),
    audit: z.array(CustomerAuditEntry),
  })
  .meta({ id: 'CustomerExport' });

export const CustomerDashboardQuery = z
  .object({
    from: z.iso.date().optional().meta({ description: 'Primeiro dia (YYYY-MM-DD, horário de São Paulo). Padrão: 29 dias antes de `to`.' }),
    to: z.iso.date().optional().meta({ description: 'Último dia (YYYY-MM-DD, horário de São Paulo). Padrão: hoje.' }),
    location_id: z.coerce.number().int().positive().optional().meta({ description: 'Somente a loja: a do endereço principal do cliente (ou, sem ela, a dos carrinhos).' }),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: msg('END_DATE_BEFORE_START') });
    const days = q.from && q.to ? (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 : 0;
    if (days > CUSTOMER_DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: msg('PERIOD_TOO_LONG', { days: CUSTOMER_DASHBOARD_MAX_DAYS }) });
  });
export type CustomerDashboardQuery = z.output<typeof CustomerDashboardQuery>;

export const CustomerDashboard = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    location_id: z.number().int().nullable(),
    totals: z.object({
      customers: z.number().int().meta({ description: 'Clientes cadastrados até o fim do período.' }),
      new_customers: z.number().int().meta({ description: 'Cadastrados no período.' }),
      returning_customers: z.number().int().meta({ description: 'Com carrinho no período num dia depois do cadastro (cada cliente uma vez).' }),
      customers_with_carts: z.number().int(),
      opt_in: z.number().int().meta({ description: 'Dos clientes, os que aceitam mensagens.' }),
      spend: Money.meta({ description: 'Soma dos carrinhos aprovados, com link enviado ou abertos no período (até existirem pedidos).' }),
    }),
    per_day: z.array(z.object({ date: z.iso.date(), new_customers: z.number().int(), returning_customers: z.number().int() })),
    by_store: z.array(
      z.object({
        location_id: z.number().int().nullable().meta({ description: 'null: clientes que nenhuma loja atende.' }),
        location_name: z.string().nullable(),
        customers: z.number().int(),
        new_customers: z.number().int(),
        returning_customers: z.number().int(),
      }),
    ),
    top_customers: z.array(
      z.object({ id: z.number().int(), name: z.string(), carts: z.number().int(), spend: Money }),
    ),
  })
  .meta({ id: 'CustomerDashboard' });
export type CustomerDashboard = z.infer<typeof CustomerDashboard>;

/** Reading customers: any member with the customers module. */
const readers = { kind: 'account', module: 'customers' } as const;
/** Attendants (operators) register and update the customers they serve, as managers and admins do. */
const writers = readers;
/** LGPD requests (export, audit trail) go to admins and managers. */
const privacyOfficers = { ...readers, roles: ['admin', 'manager'] } as const;
/** Anonymisation cannot be undone: admins only. */
const admins = { ...readers, roles: ['admin'] } as const;

export const customerRoutes = {
  search: defineRoute({
    method: 'GET',
    path: '/search/customers',
    operationId: 'searchCustomers',
    summary: 'Clientes da conta atual: busca por nome, CPF, telefone ou e-mail; filtros por etiqueta, loja e opt-in; 50 por página',
    tags: ['Customers'],
    permission: readers,
    access: { fixture: 'customer' },
    querystring: CustomerSearchQuery,
    responses: { 200: paged(CustomerListItem) },
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/customer/dashboard',
    operationId: 'customerDashboard',
    summary: 'Clientes novos e recorrentes por dia, por loja, e os que mais compram (pelos carrinhos, até existirem pedidos)',
    tags: ['Customers'],
    permission: { kind: 'account', module: 'customers.dashboard' },
    access: {},
    querystring: CustomerDashboardQuery,
    responses: { 200: CustomerDashboard },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/customer/:id',
    operationId: 'getCustomer',
    summary: 'Um cliente da conta atual, com seus endereços e as lojas que os atendem',
    tags: ['Customers'],
    permission: readers,
    access: { fixture: 'customer' },
    params: IdParam,
    responses: { 200: Customer },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/customer/',
    operationId: 'createCustomer',
    summary: 'Cadastra um cliente (endereços geocodificados, com a loja e a região que os atendem)',
    tags: ['Customers'],
    permission: writers,
    access: { fixture: 'newCustomer' },
    body: CreateCustomerBody,
    responses: { 201: CustomerResult },
    errors: [409],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/customer/',
    operationId: 'updateCustomer',
    summary: 'Substitui os dados de um cliente (o id vai no corpo); um cliente anonimizado não é alterado',
    tags: ['Customers'],
    permission: writers,
    access: { fixture: 'customerUpdate', others: 404 },
    body: UpdateCustomerBody,
    responses: { 200: CustomerResult },
    errors: [404, 409, 422],
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/customer/:id/export',
    operationId: 'exportCustomer',
    summary: 'LGPD: baixa em JSON tudo o que a conta guarda do cliente (cadastro, endereços, carrinhos, auditoria); registrado na auditoria',
    tags: ['Customers'],
    permission: privacyOfficers,
    access: { fixture: 'customer' },
    params: IdParam,
    responses: { 200: CustomerExport },
    errors: [404],
  }),
  anonymize: defineRoute({
    method: 'POST',
    path: '/api/customer/:id/anonymize',
    operationId: 'anonymizeCustomer',
    summary: 'LGPD: apaga os dados pessoais do cliente (mantém o registro para os totais de pedidos); irreversível',
    tags: ['Customers'],
    permission: admins,
    access: { fixture: 'customerToAnonymize' },
    params: IdParam,
    responses: { 200: CustomerResult },
    errors: [404, 409],
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/api/customer/:id/audit',
    operationId: 'listCustomerAudit',
    summary: 'LGPD: quem cadastrou, alterou, exportou ou anonimizou o cliente, e quando (mais recentes primeiro)',
    tags: ['Customers'],
    permission: privacyOfficers,
    access: { fixture: 'customer' },
    params: IdParam,
    querystring: CustomerAuditQuery,
    responses: { 200: paged(CustomerAuditEntry) },
    errors: [404],
  }),
} as const;
