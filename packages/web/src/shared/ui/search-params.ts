import { z } from 'zod';

/** URL search fields that never fail a page: a mistyped link falls back to the default. */

/** `page`: 1 and up, 1 when absent or invalid. */
export const searchPage = () => z.coerce.number().int().min(1).default(1).catch(1);

/** A free-text filter: trimmed, at most 120 characters, blank as absent. */
export const searchText = () =>
  z
    .string()
    .trim()
    .max(120)
    .transform((v) => (v ? v : undefined))
    .optional()
    .catch(undefined);
