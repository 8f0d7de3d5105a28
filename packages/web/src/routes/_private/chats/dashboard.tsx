import { createFileRoute } from '@tanstack/react-router';
import { chatDashboardQuery } from '../../../features/chats/api';
import { ChatDashboardPage } from '../../../features/chats/dashboard-page';
import { ChatDashboardSearch } from '../../../features/chats/dashboard-search';

/** Spec §2 /chats/dashboard: period, store and channel in the URL. */
export const Route = createFileRoute('/_private/chats/dashboard')({
  validateSearch: ChatDashboardSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(chatDashboardQuery(context.session.account.id, deps)),
  component: function ChatDashboard() {
    const navigate = Route.useNavigate();
    return <ChatDashboardPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  },
});
