// Issue 22: WhatsApp messaging campaigns, their message templates and the notification templates
// (spec §2 Messaging campaigns, §3 Message campaign and template, §4 cancel, §5 template rules, §7 Messaging).
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, Money, OptionalText, PageQuery, Timestamp, endNotBeforeStart, paged } from './common.ts';
import { Phone } from './brazil.ts';
import { msg } from './messages.ts';

export * from './messaging-campaigns-constants.ts';
import { MESSAGING_TEMPLATE_STATUSES, MESSAGING_TEMPLATE_BUTTONS, MESSAGING_DEFAULT_BUTTON, MESSAGING_TEMPLATE_SAMPLE_MESSAGE, MESSAGING_NAME_PLACEHOLDER, MESSAGING_CAMPAIGN_STATUSES, MESSAGING_AUDIENCE_TYPES, NOTIFICATION_TEMPLATE_EVENTS, MESSAGING_MEDIA_TYPES, MESSAGING_CAMPAIGN_PAGE_SIZE, MESSAGING_ORDER_WINDOW_DAYS, MESSAGING_DASHBOARD_MAX_DAYS, MESSAGING_AUDIENCE_LIST_MAX } from './messaging-campaigns-constants.ts';

/** São Paulo keeps UTC-03:00 all year (no daylight saving since 2019). */
const SAO_PAULO_OFFSET = '-03:00';
const lineBreaks = (v: string): string => v.replace(/\r\n?/g, '\n');

/** A start: a moment with its offset, or a date (YYYY-MM-DD) meaning 00:00 in São Paulo. */
const StartAt = z
  .union([z.iso.date(), Timestamp])
  .transform((v) => (v.length === 10 ? `${v}T00:00:00.000${SAO_PAULO_OFFSET}` : v))
  .meta({ description: 'Início: data e hora com deslocamento, ou só a data (YYYY-MM-DD), que começa às 00:00 de São Paulo.' });
/** An end: a moment with its offset, or a date (YYYY-MM-DD) meaning 23:59 in São Paulo. */
const EndAt = z
  .union([z.iso.date(), Timestamp])
  .transform((v) => (v.length === 10 ? `${v}T23:59:59.999${SAO_PAULO_OFFSET}` : v))
  .meta({ description: 'Fim: data e hora com deslocamento, ou só a data (YYYY-MM-DD), que termina às 23:59 de São Paulo.' });

/** A path served by this API (`/uploads/…`, from POST /api/messaging-campaign/upload); never an outside address. */
const MediaUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/, { message: msg('MEDIA_URL_FROM_UPLOAD') });

const mediaFields = {
  media_url: MediaUrl.nullable().optional().meta({ description: 'Endereço devolvido por POST /api/messaging-campaign/upload (ou a mídia que um template ou campanha da conta já usa).' }),
  media_type: z.string().trim().max(100).nullable().optional().meta({ description: 'Ignorado: o tipo vem do próprio arquivo.' }),
  media_name: z.string().trim().max(255).nullable().optional().meta({ description: 'Nome do arquivo; ignorado sem media_url.' }),
};

// ── Templates ────────────────────────────────────────────────────────────────────────────────

const TemplateName = z
  .string()
  .trim()
  .min(1, { message: msg('MESSAGING_TEMPLATE_NAME_REQUIRED') })
  .max(512)
  .regex(/^[a-z0-9_]+$/, { message: msg('MESSAGING_TEMPLATE_NAME_FORMAT') })
  .meta({ description: 'Nome do template no provedor: letras minúsculas, números e sublinhado (_), único na conta.' });

const TemplateMessage = z
  .string()
  .max(1024)
  .transform((v) => lineBreaks(v).trim())
  .refine((v) => v.length > 0, { message: msg('MESSAGING_TEMPLATE_MESSAGE_REQUIRED') })
  .refine((v) => v !== MESSAGING_TEMPLATE_SAMPLE_MESSAGE, { message: msg('MESSAGING_TEMPLATE_MESSAGE_SAMPLE') })
  .meta({ description: `Texto da mensagem (até 1024 caracteres; quebras de linha viram \\n). ${MESSAGING_NAME_PLACEHOLDER} é o primeiro nome do cliente.` });

const TemplateButtons = z
  .array(z.enum(MESSAGING_TEMPLATE_BUTTONS))
  .max(MESSAGING_TEMPLATE_BUTTONS.length)
  .default([MESSAGING_DEFAULT_BUTTON])
  .transform((b) => [...new Set(b)])
  .refine((b) => b.length > 0, { message: msg('MESSAGING_TEMPLATE_BUTTON_REQUIRED') })
  .meta({ description: 'Botões de resposta rápida: "Quero aproveitar" (padrão) e/ou "Não quero mensagens".' });

const TemplateFields = z.strictObject({
  name: TemplateName,
  description: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .optional()
    .transform((v) => v || null),
  message: TemplateMessage,
  buttons: TemplateButtons,
  ...mediaFields,
});

export const CreateMessagingTemplateBody = TemplateFields;
/** PUT replaces the whole template and submits it again for the provider's approval. */
export const UpdateMessagingTemplateBody = TemplateFields;
export type MessagingTemplateInput = z.output<typeof CreateMessagingTemplateBody>;

export const MessagingTemplateListQuery = PageQuery.extend({
  search: OptionalText.meta({ description: 'Parte do nome ou da descrição.' }),
  status: z.enum(MESSAGING_TEMPLATE_STATUSES).optional(),
});

export const MessagingTemplate = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    message: z.string(),
    buttons: z.array(z.enum(MESSAGING_TEMPLATE_BUTTONS)),
    media_url: z.string().nullable(),
    media_type: z.string().nullable(),
    media_name: z.string().nullable(),
    language: z.string(),
    status: z.enum(MESSAGING_TEMPLATE_STATUSES),
    rejection_reason: z.string().nullable().meta({ description: 'O texto da recusa do provedor, quando recusado.' }),
    submitted_at: Timestamp,
    decided_at: Timestamp.nullable(),
    campaigns_count: z.number().int().meta({ description: 'Campanhas que usam o template.' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'MessagingTemplate' });

// ── Campaigns ────────────────────────────────────────────────────────────────────────────────

const Tag = z.string().trim().min(1).max(40);

export const MessagingAudience = z
  .strictObject({
    type: z.enum(MESSAGING_AUDIENCE_TYPES),
    tags: z.array(Tag).max(50).default([]).transform((t) => [...new Set(t)]).meta({ description: 'Etiquetas (type tags): quem tem ao menos uma.' }),
    customer_ids: z.array(z.number().int().positive()).max(MESSAGING_AUDIENCE_LIST_MAX).default([]).transform((t) => [...new Set(t)]),
    phones: z.array(Phone).max(MESSAGING_AUDIENCE_LIST_MAX).default([]).transform((t) => [...new Set(t)]).meta({ description: 'Telefones de clientes cadastrados (type list).' }),
    product_ids: z.array(z.number().int().positive()).max(200).default([]).transform((t) => [...new Set(t)]).meta({ description: 'Quem comprou um destes produtos (type product).' }),
  })
  .meta({ id: 'MessagingAudience' });
export type MessagingAudienceInput = z.output<typeof MessagingAudience>;

const CampaignFields = z.strictObject({
  name: z.string().trim().min(2).max(120),
  template_id: z.number().int().positive(),
  message: z
    .string()
    .max(1000)
    .transform((v) => lineBreaks(v).trim() || null)
    .nullable()
    .optional()
    .transform((v) => v ?? null)
    .meta({ description: 'Observação interna da campanha (quebras de linha viram \\n); a mensagem enviada é a do template.' }),
  audience: MessagingAudience,
  location_ids: z.array(z.number().int().positive()).max(1000).default([]).transform((l) => [...new Set(l)]).meta({ description: 'Lojas da campanha; vazio: todas.' }),
  start_at: StartAt,
  end_at: EndAt,
  draft: z.boolean().default(false).meta({ description: 'Salva sem agendar o envio (o template não precisa estar aprovado).' }),
  ...mediaFields,
});

function campaignRules(c: z.output<typeof CampaignFields>, ctx: z.RefinementCtx) {
  if (Date.parse(c.end_at) <= Date.parse(c.start_at)) ctx.addIssue({ code: 'custom', path: ['end_at'], message: msg('END_BEFORE_START') });
  const a = c.audience;
  if (a.type === 'tags' && !a.tags.length) ctx.addIssue({ code: 'custom', path: ['audience', 'tags'], message: msg('MESSAGING_AUDIENCE_TAGS_REQUIRED') });
  if (a.type === 'list' && !a.customer_ids.length && !a.phones.length) {
    ctx.addIssue({ code: 'custom', path: ['audience', 'customer_ids'], message: msg('MESSAGING_AUDIENCE_LIST_REQUIRED') });
  }
  if (a.type === 'product' && !a.product_ids.length) ctx.addIssue({ code: 'custom', path: ['audience', 'product_ids'], message: msg('MESSAGING_AUDIENCE_PRODUCTS_REQUIRED') });
  if (a.type === 'stores' && !c.location_ids.length) ctx.addIssue({ code: 'custom', path: ['location_ids'], message: msg('MESSAGING_AUDIENCE_STORES_REQUIRED') });
}

export const CreateMessagingCampaignBody = CampaignFields.superRefine(campaignRules);
/** PUT replaces the whole campaign (only before sending starts). */
export const UpdateMessagingCampaignBody = CampaignFields.superRefine(campaignRules);
export type MessagingCampaignInput = z.output<typeof CreateMessagingCampaignBody>;

export const MessagingCampaignListQuery = PageQuery.extend({
  quantity: z.coerce.number().int().min(1).max(500).default(MESSAGING_CAMPAIGN_PAGE_SIZE),
  search: OptionalText.meta({ description: 'Parte do nome.' }),
  status: z.enum(MESSAGING_CAMPAIGN_STATUSES).optional(),
  template_id: z.coerce.number().int().positive().optional(),
  start_date: z.iso.date().optional().meta({ description: 'Campanhas com período em algum dia a partir desta data (YYYY-MM-DD).' }),
  end_date: z.iso.date().optional().meta({ description: 'Campanhas com período em algum dia até esta data (YYYY-MM-DD).' }),
}).superRefine(endNotBeforeStart);

const Int = z.number().int();

/** The funnel's counts: each a number of recipients. */
export const MessagingCounts = z
  .object({
    recipients: Int,
    sent: Int.meta({ description: 'Enviadas ao provedor (inclui entregues e lidas).' }),
    delivered: Int.meta({ description: 'Entregues (inclui lidas).' }),
    read: Int,
    replied: Int.meta({ description: 'Responderam "Quero aproveitar".' }),
    opted_out: Int.meta({ description: 'Responderam "Não quero mensagens".' }),
    failed: Int,
    pending: Int.meta({ description: 'Ainda por enviar.' }),
  })
  .meta({ id: 'MessagingCounts' });

export const MessagingCampaign = z
  .object({
    id: Int,
    name: z.string(),
    status: z.enum(MESSAGING_CAMPAIGN_STATUSES),
    template_id: Int,
    template: z.object({ id: Int, name: z.string(), status: z.enum(MESSAGING_TEMPLATE_STATUSES), message: z.string(), buttons: z.array(z.enum(MESSAGING_TEMPLATE_BUTTONS)) }),
    message: z.string().nullable(),
    audience: z.object({
      type: z.enum(MESSAGING_AUDIENCE_TYPES),
      tags: z.array(z.string()),
      customer_ids: z.array(Int),
      phones: z.array(z.string()),
      product_ids: z.array(Int),
    }),
    location_ids: z.array(Int),
    start_at: Timestamp,
    end_at: Timestamp,
    media_url: z.string().nullable(),
    media_type: z.string().nullable(),
    media_name: z.string().nullable(),
    counts: MessagingCounts,
    started_at: Timestamp.nullable().meta({ description: 'Quando os destinatários foram escolhidos e o envio começou.' }),
    finished_at: Timestamp.nullable(),
    canceled_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'MessagingCampaign' });

export const MessagingCampaignCancelResult = z.object({ message: z.string(), campaign: MessagingCampaign }).meta({ id: 'MessagingCampaignCancelResult' });

/** The multipart form of the media upload: one file in the field `file`. */
export const MessagingMediaUploadBody = z
  .object({ file: z.string().meta({ format: 'binary', description: 'JPEG ou PNG (até 5 MB), MP4 (até 16 MB) ou PDF (até 100 MB).' }) })
  .meta({ id: 'MessagingMediaUploadBody' });

export const MessagingMedia = z
  .object({
    url: z.string(),
    type: z.enum(MESSAGING_MEDIA_TYPES),
    name: z.string(),
    size: Int,
  })
  .meta({ id: 'MessagingMedia' });

// ── Dashboards ───────────────────────────────────────────────────────────────────────────────

export const MessagingDashboardQuery = z
  .object({
    start_date: z.iso.date().optional().meta({ description: 'Primeiro dia (YYYY-MM-DD, São Paulo); padrão: 30 dias atrás.' }),
    end_date: z.iso.date().optional().meta({ description: 'Último dia (YYYY-MM-DD, São Paulo); padrão: hoje.' }),
  })
  .superRefine(endNotBeforeStart)
  .superRefine((q, ctx) => {
    if (q.start_date && q.end_date && (Date.parse(q.end_date) - Date.parse(q.start_date)) / 86_400_000 >= MESSAGING_DASHBOARD_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: msg('MESSAGING_DASHBOARD_PERIOD', { days: MESSAGING_DASHBOARD_MAX_DAYS }) });
    }
  });

/** One São Paulo day: how many messages were sent, delivered, read, answered and opted out that day. */
export const MessagingDay = z
  .object({ date: z.iso.date(), sent: Int, delivered: Int, read: Int, replied: Int, opted_out: Int, failed: Int })
  .meta({ id: 'MessagingDay' });

export const MessagingDashboard = z
  .object({
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    campaigns: Int.meta({ description: 'Campanhas que enviaram no período.' }),
    totals: z.object({ sent: Int, delivered: Int, read: Int, replied: Int, opted_out: Int, failed: Int }),
    days: z.array(MessagingDay),
  })
  .meta({ id: 'MessagingDashboard' });

export const MessagingCampaignDashboard = z
  .object({
    campaign: z.object({ id: Int, name: z.string(), status: z.enum(MESSAGING_CAMPAIGN_STATUSES), start_at: Timestamp, end_at: Timestamp }),
    funnel: MessagingCounts.extend({
      orders: Int.meta({ description: `Pedidos feitos pelos destinatários em até ${MESSAGING_ORDER_WINDOW_DAYS} dias após a mensagem.` }),
      ordering_customers: Int.meta({ description: 'Destinatários que fizeram ao menos um desses pedidos.' }),
      orders_total: Money.meta({ description: 'Soma desses pedidos (cancelados e estornados fora), em reais.' }),
    }),
    days: z.array(MessagingDay),
  })
  .meta({ id: 'MessagingCampaignDashboard' });

// ── Notification templates ───────────────────────────────────────────────────────────────────

const NotificationFields = {
  event: z.enum(NOTIFICATION_TEMPLATE_EVENTS).meta({ description: 'A mudança do pedido que envia a mensagem (um template por evento).' }),
  name: z.string().trim().min(2).max(120),
  message: z
    .string()
    .max(1024)
    .transform((v) => lineBreaks(v).trim())
    .refine((v) => v.length > 0, { message: msg('NOTIFICATION_TEMPLATE_MESSAGE_REQUIRED') })
    .meta({ description: 'Texto (quebras de linha viram \\n); {{nome}} é o primeiro nome do cliente e {{pedido}} o número do pedido.' }),
  active: z.boolean().default(true),
};

export const CreateNotificationTemplateBody = z.strictObject(NotificationFields);
/** PUT names the template in the body (`id`) and replaces it. */
export const UpdateNotificationTemplateBody = z.strictObject({ id: z.number().int().positive(), ...NotificationFields });
export type NotificationTemplateInput = z.output<typeof CreateNotificationTemplateBody>;

export const NotificationTemplateListQuery = z.object({
  event: z.enum(NOTIFICATION_TEMPLATE_EVENTS).optional(),
});

export const NotificationTemplate = z
  .object({
    id: Int,
    event: z.enum(NOTIFICATION_TEMPLATE_EVENTS),
    name: z.string(),
    message: z.string(),
    active: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'NotificationTemplate' });

export const NotificationTemplateList = z.object({ data: z.array(NotificationTemplate) }).meta({ id: 'NotificationTemplateList' });

// ── Routes ───────────────────────────────────────────────────────────────────────────────────

const campaigns = { kind: 'account', module: 'messaging_campaigns.campaigns' } as const;
const campaignWriters = { ...campaigns, roles: ['admin', 'manager'] } as const;
const templates = { kind: 'account', module: 'messaging_campaigns.templates' } as const;
const templateWriters = { ...templates, roles: ['admin', 'manager'] } as const;
const dashboard = { kind: 'account', module: 'messaging_campaigns.dashboard' } as const;
const tags = ['Messaging campaigns'] as const;

export const messagingCampaignRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/messaging-campaign',
    operationId: 'listMessagingCampaigns',
    summary: 'Campanhas de mensagens da conta, paginadas e filtradas por status, nome e período',
    tags,
    permission: campaigns,
    access: {},
    querystring: MessagingCampaignListQuery,
    responses: { 200: paged(MessagingCampaign) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/messaging-campaign/:id',
    operationId: 'getMessagingCampaign',
    summary: 'Uma campanha de mensagens, com a contagem dos destinatários',
    tags,
    permission: campaigns,
    access: { fixture: 'messagingCampaign' },
    params: IdParam,
    responses: { 200: MessagingCampaign },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/messaging-campaign',
    operationId: 'createMessagingCampaign',
    summary: 'Cria uma campanha (rascunho, ou agendada com um template aprovado)',
    tags,
    permission: campaignWriters,
    access: { fixture: 'newMessagingCampaign', others: 404 },
    body: CreateMessagingCampaignBody,
    responses: { 201: MessagingCampaign },
    errors: [404, 422],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/messaging-campaign/:id',
    operationId: 'updateMessagingCampaign',
    summary: 'Substitui os dados de uma campanha que ainda não começou a enviar',
    tags,
    permission: campaignWriters,
    access: { fixture: 'messagingCampaignUpdate' },
    params: IdParam,
    body: UpdateMessagingCampaignBody,
    responses: { 200: MessagingCampaign },
    errors: [404, 409, 422],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/messaging-campaign/campaign/:id',
    operationId: 'deleteMessagingCampaign',
    summary: 'Exclui uma campanha que não está enviando',
    tags,
    permission: campaignWriters,
    access: { fixture: 'messagingCampaign' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404, 409],
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/messaging-campaign/cancel/:id',
    operationId: 'cancelMessagingCampaign',
    summary: 'Cancela uma campanha: o que ainda não foi enviado não será',
    tags,
    permission: campaignWriters,
    access: { fixture: 'messagingCampaign' },
    params: IdParam,
    responses: { 200: MessagingCampaignCancelResult },
    errors: [404, 409],
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/messaging-campaign/upload',
    operationId: 'uploadMessagingMedia',
    summary: 'Envia a mídia de um template ou campanha e devolve url, tipo e nome',
    tags,
    permission: { kind: 'account', module: 'messaging_campaigns', roles: ['admin', 'manager'] },
    access: { fixture: 'messagingMedia' },
    body: MessagingMediaUploadBody,
    bodyContentType: 'multipart/form-data',
    responses: { 201: MessagingMedia },
    errors: [413],
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/api/messaging-campaign/dashboard',
    operationId: 'getMessagingDashboard',
    summary: 'Todas as campanhas no período: enviadas, entregues, lidas, respondidas e descadastros por dia, e os totais',
    tags,
    permission: dashboard,
    access: {},
    querystring: MessagingDashboardQuery,
    responses: { 200: MessagingDashboard },
  }),
  campaignDashboard: defineRoute({
    method: 'GET',
    path: '/api/messaging-campaign/:id/dashboard',
    operationId: 'getMessagingCampaignDashboard',
    summary: 'O funil de uma campanha: enviadas → entregues → lidas → respondidas / descadastros → pedidos em até 7 dias',
    tags,
    permission: dashboard,
    access: { fixture: 'messagingCampaign' },
    params: IdParam,
    responses: { 200: MessagingCampaignDashboard },
    errors: [404],
  }),
} as const;

export const messagingTemplateRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/messaging-campaign/template',
    operationId: 'listMessagingTemplates',
    summary: 'Templates de mensagem da conta, com o status de aprovação do provedor',
    tags,
    permission: templates,
    access: {},
    querystring: MessagingTemplateListQuery,
    responses: { 200: paged(MessagingTemplate) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/messaging-campaign/template/:id',
    operationId: 'getMessagingTemplate',
    summary: 'Um template de mensagem',
    tags,
    permission: templates,
    access: { fixture: 'messagingTemplate' },
    params: IdParam,
    responses: { 200: MessagingTemplate },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/messaging-campaign/template',
    operationId: 'createMessagingTemplate',
    summary: 'Cria um template e o envia para aprovação do provedor',
    tags,
    permission: templateWriters,
    access: { fixture: 'newMessagingTemplate' },
    body: CreateMessagingTemplateBody,
    responses: { 201: MessagingTemplate },
    errors: [409],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/messaging-campaign/template/:id',
    operationId: 'updateMessagingTemplate',
    summary: 'Substitui um template (que nenhuma campanha agendada ou enviando usa) e o reenvia para aprovação',
    tags,
    permission: templateWriters,
    access: { fixture: 'messagingTemplateUpdate' },
    params: IdParam,
    body: UpdateMessagingTemplateBody,
    responses: { 200: MessagingTemplate },
    errors: [404, 409],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/messaging-campaign/template/:id',
    operationId: 'deleteMessagingTemplate',
    summary: 'Exclui um template que nenhuma campanha usa',
    tags,
    permission: templateWriters,
    access: { fixture: 'messagingTemplate' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404, 409],
  }),
} as const;

export const notificationTemplateRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notification/templates',
    operationId: 'listNotificationTemplates',
    summary: 'Templates das notificações automáticas de pedido (WhatsApp)',
    tags,
    permission: templates,
    access: {},
    querystring: NotificationTemplateListQuery,
    responses: { 200: NotificationTemplateList },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/notification/templates',
    operationId: 'createNotificationTemplate',
    summary: 'Cria o template de notificação de um evento de pedido',
    tags,
    permission: templateWriters,
    access: { fixture: 'newNotificationTemplate' },
    body: CreateNotificationTemplateBody,
    responses: { 201: NotificationTemplate },
    errors: [409],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/notification/templates',
    operationId: 'updateNotificationTemplate',
    summary: 'Substitui um template de notificação (id no corpo)',
    tags,
    permission: templateWriters,
    access: { fixture: 'notificationTemplateUpdate', others: 404 },
    body: UpdateNotificationTemplateBody,
    responses: { 200: NotificationTemplate },
    errors: [404, 409],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/notification/templates/:id',
    operationId: 'deleteNotificationTemplate',
    summary: 'Exclui um template de notificação',
    tags,
    permission: templateWriters,
    access: { fixture: 'notificationTemplate' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404],
  }),
} as const;
