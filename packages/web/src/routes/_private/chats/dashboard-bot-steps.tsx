import { createFileRoute } from '@tanstack/react-router';
import { botStepsQuery } from '../../../features/chats/api';
import { BotStepsPage } from '../../../features/chats/bot-steps-page';
import { ChatDashboardSearch } from '../../../features/chats/dashboard-search';

/** Spec §2 /chats/dashboard-bot-steps: period, store and channel in the URL. */
export const Route = createFileRoute('/_private/chats/dashboard-bot-steps')({
  validateSearch: ChatDashboardSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(botStepsQuery(context.session.account.id, deps)),
  component: function ChatBotSteps() {
    const navigate = Route.useNavigate();
    return <BotStepsPage search={Route.useSearch()} onSearchChange={(search) => void navigate({ search })} />;
  },
});
