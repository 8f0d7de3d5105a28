/** Prisma's `contains` passes LIKE wildcards through: a search for "%" or "_" must match them literally. */
export const likeLiteral = (v: string) => v.replace(/[\\%_]/g, '\\$&');
