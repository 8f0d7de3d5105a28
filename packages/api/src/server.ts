import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedIfEmpty } from './db/seed.ts';
import { buildApp } from './app.ts';

const config = loadConfig();
const database = await createDatabase(config);
// With PGlite only one process may open the data directory, so migrating and seeding happen here.
const applied = await migrate(database);
const seeded = await seedIfEmpty(database.prisma);
const app = await buildApp(config, { database });
if (applied.length) app.log.info({ applied }, 'migrations applied');
if (seeded) app.log.info('empty database seeded with demo data');

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after error');
  else app.log.info({ signal }, 'closing: finishing in-flight requests');
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`database: ${database.kind}; redis: ${config.redisUrl ? 'on' : 'in-process'}; docs at /docs`);
