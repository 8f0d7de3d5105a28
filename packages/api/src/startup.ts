import type { Database } from './db/client.ts';
import { migrate, withStartupLock } from './db/migrate.ts';
import { seedIfEmpty } from './seed.ts';

/**
 * What every process (API server or worker) does to the database as it starts: apply pending
 * migrations and seed an empty database with the demo data, one process at a time, so that any
 * number of them may start together on one database, in any order.
 */
export function prepareDatabase(database: Database): Promise<{ applied: string[]; seeded: boolean }> {
  return withStartupLock(database, async () => {
    const applied = await migrate(database);
    const seeded = await seedIfEmpty(database.prisma);
    return { applied, seeded };
  });
}
