import { defineConfig } from 'prisma/config';

// Prisma's CLI is used here only for `prisma generate`; migrations are applied by the
// project's migrator (packages/api/src/db/migrate.ts), see DESIGN §3.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'tsx prisma/seed.ts' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/backoffice' },
});
