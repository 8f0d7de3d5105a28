import { createFileRoute } from '@tanstack/react-router';
import { storesQuery } from '../../../features/chats/api';
import { botFlowQuery } from '../../../features/chats/bot-flow-api';
import { BotFlowPage } from '../../../features/chats/bot-flow-page';

/** /chats/bot: the bot's flow (messages, timeout, default store), with the conversation as the customer sees it. */
export const Route = createFileRoute('/_private/chats/bot')({
  loader: ({ context }) => {
    const accountId = context.session.account.id;
    void context.queryClient.prefetchQuery(botFlowQuery(accountId));
    void context.queryClient.prefetchQuery(storesQuery(accountId));
  },
  component: BotFlowPage,
});
