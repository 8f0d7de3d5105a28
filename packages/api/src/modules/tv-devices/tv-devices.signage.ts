import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocket } from '@fastify/websocket';
import type { TvSocketMessage } from '@backoffice/contracts';
import { createRedisBroadcast, type RedisBroadcast } from '../../lib/redis.ts';

/** What changed for the players: the ads of a publisher, or one device (activated, removed, registered again). */
export type SignageEvent = { kind: 'playlist'; publisherId: number } | { kind: 'device'; deviceId: string };

/** A connected player: its device, its token and the publisher it plays for (null while unpaired). */
export interface PlayerSocket {
  deviceId: string;
  token: string;
  publisherId: number | null;
}

interface Deps {
  redis?: Redis;
  prefix: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** The device's publisher and token as stored now (null: the document is gone). */
  deviceNow: (deviceId: string) => Promise<{ token: string; publisherId: number | null } | null>;
  /** Resolves once this instance's ad index applied what was announced (so a refetch sees the change). */
  indexSettled: () => Promise<void>;
  /** How often a socket is pinged; one that did not answer the previous ping is dropped. */
  pingEveryMs?: number;
}

/**
 * The players' websockets on this instance, and the bus that tells every instance what changed
 * (Redis pub-sub with REDIS_URL, in-process without). A player is told to refetch, never sent data:
 * its playlist and state come from the routes that check its token.
 */
export function createSignageHub({ redis, prefix, log, deviceNow, indexSettled, pingEveryMs = 30_000 }: Deps) {
  const players = new Map<WebSocket, PlayerSocket>();
  const alive = new WeakSet<WebSocket>();
  const bus: RedisBroadcast<SignageEvent> | undefined = redis ? createRedisBroadcast<SignageEvent>(redis, `${prefix}:tv-signage`, 'TV signage bus', log) : undefined;

  const send = (socket: WebSocket, message: TvSocketMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  async function deliver(event: SignageEvent, remote: boolean) {
    if (event.kind === 'playlist') {
      // Another instance announced its index change just before this: wait until it is applied here.
      if (remote) await indexSettled().catch(() => undefined);
      for (const [socket, p] of players) if (p.publisherId === event.publisherId) send(socket, { type: 'playlist' });
      return;
    }
    const sockets = [...players].filter(([, p]) => p.deviceId === event.deviceId);
    if (sockets.length === 0) return;
    const now = await deviceNow(event.deviceId);
    for (const [socket, p] of sockets) {
      // Registered again: this token is dead; the player learns it from its next heartbeat.
      if (!now || now.token !== p.token) p.publisherId = null;
      else p.publisherId = now.publisherId;
      send(socket, { type: 'state' });
    }
  }

  const deliverSafely = (event: SignageEvent, remote: boolean) =>
    deliver(event, remote).catch((err: unknown) => log.error({ err, event }, 'telling the TV players of a change failed'));

  bus?.subscribe(
    (event) => void deliverSafely(event, true),
    // Pub-sub kept nothing while Redis was away: every player refetches.
    () => {
      for (const socket of players.keys()) send(socket, { type: 'playlist' });
    },
  );

  const pings = setInterval(() => {
    for (const socket of players.keys()) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, pingEveryMs);
  pings.unref();

  return {
    /** Keeps the player's socket until it closes, and tells it that it listens. */
    attach(socket: WebSocket, player: PlayerSocket) {
      players.set(socket, player);
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      socket.on('close', () => players.delete(socket));
      // The player says nothing that matters: its messages are ignored.
      socket.on('message', () => undefined);
      send(socket, { type: 'ready' });
    },

    /** Announces a change here and on every instance. */
    publish(event: SignageEvent) {
      bus?.publish(event);
      return deliverSafely(event, false);
    },

    /** Players connected to this instance (tests). */
    count: () => players.size,

    async close() {
      clearInterval(pings);
      for (const socket of players.keys()) socket.close(1001);
      players.clear();
      await bus?.close();
    },
  };
}
export type SignageHub = ReturnType<typeof createSignageHub>;
