import type { Db } from '../../db/client.ts';

/** What activation reads of the caller's account, store and user (every query scoped by account where it has one), and an ad's publisher. */
export function createTvDevicesRepo(db: Db) {
  return {
    account: (accountId: number) => db.account.findUnique({ where: { id: accountId }, select: { name: true, logoUrl: true, headerColor: true } }),

    store: (accountId: number, locationId: number) =>
      db.location.findFirst({ where: { id: locationId, accountId, active: true }, select: { id: true, name: true } }),

    user: (userId: number) => db.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true } }),
  };
}
export type TvDevicesRepo = ReturnType<typeof createTvDevicesRepo>;
