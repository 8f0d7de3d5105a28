/**
 * The WhatsApp channel as the other modules see it (chats, messaging campaigns, cart links).
 *
 * The messaging module owns the provider (the WhatsApp Business Cloud API, or the local simulator
 * that is the default), the webhook, the outbox (`outbound_messages`) and the inbound log. Other
 * modules send through `services.messaging` and subscribe here to what comes back: customers'
 * messages, delivery statuses of what they sent, and template approval decisions. Handlers run in
 * the `whatsapp.inbound` / `whatsapp.status` jobs (never in the webhook's request), may run more than
 * once for the same event (a job retried), and must therefore be idempotent.
 */

/** What one outbound WhatsApp message carries. `text` is the default when a message has only a body. */
export type WhatsAppContent =
  | { kind: 'text'; text: string }
  | { kind: 'media'; url: string; mediaType: 'image' | 'video' | 'document' | 'audio'; filename?: string | null; caption?: string | null }
  | {
      kind: 'template';
      /** The template's name at the provider (lowercase letters, digits and underscores). */
      name: string;
      language: string;
      /** Values for the body's {{1}}, {{2}}, … in order. */
      params?: string[];
      /** A header media, when the template has one. */
      media?: { url: string; mediaType: 'image' | 'video' | 'document'; filename?: string | null } | null;
    };

/** Delivery statuses, in the order they can only move forward (failed ends it). */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A customer's message as it arrived (from the Cloud API webhook or the simulator). */
export interface InboundMessage {
  accountId: number;
  /** 'cloud' or 'local'. */
  provider: string;
  /** Unique per provider: the same id is the same message (replays are dropped before handlers). */
  providerMessageId: string;
  /** E.164 (+55…). */
  from: string;
  /** The name the customer's WhatsApp profile shows, when the provider sends it. */
  profileName: string | null;
  kind: 'text' | 'media' | 'button' | 'location' | 'other';
  /** The text, the media caption, or the button's label. */
  text: string | null;
  media: { url: string; mediaType: string; filename: string | null } | null;
  /** A quick-reply button pressed under a template message: its label and payload. */
  button: { text: string; payload: string | null } | null;
  /** Our outbound message this one answers (a template's button, a quoted reply), when known. */
  replyTo: { messageId: number; subjectType: string | null; subjectId: number | null } | null;
  /** When the customer sent it (the provider's timestamp). */
  at: Date;
}

/** A delivery status of one of our outbound messages, after it was applied to `outbound_messages`. */
export interface StatusUpdate {
  accountId: number;
  messageId: number;
  subjectType: string | null;
  subjectId: number | null;
  /** The message's status after this update (an out-of-order older status does not move it back). */
  status: DeliveryStatus;
  /** The status this event reported and its time. */
  reported: DeliveryStatus;
  at: Date;
  error: string | null;
}

/** A provider's decision about a message template submitted for approval. */
export interface TemplateDecision {
  accountId: number;
  /** The template's name at the provider. */
  name: string;
  status: 'pending' | 'approved' | 'rejected';
  /** The provider's rejection text, when rejected. */
  reason: string | null;
}

/** What the messaging module offers about the channel (inside `services.messaging`). */
export interface WhatsAppChannel {
  onInbound(handler: (message: InboundMessage) => Promise<void>): void;
  /**
   * The same, the messages of a job at a time, in the order they were stored (a handler that writes
   * them together: chats). Called again with the same messages when the job is retried.
   */
  onInboundMany(handler: (messages: InboundMessage[]) => Promise<void>): void;
  onStatus(handler: (update: StatusUpdate) => Promise<void>): void;
  /** The same, a batch of statuses at a time (one statement for many: a campaign's deliveries). */
  onStatuses(handler: (updates: StatusUpdate[]) => Promise<void>): void;
  onTemplateDecision(handler: (decision: TemplateDecision) => Promise<void>): void;
  /**
   * Submits a message template for the provider's approval; answers its status now ('pending' at the
   * Cloud API; the local simulator decides a little later, as Meta does, and reports by the same handler).
   */
  submitTemplate(template: {
    accountId: number;
    name: string;
    language: string;
    body: string;
    buttons: string[];
    media?: { url: string; mediaType: string; filename?: string | null } | null;
  }): Promise<{ status: 'pending' | 'approved' | 'rejected'; reason: string | null }>;
}
