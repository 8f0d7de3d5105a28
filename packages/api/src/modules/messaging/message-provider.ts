import { randomUUID } from 'node:crypto';

/** One message as a provider receives it. */
export interface ProviderMessage {
  channel: string;
  /** E.164 phone number. */
  to: string;
  body: string;
  /** The same key names the same message: a provider that deduplicates by it sends it once. */
  key: string;
}

/**
 * A messaging provider (WhatsApp, SMS): sends one message and answers its id at the provider, or
 * throws (the send job retries). The chats issue adds the WhatsApp Cloud API one.
 */
export interface MessageProvider {
  readonly name: string;
  send(message: ProviderMessage): Promise<{ providerMessageId: string }>;
}

/**
 * The local provider: sends nothing outside; the message stays in outbound_messages (marked sent by
 * the service), readable by tests and the screens, as a provider's outbox would be.
 */
export function createLocalMessageProvider(): MessageProvider {
  return {
    name: 'local',
    async send() {
      return { providerMessageId: `local-${randomUUID()}` };
    },
  };
}
