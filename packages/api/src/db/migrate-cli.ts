import { loadConfig } from '../config.ts';
import { createDatabase } from './client.ts';
import { migrate } from './migrate.ts';

const config = loadConfig();
const db = await createDatabase(config);
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.close();
}
