import type { z } from 'zod';
import type { AttendantListQuery, BotFlowBody, ChatTagBody, ChatTagListQuery, ChatTemplateBody, ChatTemplateListQuery, CreateAttendantBody, UpdateAttendantBody } from '@backoffice/contracts';
import { AppError, ConflictError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { MemberContext } from '../../plugins/identity.ts';
import type { ChatAdminRepo, TagRow } from './chat-admin.repo.ts';
import type { ChatAssignment } from './chat-assignment.ts';
import { DEFAULT_BOT_FLOW } from './chat-inbound.ts';
import { toAttendant, toTemplate } from './chat-view.ts';
import type { ChatsRepo } from './chats.repo.ts';
import { fieldError } from './chats.service.ts';

type Member = Pick<MemberContext, 'accountId' | 'userId' | 'role'>;

const toTag = (t: TagRow) => ({ id: t.id, name: t.name, color: t.color, chats_count: t._count.links, created_at: t.createdAt.toISOString() });
const isAdmin = (m: Member) => m.role === 'admin';

/** Attendants (and their own online/away), tags, chat templates (global or own) and the bot's flow. */
export function createChatAdminService({ admin, chats, assignment, clock = () => new Date() }: { admin: ChatAdminRepo; chats: ChatsRepo; assignment: ChatAssignment; clock?: () => Date }) {
  async function attendantView(accountId: number, id: number) {
    const row = found(await admin.attendant(accountId, id), 'ATTENDANT_NOT_FOUND');
    const open = (await admin.openCounts(accountId, [row.userId])).get(row.userId) ?? 0;
    return toAttendant(row, open);
  }
  async function checkLocations(accountId: number, ids: number[]) {
    const known = new Set((await admin.locationsIn(accountId, ids)).map((l) => l.id));
    const unknown = [...new Set(ids)].filter((i) => !known.has(i));
    if (unknown.length) throw fieldError('ATTENDANT_LOCATIONS_UNKNOWN', 'location_ids', { ids: unknown.join(', ') });
  }
  async function myView(m: Member) {
    const row = await admin.attendantOfUser(m.accountId, m.userId);
    if (!row) return { attendant: null };
    const open = (await admin.openCounts(m.accountId, [row.userId])).get(row.userId) ?? 0;
    return { attendant: toAttendant(row, open) };
  }
  async function ownTemplate(m: Member, id: number) {
    const row = found(await admin.visibleTemplate(m.accountId, m.userId, id), 'CHAT_TEMPLATE_NOT_FOUND');
    if (!isAdmin(m) && row.userId !== m.userId) throw new AppError(403, 'CHAT_TEMPLATE_NOT_OWNER', 'CHAT_TEMPLATE_NOT_OWNER');
    return row;
  }
  async function tagNameFree(accountId: number, name: string, exceptId?: number) {
    const same = await admin.tagByName(accountId, name);
    if (same && same.id !== exceptId) throw new ConflictError('CHAT_TAG_EXISTS', { name });
  }

  async function getFlow(m: Member) {
    const f = await admin.flow(m.accountId);
    const v = f ?? { ...DEFAULT_BOT_FLOW, updatedAt: null };
    return {
      enabled: v.enabled,
      greeting: v.greeting,
      menu: v.menu,
      list_prompt: v.listPrompt,
      list_received: v.listReceived,
      handover: v.handover,
      business_hours: v.businessHours,
      abandon_after_minutes: v.abandonAfterMinutes,
      default_location_id: v.defaultLocationId,
      updated_at: v.updatedAt?.toISOString() ?? null,
    };
  }

  return {
    // ── attendants
    async listAttendants(m: Member, q: z.output<typeof AttendantListQuery>) {
      const { rows, total } = await admin.attendants(m.accountId, q);
      const counts = await admin.openCounts(m.accountId, rows.map((r) => r.userId));
      return pageOf(rows.map((r) => toAttendant(r, counts.get(r.userId) ?? 0)), q, total);
    },
    async createAttendant(m: Member, input: z.output<typeof CreateAttendantBody>) {
      if (!(await admin.activeMember(m.accountId, input.user_id))) throw fieldError('ATTENDANT_USER_UNKNOWN', 'user_id');
      if (await admin.attendantOfUser(m.accountId, input.user_id)) throw new ConflictError('ATTENDANT_EXISTS');
      await checkLocations(m.accountId, input.location_ids);
      const row = await admin.createAttendant({ accountId: m.accountId, userId: input.user_id, maxChats: input.max_chats, locationIds: [...new Set(input.location_ids)], active: input.active });
      return toAttendant(row, 0);
    },
    async updateAttendant(m: Member, id: number, input: z.output<typeof UpdateAttendantBody>) {
      found(await admin.attendant(m.accountId, id), 'ATTENDANT_NOT_FOUND');
      await checkLocations(m.accountId, input.location_ids);
      await admin.updateAttendant(m.accountId, id, { maxChats: input.max_chats, locationIds: [...new Set(input.location_ids)], active: input.active });
      // A higher maximum or another store may take chats from the queue.
      await assignment.assignWaiting(m.accountId);
      return attendantView(m.accountId, id);
    },
    /** Removes the attendant; their open chats go back to the queue. */
    async deleteAttendant(m: Member, id: number) {
      const row = found(await admin.attendant(m.accountId, id), 'ATTENDANT_NOT_FOUND');
      await admin.deleteAttendant(m.accountId, id);
      await chats.requeueOf(m.accountId, row.userId);
      await assignment.assignWaiting(m.accountId);
    },
    myAttendant: myView,
    /** Online or away (registering the caller as an attendant if needed); coming online takes chats from the queue. */
    async setMyStatus(m: Member, status: 'online' | 'away') {
      const row = await admin.attendantOfUser(m.accountId, m.userId);
      // A member with the conversations module who goes online becomes an attendant (all stores, the default maximum).
      if (!row) await admin.registerAttendant({ accountId: m.accountId, userId: m.userId, status, statusChangedAt: clock() });
      else if (row.status !== status) await admin.updateAttendant(m.accountId, row.id, { status, statusChangedAt: clock() });
      if (status === 'online') await assignment.assignWaiting(m.accountId);
      return myView(m);
    },

    // ── tags
    async listTags(m: Member, q: z.output<typeof ChatTagListQuery>) {
      const { rows, total } = await admin.tags(m.accountId, q);
      return pageOf(rows.map(toTag), q, total);
    },
    async createTag(m: Member, input: z.output<typeof ChatTagBody>) {
      await tagNameFree(m.accountId, input.name);
      return toTag(await admin.createTag(m.accountId, input));
    },
    async updateTag(m: Member, id: number, input: z.output<typeof ChatTagBody>) {
      found(await admin.tag(m.accountId, id), 'CHAT_TAG_NOT_FOUND');
      await tagNameFree(m.accountId, input.name, id);
      await admin.updateTag(m.accountId, id, input);
      await chats.changed(m.accountId);
      return toTag(found(await admin.tag(m.accountId, id), 'CHAT_TAG_NOT_FOUND'));
    },
    async deleteTag(m: Member, id: number) {
      found(await admin.tag(m.accountId, id), 'CHAT_TAG_NOT_FOUND');
      await admin.deleteTag(m.accountId, id);
      await chats.changed(m.accountId);
    },

    // ── templates
    async listTemplates(m: Member, q: z.output<typeof ChatTemplateListQuery>) {
      const { rows, total } = await admin.templates(m.accountId, m.userId, q);
      return pageOf(rows.map((r) => toTemplate(r, { userId: m.userId, admin: isAdmin(m) })), q, total);
    },
    async getTemplate(m: Member, id: number) {
      return toTemplate(found(await admin.visibleTemplate(m.accountId, m.userId, id), 'CHAT_TEMPLATE_NOT_FOUND'), { userId: m.userId, admin: isAdmin(m) });
    },
    async createTemplate(m: Member, input: z.output<typeof ChatTemplateBody>) {
      if (input.global && !isAdmin(m)) throw new AppError(403, 'CHAT_TEMPLATE_GLOBAL_ADMIN', 'CHAT_TEMPLATE_GLOBAL_ADMIN');
      const owner = input.global ? null : m.userId;
      if (await admin.templateKeyTaken(m.accountId, owner, input.templateId)) throw new ConflictError('CHAT_TEMPLATE_EXISTS', { key: input.templateId });
      const row = await admin.createTemplate({ accountId: m.accountId, userId: owner, templateKey: input.templateId, title: input.title, body: input.body, status: input.status });
      return toTemplate(row, { userId: m.userId, admin: isAdmin(m) });
    },
    async updateTemplate(m: Member, id: number, input: z.output<typeof ChatTemplateBody>) {
      const row = await ownTemplate(m, id);
      // Making a template global, or a global one personal, is an administrator's.
      if (input.global !== (row.userId === null) && !isAdmin(m)) throw new AppError(403, 'CHAT_TEMPLATE_GLOBAL_ADMIN', 'CHAT_TEMPLATE_GLOBAL_ADMIN');
      const owner = input.global ? null : (row.userId ?? m.userId);
      if (await admin.templateKeyTaken(m.accountId, owner, input.templateId, id)) throw new ConflictError('CHAT_TEMPLATE_EXISTS', { key: input.templateId });
      await admin.updateTemplate(m.accountId, id, { userId: owner, templateKey: input.templateId, title: input.title, body: input.body, status: input.status });
      return toTemplate(found(await admin.visibleTemplate(m.accountId, owner ?? m.userId, id), 'CHAT_TEMPLATE_NOT_FOUND'), { userId: m.userId, admin: isAdmin(m) });
    },
    async deleteTemplate(m: Member, id: number) {
      await ownTemplate(m, id);
      await admin.deleteTemplate(m.accountId, id);
    },

    // ── bot flow
    getFlow,
    async putFlow(m: Member, input: z.output<typeof BotFlowBody>) {
      if (input.default_location_id !== null && !(await admin.locationsIn(m.accountId, [input.default_location_id])).length) {
        throw fieldError('CHAT_BOT_LOCATION_UNKNOWN', 'default_location_id');
      }
      await admin.saveFlow(m.accountId, {
        enabled: input.enabled,
        greeting: input.greeting,
        menu: input.menu,
        listPrompt: input.list_prompt,
        listReceived: input.list_received,
        handover: input.handover,
        businessHours: input.business_hours,
        abandonAfterMinutes: input.abandon_after_minutes,
        defaultLocationId: input.default_location_id,
      });
      return getFlow(m);
    },
  };
}
export type ChatAdminService = ReturnType<typeof createChatAdminService>;
