// The messaging campaigns' enumerations and limits, apart from their schemas: the SPA's route search
// schemas read them before any screen loads, without the schemas.

/** The provider's approval of a template: only an approved one can be sent (spec §3, §5). */
export const MESSAGING_TEMPLATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type MessagingTemplateStatus = (typeof MESSAGING_TEMPLATE_STATUSES)[number];

/** The quick-reply buttons a template may carry (spec §3), the first being the default. */
export const MESSAGING_TEMPLATE_BUTTONS = ['Quero aproveitar', 'Não quero mensagens'] as const;
export type MessagingTemplateButton = (typeof MESSAGING_TEMPLATE_BUTTONS)[number];
export const MESSAGING_DEFAULT_BUTTON: MessagingTemplateButton = 'Quero aproveitar';
/** The button that opts the customer out of the store's messages at once. */
export const MESSAGING_OPT_OUT_BUTTON: MessagingTemplateButton = 'Não quero mensagens';

/** The text a new template's form starts with: a template cannot be created while its message is still this (spec §5). */
export const MESSAGING_TEMPLATE_SAMPLE_MESSAGE = 'Olá, {{nome}}! Escreva aqui a mensagem da sua campanha.';
/** The customer's first name in a template's message (sent to the provider as the body's {{1}}). */
export const MESSAGING_NAME_PLACEHOLDER = '{{nome}}';
/** Language of the templates at the provider. */
export const MESSAGING_TEMPLATE_LANGUAGE = 'pt_BR';

/**
 * A campaign's life: `draft` (saved, not to be sent), `scheduled` (sent from start_at; needs an
 * approved template), `sending` (recipients chosen, messages going out), `sent` (every recipient
 * handled, or end_at reached), `canceled` (what was not sent is never sent). Edits and deletion
 * only before sending starts; cancel while draft, scheduled or sending.
 */
export const MESSAGING_CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'canceled'] as const;
export type MessagingCampaignStatus = (typeof MESSAGING_CAMPAIGN_STATUSES)[number];

/**
 * Who receives a campaign (always only customers who accepted messages and have a mobile phone):
 * `all` of them; those with one of the `tags`; those who ordered at the campaign's stores (`stores`,
 * from location_ids); an explicit `list` of customer ids and/or phones; those who bought one of the
 * `product` ids (from order items).
 */
export const MESSAGING_AUDIENCE_TYPES = ['all', 'tags', 'stores', 'list', 'product'] as const;
export type MessagingAudienceType = (typeof MESSAGING_AUDIENCE_TYPES)[number];

/** One recipient's delivery: `pending` until claimed by a batch, then the provider's statuses; `skipped` if canceled or expired first. */
export const MESSAGING_RECIPIENT_STATUSES = ['pending', 'sending', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type MessagingRecipientStatus = (typeof MESSAGING_RECIPIENT_STATUSES)[number];

/** Automatic WhatsApp messages to a customer when an order moves (one template per event). */
export const NOTIFICATION_TEMPLATE_EVENTS = [
  'order_paid',
  'order_picking',
  'order_ready',
  'order_out_for_delivery',
  'order_awaiting_pickup',
  'order_delivered',
  'order_canceled',
] as const;
export type NotificationTemplateEvent = (typeof NOTIFICATION_TEMPLATE_EVENTS)[number];

/** What the media upload accepts (a template's header and a campaign's media), and the largest file of each kind (bytes). */
export const MESSAGING_MEDIA_TYPES = ['image/jpeg', 'image/png', 'video/mp4', 'application/pdf'] as const;
export type MessagingMediaType = (typeof MESSAGING_MEDIA_TYPES)[number];
export const MESSAGING_MEDIA_MAX_BYTES = { image: 5 * 1024 * 1024, video: 16 * 1024 * 1024, document: 100 * 1024 * 1024 } as const;

/** Campaign list page size (spec §9: campaigns 10). */
export const MESSAGING_CAMPAIGN_PAGE_SIZE = 10;
/** Orders placed this many days after a message count for its campaign's funnel. */
export const MESSAGING_ORDER_WINDOW_DAYS = 7;
/** Longest period the campaigns dashboard covers. */
export const MESSAGING_DASHBOARD_MAX_DAYS = 366;
/** At most this many customers or phones in an explicit list. */
export const MESSAGING_AUDIENCE_LIST_MAX = 10_000;
