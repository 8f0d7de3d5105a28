import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

/** Exposes the Prisma client as `app.db` (repositories only) and the database handle. */
export default fp<{ database: Database }>(
  async (app, opts) => {
    app.decorate('db', opts.database.prisma);
    app.decorate('database', opts.database);
  },
  { name: 'db' },
);

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}
