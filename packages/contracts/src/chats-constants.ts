// The chats' enumerations and labels, apart from their schemas: the SPA's route search schemas read them before any screen loads, without the schemas.

export const CHAT_CHANNELS = ['whatsapp', 'whatsapp_bot', 'rappi', 'magento', 'vtex'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
/** The spec's labels of the channels (§2 chat screen). */
export const CHAT_CHANNEL_LABELS: Record<ChatChannel, string> = {
  whatsapp: 'whatsapp',
  whatsapp_bot: 'whatsapp_bot',
  rappi: 'rappi',
  magento: 'magento e-commerce',
  vtex: 'vtex',
};

/** bot: the bot is talking; waiting: handed over, no attendant yet; open: with an attendant; closed: resolved. */
export const CHAT_STATUSES = ['bot', 'waiting', 'open', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const CHAT_MESSAGE_KINDS = ['text', 'media', 'cart_link', 'template'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];
export const CHAT_MESSAGE_AUTHORS = ['customer', 'bot', 'attendant'] as const;
export const CHAT_MESSAGE_DIRECTIONS = ['in', 'out'] as const;
/** Delivery of what we sent, moving forward only (failed ends it). */
export const CHAT_DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type ChatDeliveryStatus = (typeof CHAT_DELIVERY_STATUSES)[number];

export const ATTENDANT_STATUSES = ['online', 'away'] as const;
export type AttendantStatus = (typeof ATTENDANT_STATUSES)[number];

export const CHAT_TEMPLATE_STATUSES = ['active', 'inactive'] as const;

/** The bot's steps, in the order a conversation goes through them (business_hours: the answer outside the store's hours). */
export const BOT_STEPS = ['greeting', 'menu', 'list', 'handover', 'business_hours'] as const;
export type BotStep = (typeof BOT_STEPS)[number];

/** What a chat event records, for the attendance report. */
export const CHAT_EVENT_KINDS = ['assigned', 'transferred', 'status'] as const;

/** "mais recentes" (desc, the default) or "mais antigas" (asc), by the last message's time. */
export const CHAT_SORTS = ['desc', 'asc'] as const;
