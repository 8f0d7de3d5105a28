import { createDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed.ts';
import { adminQuery, templateName, withDatabase } from './db-admin.ts';

/**
 * With DATABASE_URL (CI), builds one migrated and seeded template database; every test file
 * then copies it into a database of its own. Without it, each file uses an in-memory PGlite.
 */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const template = templateName(url);
  await adminQuery(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  await adminQuery(url, `CREATE DATABASE "${template}"`);
  const db = await createDatabase({ databaseUrl: withDatabase(url, template), dataDir: 'memory://', poolSize: 2 });
  try {
    await migrate(db);
    await seed(db.prisma);
  } finally {
    await db.close();
  }
}
