import { z } from 'zod';

/** The advertisers and sub-publishers lists' URL state: page and name search. */
export const PartnersSearch = z.object({
  page: z.coerce.number().int().min(1).default(1).catch(1),
  name: z
    .string()
    .trim()
    .max(120)
    .transform((v) => (v ? v : undefined))
    .optional()
    .catch(undefined),
});
export type PartnersSearch = z.output<typeof PartnersSearch>;
export const PARTNERS_SEARCH_DEFAULTS = { page: 1 } as const;

export function applyPartnersName(name: string): PartnersSearch {
  const text = name.trim();
  return text ? { page: 1, name: text } : { page: 1 };
}
