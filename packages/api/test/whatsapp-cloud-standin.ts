/**
 * A local stand-in for the WhatsApp Business Cloud API (Graph API), for the adapter's tests: it
 * records every request, answers as Meta documents (Bearer access token; POST
 * /{version}/{phone_number_id}/messages → `{ messaging_product, contacts, messages: [{ id: "wamid…" }] }`;
 * POST /{version}/{waba_id}/message_templates → `{ id, status: "PENDING", category }`; a wrong token
 * → 401 with Meta's error object), and posts webhooks back to the app signed as Meta signs them:
 * `X-Hub-Signature-256: sha256=<HMAC-SHA256(app secret, raw body)>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedGraphRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

export interface CloudStandin {
  url: string;
  requests: RecordedGraphRequest[];
  /** The token the stand-in takes; any other answers 401 as Meta does. */
  token: string;
  /** Where webhooks go (the app's base URL), set once the app listens. */
  appUrl: string;
  /** The messages sent, by wamid: the phone number id, the recipient and the body posted. */
  sent: Map<string, { phoneNumberId: string; to: string; body: Record<string, unknown> }>;
  /** Posts a webhook payload to the app, signed with `secret` (or unsigned, or forged); answers the app's status and body. */
  webhook(payload: unknown, opts?: { secret?: string; unsigned?: boolean; forge?: boolean }): Promise<{ status: number; body: unknown }>;
  /** Meta's payload of a status of a sent message. */
  statusPayload(phoneNumberId: string, wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed', opts?: { error?: string; at?: Date }): unknown;
  /** Meta's payload of a customer's message (text, or a quick-reply button under `context`). */
  messagePayload(
    phoneNumberId: string,
    from: string,
    message: { id?: string; text?: string; button?: { text: string; payload: string }; image?: { id: string; caption?: string; mime_type?: string }; context?: string },
    profileName?: string,
  ): { payload: unknown; id: string };
  /** Meta's payload of a template decision (field message_template_status_update). */
  templatePayload(wabaId: string, name: string, event: 'APPROVED' | 'REJECTED' | 'PENDING', reason?: string): unknown;
  close(): Promise<void>;
}

/** The JSON in a text, or `fallback` when it is empty or not JSON. */
function jsonOr(text: string, fallback: unknown): unknown {
  try {
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

const wamid = () => `wamid.HBgN${randomBytes(12).toString('base64url')}`;

export async function startCloudStandin(opts: { token: string; appSecret: string; version?: string }): Promise<CloudStandin> {
  const version = opts.version ?? 'v21.0';
  const requests: RecordedGraphRequest[] = [];
  const sent: CloudStandin['sent'] = new Map();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const body = jsonOr(raw, null) as Record<string, unknown> | null;
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== `Bearer ${opts.token}`) {
        return answer(401, { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: 'AbCdEf' } });
      }
      const parts = path.split('/').filter(Boolean);
      if (req.method !== 'POST' || parts.length !== 3 || parts[0] !== version) return answer(404, { error: { message: 'Unsupported request', type: 'GraphMethodException', code: 100 } });
      const [, node, edge] = parts as [string, string, string];
      if (edge === 'messages') {
        if (body?.messaging_product !== 'whatsapp' || typeof body.to !== 'string' || typeof body.type !== 'string') {
          return answer(400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } });
        }
        const id = wamid();
        sent.set(id, { phoneNumberId: node, to: body.to, body });
        return answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
      }
      if (edge === 'message_templates') {
        if (typeof body?.name !== 'string' || !Array.isArray(body.components)) return answer(400, { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100 } });
        return answer(200, { id: String(Date.now()), status: 'PENDING', category: body.category ?? 'MARKETING' });
      }
      return answer(404, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standin: CloudStandin = {
    url: `http://127.0.0.1:${port}`,
    requests,
    token: opts.token,
    appUrl: '',
    sent,
    async webhook(payload, o = {}) {
      const raw = JSON.stringify(payload);
      const secret = o.forge ? 'not-the-app-secret' : (o.secret ?? opts.appSecret);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (!o.unsigned) headers['x-hub-signature-256'] = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
      const res = await fetch(`${standin.appUrl}/webhooks/whatsapp`, { method: 'POST', headers, body: raw });
      const text = await res.text();
      return { status: res.status, body: jsonOr(text, text) };
    },
    statusPayload(phoneNumberId, id, status, o = {}) {
      const s: Record<string, unknown> = {
        id,
        status,
        timestamp: String(Math.floor((o.at ?? new Date()).getTime() / 1000)),
        recipient_id: sent.get(id)?.to ?? '5511987654321',
      };
      if (status === 'failed') s.errors = [{ code: 131026, title: o.error ?? 'Message undeliverable', message: o.error ?? 'Message undeliverable' }];
      return envelope(phoneNumberId, { statuses: [s] });
    },
    messagePayload(phoneNumberId, from, m, profileName = 'Cliente Teste') {
      const id = m.id ?? wamid();
      const base: Record<string, unknown> = { from, id, timestamp: String(Math.floor(Date.now() / 1000)) };
      if (m.context) base.context = { from: '5511999990000', id: m.context };
      const message = m.button
        ? { ...base, type: 'button', button: m.button }
        : m.image
          ? { ...base, type: 'image', image: { mime_type: 'image/jpeg', sha256: 'x', ...m.image } }
          : { ...base, type: 'text', text: { body: m.text ?? '' } };
      return { id, payload: envelope(phoneNumberId, { contacts: [{ profile: { name: profileName }, wa_id: from }], messages: [message] }) };
    },
    templatePayload(wabaId, name, event, reason) {
      return {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: wabaId,
            time: Math.floor(Date.now() / 1000),
            changes: [
              {
                field: 'message_template_status_update',
                value: { event, message_template_id: 1234567890, message_template_name: name, message_template_language: 'pt_BR', reason: reason ?? 'NONE' },
              },
            ],
          },
        ],
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standin;
}

/** Meta's envelope of a `messages` change for a phone number id. */
function envelope(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551134567890', phone_number_id: phoneNumberId }, ...value } }],
      },
    ],
  };
}
