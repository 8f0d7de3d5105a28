import { MESSAGING_DEFAULT_BUTTON, MESSAGING_NAME_PLACEHOLDER, MESSAGING_OPT_OUT_BUTTON } from '@backoffice/contracts';
import type { InboundMessage, StatusUpdate, WhatsAppContent } from '../messaging/whatsapp.ts';
import type { OutgoingMessage } from '../messaging/messaging.service.ts';
import type { CampaignRow, MessagingCampaignsRepo } from './messaging-campaigns.repo.ts';
import type { ClaimedRecipient, MessagingRecipientsRepo } from './messaging-recipients.repo.ts';
import { whatsappMediaKind } from './messaging-media.ts';

/** What outbound messages of campaign recipients are about (StatusUpdate and replies name it). */
export const RECIPIENT_SUBJECT = 'messaging_campaign_recipient';
/** One message per customer per campaign: a retried send reuses it (and its provider key). */
export const recipientDedupKey = (campaignId: number, customerId: number) => `messaging_campaign:${campaignId}:${customerId}`;

/**
 * A claimed recipient not finished within this time belongs to a worker that died: another batch
 * takes it again (its message, already recorded, is reused; one already sent is not sent again).
 */
export const CLAIM_LEASE_MS = 60_000;
/** A sending campaign without progress for this long is dispatched again (its job was lost or its worker died). */
export const STALL_MS = 90_000;
/** At most this many recipients per batch, whatever the rate. */
const MAX_BATCH = 500;
/**
 * When a campaign's next batch is due, after one of `sent` messages at `rate` a second: a second's
 * sends a second on from the last due time, so a batch that took longer is made up by the next ones
 * going at once, but never more than MAX_BEHIND_MS of it (a longer stall is not made up in a burst).
 */
export const nextDue = (due: number, sent: number, rate: number, now: number) => Math.max(due + (sent / rate) * 1000, now - MAX_BEHIND_MS);

/** Batches of one campaign under way at once. */
const PIPELINE = 2;
/** How far behind its schedule a dispatch may make up by sending its next batches at once. */
const MAX_BEHIND_MS = 1000;
const SENT = new Set(['sent', 'delivered', 'read']);

/** What the dispatch needs of the messaging module (services.messaging). */
export interface CampaignMessaging {
  /** Messages per second the provider takes. */
  readonly ratePerSecond: number;
  recordMany(messages: OutgoingMessage[]): Promise<Map<string, number>>;
  /** Sends a batch; answers each message as it ends (refused ones failed, with the reason). */
  deliverMany(messageIds: number[]): Promise<Array<{ id: number; status: string; sentAt: Date | null; error: string | null }>>;
}

export interface DispatchDeps {
  campaigns: MessagingCampaignsRepo;
  recipients: MessagingRecipientsRepo;
  messaging: CampaignMessaging;
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  log?: { warn(obj: object, msg: string): void };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The message of one recipient: the approved template, its {{nome}} filled, with the campaign's media or the template's. */
export function messageFor(campaign: CampaignRow, r: Pick<ClaimedRecipient, 'id' | 'customerId' | 'phone' | 'name'>): OutgoingMessage {
  const t = campaign.template;
  const named = t.message.includes(MESSAGING_NAME_PLACEHOLDER);
  const first = firstName(r.name);
  const mediaUrl = campaign.mediaUrl ?? t.mediaUrl;
  const mediaType = campaign.mediaUrl ? campaign.mediaType : t.mediaType;
  const mediaName = campaign.mediaUrl ? campaign.mediaName : t.mediaName;
  const content: WhatsAppContent = {
    kind: 'template',
    name: t.name,
    language: t.language,
    params: named ? [first] : [],
    media: mediaUrl ? { url: mediaUrl, mediaType: whatsappMediaKind(mediaType), filename: mediaName } : null,
  };
  return {
    accountId: campaign.accountId,
    to: r.phone,
    body: t.message.split(MESSAGING_NAME_PLACEHOLDER).join(first),
    content,
    customerId: r.customerId,
    subjectType: RECIPIENT_SUBJECT,
    subjectId: r.id,
    dedupKey: recipientDedupKey(campaign.id, r.customerId),
  };
}

/**
 * The dispatch of campaigns: starts a due one (its recipients written once), then sends in batches
 * of one second's worth at the provider's rate. Each batch claims its rows first (a conditional
 * update), records their messages under a per-customer dedup key and hands each to the provider
 * once; the campaign is read again between batches, so a cancel stops it there. A worker that
 * dies leaves claimed rows that another run takes again after CLAIM_LEASE_MS.
 */
export function createCampaignDispatcher({ campaigns, recipients, messaging, clock = () => new Date(), sleep = (ms) => new Promise((r) => setTimeout(r, ms)), log }: DispatchDeps) {
  /** Sends one claimed batch; answers how many it handed to the provider. */
  async function sendBatch(campaign: CampaignRow, batch: ClaimedRecipient[]) {
    // Opted out since the audience was chosen (another campaign's "Não quero mensagens"): never messaged.
    const gone = batch.filter((r) => !r.optIn).map((r) => r.id);
    if (gone.length) await recipients.skip(gone);
    const live = batch.filter((r) => r.optIn);
    if (!live.length) return 0;
    const ids = await messaging.recordMany(live.map((r) => messageFor(campaign, r)));
    const pairs = live.map((r) => ({ r, messageId: ids.get(recipientDedupKey(campaign.id, r.customerId))! }));
    await recipients.setMessages(pairs.filter((p) => p.r.messageId !== p.messageId).map((p) => ({ id: p.r.id, messageId: p.messageId })));
    // A batch that throws leaves its rows claimed: another run takes them again after CLAIM_LEASE_MS,
    // and what the provider took already is not sent again (the messages' statuses say so).
    const messages = new Map((await messaging.deliverMany(pairs.map((p) => p.messageId))).map((m) => [m.id, m]));
    const at = clock();
    const sent: Array<{ id: number; at: Date }> = [];
    const failed: Array<{ id: number; error: string }> = [];
    for (const { r, messageId } of pairs) {
      const m = messages.get(messageId);
      if (m && SENT.has(m.status)) sent.push({ id: r.id, at: m.sentAt ?? at });
      else failed.push({ id: r.id, error: m?.error ?? 'mensagem não enviada' });
    }
    await recipients.markSentMany(sent);
    await recipients.markFailedMany(failed, at);
    return live.length;
  }

  return {
    /** Dispatches one campaign until it is sent, canceled or past its end (the `messaging-campaigns.dispatch` job). */
    async run(campaignId: number) {
      let campaign = await campaigns.findForDispatch(campaignId);
      if (!campaign) return;
      if (campaign.status === 'scheduled' && !(await campaigns.start(campaignId, clock()))) return;
      const rate = Math.max(1, messaging.ratePerSecond);
      const size = Math.max(1, Math.min(MAX_BATCH, Math.floor(rate)));
      // When the next batch is due (nextDue). Two batches may be under way at once (each its own claimed rows):
      // the next is claimed and recorded while the last one's sends are still being recorded.
      let due = clock().getTime();
      const underWay = new Set<Promise<void>>();
      let failure: unknown = null;
      /** Waits for the batches under way; throws what one of them threw (its rows stay claimed for the next run). */
      const settle = async () => {
        await Promise.all(underWay);
        if (failure) throw failure;
      };
      for (;;) {
        if (failure) return settle();
        campaign = await campaigns.findForDispatch(campaignId);
        if (!campaign || campaign.status !== 'sending') return settle();
        const began = clock();
        if (campaign.endAt <= began) {
          await settle();
          // Its period is over: what was not sent is not sent.
          await recipients.skipPending(campaignId);
          await campaigns.finish(campaignId, began);
          return;
        }
        const batch = await recipients.claim(campaignId, began, new Date(began.getTime() - CLAIM_LEASE_MS), size);
        if (!batch.length) {
          await settle();
          await campaigns.finish(campaignId, clock());
          return;
        }
        const sending: Promise<void> = sendBatch(campaign, batch)
          .then(async () => void (await campaigns.progress(campaignId, clock())))
          .catch((err: unknown) => void (failure ??= err))
          .finally(() => underWay.delete(sending));
        underWay.add(sending);
        if (underWay.size >= PIPELINE) await Promise.race(underWay);
        const now = clock().getTime();
        due = nextDue(due, batch.filter((r) => r.optIn).length, rate, now);
        if (due > now) await sleep(due - now);
      }
    },

    /** Delivery statuses of recipients' messages (the `onStatuses` handler): one statement for the batch. */
    async onStatuses(updates: StatusUpdate[]) {
      const mine = updates.filter((u) => u.subjectType === RECIPIENT_SUBJECT && u.subjectId !== null);
      await recipients.applyStatuses(mine.map((u) => ({ accountId: u.accountId, id: u.subjectId!, reported: u.reported, at: u.at, error: u.error })));
    },

    /**
     * A customer's message (the `onInbound` handler): "Não quero mensagens" (the button, or the same
     * words typed) opts the customer out at once; "Quero aproveitar" counts as the campaign's reply.
     */
    async onInbound(message: InboundMessage) {
      const said = (message.button?.text ?? message.text ?? '').trim().toLocaleLowerCase('pt-BR');
      const recipientId = message.replyTo?.subjectType === RECIPIENT_SUBJECT ? message.replyTo.subjectId : null;
      const recipient = recipientId !== null ? await recipients.find(message.accountId, recipientId) : null;
      if (said === MESSAGING_OPT_OUT_BUTTON.toLocaleLowerCase('pt-BR')) {
        await recipients.optOut(message.accountId, recipient ? { id: recipient.customerId } : { phone: message.from }, recipient?.id ?? null, message.at);
        return;
      }
      if (recipient && message.button && said === MESSAGING_DEFAULT_BUTTON.toLocaleLowerCase('pt-BR')) {
        await recipients.replied(message.accountId, recipient.id, message.at);
      }
    },

    /** Due and stalled campaigns, for the tick to queue (and scheduled ones whose end passed, canceled). */
    async due() {
      const now = clock();
      const expired = await campaigns.expire(now);
      if (expired) log?.warn({ expired }, 'messaging campaigns ended before their template was approved: canceled');
      const [starting, stalled] = await Promise.all([campaigns.due(now), campaigns.stalled(new Date(now.getTime() - STALL_MS))]);
      return [
        ...starting.map((c) => ({ campaignId: c.id, version: `start-${c.updatedAt.getTime()}` })),
        ...stalled.map((c) => ({ campaignId: c.id, version: `resume-${c.progressAt?.getTime() ?? 0}` })),
      ];
    },
  };
}
export type CampaignDispatcher = ReturnType<typeof createCampaignDispatcher>;
