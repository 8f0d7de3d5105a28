import type { z } from 'zod';
import {
  MESSAGING_NAME_PLACEHOLDER,
  type MessagingTemplate,
  type MessagingTemplateInput,
  type MessagingTemplateListQuery,
  type NotificationTemplate,
  type NotificationTemplateInput,
  type NotificationTemplateListQuery,
} from '@backoffice/contracts';
import { AppError, ConflictError, ValidationError, found } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { pageOf } from '../../lib/paging.ts';
import type { WhatsAppChannel } from '../messaging/whatsapp.ts';
import { mediaTypeOfKey } from '../flyers/flyer-media.ts';
import { isUniqueViolation, type MessagingTemplatesRepo, type NotificationTemplateRow, type TemplateData, type TemplateRow } from './messaging-templates.repo.ts';

/** Campaign statuses that keep their template as it is (its approved text is what they send). */
const LOCKING_STATUSES = ['scheduled', 'sending'];

export interface TemplatesDeps {
  repo: MessagingTemplatesRepo;
  storage: MediaStorage;
  channel: Pick<WhatsAppChannel, 'submitTemplate'>;
  clock?: () => Date;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toTemplate = (t: TemplateRow): z.input<typeof MessagingTemplate> => ({
  id: t.id,
  name: t.name,
  description: t.description,
  message: t.message,
  buttons: t.buttons as z.input<typeof MessagingTemplate>['buttons'],
  media_url: t.mediaUrl,
  media_type: t.mediaType,
  media_name: t.mediaName,
  language: t.language,
  status: t.status as z.input<typeof MessagingTemplate>['status'],
  rejection_reason: t.rejectionReason,
  submitted_at: t.submittedAt.toISOString(),
  decided_at: iso(t.decidedAt),
  campaigns_count: t._count.campaigns,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});

const toNotification = (n: NotificationTemplateRow): z.input<typeof NotificationTemplate> => ({
  id: n.id,
  event: n.event as z.input<typeof NotificationTemplate>['event'],
  name: n.name,
  message: n.message,
  active: n.active,
  created_at: n.createdAt.toISOString(),
  updated_at: n.updatedAt.toISOString(),
});

const nameTaken = (name: string) =>
  new AppError(409, 'MESSAGING_TEMPLATE_NAME_TAKEN', 'MESSAGING_TEMPLATE_NAME_TAKEN', { name }, [
    { field: 'name', code: 'unique', message: 'Já existe um template com este nome.' },
  ]);
const eventTaken = () =>
  new AppError(409, 'NOTIFICATION_TEMPLATE_EVENT_TAKEN', 'NOTIFICATION_TEMPLATE_EVENT_TAKEN', {}, [
    { field: 'event', code: 'unique', message: 'Já existe um template de notificação para este evento.' },
  ]);

/** What the provider approves: a change of any of these needs a new approval. */
const providerView = (t: Pick<TemplateData, 'name' | 'message' | 'buttons' | 'mediaUrl'>) => JSON.stringify([t.name, t.message, t.buttons, t.mediaUrl]);

/**
 * The media columns of a write: a file this API stored for the account, or media one of the
 * account's templates or campaigns already shows. The type comes from the file, never the client.
 */
export async function mediaColumns(
  storage: MediaStorage,
  findMedia: (accountId: number, url: string) => Promise<{ mediaType: string | null; mediaName: string | null } | null>,
  accountId: number,
  input: { media_url?: string | null; media_name?: string | null },
) {
  const url = input.media_url ?? null;
  if (!url) return { mediaUrl: null, mediaType: null, mediaName: null };
  const key = await storage.keyOf(accountId, url);
  if (key) return { mediaUrl: url, mediaType: mediaTypeOfKey(key), mediaName: input.media_name || key.split('/').pop()! };
  const known = await findMedia(accountId, url);
  if (!known) {
    throw new ValidationError('MEDIA_URL_NOT_ISSUED', {}, [{ field: 'media_url', code: 'custom', message: 'Use o endereço devolvido pelo envio de mídia (/uploads/…).' }]);
  }
  return { mediaUrl: url, mediaType: known.mediaType, mediaName: input.media_name || known.mediaName };
}

/** Message templates (submitted to the provider for approval) and the notification templates of an account. */
export function createMessagingTemplatesService({ repo, storage, channel, clock = () => new Date() }: TemplatesDeps) {
  /** Submits the template; applies an immediate decision (the local provider may answer at once). */
  async function submit(accountId: number, row: TemplateRow): Promise<TemplateRow> {
    const answer = await channel.submitTemplate({
      accountId,
      name: row.name,
      language: row.language,
      // The customer's first name is the body's first variable at the provider.
      body: row.message.split(MESSAGING_NAME_PLACEHOLDER).join('{{1}}'),
      buttons: row.buttons,
      media: row.mediaUrl ? { url: row.mediaUrl, mediaType: row.mediaType ?? 'image/jpeg', filename: row.mediaName } : null,
    });
    if (answer.status === 'pending') return row;
    await repo.decide(accountId, row.name, answer.status, answer.reason, clock());
    return found(await repo.find(accountId, row.id), 'MESSAGING_TEMPLATE_NOT_FOUND');
  }

  async function toData(accountId: number, input: MessagingTemplateInput): Promise<TemplateData> {
    return {
      name: input.name,
      description: input.description ?? null,
      message: input.message,
      buttons: input.buttons,
      ...(await mediaColumns(storage, repo.findMedia, accountId, input)),
      status: 'pending',
      rejectionReason: null,
      submittedAt: clock(),
      decidedAt: null,
    };
  }

  return {
    async list(accountId: number, q: z.output<typeof MessagingTemplateListQuery>) {
      const { rows, total } = await repo.list(accountId, { search: q.search, status: q.status }, q.page, q.quantity);
      return pageOf(rows.map(toTemplate), q, total);
    },

    async get(accountId: number, id: number) {
      return toTemplate(found(await repo.find(accountId, id), 'MESSAGING_TEMPLATE_NOT_FOUND'));
    },

    /** Creates the template as pending and submits it; a submission the provider refuses to take leaves nothing behind. */
    async create(accountId: number, input: MessagingTemplateInput) {
      const data = await toData(accountId, input);
      const row = await repo.create(accountId, data).catch((err: unknown) => {
        throw isUniqueViolation(err) ? nameTaken(input.name) : err;
      });
      try {
        return toTemplate(await submit(accountId, row));
      } catch (err) {
        await repo.remove(accountId, row.id);
        throw err;
      }
    },

    /**
     * Replaces the template. A change the provider sees (name, text, buttons, media) submits it again
     * (pending until decided), so it is refused while a scheduled or sending campaign uses it.
     */
    async update(accountId: number, id: number, input: MessagingTemplateInput) {
      const current = found(await repo.find(accountId, id), 'MESSAGING_TEMPLATE_NOT_FOUND');
      const data = await toData(accountId, input);
      const resubmit = providerView(data) !== providerView(current);
      if (resubmit) {
        const locked = await repo.campaignsIn(accountId, id, LOCKING_STATUSES);
        if (locked) throw new ConflictError('MESSAGING_TEMPLATE_IN_USE', { count: locked });
      } else {
        Object.assign(data, { status: current.status, rejectionReason: current.rejectionReason, submittedAt: current.submittedAt, decidedAt: current.decidedAt });
      }
      const row = await repo.update(accountId, id, data).catch((err: unknown) => {
        throw isUniqueViolation(err) ? nameTaken(input.name) : err;
      });
      const saved = found(row, 'MESSAGING_TEMPLATE_NOT_FOUND');
      return toTemplate(resubmit ? await submit(accountId, saved) : saved);
    },

    async remove(accountId: number, id: number) {
      const current = found(await repo.find(accountId, id), 'MESSAGING_TEMPLATE_NOT_FOUND');
      if (current._count.campaigns) throw new ConflictError('MESSAGING_TEMPLATE_HAS_CAMPAIGNS', { count: current._count.campaigns });
      if (!(await repo.remove(accountId, id))) {
        const again = await repo.find(accountId, id);
        if (again) throw new ConflictError('MESSAGING_TEMPLATE_HAS_CAMPAIGNS', { count: again._count.campaigns });
        found(null, 'MESSAGING_TEMPLATE_NOT_FOUND');
      }
    },

    /** The provider decided about a template (approved, or rejected with its reason). */
    async decide(decision: { accountId: number; name: string; status: string; reason: string | null }) {
      await repo.decide(decision.accountId, decision.name, decision.status, decision.reason, clock());
    },

    notifications: {
      async list(accountId: number, q: z.output<typeof NotificationTemplateListQuery>) {
        return { data: (await repo.notifications.list(accountId, q.event)).map(toNotification) };
      },
      async create(accountId: number, input: NotificationTemplateInput) {
        const row = await repo.notifications.create(accountId, input).catch((err: unknown) => {
          throw isUniqueViolation(err) ? eventTaken() : err;
        });
        return toNotification(row);
      },
      async update(accountId: number, id: number, input: NotificationTemplateInput) {
        const row = await repo.notifications.update(accountId, id, input).catch((err: unknown) => {
          throw isUniqueViolation(err) ? eventTaken() : err;
        });
        return toNotification(found(row, 'NOTIFICATION_TEMPLATE_NOT_FOUND'));
      },
      async remove(accountId: number, id: number) {
        if (!(await repo.notifications.remove(accountId, id))) found(null, 'NOTIFICATION_TEMPLATE_NOT_FOUND');
      },
    },
  };
}
export type MessagingTemplatesService = ReturnType<typeof createMessagingTemplatesService>;
