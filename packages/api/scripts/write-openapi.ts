// `pnpm --filter @backoffice/api openapi:write`: writes the document the API serves at
// /openapi.json to packages/web/openapi.json, from which the web client's types are generated.
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { workspaceRoot } from '../src/lib/paths.ts';

const out = join(workspaceRoot(), 'packages/web/openapi.json');

// The document depends on the routes only: an empty in-memory database and no Redis will do.
const config = loadConfig(
  { ...process.env, JWT_SECRET: process.env.JWT_SECRET ?? 'openapi-document-only-secret' },
  { databaseUrl: undefined, redisUrl: undefined, runWorkers: false, webDist: undefined },
);
const database = await createDatabase({ dataDir: 'memory://' });
const app = await buildApp(config, { database, logger: false });
try {
  await app.ready();
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${relative(process.cwd(), out)}`);
} finally {
  await app.close();
  await database.close();
}
