import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** A publisher whose retail media is active: publisher (or both) role, with the retail_media module. */
const ACTIVE: Prisma.AccountWhereInput = {
  retailMediaRole: { in: ['publisher', 'both'] },
  accessModules: { some: { module: { key: 'retail_media' } } },
};
const select = { id: true, retailMediaConfig: { select: { requireApiKey: true, allowedOrigins: true } } } as const;

export interface PublisherGateRow {
  id: number;
  retailMediaConfig: { requireApiKey: boolean; allowedOrigins: string[] } | null;
}

/** Reads of the publisher gate: every active publisher with its ad API settings, or one. */
export function createPublisherGateRepo(db: Db) {
  return {
    all: (): Promise<PublisherGateRow[]> => db.account.findMany({ where: ACTIVE, select }),
    one: (publisherId: number): Promise<PublisherGateRow | null> => db.account.findFirst({ where: { id: publisherId, ...ACTIVE }, select }),
  };
}
export type PublisherGateRepo = ReturnType<typeof createPublisherGateRepo>;
