import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { PageQuery, SimulatorMessage, SimulatorMessageBody, SimulatorThread, WhatsAppNumber, WhatsAppNumberBody, WebhookReceived } from '@backoffice/contracts';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { MessagingRepo, MessageRow } from './messaging.repo.ts';
import { contentOf, type MessagingService } from './messaging.service.ts';
import type { ArrivedMessage, InboundRow, NumberRow, WhatsAppRepo } from './whatsapp.repo.ts';
import { parseMetaWebhook, signatureValid, type MetaPayload } from './whatsapp-webhook.ts';

type Auth = { accountId: number };
type Out<T extends z.ZodType> = z.input<T>;

/** Our outbound message as a line of the simulator's thread. */
export function outboundItem(m: MessageRow): Out<typeof SimulatorMessage> {
  const content = contentOf(m);
  return {
    id: `out-${m.id}`,
    direction: 'out',
    message_id: m.id,
    kind: content.kind,
    text: content.kind === 'text' ? content.text : content.kind === 'media' ? (content.caption ?? null) : m.body,
    media:
      content.kind === 'media'
        ? { url: content.url, media_type: content.mediaType, filename: content.filename ?? null }
        : content.kind === 'template' && content.media
          ? { url: content.media.url, media_type: content.media.mediaType, filename: content.media.filename ?? null }
          : null,
    template: content.kind === 'template' ? { name: content.name, language: content.language, params: content.params ?? [] } : null,
    button: null,
    status: m.status as Out<typeof SimulatorMessage>['status'],
    error: m.error,
    reply_to: null,
    at: m.createdAt.toISOString(),
  };
}

/** A customer's message as a line of the simulator's thread. */
export function inboundItem(r: InboundRow): Out<typeof SimulatorMessage> {
  const media = r.media as { url: string; mediaType: string; filename: string | null } | null;
  return {
    id: `in-${r.id}`,
    direction: 'in',
    message_id: null,
    kind: r.kind as Out<typeof SimulatorMessage>['kind'],
    text: r.text,
    media: media ? { url: media.url, media_type: media.mediaType, filename: media.filename ?? null } : null,
    template: null,
    button: (r.button as { text: string; payload: string | null } | null) ?? null,
    status: null,
    error: null,
    reply_to: r.replyToId,
    at: r.sentAt.toISOString(),
  };
}

const numberView = (provider: 'local' | 'cloud', n: NumberRow | null): Out<typeof WhatsAppNumber> => ({
  provider,
  number: n
    ? { phone_number_id: n.phoneNumberId, waba_id: n.wabaId, display_phone: n.displayPhone, has_access_token: Boolean(n.accessToken), updated_at: n.updatedAt.toISOString() }
    : null,
});

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** How many messages of a thread are shown (each side). */
const THREAD_MAX = 300;

export interface WhatsAppServiceDeps {
  messaging: MessagingService;
  messages: MessagingRepo;
  repo: WhatsAppRepo;
  config: { provider: 'local' | 'cloud'; appSecret: string; verifyToken: string };
  /** Shows a customer's message in the simulator panels of the account (realtime). */
  show(accountId: number, phone: string, message: Out<typeof SimulatorMessage>): void;
}

/** How long this process trusts the account it found for a phone number id (numbers seldom move). */
const NUMBER_TTL_MS = 10_000;

/** The channel's HTTP side: the Cloud API's webhook, the account's number, and the simulator panel. */
export function createWhatsAppService({ messaging, messages, repo, config, show }: WhatsAppServiceDeps) {
  /** The account of each phone number id found lately (only numbers found: a number saved is used at once). */
  const accounts = new Map<string, { accountId: number; until: number }>();
  async function accountOf(phoneNumberId: string): Promise<number | null> {
    const known = accounts.get(phoneNumberId);
    if (known && known.until > Date.now()) return known.accountId;
    const accountId = (await repo.numberByPhoneNumberId(phoneNumberId))?.accountId ?? null;
    if (accountId === null) accounts.delete(phoneNumberId);
    else accounts.set(phoneNumberId, { accountId, until: Date.now() + NUMBER_TTL_MS });
    return accountId;
  }

  return {
    /** Meta's verification handshake: the challenge back when the mode and token are right. */
    verify(query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string }): string {
      if (query['hub.mode'] !== 'subscribe' || !sameSecret(query['hub.verify_token'] ?? '', config.verifyToken)) {
        throw new ForbiddenError('WHATSAPP_VERIFY_TOKEN_INVALID');
      }
      return query['hub.challenge'] ?? '';
    },

    /**
     * A signed notification of the Cloud API: messages stored (once per id) and queued, statuses and
     * template decisions queued; answered at once, the work done by the jobs.
     */
    async webhook(signature: string | undefined, rawBody: string, body: MetaPayload): Promise<Out<typeof WebhookReceived>> {
      if (!signature) throw new UnauthorizedError('WHATSAPP_SIGNATURE_MISSING');
      if (!signatureValid(signature, rawBody, config.appSecret)) throw new ForbiddenError('WHATSAPP_SIGNATURE_INVALID');
      const parsed = parseMetaWebhook(body);
      const arrived: ArrivedMessage[] = [];
      for (const { phoneNumberId, message } of parsed.messages) {
        const accountId = await accountOf(phoneNumberId);
        if (accountId !== null) arrived.push({ ...message, accountId, provider: 'cloud' });
      }
      await Promise.all([messaging.receive(arrived), messaging.reportStatuses(parsed.statuses)]);
      let templates = 0;
      for (const t of parsed.templates) {
        const number = await repo.numberByWaba(t.wabaId);
        if (!number) continue;
        await messaging.reportTemplateDecision({ accountId: number.accountId, name: t.name, status: t.status, reason: t.reason });
        templates += 1;
      }
      return { received: true, messages: arrived.length, statuses: parsed.statuses.length, templates };
    },

    async number(auth: Auth) {
      return numberView(config.provider, await repo.numberOf(auth.accountId));
    },
    async saveNumber(auth: Auth, body: z.output<typeof WhatsAppNumberBody>) {
      if (await repo.phoneNumberIdTaken(auth.accountId, body.phone_number_id)) throw new ConflictError('WHATSAPP_NUMBER_TAKEN');
      try {
        const saved = await repo.saveNumber(auth.accountId, {
          phoneNumberId: body.phone_number_id,
          wabaId: body.waba_id,
          displayPhone: body.display_phone,
          accessToken: body.access_token,
        });
        accounts.clear();
        return numberView(config.provider, saved);
      } catch (err) {
        // Two accounts saving the same number at once: the unique index decides.
        if ((err as { code?: string }).code === 'P2002') throw new ConflictError('WHATSAPP_NUMBER_TAKEN');
        throw err;
      }
    },

    /**
     * The simulator: a customer of the account writes. The same pipeline as the webhook's (stored once
     * per id, handed to the onInbound handlers by the job); a button answers the message named, or the
     * newest one sent to the phone.
     */
    async simulate(auth: Auth, body: z.output<typeof SimulatorMessageBody>) {
      const providerMessageId = body.id ? `sim-${auth.accountId}-${body.id}` : `sim-${randomUUID()}`;
      let reply: MessageRow | null = null;
      if (body.reply_to !== undefined) {
        const named = await messages.find(body.reply_to);
        reply = named && named.accountId === auth.accountId && named.to === body.phone ? named : null;
      } else if (body.button) {
        reply = await messages.latestTo(auth.accountId, body.phone);
      }
      const base = { accountId: auth.accountId, provider: 'local', providerMessageId, from: body.phone, profileName: body.name ?? null, at: new Date() };
      const arrived: ArrivedMessage = body.media
        ? { ...base, kind: 'media', text: body.media.caption ?? null, media: { url: body.media.url, mediaType: body.media.media_type, filename: body.media.filename ?? null }, button: null, contextProviderMessageId: reply?.providerMessageId ?? null, replyToId: reply?.id ?? null }
        : body.button
          ? { ...base, kind: 'button', text: body.button.text, media: null, button: { text: body.button.text, payload: body.button.payload ?? null }, contextProviderMessageId: reply?.providerMessageId ?? null, replyToId: reply?.id ?? null }
          : { ...base, kind: 'text', text: body.text ?? '', media: null, button: null, contextProviderMessageId: reply?.providerMessageId ?? null, replyToId: reply?.id ?? null };
      const created = (await messaging.receive([arrived])).length > 0;
      const row = await repo.findInboundByProviderId('local', providerMessageId);
      // A client id another account used: nothing of that account's is answered.
      const mine = row && row.accountId === auth.accountId ? row : null;
      const message = mine ? inboundItem(mine) : null;
      if (created && message) show(auth.accountId, body.phone, message);
      return { created, message };
    },

    async conversations(auth: Auth, q: z.output<typeof PageQuery>) {
      const rows = await repo.conversations(auth.accountId, (q.page - 1) * q.quantity, q.quantity);
      const total = rows.length ? Number(rows[0]!.total) : q.page > 1 ? await repo.countConversations(auth.accountId) : 0;
      return pageOf(
        rows.map((r) => ({ phone: r.phone, name: r.name, last_at: r.last_at.toISOString() })),
        q,
        total,
      );
    },

    /** The thread with a phone, oldest first: this account's messages only (another account's phone is an empty thread). */
    async thread(auth: Auth, phone: string): Promise<Out<typeof SimulatorThread>> {
      const [inbound, outbound] = await Promise.all([repo.inboundFrom(auth.accountId, phone, THREAD_MAX), messages.outboundTo(auth.accountId, phone, THREAD_MAX)]);
      const items = [...inbound.map(inboundItem), ...outbound.map(outboundItem)].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
      return { phone, name: inbound.find((r) => r.profileName)?.profileName ?? null, messages: items };
    },

    /** The customer reads the thread: what was sent or delivered is reported read, as the phone would. */
    async read(auth: Auth, phone: string) {
      const unread = await messages.unreadTo(auth.accountId, phone);
      const at = new Date().toISOString();
      await messaging.reportStatuses(unread.map((m) => ({ provider: m.provider, providerMessageId: m.providerMessageId!, status: 'read' as const, at, error: null })));
      return { read: unread.length };
    },
  };
}
export type WhatsAppService = ReturnType<typeof createWhatsAppService>;
