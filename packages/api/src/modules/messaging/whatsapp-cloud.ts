import type { MessageProvider, ProviderMessage, TemplateSubmission } from './message-provider.ts';
import type { NumberRow } from './whatsapp.repo.ts';
import type { WhatsAppContent } from './whatsapp.ts';

export interface CloudApiOptions {
  /** https://graph.facebook.com, or a stand-in. */
  apiUrl: string;
  /** v21.0 */
  apiVersion: string;
  /** The account's number (phone_number_id, WABA id, access token). */
  numberOf(accountId: number): Promise<NumberRow | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The Graph API's error, as its body says it. */
export class CloudApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

const digits = (phone: string) => phone.replace(/\D/g, '');

/** The Graph API's JSON answer; an empty or unreadable body as an empty object. */
function parseJson(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The Graph API's message object for a content. */
export function cloudMessageBody(to: string, content: WhatsAppContent): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: digits(to) };
  switch (content.kind) {
    case 'text':
      return { ...base, type: 'text', text: { preview_url: /https?:\/\//.test(content.text), body: content.text } };
    case 'media': {
      const media: Record<string, unknown> = { link: content.url };
      if (content.caption && content.mediaType !== 'audio') media.caption = content.caption;
      if (content.filename && content.mediaType === 'document') media.filename = content.filename;
      return { ...base, type: content.mediaType, [content.mediaType]: media };
    }
    case 'template': {
      const components: unknown[] = [];
      if (content.media) {
        const m: Record<string, unknown> = { link: content.media.url };
        if (content.media.filename && content.media.mediaType === 'document') m.filename = content.media.filename;
        components.push({ type: 'header', parameters: [{ type: content.media.mediaType, [content.media.mediaType]: m }] });
      }
      if (content.params?.length) components.push({ type: 'body', parameters: content.params.map((text) => ({ type: 'text', text })) });
      return { ...base, type: 'template', template: { name: content.name, language: { code: content.language }, ...(components.length ? { components } : {}) } };
    }
  }
}

/** The Graph API's template object for a submission (marketing, quick-reply buttons). */
export function cloudTemplateBody(t: TemplateSubmission): Record<string, unknown> {
  const count = new Set([...t.body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;
  const components: unknown[] = [];
  if (t.media) {
    const format = t.media.mediaType === 'video' ? 'VIDEO' : t.media.mediaType === 'document' ? 'DOCUMENT' : 'IMAGE';
    components.push({ type: 'HEADER', format, example: { header_handle: [t.media.url] } });
  }
  components.push({
    type: 'BODY',
    text: t.body,
    ...(count ? { example: { body_text: [Array.from({ length: count }, (_, i) => `exemplo ${i + 1}`)] } } : {}),
  });
  if (t.buttons.length) components.push({ type: 'BUTTONS', buttons: t.buttons.map((text) => ({ type: 'QUICK_REPLY', text })) });
  return { name: t.name, language: t.language, category: 'MARKETING', components };
}

/**
 * The WhatsApp Business Cloud API: messages through POST /{version}/{phone_number_id}/messages,
 * templates through POST /{version}/{waba_id}/message_templates, with the account's access token.
 * Statuses and customers' messages come back by the webhook.
 */
export function createCloudApiProvider(opts: CloudApiOptions): MessageProvider {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function numberOrThrow(accountId: number) {
    const n = await opts.numberOf(accountId);
    if (!n?.accessToken) throw new CloudApiError(0, 'A conta não tem um número do WhatsApp Business configurado (ID do número, WABA e token de acesso).', null);
    return n as NumberRow & { accessToken: string };
  }

  async function post(path: string, token: string, body: unknown): Promise<Record<string, unknown>> {
    const res = await doFetch(`${opts.apiUrl}/${opts.apiVersion}/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    const json = parseJson(text);
    if (!res.ok) {
      const error = (json.error ?? {}) as { message?: string; code?: number; error_user_msg?: string };
      throw new CloudApiError(res.status, `WhatsApp Cloud API ${res.status}: ${error.error_user_msg ?? error.message ?? (text.slice(0, 200) || res.statusText)}`, error.code ?? null);
    }
    return json;
  }

  return {
    name: 'cloud',
    async send(message: ProviderMessage) {
      const n = await numberOrThrow(message.accountId);
      const answer = await post(`${encodeURIComponent(n.phoneNumberId)}/messages`, n.accessToken, cloudMessageBody(message.to, message.content));
      const id = (answer.messages as Array<{ id?: string }> | undefined)?.[0]?.id;
      if (!id) throw new CloudApiError(200, 'WhatsApp Cloud API: resposta sem o id da mensagem.', null);
      return { providerMessageId: id };
    },
    async submitTemplate(template: TemplateSubmission) {
      const n = await numberOrThrow(template.accountId);
      const answer = await post(`${encodeURIComponent(n.wabaId)}/message_templates`, n.accessToken, cloudTemplateBody(template));
      const status = String(answer.status ?? 'PENDING').toUpperCase();
      if (status === 'APPROVED') return { status: 'approved', reason: null };
      if (status === 'REJECTED') return { status: 'rejected', reason: typeof answer.rejected_reason === 'string' ? answer.rejected_reason : null };
      return { status: 'pending', reason: null };
    },
  };
}
