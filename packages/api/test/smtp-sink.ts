import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SentMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The message as sent (headers and body, dot-unstuffed). */
  data: string;
  /** The Message-ID header, when the message has one. */
  messageId?: string;
  subject?: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message accepted (answered 250 after its data) so far, in order. */
  messages: SentMail[];
  /** The messages sent to this address. */
  to(address: string): SentMail[];
  close(): Promise<void>;
}

const header = (data: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(data)?.[1]?.trim();

/**
 * A minimal SMTP server on a free port of 127.0.0.1 that accepts every message and keeps it, as a
 * mail provider outside the process would: what a process's e-mail jobs really sent, each send
 * counted (the local transport sends nothing). A message counts as sent only once the sink has
 * answered 250 to its data on a connection still open (a sender that died before that did not send
 * it); `acceptDelayMs` holds that answer, so that a batch of sends takes long enough to be interrupted.
 */
export async function smtpSink({ acceptDelayMs = 0 } = {}): Promise<SmtpSink> {
  const messages: SentMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let to: string[] = [];
    let data: string[] | undefined;
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    reply('220 sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') data.push(line.startsWith('.') ? line.slice(1) : line);
          else {
            const text = data.join('\n');
            const mail: SentMail = { to, data: text, messageId: header(text, 'Message-ID'), subject: header(text, 'Subject') };
            to = [];
            data = undefined;
            setTimeout(() => {
              if (socket.destroyed) return;
              messages.push(mail);
              reply('250 OK queued');
            }, acceptDelayMs);
          }
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') reply('250-sink\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? line.slice(8));
          reply('250 OK');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') {
          if (verb !== 'NOOP') to = [];
          reply('250 OK');
        } else reply('502 not implemented');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address)),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
