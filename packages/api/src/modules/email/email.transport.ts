import nodemailer from 'nodemailer';
import { randomUUID } from 'node:crypto';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /**
   * The message's own identity (its Message-ID): a send repeated after a crash, between the
   * provider's acceptance and the outbox row marked sent, is the same message, not a second one.
   */
  key?: string;
}

/** Sends one email and returns the provider's message id. */
export interface EmailTransport {
  kind: 'smtp' | 'local';
  send(email: OutgoingEmail): Promise<string>;
}

export function createSmtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return {
    kind: 'smtp',
    async send({ key, ...email }) {
      const messageId = key ? `<${key}@${domain}>` : undefined;
      const info = await transporter.sendMail({ from, ...email, html: email.html ?? undefined, messageId });
      return info.messageId;
    },
  };
}

/** Local stand-in for SMTP: accepts every message; the outbox row is the record of what was sent. */
export function createLocalTransport(): EmailTransport {
  return { kind: 'local', send: async () => `local-${randomUUID()}` };
}
