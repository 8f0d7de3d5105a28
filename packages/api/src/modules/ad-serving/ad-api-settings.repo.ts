import type { Db } from '../../db/client.ts';

const select = { requireApiKey: true, allowedOrigins: true } as const;

/** The ad API columns of a publisher's retail_media_configs row. */
export function createAdApiSettingsRepo(db: Db) {
  return {
    find: (publisherId: number) => db.retailMediaConfig.findUnique({ where: { publisherId }, select }),
    save: (publisherId: number, data: { requireApiKey: boolean; allowedOrigins: string[] }) =>
      db.retailMediaConfig.upsert({ where: { publisherId }, create: { publisherId, ...data }, update: data, select }),
  };
}
export type AdApiSettingsRepo = ReturnType<typeof createAdApiSettingsRepo>;
