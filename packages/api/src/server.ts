import closeWithGrace from 'close-with-grace';
import { createServer } from 'node:net';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { prepareDatabase } from './startup.ts';
import { buildApp } from './app.ts';

/** A port free on `host` now (PORT=0), so the public origin can name the port before the app is built. */
const freePort = (host: string) =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let config = loadConfig();
if (config.port === 0) config = loadConfig({ ...process.env, PORT: String(await freePort(config.host)) });
const database = await createDatabase(config);
// Any number of API and worker processes may start together: they take turns (an advisory lock).
const { applied, seeded } = await prepareDatabase(database);
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
app.log.info(
  { appUrl: config.appUrl },
  `public origin (event, beacon and e-mailed links): ${config.appUrl}${process.env.APP_URL ? '' : ' (from HOST and PORT; set APP_URL when clients reach the server elsewhere)'}`,
);
