import { z } from 'zod';
import { CHAT_CHANNELS, CHAT_SORTS, CHAT_STATUSES, type ChatChannel, type ChatStatus } from '@backoffice/contracts';
import { searchPage, searchText } from '../../shared/ui/search-params';

export const CHATS_PAGE_SIZE = 20;

const positiveId = () => z.coerce.number().int().positive().optional().catch(undefined);

/**
 * The inbox's URL state (spec §2 /chats): status, attendant (a user, or "none" for the queue), tag,
 * channel, store, the customer search, the sort (desc "mais recentes", asc "mais antigas") and the
 * page. Forgiving: a mistyped link falls back to the defaults.
 */
export const ChatsSearch = z.object({
  page: searchPage(),
  status: z.enum(CHAT_STATUSES).optional().catch(undefined),
  channel: z.enum(CHAT_CHANNELS).optional().catch(undefined),
  attendant: z.union([z.literal('none'), z.coerce.number().int().positive()]).optional().catch(undefined),
  tag_id: positiveId(),
  location_id: positiveId(),
  search: searchText(),
  sort: z.enum(CHAT_SORTS).default('desc').catch('desc'),
});
export type ChatsSearch = z.output<typeof ChatsSearch>;
export type ChatsFilters = Omit<ChatsSearch, 'page'>;

/** Search values equal to these are left out of the URL. */
export const CHATS_SEARCH_DEFAULTS = { page: 1, sort: 'desc' } as const;

/** What the inbox asks GET /api/chats. */
export interface ChatsQuery {
  page: number;
  quantity: number;
  sort: 'asc' | 'desc';
  status?: ChatStatus;
  channel?: ChatChannel;
  attendant_user_id?: number;
  unassigned?: 'true';
  tag_id?: number;
  location_id?: number;
  search?: string;
}

export function toChatsQuery(s: ChatsSearch): ChatsQuery {
  const query: ChatsQuery = { page: s.page, quantity: CHATS_PAGE_SIZE, sort: s.sort };
  if (s.status) query.status = s.status;
  if (s.channel) query.channel = s.channel;
  if (s.attendant === 'none') query.unassigned = 'true';
  else if (s.attendant) query.attendant_user_id = s.attendant;
  if (s.tag_id) query.tag_id = s.tag_id;
  if (s.location_id) query.location_id = s.location_id;
  if (s.search) query.search = s.search;
  return query;
}

/** A filter change: blank values drop out of the URL and the list starts again at page 1. */
export function applyChatsFilter(search: ChatsSearch, patch: Partial<ChatsFilters>): ChatsSearch {
  const merged = { ...search, ...patch };
  const next: ChatsSearch = { page: 1, sort: merged.sort };
  if (merged.status) next.status = merged.status;
  if (merged.channel) next.channel = merged.channel;
  if (merged.attendant !== undefined) next.attendant = merged.attendant;
  if (merged.tag_id) next.tag_id = merged.tag_id;
  if (merged.location_id) next.location_id = merged.location_id;
  const text = merged.search?.trim();
  if (text) next.search = text;
  return next;
}

export const hasChatsFilters = (s: ChatsSearch) =>
  Boolean(s.status || s.channel || s.attendant !== undefined || s.tag_id || s.location_id || s.search);
