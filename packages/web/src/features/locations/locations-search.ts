import { z } from 'zod';
import { searchPage, searchText } from '../../shared/ui/search-params';

/** The store list's page size (spec §9: locations 500 per page). */
export const LOCATIONS_PAGE_SIZE = 500;

/** The store list's URL state: page and a name or city text; a mistyped link falls back to the defaults. */
export const LocationsSearch = z.object({
  page: searchPage(),
  search: searchText(),
});

export type LocationsSearch = z.output<typeof LocationsSearch>;

/** Search values equal to these are left out of the URL. */
export const LOCATIONS_SEARCH_DEFAULTS = { page: 1 } as const;

/** A new text starts the list again at page 1; a blank one drops out of the URL. */
export function applyLocationsText(text: string | undefined): LocationsSearch {
  const trimmed = text?.trim();
  return trimmed ? { page: 1, search: trimmed } : { page: 1 };
}
