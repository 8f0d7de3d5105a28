import type { Db } from '../../db/client.ts';

/** Stores of one account: every query is scoped by `accountId`. */
export function createLocationsRepo(db: Db) {
  return {
    /** Every store, active first, by name: what pickers list. */
    minified(accountId: number) {
      return db.location.findMany({
        where: { accountId },
        select: { id: true, name: true, city: true, state: true, active: true },
        orderBy: [{ active: 'desc' }, { name: 'asc' }, { id: 'asc' }],
      });
    },
  };
}
export type LocationsRepo = ReturnType<typeof createLocationsRepo>;
