import { createFileRoute } from '@tanstack/react-router';
import { loadChat } from '../../../../features/chats/api';
import { CustomerPanelPage } from '../../../../features/chats/customer-panel-page';
import { ChatNotFound, ChatRouteError } from '../../../../features/chats/chat-load-states';
import { PageLoader } from '../../../../shared/components/page-loader';
import { t } from '../../../../i18n';

/** Spec §2 /chats/{id}: the customer panel of a conversation (data, carts, orders). */
export const Route = createFileRoute('/_private/chats/$id/')({
  loader: ({ context, params }) => loadChat(context.queryClient, context.session.account.id, params.id),
  pendingComponent: () => <PageLoader label={t('chats.chat.loading')} />,
  notFoundComponent: ChatNotFound,
  errorComponent: ChatRouteError,
  component: function ChatCustomer() {
    return <CustomerPanelPage chatId={Route.useLoaderData().id} />;
  },
});
