import { z } from 'zod';
import { searchPage, searchText } from '../../../shared/ui/search-params';

/** The advertisers and sub-publishers lists' URL state: page and name search. */
export const PartnersSearch = z.object({
  page: searchPage(),
  name: searchText(),
});
export type PartnersSearch = z.output<typeof PartnersSearch>;
export const PARTNERS_SEARCH_DEFAULTS = { page: 1 } as const;

export function applyPartnersName(name: string): PartnersSearch {
  const text = name.trim();
  return text ? { page: 1, name: text } : { page: 1 };
}
