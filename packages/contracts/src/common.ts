import { z } from 'zod';
import { msg } from './messages.ts';

export const IdParam = z.object({ id: z.coerce.number().int().positive() });

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  quantity: z.coerce.number().int().min(1).max(500).default(50),
});

export const PageMeta = z
  .object({
    page: z.number().int(),
    quantity: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
  })
  .meta({ id: 'PageMeta' });

export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMeta });

export const Message = z.object({ message: z.string() }).meta({ id: 'Message' });

/** Money travels as decimal currency units with two places; it is stored as integer cents. */
export const Money = z.number().multipleOf(0.01).meta({ description: 'Valor em reais, duas casas decimais.' });

export const toCents = (units: number): number => Math.round(units * 100);
export const fromCents = (cents: number | bigint): number => Number(cents) / 100;

export const Timestamp = z.iso.datetime({ offset: true });

/** Email normalised to lower case; the same address in any case is one user. */
export const Email = z.email().max(254).transform((v) => v.trim().toLowerCase());

export const Password = z
  .string()
  .min(8)
  .max(128)
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), {
    message: msg('PASSWORD_RULE'),
  });

/** An optional text filter of a list: trimmed, at most 120 characters, empty as absent. */
export const OptionalText = z
  .string()
  .trim()
  .max(120)
  .optional()
  .transform((v) => (v ? v : undefined));

/** An optional text of at most `max` characters: trimmed, empty as null (what a cleared form field sends). */
export const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => v || null);

/** A date-range filter's rule (YYYY-MM-DD strings): the end is not before the start, reported at `end_date`. */
export function endNotBeforeStart(q: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  if (q.start_date && q.end_date && q.end_date < q.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: msg('END_DATE_BEFORE_START') });
  }
}
