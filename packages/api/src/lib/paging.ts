/** The `{ data, meta }` body of a paged list (contracts `paged()`). */
export const pageOf = <T>(data: T[], q: { page: number; quantity: number }, total: number) => ({
  data,
  meta: { page: q.page, quantity: q.quantity, total, total_pages: Math.ceil(total / q.quantity) },
});
