// `pnpm db:seed`: applies pending migrations, then the idempotent demo seed.
import { loadConfig } from '../packages/api/src/config.ts';
import { createDatabase } from '../packages/api/src/db/client.ts';
import { migrate } from '../packages/api/src/db/migrate.ts';
import { seed } from '../packages/api/src/seed.ts';

const db = await createDatabase(loadConfig());
try {
  await migrate(db);
  await seed(db.prisma);
  console.log('Seed complete.');
} finally {
  await db.close();
}
