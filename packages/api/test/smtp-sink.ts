import { createServer, type Socket } from 'node:net';

export interface SentMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The message as sent (headers and body, dot-unstuffed). */
  data: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message accepted so far, in order. */
  messages: SentMail[];
  /** The messages sent to this address. */
  to(address: string): SentMail[];
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on a free port of 127.0.0.1 that accepts every message and keeps it: what a
 * process's e-mail jobs really sent, each send counted (the local transport sends nothing).
 */
export function smtpSink(): Promise<SmtpSink> {
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
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') data.push(line.startsWith('.') ? line.slice(1) : line);
          else {
            messages.push({ to, data: data.join('\n') });
            to = [];
            data = undefined;
            socket.write('250 OK queued\r\n');
          }
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 sink\r\n');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          data = [];
          socket.write('354 end with <CRLF>.<CRLF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') {
          if (verb !== 'NOOP') to = [];
          socket.write('250 OK\r\n');
        } else socket.write('502 not implemented\r\n');
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        messages,
        to: (address) => messages.filter((m) => m.to.includes(address)),
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
