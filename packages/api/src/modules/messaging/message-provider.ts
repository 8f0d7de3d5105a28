import { randomUUID } from 'node:crypto';
import type { WhatsAppContent } from './whatsapp.ts';

/** One message as a provider receives it. */
export interface ProviderMessage {
  accountId: number;
  /** Our id of it (outbound_messages). */
  messageId: number;
  channel: string;
  /** E.164 phone number. */
  to: string;
  /** The plain text (preview); `content` is what is sent. */
  body: string;
  content: WhatsAppContent;
  /** The same key names the same message: a provider that deduplicates by it sends it once. */
  key: string;
}

/** A message template submitted for the provider's approval. */
export interface TemplateSubmission {
  accountId: number;
  name: string;
  language: string;
  body: string;
  buttons: string[];
  media?: { url: string; mediaType: string; filename?: string | null } | null;
}

export interface TemplateAnswer {
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
}

/**
 * A messaging provider (WhatsApp): sends one message and answers its id at the provider, or throws
 * (the send job retries); submits templates for approval. `name` is what outbound_messages.provider
 * and whatsapp_inbound.provider record ('local' or 'cloud').
 */
export interface MessageProvider {
  readonly name: string;
  send(message: ProviderMessage): Promise<{ providerMessageId: string }>;
  /**
   * Sends a batch (a campaign's): each message's id at the provider, or why it was refused. Without
   * it, the service sends the batch's messages one by one, a few at a time.
   */
  sendMany?(messages: ProviderMessage[]): Promise<Array<{ providerMessageId: string } | { error: string }>>;
  /** After messages were recorded as sent (the simulator schedules their delivery). */
  afterSent?(messages: Array<ProviderMessage & { providerMessageId: string }>): Promise<void>;
  submitTemplate(template: TemplateSubmission): Promise<TemplateAnswer>;
}

/**
 * The bare local provider: sends nothing outside; the message stays in outbound_messages (marked
 * sent by the service), as a provider's outbox would be, and templates are taken as submitted. The
 * module uses the simulator (whatsapp-simulator.ts), which builds on it.
 */
export function createLocalMessageProvider(): MessageProvider {
  return {
    name: 'local',
    async send() {
      return { providerMessageId: `local-${randomUUID()}` };
    },
    async submitTemplate() {
      return { status: 'pending', reason: null };
    },
  };
}
