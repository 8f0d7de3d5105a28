import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { throttledRedisErrorLog } from '../lib/redis.ts';

/** Events the server pushes to browsers. */
export interface RealtimeEvents {
  app_notification: { id: number; kind: string; title: string; body: string; link: string | null; created_at: string };
  whatsapp: Record<string, unknown>;
}

export interface Realtime {
  toAccount<E extends keyof RealtimeEvents>(accountId: number, event: E, payload: RealtimeEvents[E]): void;
  toUser<E extends keyof RealtimeEvents>(userId: number, event: E, payload: RealtimeEvents[E]): void;
  /** Closes the user's sockets opened for that account (after removal from it), on every instance. */
  disconnectMember(userId: number, accountId: number): Promise<void>;
  io: Server;
}

export const accountRoom = (id: number) => `account:${id}`;
export const userRoom = (id: number) => `user:${id}`;

/**
 * socket.io on the API's own port. The handshake must carry a valid token
 * (`auth: { token }`); each socket joins its account's and its user's rooms.
 */
export default fp<{ redis?: Redis; prefix: string }>(
  async (app, opts) => {
    const io = new Server(app.server, { path: '/socket.io', cors: { origin: true }, serveClient: false });
    // The adapter's own pair of connections, closed with it.
    const clients = opts.redis ? [opts.redis.duplicate(), opts.redis.duplicate()] : [];
    // (A duplicate has no listener of its client's: each says once in a while that Redis is away.)
    clients.forEach((c, i) => c.on('error', throttledRedisErrorLog(app.log, `socket.io adapter ${i ? 'subscriber' : 'publisher'}`)));
    if (clients.length) io.adapter(createAdapter(clients[0], clients[1], { key: `${opts.prefix}:socket.io` }));
    io.use(async (socket, next) => {
      try {
        const token = (socket.handshake.auth?.token as string | undefined) ?? String(socket.handshake.query.token ?? '');
        const claims = await app.identity.verifyToken(token);
        const member = await app.identity.activeMembership(claims.sub, claims.account_id);
        socket.data.userId = claims.sub;
        socket.data.accountId = member.accountId;
        next();
      } catch {
        next(new Error('unauthorized'));
      }
    });
    io.on('connection', (socket) => {
      void socket.join([accountRoom(socket.data.accountId), userRoom(socket.data.userId)]);
    });
    app.decorate('realtime', {
      io,
      toAccount: (id, event, payload) => void io.to(accountRoom(id)).emit(event, payload),
      toUser: (id, event, payload) => void io.to(userRoom(id)).emit(event, payload),
      async disconnectMember(userId, accountId) {
        const sockets = await io.in(userRoom(userId)).fetchSockets();
        for (const socket of sockets) if (socket.data.accountId === accountId) socket.disconnect(true);
      },
    } satisfies Realtime);
    // Before the HTTP server closes, not after: an open WebSocket keeps server.close() waiting, so a
    // graceful stop with browsers connected would hang until it is killed.
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
      // Not io.close(): it would also close the HTTP server, which Fastify closes itself.
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      await io.of('/').adapter.close();
      await Promise.all(clients.map((c) => c.quit()));
    });
  },
  { name: 'realtime', dependencies: ['identity'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}
