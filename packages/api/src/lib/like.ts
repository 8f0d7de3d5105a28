import { Prisma } from '../generated/prisma/client.ts';

/** Prisma's `contains` passes LIKE wildcards through: a search for "%" or "_" must match them literally. */
export const likeLiteral = (v: string) => v.replace(/[\\%_]/g, '\\$&');

/** Lower case, no accents: "São Paulo" → "sao paulo". The text side of `folded`. */
export const foldText = (v: string): string =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// The SQL side: accents folded by translate(), capitals included (lower() of a C-locale database leaves
// "É" as it is), on PostgreSQL and PGlite alike (no ICU collations there).
const FOLD_FROM = 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const FOLD_TO = 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn';

/** A text column or expression as `foldText` writes text: for searches ("joao" finds "João") and for sorting as a Brazilian reads ("Água" among the A's). */
export const folded = (expr: Prisma.Sql): Prisma.Sql => Prisma.sql`lower(translate(${expr}, ${FOLD_FROM}, ${FOLD_TO}))`;
