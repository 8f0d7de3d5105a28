import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { mergeDocument, type DeviceCollection, type DeviceDoc, type DocData } from './device-collection.ts';

const select = { id: true, data: true } as const;
const toDoc = (row: { id: string; data: Prisma.JsonValue }): DeviceDoc => ({ id: row.id, data: row.data as DocData });

/** The columns queries read, copied out of the document on every write (a field of another type is not matched, as in Firestore). */
const queried = (data: DocData) => ({
  accountId: typeof data.account_id === 'number' && Number.isSafeInteger(data.account_id) && Math.abs(data.account_id) <= 2 ** 31 - 1 ? data.account_id : null,
  token: typeof data.token === 'string' ? data.token : null,
});

/** The device collection in PostgreSQL (`tv_devices`): the default when Firebase is not configured. */
export function createPostgresDeviceCollection(db: Db): DeviceCollection {
  return {
    async get(id) {
      const row = await db.tvDevice.findUnique({ where: { id }, select });
      return row && toDoc(row);
    },

    async where(field, value) {
      const where: Prisma.TvDeviceWhereInput = field === 'account_id' ? { accountId: value as number } : { token: value as string };
      return (await db.tvDevice.findMany({ where, select, orderBy: { id: 'asc' } })).map(toDoc);
    },

    async set(id, data, { merge = false } = {}) {
      await db.$transaction(async (tx) => {
        let next = data;
        if (merge) {
          // The row exists and is locked before it is read: concurrent merges apply one after the other.
          await tx.$executeRaw`INSERT INTO tv_devices (id, data) VALUES (${id}, '{}'::jsonb) ON CONFLICT (id) DO NOTHING`;
          const [row] = await tx.$queryRaw<Array<{ data: DocData }>>`SELECT data FROM tv_devices WHERE id = ${id} FOR UPDATE`;
          next = mergeDocument(row?.data ?? {}, data);
        }
        const json = next as Prisma.InputJsonObject;
        await tx.tvDevice.upsert({
          where: { id },
          create: { id, data: json, ...queried(next) },
          update: { data: json, ...queried(next), updatedAt: new Date() },
        });
      });
    },

    async delete(id) {
      await db.tvDevice.deleteMany({ where: { id } });
    },
  };
}
