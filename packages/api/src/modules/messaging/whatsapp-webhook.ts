import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReportedStatus } from './messaging.service.ts';
import type { ArrivedMessage } from './whatsapp.repo.ts';
import type { DeliveryStatus, InboundMessage, TemplateDecision } from './whatsapp.ts';

export const SIGNATURE_HEADER = 'x-hub-signature-256';

/** `sha256=` + the HMAC-SHA256 of the raw body with the app secret, as Meta signs its webhooks. */
export const signWebhook = (rawBody: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;

/** Whether the header signs the body (compared in constant time). */
export function signatureValid(header: string, rawBody: string, appSecret: string): boolean {
  const expected = Buffer.from(signWebhook(rawBody, appSecret));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The E.164 of a WhatsApp id (digits only, country code first). */
export const e164 = (waId: string) => `+${waId.replace(/\D/g, '')}`;

interface MetaMessage {
  id?: string;
  from?: string;
  timestamp?: string;
  type?: string;
  context?: { id?: string };
  text?: { body?: string };
  image?: MetaMedia;
  video?: MetaMedia;
  audio?: MetaMedia;
  document?: MetaMedia;
  sticker?: MetaMedia;
  button?: { text?: string; payload?: string };
  interactive?: { type?: string; button_reply?: { id?: string; title?: string }; list_reply?: { id?: string; title?: string } };
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
}
interface MetaMedia {
  id?: string;
  link?: string;
  url?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
}
interface MetaStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  errors?: Array<{ code?: number; title?: string; message?: string; error_data?: { details?: string } }>;
}
interface MetaValue {
  metadata?: { phone_number_id?: string; display_phone_number?: string };
  contacts?: Array<{ wa_id?: string; profile?: { name?: string } }>;
  messages?: MetaMessage[];
  statuses?: MetaStatus[];
  event?: string;
  message_template_name?: string;
  message_template_language?: string;
  reason?: string | null;
}
export interface MetaPayload {
  object?: string;
  entry?: Array<{ id?: string; changes?: Array<{ field?: string; value?: MetaValue }> }>;
}

const timeOf = (ts: string | undefined) => {
  const seconds = Number(ts);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
};

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

/** One of Meta's message objects as our inbound message (the account and provider set by the caller). */
export function parseMetaMessage(m: MetaMessage, profileName: string | null): Omit<ArrivedMessage, 'accountId' | 'provider'> | null {
  if (!m.id || !m.from) return null;
  let kind: InboundMessage['kind'] = 'other';
  let text: string | null = null;
  let media: InboundMessage['media'] = null;
  let button: InboundMessage['button'] = null;
  const type = m.type ?? 'text';
  if (type === 'text') {
    kind = 'text';
    text = m.text?.body ?? '';
  } else if ((MEDIA_TYPES as readonly string[]).includes(type)) {
    const found = m[type as (typeof MEDIA_TYPES)[number]] ?? {};
    kind = 'media';
    text = found.caption ?? null;
    media = { url: found.link ?? found.url ?? `whatsapp-media:${found.id ?? ''}`, mediaType: type, filename: found.filename ?? null };
  } else if (type === 'button') {
    kind = 'button';
    text = m.button?.text ?? null;
    button = { text: m.button?.text ?? '', payload: m.button?.payload ?? null };
  } else if (type === 'interactive') {
    const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
    kind = 'button';
    text = reply?.title ?? null;
    button = { text: reply?.title ?? '', payload: reply?.id ?? null };
  } else if (type === 'location') {
    kind = 'location';
    const l = m.location ?? {};
    text = [l.name, l.address, l.latitude !== undefined && l.longitude !== undefined ? `${l.latitude},${l.longitude}` : null].filter(Boolean).join(' — ') || null;
  }
  return {
    providerMessageId: m.id,
    from: e164(m.from),
    profileName,
    kind,
    text: text === null ? null : text.slice(0, 4096),
    media,
    button,
    contextProviderMessageId: m.context?.id ?? null,
    at: timeOf(m.timestamp),
  };
}

const STATUS_OF: Record<string, DeliveryStatus> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed' };
const TEMPLATE_EVENT: Record<string, TemplateDecision['status']> = { APPROVED: 'approved', REJECTED: 'rejected', PENDING: 'pending' };

export interface ParsedWebhook {
  /** Messages per phone_number_id (mapped to accounts by the caller). */
  messages: Array<{ phoneNumberId: string; message: Omit<ArrivedMessage, 'accountId' | 'provider'> }>;
  statuses: ReportedStatus[];
  /** Template decisions per WABA id (entry.id). */
  templates: Array<{ wabaId: string; name: string; status: TemplateDecision['status']; reason: string | null }>;
}

/** Reads Meta's webhook payload: messages, statuses and template status updates; what it does not know is skipped. */
export function parseMetaWebhook(payload: MetaPayload): ParsedWebhook {
  const out: ParsedWebhook = { messages: [], statuses: [], templates: [] };
  for (const entry of Array.isArray(payload.entry) ? payload.entry : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = change?.value;
      if (!value || typeof value !== 'object') continue;
      if (change.field === 'message_template_status_update') {
        const status = TEMPLATE_EVENT[String(value.event ?? '').toUpperCase()];
        if (status && entry.id && value.message_template_name) {
          const reason = value.reason && value.reason !== 'NONE' ? String(value.reason) : null;
          out.templates.push({ wabaId: String(entry.id), name: String(value.message_template_name), status, reason: status === 'rejected' ? (reason ?? 'Rejeitado pela Meta.') : null });
        }
        continue;
      }
      const phoneNumberId = value.metadata?.phone_number_id;
      const names = new Map((value.contacts ?? []).map((c) => [c.wa_id ?? '', c.profile?.name ?? null]));
      if (phoneNumberId) {
        for (const m of Array.isArray(value.messages) ? value.messages : []) {
          const parsed = parseMetaMessage(m, names.get(m.from ?? '') ?? null);
          if (parsed) out.messages.push({ phoneNumberId: String(phoneNumberId), message: parsed });
        }
      }
      for (const s of Array.isArray(value.statuses) ? value.statuses : []) {
        const status = STATUS_OF[s.status ?? ''];
        if (!status || !s.id) continue;
        const error = s.errors?.[0];
        out.statuses.push({
          provider: 'cloud',
          providerMessageId: String(s.id),
          status,
          at: timeOf(s.timestamp).toISOString(),
          error: status === 'failed' ? (error?.title ?? error?.message ?? 'Falha informada pela Meta.') : null,
        });
      }
    }
  }
  return out;
}
