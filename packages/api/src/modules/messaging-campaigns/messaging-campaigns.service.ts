import type { z } from 'zod';
import {
  MESSAGING_ORDER_WINDOW_DAYS,
  fromCents,
  type MessagingCampaign,
  type MessagingCampaignDashboard,
  type MessagingCampaignInput,
  type MessagingCampaignListQuery,
  type MessagingDashboard,
  type MessagingDashboardQuery,
} from '@backoffice/contracts';
import { AppError, ConflictError, ValidationError, found } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { pageOf } from '../../lib/paging.ts';
import { businessDate, businessRange, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import { mediaColumns } from './messaging-templates.service.ts';
import type { MessagingTemplatesRepo } from './messaging-templates.repo.ts';
import { NO_COUNTS, type CampaignCounts, type CampaignData, type CampaignRow, type MessagingCampaignsRepo } from './messaging-campaigns.repo.ts';
import type { DayCounts, MessagingRecipientsRepo } from './messaging-recipients.repo.ts';

const DAY = 86_400_000;
/** The dashboard's default period: the last 30 São Paulo days. */
const DEFAULT_DAYS = 30;

export interface CampaignsDeps {
  repo: MessagingCampaignsRepo;
  recipients: MessagingRecipientsRepo;
  templates: Pick<MessagingTemplatesRepo, 'findMedia'>;
  storage: MediaStorage;
  /** Queues the dispatch of a campaign whose start has come (jobs, so a request never sends). */
  kick: (campaignId: number, version: string) => Promise<void>;
  clock?: () => Date;
}

type Campaign = z.input<typeof MessagingCampaign>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toCampaign = (c: CampaignRow, counts: CampaignCounts = NO_COUNTS): Campaign => ({
  id: c.id,
  name: c.name,
  status: c.status as Campaign['status'],
  template_id: c.templateId,
  template: {
    id: c.template.id,
    name: c.template.name,
    status: c.template.status as Campaign['template']['status'],
    message: c.template.message,
    buttons: c.template.buttons as Campaign['template']['buttons'],
  },
  message: c.message,
  audience: c.audience as Campaign['audience'],
  location_ids: c.locationIds,
  start_at: c.startAt.toISOString(),
  end_at: c.endAt.toISOString(),
  media_url: c.mediaUrl,
  media_type: c.mediaType,
  media_name: c.mediaName,
  counts,
  started_at: iso(c.startedAt),
  finished_at: iso(c.finishedAt),
  canceled_at: iso(c.canceledAt),
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

/** Every São Paulo day from `first` to `last` (YYYY-MM-DD), with the counts of the days that had any. */
export function fillDays(first: string, last: string, counted: DayCounts[]): DayCounts[] {
  const byDate = new Map(counted.map((d) => [d.date, d]));
  const out: DayCounts[] = [];
  for (let t = Date.parse(`${first}T12:00:00Z`); t <= Date.parse(`${last}T12:00:00Z`); t += DAY) {
    const date = new Date(t).toISOString().slice(0, 10);
    out.push(byDate.get(date) ?? { date, sent: 0, delivered: 0, read: 0, replied: 0, opted_out: 0, failed: 0 });
  }
  return out;
}

const storesUnknown = (ids: number[]) =>
  new ValidationError('MESSAGING_STORES_UNKNOWN', { ids: ids.join(', ') }, [
    { field: 'location_ids', code: 'custom', message: `Lojas não encontradas nesta conta: ${ids.join(', ')}.` },
  ]);

/** Messaging campaigns of an account: CRUD before sending, cancel, and their dashboards. */
export function createMessagingCampaignsService({ repo, recipients, templates, storage, kick, clock = () => new Date() }: CampaignsDeps) {
  async function withCounts(rows: CampaignRow[]) {
    const counts = await repo.counts(rows.map((r) => r.id));
    return rows.map((r) => toCampaign(r, counts.get(r.id)));
  }

  async function get(accountId: number, id: number) {
    const [campaign] = await withCounts([found(await repo.find(accountId, id), 'MESSAGING_CAMPAIGN_NOT_FOUND')]);
    return campaign!;
  }

  /** Checks what the campaign names (template, stores, media) and the rules of scheduling; the columns to write. */
  async function toData(accountId: number, input: MessagingCampaignInput): Promise<CampaignData> {
    const template = found(await repo.templateOf(accountId, input.template_id), 'MESSAGING_TEMPLATE_NOT_FOUND');
    const known = await repo.storesOf(accountId, input.location_ids);
    const unknown = input.location_ids.filter((id) => !known.includes(id));
    if (unknown.length) throw storesUnknown(unknown);
    const endAt = new Date(input.end_at);
    if (!input.draft) {
      if (template.status !== 'approved') {
        throw new AppError(422, 'MESSAGING_TEMPLATE_NOT_APPROVED', 'MESSAGING_TEMPLATE_NOT_APPROVED', { name: template.name }, [
          { field: 'template_id', code: 'custom', message: 'Escolha um template aprovado pelo provedor (ou salve como rascunho).' },
        ]);
      }
      if (endAt <= clock()) {
        throw new AppError(422, 'MESSAGING_CAMPAIGN_ENDED', 'MESSAGING_CAMPAIGN_ENDED', {}, [
          { field: 'end_at', code: 'custom', message: 'O fim deve ser no futuro para agendar o envio.' },
        ]);
      }
    }
    return {
      templateId: template.id,
      name: input.name,
      message: input.message,
      audience: input.audience,
      locationIds: input.location_ids,
      startAt: new Date(input.start_at),
      endAt,
      ...(await mediaColumns(storage, templates.findMedia, accountId, input)),
      status: input.draft ? 'draft' : 'scheduled',
    };
  }

  /** A scheduled campaign whose start has come is dispatched now rather than at the next tick. */
  async function kickIfDue(row: CampaignRow) {
    if (row.status === 'scheduled' && row.startAt <= clock()) await kick(row.id, `start-${row.updatedAt.getTime()}`);
  }

  return {
    async list(accountId: number, q: z.output<typeof MessagingCampaignListQuery>) {
      const { rows, total } = await repo.list(accountId, { search: q.search, status: q.status, templateId: q.template_id, ...businessRange(q) }, q.page, q.quantity);
      return pageOf(await withCounts(rows), q, total);
    },

    get,

    async create(accountId: number, input: MessagingCampaignInput) {
      const row = await repo.create(accountId, await toData(accountId, input));
      await kickIfDue(row);
      return toCampaign(row);
    },

    /** Replaces the campaign while it has not started sending. */
    async update(accountId: number, id: number, input: MessagingCampaignInput) {
      found(await repo.find(accountId, id), 'MESSAGING_CAMPAIGN_NOT_FOUND');
      const row = await repo.update(accountId, id, await toData(accountId, input));
      if (!row) throw new ConflictError('MESSAGING_CAMPAIGN_NOT_EDITABLE');
      await kickIfDue(row);
      const [campaign] = await withCounts([row]);
      return campaign!;
    },

    async remove(accountId: number, id: number) {
      found(await repo.find(accountId, id), 'MESSAGING_CAMPAIGN_NOT_FOUND');
      if (!(await repo.remove(accountId, id))) {
        if (await repo.find(accountId, id)) throw new ConflictError('MESSAGING_CAMPAIGN_SENDING');
        found(null, 'MESSAGING_CAMPAIGN_NOT_FOUND');
      }
    },

    /** Cancels: nothing not yet claimed by a batch is sent; a batch under way stops before its next one. */
    async cancel(accountId: number, id: number) {
      found(await repo.find(accountId, id), 'MESSAGING_CAMPAIGN_NOT_FOUND');
      if (!(await repo.cancel(accountId, id, clock()))) throw new ConflictError('MESSAGING_CAMPAIGN_NOT_CANCELABLE');
      return get(accountId, id);
    },

    /** All campaigns of the account per São Paulo day: messages sent, delivered, read, answered and opt-outs. */
    async dashboard(accountId: number, q: z.output<typeof MessagingDashboardQuery>): Promise<z.input<typeof MessagingDashboard>> {
      const today = businessDate(clock());
      // Only a start given: up to today, or that very day when it is later.
      const end = q.end_date ?? (q.start_date && q.start_date > today ? q.start_date : today);
      const start = q.start_date ?? businessDate(new Date(Date.parse(`${end}T12:00:00Z`) - (DEFAULT_DAYS - 1) * DAY));
      const from = startOfBusinessDay(start);
      const to = endOfBusinessDay(end);
      const [counted, campaigns] = await Promise.all([recipients.accountDays(accountId, from, to), recipients.campaignsSending(accountId, from, to)]);
      const days = fillDays(start, end, counted);
      const sum = (k: keyof Omit<DayCounts, 'date'>) => days.reduce((s, d) => s + d[k], 0);
      return {
        start_date: start,
        end_date: end,
        campaigns,
        totals: { sent: sum('sent'), delivered: sum('delivered'), read: sum('read'), replied: sum('replied'), opted_out: sum('opted_out'), failed: sum('failed') },
        days,
      };
    },

    /** One campaign's funnel (sent → delivered → read → replied / opted out → orders within 7 days) and its days. */
    async campaignDashboard(accountId: number, id: number): Promise<z.input<typeof MessagingCampaignDashboard>> {
      const row = found(await repo.find(accountId, id), 'MESSAGING_CAMPAIGN_NOT_FOUND');
      const [counts, orders, span] = await Promise.all([
        recipients.campaignCounts(id),
        recipients.ordersAfter(id, MESSAGING_ORDER_WINDOW_DAYS),
        recipients.campaignSpan(id),
      ]);
      let days: DayCounts[] = [];
      if (span.first && span.last) {
        const first = businessDate(span.first);
        const last = businessDate(span.last);
        days = fillDays(first, last, await recipients.campaignDays(id, startOfBusinessDay(first), endOfBusinessDay(last)));
      }
      return {
        campaign: { id: row.id, name: row.name, status: row.status as Campaign['status'], start_at: row.startAt.toISOString(), end_at: row.endAt.toISOString() },
        funnel: { ...counts, orders: orders.orders, ordering_customers: orders.customers, orders_total: fromCents(orders.totalCents) },
        days,
      };
    },
  };
}
export type MessagingCampaignsService = ReturnType<typeof createMessagingCampaignsService>;
