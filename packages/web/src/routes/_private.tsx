import { createFileRoute, redirect } from '@tanstack/react-router';
import { getSession } from '../shared/session/session';
import { accessModulesQuery, accountInfoQuery } from '../shared/account/queries';
import { AppLayout } from '../shared/layout/app-layout';
import { PageLoader } from '../shared/components/page-loader';
import { NotFound } from '../shared/components/not-found';
import { loadMessages } from '../i18n';

/** Every private route: signed in, with the account's info, access modules and every text of pt-BR.json loaded first. */
export const Route = createFileRoute('/_private')({
  beforeLoad: async ({ location }) => {
    const session = getSession();
    if (!session) throw redirect({ to: '/login', search: { callback_url: location.href } });
    // Before the screens' chunks load (they load with the loaders, after every beforeLoad): some read
    // texts as their modules are evaluated, and would otherwise show the bare keys.
    await loadMessages();
    return { session };
  },
  loader: async ({ context }) => {
    const accountId = context.session.account.id;
    await Promise.all([
      context.queryClient.ensureQueryData(accountInfoQuery(accountId)),
      context.queryClient.ensureQueryData(accessModulesQuery(accountId)),
    ]);
  },
  pendingComponent: () => <PageLoader />,
  component: AppLayout,
  notFoundComponent: NotFound,
});
