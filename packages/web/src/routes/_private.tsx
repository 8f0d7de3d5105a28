import { createFileRoute, redirect } from '@tanstack/react-router';
import { getSession } from '../shared/session/session';
import { accessModulesQuery, accountInfoQuery } from '../shared/account/queries';
import { AppLayout } from '../shared/layout/app-layout';
import { PageLoader } from '../shared/components/page-loader';
import { NotFound } from '../shared/components/not-found';
import { loadMessages } from '../i18n';

/** Every private route: signed in, with the account's info, access modules and every text of pt-BR.json loaded first. */
export const Route = createFileRoute('/_private')({
  beforeLoad: ({ location }) => {
    const session = getSession();
    if (!session) throw redirect({ to: '/login', search: { callback_url: location.href } });
    return { session };
  },
  loader: async ({ context }) => {
    const accountId = context.session.account.id;
    await Promise.all([
      loadMessages(),
      context.queryClient.ensureQueryData(accountInfoQuery(accountId)),
      context.queryClient.ensureQueryData(accessModulesQuery(accountId)),
    ]);
  },
  pendingComponent: () => <PageLoader />,
  component: AppLayout,
  notFoundComponent: NotFound,
});
