import nodemailer from 'nodemailer';
import { randomUUID } from 'node:crypto';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Sends one email and returns the provider's message id. */
export interface EmailTransport {
  kind: 'smtp' | 'local';
  send(email: OutgoingEmail): Promise<string>;
}

export function createSmtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(email) {
      const info = await transporter.sendMail({ from, ...email, html: email.html ?? undefined });
      return info.messageId;
    },
  };
}

/** Local stand-in for SMTP: accepts every message; the outbox row is the record of what was sent. */
export function createLocalTransport(): EmailTransport {
  return { kind: 'local', send: async () => `local-${randomUUID()}` };
}
