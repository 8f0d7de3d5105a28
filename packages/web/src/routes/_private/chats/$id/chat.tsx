import { createFileRoute } from '@tanstack/react-router';
import { loadChat } from '../../../../features/chats/api';
import { ChatPage } from '../../../../features/chats/chat-page';
import { ChatNotFound, ChatRouteError } from '../../../../features/chats/chat-load-states';
import { PageLoader } from '../../../../shared/components/page-loader';
import { t } from '../../../../i18n';

/** Spec §2 /chats/{id}/chat: the conversation. */
export const Route = createFileRoute('/_private/chats/$id/chat')({
  loader: ({ context, params }) => loadChat(context.queryClient, context.session.account.id, params.id),
  pendingComponent: () => <PageLoader label={t('chats.chat.loading')} />,
  notFoundComponent: ChatNotFound,
  errorComponent: ChatRouteError,
  component: function Chat() {
    return <ChatPage chatId={Route.useLoaderData().id} />;
  },
});
