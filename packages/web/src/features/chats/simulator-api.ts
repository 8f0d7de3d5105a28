import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { chatKeys, useAccountId } from './api';

export type SimulatorMessage = components['schemas']['WhatsAppSimulatorMessage'];
export type SimulatorThread = components['schemas']['WhatsAppSimulatorThread'];

const simulatorKeys = {
  conversations: (accountId: number) => [...chatKeys.all(accountId), 'simulator', 'conversations'] as const,
  thread: (accountId: number, phone: string) => [...chatKeys.all(accountId), 'simulator', 'thread', phone] as const,
};
export { simulatorKeys };

export const simulatorConversationsQuery = (accountId: number) =>
  queryOptions({
    queryKey: simulatorKeys.conversations(accountId),
    queryFn: () => unwrap(api.GET('/api/whatsapp/simulator/conversations', { params: { query: { page: 1, quantity: 50 } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const simulatorThreadQuery = (accountId: number, phone: string) =>
  queryOptions({
    queryKey: simulatorKeys.thread(accountId, phone),
    queryFn: () => unwrap(api.GET('/api/whatsapp/simulator/conversations/{phone}', { params: { path: { phone } } })),
    meta: { silent: true },
  });

/** Adds a line to the thread, or replaces it (a status moved), once per id, in time order. */
export function upsertSimulatorMessage(thread: SimulatorThread | undefined, message: SimulatorMessage): SimulatorThread | undefined {
  if (!thread) return thread;
  const others = thread.messages.filter((m) => m.id !== message.id);
  const messages = [...others, message].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  return { ...thread, messages };
}

let sequence = 0;
/** An id per message typed in the panel, so a retried send is stored once. */
const clientId = () => `sim-${Date.now().toString(36)}-${(++sequence).toString(36)}`;

export type SimulatorSend = { text: string } | { button: { text: string; payload?: string | null }; reply_to?: number };

/** The customer writes (a text, or a template's button): the API answers the stored line; the thread shows it at once. */
export function useSimulatorSend(phone: string, name: string | undefined) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    meta: { silent: true },
    mutationFn: (content: SimulatorSend) => unwrap(api.POST('/api/whatsapp/simulator/messages', { body: { phone, ...(name ? { name } : {}), id: clientId(), ...content } })),
    onSuccess: ({ message }) => {
      if (message) queryClient.setQueryData<SimulatorThread>(simulatorKeys.thread(accountId, phone), (thread) => upsertSimulatorMessage(thread, message));
      return queryClient.invalidateQueries({ queryKey: simulatorKeys.conversations(accountId) });
    },
  });
}

/** The customer's phone shows the thread: what reached it is reported read. */
export function useSimulatorRead(phone: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: () => unwrap(api.POST('/api/whatsapp/simulator/conversations/{phone}/read', { params: { path: { phone } } })),
  });
}
