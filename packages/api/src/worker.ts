import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { prepareDatabase } from './startup.ts';
import { buildApp } from './app.ts';

// A process that only runs jobs (BullMQ over Redis) and counts ad events. Start API servers with
// RUN_WORKERS=false to keep that work out of them.
const config = loadConfig();
if (!config.redisUrl) {
  console.error('worker needs REDIS_URL: without Redis, jobs run inside the API process.');
  process.exit(1);
}
const database = await createDatabase(config);
// It may start before, with or after the API processes, on an empty database: the same turns as theirs.
const { applied, seeded } = await prepareDatabase(database);
const app = await buildApp({ ...config, runWorkers: true }, { database });
await app.ready();
if (applied.length) app.log.info({ applied }, 'migrations applied');
if (seeded) app.log.info('empty database seeded with demo data');
app.log.info('worker running');
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after error');
  else app.log.info({ signal }, 'closing: finishing running jobs and the batch being counted');
  await app.close();
  await database.close();
});
