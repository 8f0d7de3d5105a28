import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  /** The port it listens on (loopback), the same after every restart. */
  port: number;
  /** Stops accepting and destroys every open connection: the clients see the far side go away. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy to `target` that a test stops and starts, to take a service away from a
 * process and give it back without touching the service itself.
 */
export async function createTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  };
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        track(client);
        const upstream = connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const stop = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    stop,
    async start() {
      if (server) return;
      // The port was ours a moment ago; another process may take it in between only by chance, so a few tries.
      for (let i = 0; ; i++) {
        try {
          return await listen();
        } catch (err) {
          if (i >= 20 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    },
    close: stop,
  };
}
