import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';

// A process that only runs jobs (BullMQ over Redis). Start API servers with RUN_WORKERS=false
// to keep job work out of them.
const config = loadConfig();
if (!config.redisUrl) {
  console.error('worker needs REDIS_URL: without Redis, jobs run inside the API process.');
  process.exit(1);
}
const app = await buildApp({ ...config, runWorkers: true });
await app.ready();
app.log.info('worker running');
closeWithGrace({ delay: 10_000 }, () => app.close());
