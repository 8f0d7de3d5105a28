// The WhatsApp channel (issue 22): the Cloud API webhook, the account's number, and the customer-side
// simulator panel where staff write as a customer of their own account.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { PageQuery, Timestamp, paged } from './common.ts';
import { Phone } from './brazil.ts';
import { msg } from './messages.ts';

export const WHATSAPP_PROVIDERS = ['local', 'cloud'] as const;
export const WHATSAPP_DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export const WHATSAPP_DELIVERY_STATUS_LABELS: Readonly<Record<(typeof WHATSAPP_DELIVERY_STATUSES)[number], string>> = {
  queued: 'Na fila',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Falhou',
};
export const WHATSAPP_MEDIA_TYPES = ['image', 'video', 'document', 'audio'] as const;

const HttpUrl = z
  .url({ protocol: /^https?$/, message: msg('WHATSAPP_MEDIA_URL') })
  .max(2000)
  .meta({ description: 'Endereço http(s) da mídia.' });

/** A message of the simulator's thread: the customer's (in) or one of ours to that phone (out). */
export const SimulatorMessage = z
  .object({
    id: z.string().meta({ description: 'in-{id} (do cliente) ou out-{id} (nossa).' }),
    direction: z.enum(['in', 'out']),
    /** Our outbound message's id (a button pressed under it answers it); null for the customer's. */
    message_id: z.number().int().nullable(),
    kind: z.enum(['text', 'media', 'template', 'button', 'location', 'other']),
    text: z.string().nullable(),
    media: z.object({ url: z.string(), media_type: z.string(), filename: z.string().nullable() }).nullable(),
    template: z.object({ name: z.string(), language: z.string(), params: z.array(z.string()) }).nullable(),
    button: z.object({ text: z.string(), payload: z.string().nullable() }).nullable(),
    /** Our message's delivery status; null for the customer's. */
    status: z.enum(WHATSAPP_DELIVERY_STATUSES).nullable(),
    error: z.string().nullable(),
    /** Of the customer's message: our message it answers. */
    reply_to: z.number().int().nullable(),
    at: Timestamp,
  })
  .meta({ id: 'WhatsAppSimulatorMessage' });
export type SimulatorMessage = z.infer<typeof SimulatorMessage>;

export const SimulatorMessageBody = z
  .strictObject({
    phone: Phone,
    name: z.string().trim().min(1).max(100).optional().meta({ description: 'Nome do perfil do cliente no WhatsApp.' }),
    id: z
      .string()
      .trim()
      .regex(/^[\w.-]{1,100}$/, { message: msg('WHATSAPP_SIMULATOR_ID_FORMAT') })
      .optional()
      .meta({ description: 'Id da mensagem no cliente: a mesma mensagem enviada de novo é guardada uma vez só.' }),
    text: z.string().trim().min(1).max(4096).optional(),
    button: z
      .strictObject({ text: z.string().trim().min(1).max(60), payload: z.string().trim().max(256).nullable().optional() })
      .optional()
      .meta({ description: 'Botão de resposta rápida apertado sob uma mensagem (template).' }),
    media: z
      .strictObject({
        url: HttpUrl,
        media_type: z.enum(WHATSAPP_MEDIA_TYPES),
        filename: z.string().trim().min(1).max(200).nullable().optional(),
        caption: z.string().trim().max(1024).nullable().optional(),
      })
      .optional(),
    reply_to: z.number().int().positive().optional().meta({ description: 'Nossa mensagem que esta responde (o botão de um template).' }),
  })
  .superRefine((b, ctx) => {
    const kinds = [b.text, b.button, b.media].filter((v) => v !== undefined).length;
    if (kinds !== 1) ctx.addIssue({ code: 'custom', path: ['text'], message: msg('WHATSAPP_SIMULATOR_ONE_KIND') });
  })
  .meta({ id: 'WhatsAppSimulatorMessageBody' });
export type SimulatorMessageBody = z.input<typeof SimulatorMessageBody>;

export const SimulatorSent = z
  .object({
    /** False when the same client id was received before (nothing new stored). */
    created: z.boolean(),
    message: SimulatorMessage.nullable(),
  })
  .meta({ id: 'WhatsAppSimulatorSent' });

export const SimulatorConversation = z
  .object({ phone: z.string(), name: z.string().nullable(), last_at: Timestamp })
  .meta({ id: 'WhatsAppSimulatorConversation' });

export const SimulatorPhoneParam = z.object({ phone: Phone });

export const SimulatorThread = z
  .object({ phone: z.string(), name: z.string().nullable(), messages: z.array(SimulatorMessage) })
  .meta({ id: 'WhatsAppSimulatorThread' });

export const SimulatorRead = z.object({ read: z.number().int().meta({ description: 'Mensagens marcadas como lidas.' }) }).meta({ id: 'WhatsAppSimulatorRead' });

/** The account's WhatsApp Business Cloud API number; the access token is write-only. */
export const WhatsAppNumber = z
  .object({
    provider: z.enum(WHATSAPP_PROVIDERS).meta({ description: 'Provedor em uso neste servidor: local (simulador) ou cloud (API oficial).' }),
    number: z
      .object({
        phone_number_id: z.string(),
        waba_id: z.string(),
        display_phone: z.string(),
        has_access_token: z.boolean(),
        updated_at: Timestamp,
      })
      .nullable(),
  })
  .meta({ id: 'WhatsAppNumber' });
export type WhatsAppNumber = z.infer<typeof WhatsAppNumber>;

const GraphId = (message: string) => z.string().trim().regex(/^\d{5,30}$/, { message });

export const WhatsAppNumberBody = z
  .strictObject({
    phone_number_id: GraphId(msg('WHATSAPP_PHONE_NUMBER_ID_FORMAT')).meta({ description: 'ID do número de telefone na Meta (phone_number_id).' }),
    waba_id: GraphId(msg('WHATSAPP_WABA_ID_FORMAT')).meta({ description: 'ID da conta do WhatsApp Business (WABA).' }),
    display_phone: Phone,
    access_token: z
      .string()
      .trim()
      .min(20)
      .max(1000)
      .optional()
      .meta({ description: 'Token de acesso (somente escrita: nunca é devolvido). Omitido: mantém o já salvo.' }),
  })
  .meta({ id: 'WhatsAppNumberBody' });
export type WhatsAppNumberBody = z.input<typeof WhatsAppNumberBody>;

export const WebhookVerifyQuery = z.object({
  'hub.mode': z.string().max(50),
  'hub.verify_token': z.string().max(500),
  'hub.challenge': z.string().min(1).max(500),
});

export const WebhookReceiveBody = z
  .looseObject({ object: z.string().optional(), entry: z.array(z.unknown()).optional() })
  .meta({ id: 'WhatsAppWebhookBody', description: 'Notificação da Meta (entry[].changes[].value: messages, statuses, message_template_status_update).' });

export const WebhookReceived = z
  .object({ received: z.boolean(), messages: z.number().int(), statuses: z.number().int(), templates: z.number().int() })
  .meta({ id: 'WhatsAppWebhookReceived' });

const tags = ['WhatsApp'];
/** Staff who attend chats act as customers in the simulator. */
const attendants = { kind: 'account', module: 'chats.conversations' } as const;
/** The number's credentials: admins of the chats module. */
const numberAdmins = { kind: 'account', module: 'chats', roles: ['admin'] } as const;

export const whatsappRoutes = {
  webhookVerify: defineRoute({
    method: 'GET',
    path: '/webhooks/whatsapp',
    operationId: 'verifyWhatsAppWebhook',
    summary: 'Verificação do webhook pela Meta (hub.mode=subscribe, hub.verify_token): responde hub.challenge em texto; token errado: 403',
    tags,
    permission: { kind: 'public' },
    access: { fixture: 'whatsappWebhookVerify' },
    querystring: WebhookVerifyQuery,
    responses: { 200: z.string().meta({ description: 'O hub.challenge recebido, em texto.' }) },
    errors: [403],
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/webhooks/whatsapp',
    operationId: 'receiveWhatsAppWebhook',
    summary:
      'Notificações da WhatsApp Cloud API (pública, assinada: X-Hub-Signature-256 "sha256=…" com o segredo do app). Sem assinatura: 401; assinatura errada: 403; nada é guardado. A mesma mensagem de novo: guardada e tratada uma vez',
    tags,
    permission: { kind: 'public' },
    access: { fixture: 'whatsappWebhook' },
    body: WebhookReceiveBody,
    responses: { 200: WebhookReceived },
    errors: [401, 403],
  }),
  getNumber: defineRoute({
    method: 'GET',
    path: '/api/whatsapp/number',
    operationId: 'getWhatsAppNumber',
    summary: 'O número do WhatsApp Business (Cloud API) da conta atual e o provedor em uso; o token de acesso nunca é devolvido',
    tags,
    permission: numberAdmins,
    access: {},
    responses: { 200: WhatsAppNumber },
  }),
  saveNumber: defineRoute({
    method: 'PUT',
    path: '/api/whatsapp/number',
    operationId: 'saveWhatsAppNumber',
    summary: 'Salva o número do WhatsApp Business (Cloud API) da conta atual: ID do número, WABA, telefone exibido e token (somente escrita)',
    tags,
    permission: numberAdmins,
    access: { fixture: 'whatsappNumber', others: 'own' },
    body: WhatsAppNumberBody,
    responses: { 200: WhatsAppNumber },
    errors: [409],
  }),
  simulatorSend: defineRoute({
    method: 'POST',
    path: '/api/whatsapp/simulator/messages',
    operationId: 'sendWhatsAppSimulatorMessage',
    summary: 'Simulador: escreve como cliente (texto, botão ou mídia) para a conta atual; segue o mesmo caminho de uma mensagem do webhook',
    tags,
    permission: attendants,
    access: { fixture: 'whatsappSimulatorMessage', others: 'own' },
    body: SimulatorMessageBody,
    responses: { 201: SimulatorSent },
  }),
  simulatorConversations: defineRoute({
    method: 'GET',
    path: '/api/whatsapp/simulator/conversations',
    operationId: 'listWhatsAppSimulatorConversations',
    summary: 'Simulador: os telefones com mensagens na conta atual, os mais recentes primeiro (paginado)',
    tags,
    permission: attendants,
    access: {},
    querystring: PageQuery,
    responses: { 200: paged(SimulatorConversation) },
  }),
  simulatorThread: defineRoute({
    method: 'GET',
    path: '/api/whatsapp/simulator/conversations/:phone',
    operationId: 'getWhatsAppSimulatorThread',
    summary: 'Simulador: a conversa com um telefone — as mensagens do cliente e as nossas, com conteúdo e status, das mais antigas às mais novas',
    tags,
    permission: attendants,
    access: { fixture: 'whatsappSimulatorThread', others: 'own' },
    params: SimulatorPhoneParam,
    responses: { 200: SimulatorThread },
  }),
  simulatorRead: defineRoute({
    method: 'POST',
    path: '/api/whatsapp/simulator/conversations/:phone/read',
    operationId: 'readWhatsAppSimulatorThread',
    summary: 'Simulador: o cliente lê a conversa — o que foi entregue passa a lido (os status seguem como os da Meta)',
    tags,
    permission: attendants,
    access: { fixture: 'whatsappSimulatorThread', others: 'own' },
    params: SimulatorPhoneParam,
    responses: { 200: SimulatorRead },
  }),
};
