import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed } from '../src/seed.ts';
import { adminQuery, withDatabase } from './db-admin.ts';

/**
 * With DATABASE_URL (CI), builds one migrated and seeded template database for this run; every
 * test file then copies it into a database of its own. Without it, each file uses an in-memory
 * PGlite. The template's name is unique per run, so concurrent runs do not collide.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const template = `bo_tpl_${randomBytes(5).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE "${template}"`);
  const db = await createDatabase({ databaseUrl: withDatabase(url, template), dataDir: 'memory://', poolSize: 2 });
  try {
    await migrate(db);
    await seed(db.prisma);
  } finally {
    await db.close();
  }
  project.provide('templateDatabase', template);
  return () => adminQuery(url, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
