import { createFileRoute, notFound } from '@tanstack/react-router';
import { accessModulesQuery } from '../../../shared/account/queries';
import { NotFound } from '../../../shared/components/not-found';
import { canUseTester } from '../../../features/retail-media/ad-tester/access';
import { testerPublishersQuery } from '../../../features/retail-media/ad-tester/api';
import { AdTesterPage } from '../../../features/retail-media/ad-tester/tester-page';

export const Route = createFileRoute('/_private/retail-media/ad-request-tester')({
  // The same rule as the menu entry: without it, the page does not exist for this user.
  loader: async ({ context }) => {
    const { session, queryClient } = context;
    const modules = await queryClient.ensureQueryData(accessModulesQuery(session.account.id));
    if (!canUseTester(session, modules)) throw notFound();
    void queryClient.prefetchQuery(testerPublishersQuery(session.account));
  },
  notFoundComponent: NotFound,
  component: AdTester,
});

function AdTester() {
  const { session } = Route.useRouteContext();
  return <AdTesterPage account={session.account} />;
}
