import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  to: string[];
  /** The Message-ID header, when the message has one. */
  messageId?: string;
  subject?: string;
}

export interface SmtpSink {
  url: string;
  /** Messages accepted (answered 250 after their data), in order. */
  deliveries: Delivery[];
  close(): Promise<void>;
}

const header = (data: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(data)?.[1]?.trim();

/**
 * A minimal SMTP server on loopback that accepts every message, as a mail provider outside the
 * process would. A message counts as delivered only once the sink has answered 250 to its data, on
 * a connection still open (a sender that died before that did not deliver it); `acceptDelayMs`
 * holds that answer, so a batch of sends takes long enough to be interrupted.
 */
export async function createSmtpSink({ acceptDelayMs = 0 } = {}): Promise<SmtpSink> {
  const deliveries: Delivery[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data = '';
    let rcpt: string[] = [];
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    reply('220 sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const delivery: Delivery = { to: rcpt, messageId: header(data, 'Message-ID'), subject: header(data, 'Subject') };
          rcpt = [];
          data = '';
          setTimeout(() => {
            if (socket.destroyed) return;
            deliveries.push(delivery);
            reply('250 OK queued');
          }, acceptDelayMs);
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') reply('250 OK');
        else if (verb === 'RCPT') {
          rcpt.push(/<([^>]*)>/.exec(line)?.[1] ?? line.slice(8));
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'RSET') {
          rcpt = [];
          reply('250 OK');
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
