import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, Money, OptionalText, PageQuery, Timestamp, endNotBeforeStart, paged } from './common.ts';
import { msg } from './messages.ts';
import { ShoppingCart } from './shopping-carts.ts';

/**
 * Customer-service chats over WhatsApp (issue 22): conversations, attendants, tags, chat templates,
 * the bot flow and the attendance dashboards.
 *
 * Realtime: the socket.io event `whatsapp` (see `ChatRealtimeEvent` below) goes to the account's room
 * and, when the chat has an attendant, to that attendant's own room (both: a client in both rooms gets
 * it once per room, so dedupe by `type` + `chat_id` + `message.id`/`at`).
 */

export * from './chats-constants.ts';
import { CHAT_CHANNELS, CHAT_STATUSES, CHAT_MESSAGE_KINDS, CHAT_MESSAGE_AUTHORS, CHAT_MESSAGE_DIRECTIONS, CHAT_DELIVERY_STATUSES, ATTENDANT_STATUSES, CHAT_TEMPLATE_STATUSES, BOT_STEPS, CHAT_SORTS } from './chats-constants.ts';

/** Media an attendant may send (bytes: the upload refuses larger files). */
export const CHAT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf', 'video/mp4'] as const;
export const CHAT_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

const Id = z.number().int();
const UserRef = z.object({ user_id: Id, name: z.string() }).meta({ id: 'ChatUserRef' });
const LocationRef = z.object({ id: Id, name: z.string() });
const TagRef = z.object({ id: Id, name: z.string(), color: z.string() });

/** A path served by this API (`/uploads/…` from POST /api/chats/media). */
const MediaUrl = z.string().trim().max(500).regex(/^\/uploads\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/);

// ── chats ──────────────────────────────────────────────────────────────────────────────────────

export const ChatListQuery = PageQuery.extend({
  status: z.enum(CHAT_STATUSES).optional(),
  channel: z.enum(CHAT_CHANNELS).optional(),
  attendant_user_id: z.coerce.number().int().positive().optional().meta({ description: 'O usuário atendente.' }),
  unassigned: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .meta({ description: 'true: só conversas sem atendente.' }),
  tag_id: z.coerce.number().int().positive().optional(),
  location_id: z.coerce.number().int().positive().optional().meta({ description: 'A loja.' }),
  search: OptionalText.meta({ description: 'Nome ou telefone do cliente.' }),
  sort: z.enum(CHAT_SORTS).default('desc').meta({ description: 'desc: mais recentes; asc: mais antigas (pela última mensagem).' }),
});
export type ChatListQuery = z.output<typeof ChatListQuery>;

export const ChatSummary = z
  .object({
    id: Id,
    status: z.enum(CHAT_STATUSES),
    channel: z.enum(CHAT_CHANNELS),
    phone: z.string(),
    customer: z.object({ id: Id, name: z.string() }),
    location: LocationRef.nullable(),
    attendant: UserRef.nullable(),
    tags: z.array(TagRef),
    unread_count: z.number().int(),
    last_message_at: Timestamp.nullable(),
    last_message_preview: z.string().nullable(),
    bot_step: z.enum(BOT_STEPS).nullable(),
    first_response_at: Timestamp.nullable(),
    resolved_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'ChatSummary' });
export type ChatSummary = z.infer<typeof ChatSummary>;

export const ChatMessage = z
  .object({
    id: Id,
    chat_id: Id,
    direction: z.enum(CHAT_MESSAGE_DIRECTIONS),
    author: z.enum(CHAT_MESSAGE_AUTHORS),
    author_user: UserRef.nullable().meta({ description: 'O atendente que escreveu (author attendant).' }),
    kind: z.enum(CHAT_MESSAGE_KINDS),
    body: z.string().nullable(),
    media: z.object({ url: z.string(), media_type: z.string(), name: z.string().nullable() }).nullable(),
    cart_id: Id.nullable(),
    template_id: Id.nullable().meta({ description: 'O modelo de chat usado (kind template).' }),
    delivery_status: z.enum(CHAT_DELIVERY_STATUSES).nullable().meta({ description: 'O que enviamos: queued → sent → delivered → read, ou failed.' }),
    delivery_error: z.string().nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

const PanelCart = z.object({ id: Id, status: z.string(), total: Money, items_count: z.number().int(), created_at: Timestamp, link_sent_at: Timestamp.nullable() });
const PanelOrder = z.object({ id: Id, number: z.number().int(), status: z.string(), total: Money, created_at: Timestamp });

/** `/chats/{id}`: the chat with its customer panel (data, carts, orders). */
export const ChatDetail = ChatSummary.extend({
  customer: z.object({
    id: Id,
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    cpf: z.string().nullable(),
    tags: z.array(z.string()),
    opt_in: z.boolean(),
    created_at: Timestamp,
  }),
  carts: z.array(PanelCart).meta({ description: 'Os 10 carrinhos mais recentes do cliente.' }),
  orders: z.array(PanelOrder).meta({ description: 'Os 10 pedidos mais recentes do cliente.' }),
  orders_count: z.number().int(),
  orders_total: Money,
}).meta({ id: 'ChatDetail' });

export const ChatMessagesQuery = PageQuery.extend({
  quantity: z.coerce.number().int().min(1).max(200).default(50),
}).meta({ description: 'Página 1: as mensagens mais recentes; cada página em ordem cronológica.' });

export const SendChatMessageBody = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('text'), text: z.string().trim().min(1).max(4096) }),
    z.strictObject({
      kind: z.literal('media'),
      media_url: MediaUrl.meta({ description: 'O endereço devolvido por POST /api/chats/media.' }),
      media_type: z.enum(CHAT_MEDIA_TYPES),
      media_name: z.string().trim().max(255).nullable().optional(),
      caption: z.string().trim().max(1024).nullable().optional(),
    }),
    z.strictObject({ kind: z.literal('template'), template_id: z.number().int().positive().meta({ description: 'Um modelo de chat ativo que o usuário vê.' }) }),
    z.strictObject({ kind: z.literal('cart_link'), cart_id: z.number().int().positive().meta({ description: 'Um carrinho aprovado do cliente da conversa.' }) }),
  ])
  .meta({ id: 'SendChatMessageBody' });
export type SendChatMessageInput = z.output<typeof SendChatMessageBody>;

/** A cart draft from the customer's list (then reviewed and approved on /shopping-cart/{id}, and sent with kind cart_link). */
export const ChatCartBody = z.strictObject({
  list: z.string().trim().min(1).max(10_000).optional().meta({ description: 'A lista; sem ela, a última lista que o cliente mandou na conversa.' }),
  location_id: z.number().int().positive().optional().meta({ description: 'A loja; sem ela, a da conversa.' }),
});

export const TransferChatBody = z.strictObject({
  to_user_id: z.number().int().positive().meta({ description: 'O atendente que recebe a conversa (não o atual).' }),
});

export const ChatTagsBody = z.strictObject({ tag_ids: z.array(z.number().int().positive()).max(20) });

export const ChatMediaUploadBody = z
  .object({ file: z.string().meta({ format: 'binary', description: 'JPEG, PNG, WebP, GIF, PDF ou MP4 (até 16 MB).' }) })
  .meta({ id: 'ChatMediaUploadBody' });

export const ChatMedia = z
  .object({ media_url: z.string(), media_type: z.enum(CHAT_MEDIA_TYPES), media_name: z.string(), size: z.number().int() })
  .meta({ id: 'ChatMedia' });

export const ChatActionResult = z.object({ message: z.string(), chat: ChatSummary }).meta({ id: 'ChatActionResult' });
export const SentChatMessage = z.object({ message: ChatMessage, chat: ChatSummary }).meta({ id: 'SentChatMessage' });

// ── attendants ────────────────────────────────────────────────────────────────────────────────

export const Attendant = z
  .object({
    id: Id,
    user: z.object({ id: Id, name: z.string(), email: z.string() }),
    status: z.enum(ATTENDANT_STATUSES),
    max_chats: z.number().int(),
    location_ids: z.array(Id).meta({ description: 'As lojas que atende; vazio: todas.' }),
    open_chats: z.number().int().meta({ description: 'Conversas abertas com ele agora.' }),
    active: z.boolean(),
    status_changed_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: 'ChatAttendant' });
export type Attendant = z.infer<typeof Attendant>;

const AttendantFields = {
  max_chats: z.number().int().min(1).max(50).default(5),
  location_ids: z.array(z.number().int().positive()).max(500).default([]),
  active: z.boolean().default(true),
};
export const CreateAttendantBody = z.strictObject({ user_id: z.number().int().positive().meta({ description: 'Um membro ativo da conta.' }), ...AttendantFields });
export const UpdateAttendantBody = z.strictObject(AttendantFields);
export const AttendantStatusBody = z.strictObject({ status: z.enum(ATTENDANT_STATUSES) });

export const AttendantListQuery = PageQuery.extend({
  status: z.enum(ATTENDANT_STATUSES).optional(),
  location_id: z.coerce.number().int().positive().optional(),
});

/** The caller's own attendant record (null when the caller is not an attendant of the account). */
export const MyAttendant = z.object({ attendant: Attendant.nullable() }).meta({ id: 'MyChatAttendant' });

// ── tags ──────────────────────────────────────────────────────────────────────────────────────

export const ChatTag = z.object({ id: Id, name: z.string(), color: z.string(), chats_count: z.number().int(), created_at: Timestamp }).meta({ id: 'ChatTag' });
export const ChatTagBody = z.strictObject({
  name: z.string().trim().min(1).max(60),
  color: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/).default('#228be6').meta({ description: 'Cor em hexadecimal (#rrggbb).' }),
});
export const ChatTagListQuery = PageQuery.extend({ search: OptionalText });

// ── chat templates ────────────────────────────────────────────────────────────────────────────

export const ChatTemplate = z
  .object({
    id: Id,
    templateId: z.string().meta({ description: 'Atalho do modelo (letras minúsculas, números e _), único entre os que o usuário vê.' }),
    title: z.string(),
    body: z.string().meta({ description: '{{nome}} é trocado pelo primeiro nome do cliente ao enviar.' }),
    global: z.boolean(),
    user_id: Id.nullable().meta({ description: 'Dono do modelo pessoal (null nos globais).' }),
    user_name: z.string().nullable(),
    status: z.enum(CHAT_TEMPLATE_STATUSES),
    editable: z.boolean().meta({ description: 'O usuário pode editar e excluir (dono, ou administrador).' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'ChatTemplate' });

const ChatTemplateFields = {
  templateId: z.string().trim().min(1).max(60).regex(/^[a-z0-9_]+$/).meta({ description: 'Letras minúsculas, números e _.' }),
  title: z.string().trim().min(1).max(120),
  body: z.string().trim().min(1).max(4096),
  global: z.boolean().default(false).meta({ description: 'Global: todos os usuários da conta veem (somente administradores criam).' }),
  status: z.enum(CHAT_TEMPLATE_STATUSES).default('active'),
};
export const ChatTemplateBody = z.strictObject(ChatTemplateFields);
export const ChatTemplateListQuery = PageQuery.extend({
  search: OptionalText,
  status: z.enum(CHAT_TEMPLATE_STATUSES).optional(),
  scope: z.enum(['all', 'global', 'own']).default('all'),
});

// ── bot flow ──────────────────────────────────────────────────────────────────────────────────

export const BotFlow = z
  .object({
    enabled: z.boolean(),
    greeting: z.string(),
    menu: z.string().meta({ description: 'O menu: 1 envia a lista de compras, 2 fala com um atendente.' }),
    list_prompt: z.string(),
    list_received: z.string().meta({ description: '{{itens}} é trocado pelo número de itens entendidos.' }),
    handover: z.string(),
    business_hours: z.string().meta({ description: 'A resposta fora do horário de funcionamento da loja.' }),
    abandon_after_minutes: z.number().int(),
    default_location_id: Id.nullable().meta({ description: 'A loja das conversas de clientes sem loja conhecida.' }),
    updated_at: Timestamp.nullable(),
  })
  .meta({ id: 'ChatBotFlow' });

const BotText = z.string().trim().min(1).max(1000);
export const BotFlowBody = z.strictObject({
  enabled: z.boolean(),
  greeting: BotText,
  menu: BotText,
  list_prompt: BotText,
  list_received: BotText,
  handover: BotText,
  business_hours: BotText,
  abandon_after_minutes: z.number().int().min(5).max(1440),
  default_location_id: z.number().int().positive().nullable(),
});

// ── dashboards ────────────────────────────────────────────────────────────────────────────────

const DateRange = {
  start_date: z.iso.date().optional().meta({ description: 'YYYY-MM-DD (São Paulo); padrão: 30 dias atrás.' }),
  end_date: z.iso.date().optional().meta({ description: 'YYYY-MM-DD (São Paulo), inclusive; padrão: hoje.' }),
};

export const ChatDashboardQuery = z
  .object({ ...DateRange, location_id: z.coerce.number().int().positive().optional(), channel: z.enum(CHAT_CHANNELS).optional() })
  .superRefine(endNotBeforeStart);

/** Times in minutes counted within the store's business hours; null when there is nothing to measure. */
const TimeStats = z.object({ median: z.number().nullable(), p90: z.number().nullable(), count: z.number().int() });

const DashboardRow = z.object({
  conversations: z.number().int(),
  closed: z.number().int(),
  first_response: TimeStats,
  resolution: TimeStats,
});

export const ChatDashboard = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    totals: DashboardRow,
    by_day: z.array(DashboardRow.extend({ date: z.string() })),
    by_attendant: z.array(DashboardRow.extend({ user_id: Id.nullable(), name: z.string() })),
    by_channel: z.array(DashboardRow.extend({ channel: z.enum(CHAT_CHANNELS), label: z.string() })),
  })
  .meta({ id: 'ChatDashboard' });

export const BotStepsDashboard = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    steps: z.array(
      z.object({
        step: z.enum(BOT_STEPS),
        reached: z.number().int(),
        advanced: z.number().int(),
        abandoned: z.number().int(),
        in_progress: z.number().int(),
        abandon_rate: z.number().meta({ description: 'abandoned / reached (0–1).' }),
      }),
    ),
  })
  .meta({ id: 'ChatBotStepsDashboard' });

export const AttendanceQuery = z
  .object({
    start: z.iso.date().meta({ description: 'YYYY-MM-DD (São Paulo).' }),
    finish: z.iso.date().meta({ description: 'YYYY-MM-DD (São Paulo), inclusive.' }),
    location_id: z.coerce.number().int().positive().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.finish < q.start) ctx.addIssue({ code: 'custom', path: ['finish'], message: msg('END_DATE_BEFORE_START') });
  });

export const AttendanceReport = z
  .object({
    start: z.string(),
    finish: z.string(),
    attendants: z.array(
      z.object({
        user_id: Id,
        name: z.string(),
        assigned: z.number().int(),
        transferred_in: z.number().int(),
        transferred_out: z.number().int(),
        closed: z.number().int(),
        messages_sent: z.number().int(),
        first_response: TimeStats,
        resolution: TimeStats,
      }),
    ),
  })
  .meta({ id: 'ChatAttendanceReport' });

// ── realtime ──────────────────────────────────────────────────────────────────────────────────

/**
 * The payloads of the socket.io event `whatsapp` about chats (to the account's room and the
 * attendant's): every one has `type`, `account_id` and `chat_id`, and the chat as the list shows it
 * after the change. The attendant's own room follows the user whichever account they have open:
 * ignore events whose `account_id` is not the current account.
 */
const Realtime = { account_id: Id, chat_id: Id };
export const ChatRealtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat.message'), ...Realtime, message: ChatMessage, chat: ChatSummary }),
  z.object({ type: z.literal('chat.assigned'), ...Realtime, attendant: UserRef, chat: ChatSummary }),
  z.object({ type: z.literal('chat.transferred'), ...Realtime, from: UserRef.nullable(), to: UserRef, chat: ChatSummary }),
  z.object({ type: z.literal('chat.status'), ...Realtime, status: z.enum(CHAT_STATUSES), previous: z.enum(CHAT_STATUSES), chat: ChatSummary }),
  z.object({ type: z.literal('chat.delivery'), ...Realtime, message_id: Id, delivery_status: z.enum(CHAT_DELIVERY_STATUSES), error: z.string().nullable() }),
  z.object({ type: z.literal('chat.read'), ...Realtime, chat: ChatSummary }),
]);
export type ChatRealtimeEvent = z.infer<typeof ChatRealtimeEvent>;

// ── routes ────────────────────────────────────────────────────────────────────────────────────

const conversations = { kind: 'account', module: 'chats.conversations' } as const;
const attendantsModule = 'chats.attendants';
const managers = ['admin', 'manager'] as const;
const tags = ['Chats'];
const ChatTagIdParam = IdParam;

export const chatRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/chats',
    operationId: 'listChats',
    summary: 'Conversas da conta, filtradas por status, atendente, etiqueta, canal e loja; mais recentes ou mais antigas primeiro',
    tags,
    permission: conversations,
    access: { fixture: 'chatSearch' },
    querystring: ChatListQuery,
    responses: { 200: paged(ChatSummary) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/chats/:id',
    operationId: 'getChat',
    summary: 'Uma conversa com o painel do cliente (dados, carrinhos, pedidos)',
    tags,
    permission: conversations,
    access: { fixture: 'chat' },
    params: IdParam,
    responses: { 200: ChatDetail },
    errors: [404],
  }),
  messages: defineRoute({
    method: 'GET',
    path: '/api/chats/:id/messages',
    operationId: 'listChatMessages',
    summary: 'As mensagens de uma conversa, paginadas das mais recentes (cada página em ordem cronológica)',
    tags,
    permission: conversations,
    access: { fixture: 'chat' },
    params: IdParam,
    querystring: ChatMessagesQuery,
    responses: { 200: paged(ChatMessage) },
    errors: [404],
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/messages',
    operationId: 'sendChatMessage',
    summary: 'Envia ao cliente um texto, uma mídia, um modelo de chat ou o link de um carrinho aprovado (sem atendente, quem envia assume a conversa)',
    tags,
    permission: conversations,
    access: { fixture: 'chatSend' },
    params: IdParam,
    body: SendChatMessageBody,
    responses: { 201: SentChatMessage },
    errors: [404, 409, 422],
  }),
  cart: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/cart',
    operationId: 'generateChatCart',
    summary: 'Monta um carrinho (em revisão) a partir da lista do cliente, pelo gerador de carrinhos',
    tags,
    permission: conversations,
    access: { fixture: 'chatCart' },
    params: IdParam,
    body: ChatCartBody,
    responses: { 201: ShoppingCart },
    errors: [404, 422],
  }),
  uploadMedia: defineRoute({
    method: 'POST',
    path: '/api/chats/media',
    operationId: 'uploadChatMedia',
    summary: 'Envia um arquivo para mandar numa conversa (devolve o media_url)',
    tags,
    permission: conversations,
    access: { fixture: 'chatMedia' },
    body: ChatMediaUploadBody,
    bodyContentType: 'multipart/form-data',
    responses: { 201: ChatMedia },
    errors: [413, 415],
  }),
  read: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/read',
    operationId: 'markChatRead',
    summary: 'Marca as mensagens da conversa como lidas (zera as não lidas)',
    tags,
    permission: conversations,
    access: { fixture: 'chat' },
    params: IdParam,
    responses: { 200: ChatSummary },
    errors: [404],
  }),
  take: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/take',
    operationId: 'takeChat',
    summary: 'Assume a conversa (atribui ao usuário atual)',
    tags,
    permission: conversations,
    access: { fixture: 'chat' },
    params: IdParam,
    responses: { 200: ChatActionResult },
    errors: [404, 409],
  }),
  transfer: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/transfer',
    operationId: 'transferChat',
    summary: 'Transfere a conversa para outro atendente (qualquer um, menos o atual)',
    tags,
    permission: conversations,
    access: { fixture: 'chatTransfer' },
    params: IdParam,
    body: TransferChatBody,
    responses: { 200: ChatActionResult },
    errors: [404, 409, 422],
  }),
  close: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/close',
    operationId: 'closeChat',
    summary: 'Encerra a conversa (resolvida)',
    tags,
    permission: conversations,
    access: { fixture: 'chat' },
    params: IdParam,
    responses: { 200: ChatActionResult },
    errors: [404, 409],
  }),
  reopen: defineRoute({
    method: 'POST',
    path: '/api/chats/:id/reopen',
    operationId: 'reopenChat',
    summary: 'Reabre uma conversa encerrada, com o usuário atual como atendente',
    tags,
    permission: conversations,
    access: { fixture: 'closedChat' },
    params: IdParam,
    responses: { 200: ChatActionResult },
    errors: [404, 409],
  }),
  setTags: defineRoute({
    method: 'PUT',
    path: '/api/chats/:id/tags',
    operationId: 'setChatTags',
    summary: 'Substitui as etiquetas da conversa',
    tags,
    permission: conversations,
    access: { fixture: 'chatTags' },
    params: IdParam,
    body: ChatTagsBody,
    responses: { 200: ChatSummary },
    errors: [404, 422],
  }),

  listAttendants: defineRoute({
    method: 'GET',
    path: '/api/chats/attendants',
    operationId: 'listChatAttendants',
    summary: 'Atendentes da conta, com status, limite e conversas abertas',
    tags,
    permission: { kind: 'account', module: attendantsModule },
    access: { fixture: 'attendantSearch' },
    querystring: AttendantListQuery,
    responses: { 200: paged(Attendant) },
  }),
  createAttendant: defineRoute({
    method: 'POST',
    path: '/api/chats/attendants',
    operationId: 'createChatAttendant',
    summary: 'Torna um membro da conta atendente',
    tags,
    permission: { kind: 'account', module: attendantsModule, roles: managers },
    access: { fixture: 'newAttendant', others: 422 },
    body: CreateAttendantBody,
    responses: { 201: Attendant },
    errors: [409, 422],
  }),
  updateAttendant: defineRoute({
    method: 'PUT',
    path: '/api/chats/attendants/:id',
    operationId: 'updateChatAttendant',
    summary: 'Altera o limite de conversas, as lojas e se está ativo',
    tags,
    permission: { kind: 'account', module: attendantsModule, roles: managers },
    access: { fixture: 'attendantUpdate' },
    params: IdParam,
    body: UpdateAttendantBody,
    responses: { 200: Attendant },
    errors: [404, 422],
  }),
  deleteAttendant: defineRoute({
    method: 'DELETE',
    path: '/api/chats/attendants/:id',
    operationId: 'deleteChatAttendant',
    summary: 'Remove o atendente (suas conversas abertas voltam para a fila)',
    tags,
    permission: { kind: 'account', module: attendantsModule, roles: managers },
    access: { fixture: 'attendant' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404],
  }),
  myAttendant: defineRoute({
    method: 'GET',
    path: '/api/chats/attendants/me',
    operationId: 'getMyChatAttendant',
    summary: 'O registro de atendente do usuário atual (status, limite, conversas abertas)',
    tags,
    permission: conversations,
    access: {},
    responses: { 200: MyAttendant },
  }),
  setMyStatus: defineRoute({
    method: 'PUT',
    path: '/api/chats/attendants/me/status',
    operationId: 'setMyChatAttendantStatus',
    summary: 'Fica online (recebe conversas da fila) ou ausente; quem ainda não é atendente passa a ser (5 conversas, todas as lojas)',
    tags,
    permission: conversations,
    access: { fixture: 'myAttendantStatus' },
    body: AttendantStatusBody,
    responses: { 200: MyAttendant },
  }),

  listTags: defineRoute({
    method: 'GET',
    path: '/api/chats/tags',
    operationId: 'listChatTags',
    summary: 'Etiquetas de conversa da conta',
    tags,
    permission: conversations,
    access: { fixture: 'chatTagSearch' },
    querystring: ChatTagListQuery,
    responses: { 200: paged(ChatTag) },
  }),
  createTag: defineRoute({
    method: 'POST',
    path: '/api/chats/tags',
    operationId: 'createChatTag',
    summary: 'Cria uma etiqueta',
    tags,
    permission: { kind: 'account', module: 'chats.tags' },
    access: { fixture: 'newChatTag' },
    body: ChatTagBody,
    responses: { 201: ChatTag },
    errors: [409],
  }),
  updateTag: defineRoute({
    method: 'PUT',
    path: '/api/chats/tags/:id',
    operationId: 'updateChatTag',
    summary: 'Renomeia ou recolore uma etiqueta',
    tags,
    permission: { kind: 'account', module: 'chats.tags' },
    access: { fixture: 'chatTagUpdate' },
    params: ChatTagIdParam,
    body: ChatTagBody,
    responses: { 200: ChatTag },
    errors: [404, 409],
  }),
  deleteTag: defineRoute({
    method: 'DELETE',
    path: '/api/chats/tags/:id',
    operationId: 'deleteChatTag',
    summary: 'Exclui uma etiqueta (sai das conversas)',
    tags,
    permission: { kind: 'account', module: 'chats.tags' },
    access: { fixture: 'chatTag' },
    params: ChatTagIdParam,
    responses: { 200: Message },
    errors: [404],
  }),

  listTemplates: defineRoute({
    method: 'GET',
    path: '/api/chats/templates',
    operationId: 'listChatTemplates',
    summary: 'Modelos de chat que o usuário vê: os globais e os seus',
    tags,
    permission: conversations,
    access: { fixture: 'chatTemplateSearch' },
    querystring: ChatTemplateListQuery,
    responses: { 200: paged(ChatTemplate) },
  }),
  getTemplate: defineRoute({
    method: 'GET',
    path: '/api/chats/templates/:id',
    operationId: 'getChatTemplate',
    summary: 'Um modelo de chat (global ou do usuário)',
    tags,
    permission: conversations,
    access: { fixture: 'chatTemplate' },
    params: IdParam,
    responses: { 200: ChatTemplate },
    errors: [404],
  }),
  createTemplate: defineRoute({
    method: 'POST',
    path: '/api/chats/templates',
    operationId: 'createChatTemplate',
    summary: 'Cria um modelo de chat pessoal, ou global (administradores)',
    tags,
    permission: { kind: 'account', module: 'chats.templates' },
    access: { fixture: 'newChatTemplate' },
    body: ChatTemplateBody,
    responses: { 201: ChatTemplate },
    errors: [403, 409],
  }),
  updateTemplate: defineRoute({
    method: 'PUT',
    path: '/api/chats/templates/:id',
    operationId: 'updateChatTemplate',
    summary: 'Altera um modelo de chat (o dono, ou um administrador)',
    tags,
    permission: { kind: 'account', module: 'chats.templates' },
    access: { fixture: 'chatTemplateUpdate', forbid: ['operator', 'platform'] },
    params: IdParam,
    body: ChatTemplateBody,
    responses: { 200: ChatTemplate },
    errors: [403, 404, 409],
  }),
  deleteTemplate: defineRoute({
    method: 'DELETE',
    path: '/api/chats/templates/:id',
    operationId: 'deleteChatTemplate',
    summary: 'Exclui um modelo de chat (o dono, ou um administrador)',
    tags,
    permission: { kind: 'account', module: 'chats.templates' },
    access: { fixture: 'chatTemplate', forbid: ['operator', 'platform'] },
    params: IdParam,
    responses: { 200: Message },
    errors: [403, 404],
  }),

  getBotFlow: defineRoute({
    method: 'GET',
    path: '/api/chats/bot-flow',
    operationId: 'getChatBotFlow',
    summary: 'O fluxo do robô da conta (saudação, menu, lista de compras, transferência, horário de funcionamento)',
    tags,
    permission: { kind: 'account', module: attendantsModule },
    access: {},
    responses: { 200: BotFlow },
  }),
  putBotFlow: defineRoute({
    method: 'PUT',
    path: '/api/chats/bot-flow',
    operationId: 'updateChatBotFlow',
    summary: 'Substitui o fluxo do robô',
    tags,
    permission: { kind: 'account', module: attendantsModule, roles: managers },
    access: { fixture: 'botFlow' },
    body: BotFlowBody,
    responses: { 200: BotFlow },
    errors: [422],
  }),

  dashboard: defineRoute({
    method: 'GET',
    path: '/api/chats/dashboard',
    operationId: 'getChatDashboard',
    summary: 'Conversas e tempos de primeira resposta e de resolução (mediana e p90, no horário da loja) por dia, atendente e canal',
    tags,
    permission: { kind: 'account', module: 'chats.dashboards' },
    access: {},
    querystring: ChatDashboardQuery,
    responses: { 200: ChatDashboard },
  }),
  botSteps: defineRoute({
    method: 'GET',
    path: '/api/chats/dashboard/bot-steps',
    operationId: 'getChatBotStepsDashboard',
    summary: 'Quantas conversas chegaram a cada passo do robô e quantas o abandonaram',
    tags,
    permission: { kind: 'account', module: 'chats.dashboards' },
    access: {},
    querystring: ChatDashboardQuery,
    responses: { 200: BotStepsDashboard },
  }),
  attendance: defineRoute({
    method: 'GET',
    path: '/api/chats/attendance',
    operationId: 'getChatAttendanceReport',
    summary: 'Relatório de atendimento por atendente entre as datas de início e fim',
    tags,
    permission: { kind: 'account', module: 'chats.dashboards' },
    access: { fixture: 'chatAttendance' },
    querystring: AttendanceQuery,
    responses: { 200: AttendanceReport },
  }),
} as const;
