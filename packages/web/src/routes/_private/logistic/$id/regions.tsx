import { createFileRoute } from '@tanstack/react-router';
import { loadStoreRegions } from '../../../../features/regions/api';
import { StoreRegionsPage } from '../../../../features/regions/store-regions-page';
import { RegionsNotFound } from '../../../../features/regions/regions-load-states';
import { PageLoader } from '../../../../shared/components/page-loader';

export const Route = createFileRoute('/_private/logistic/$id/regions')({
  loader: ({ context, params }) => loadStoreRegions(context.queryClient, context.session.account.id, params.id),
  pendingComponent: () => <PageLoader />,
  notFoundComponent: RegionsNotFound,
  component: function StoreRegions() {
    return <StoreRegionsPage locationId={Route.useLoaderData()} />;
  },
});
