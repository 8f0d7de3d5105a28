import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import { chatKeys, useAccountId, useChatChanged, type SendChatMessageBody } from './api';
import { upsertMessage, type MessagePages } from './chat-events';

/** Sends a message; the thread shows it at once (its ticks then follow the `chat.delivery` events). */
export function useSendMessage(chatId: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  const changed = useChatChanged();
  return useMutation({
    // The composer shows a refusal itself, in the server's words.
    meta: { silent: true },
    mutationFn: (body: SendChatMessageBody) => unwrap(api.POST('/api/chats/{id}/messages', { params: { path: { id: chatId } }, body })),
    onSuccess: ({ message, chat }) => {
      queryClient.setQueryData<MessagePages>(chatKeys.messages(accountId, chatId), (pages) => upsertMessage(pages, message));
      return changed(chat);
    },
  });
}
