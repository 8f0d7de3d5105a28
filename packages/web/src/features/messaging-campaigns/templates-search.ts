import { z } from 'zod';
import { MESSAGING_TEMPLATE_STATUSES, type MessagingTemplateStatus } from '@backoffice/contracts';
import { searchPage, searchText } from '../../shared/ui/search-params';

/** Templates per page of the list. */
export const TEMPLATES_PAGE_SIZE = 20;
export type TemplatesSearch = { page: number; quantity: number; search?: string; status?: MessagingTemplateStatus };

/** The template list's URL state; a mistyped link falls back to the defaults. */
export const TemplatesSearchSchema = z.object({
  page: searchPage(),
  quantity: z.coerce.number().int().min(1).max(100).default(TEMPLATES_PAGE_SIZE).catch(TEMPLATES_PAGE_SIZE),
  status: z.enum(MESSAGING_TEMPLATE_STATUSES).optional().catch(undefined),
  search: searchText(),
}) satisfies z.ZodType<TemplatesSearch, unknown>;

export const TEMPLATES_SEARCH_DEFAULTS = { page: 1, quantity: TEMPLATES_PAGE_SIZE } as const;

/** A filter change: blank values drop out and the list starts again at page 1. */
export function applyTemplatesFilter(search: TemplatesSearch, patch: Partial<Pick<TemplatesSearch, 'status' | 'search'>>): TemplatesSearch {
  const merged = { ...search, ...patch };
  const next: TemplatesSearch = { page: 1, quantity: merged.quantity };
  const text = merged.search?.trim();
  if (text) next.search = text;
  if (merged.status) next.status = merged.status;
  return next;
}
