import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import type { components, paths } from '../../shared/api/schema';
import { notifySuccess } from '../../shared/ui/notify';
import { chatKeys, useAccountId } from './api';
import { t } from '../../i18n';

type Json<B> = B extends { content: { 'application/json': infer J } } ? J : never;
export type BotFlow = components['schemas']['ChatBotFlow'];
export type BotFlowBody = Json<NonNullable<paths['/api/chats/bot-flow']['put']['requestBody']>>;

/** The bot's messages, in the order a customer meets them (the closed-store answer last). */
export const BOT_MESSAGES = ['greeting', 'menu', 'list_prompt', 'list_received', 'handover', 'business_hours'] as const;
export type BotMessage = (typeof BOT_MESSAGES)[number];

/** The placeholders the API fills in each message (chat-inbound.ts); the others reach the customer as written. */
export const BOT_PLACEHOLDERS: Record<BotMessage, readonly string[]> = {
  greeting: ['nome', 'loja'],
  menu: [],
  list_prompt: [],
  list_received: ['itens'],
  handover: [],
  business_hours: [],
};

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The text with its placeholders filled as the API does: unknown ones stay as written. */
export const fillBotText = (text: string, values: Record<string, string | number>) =>
  text.replace(PLACEHOLDER, (m, k: string) => (k in values ? String(values[k]) : m));

/** The placeholders of `text` that `message` does not fill (sent to the customer as `{{…}}`). */
export function unknownPlaceholders(message: BotMessage, text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !BOT_PLACEHOLDERS[message].includes(n)))];
}

/** The flow's PUT body from what the screen shows (the same fields; the read-only ones dropped). */
export const toBotFlowBody = (flow: BotFlow): BotFlowBody => ({
  enabled: flow.enabled,
  greeting: flow.greeting,
  menu: flow.menu,
  list_prompt: flow.list_prompt,
  list_received: flow.list_received,
  handover: flow.handover,
  business_hours: flow.business_hours,
  abandon_after_minutes: flow.abandon_after_minutes,
  default_location_id: flow.default_location_id,
});

export const botFlowKey = (accountId: number) => [...chatKeys.all(accountId), 'bot-flow'] as const;

/** The account's bot flow (the default texts until it writes its own); the screen shows its own error state. */
export const botFlowQuery = (accountId: number) =>
  queryOptions({
    queryKey: botFlowKey(accountId),
    queryFn: () => unwrap(api.GET('/api/chats/bot-flow')),
    meta: { silent: true },
  });

/** Replaces the flow: the saved one goes into the cache; refusals are the form's to show (at their fields). */
export function useSaveBotFlow() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: BotFlowBody) => unwrap(api.PUT('/api/chats/bot-flow', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(botFlowKey(accountId), saved);
      notifySuccess(t('chats.botFlow.saved'));
    },
  });
}
