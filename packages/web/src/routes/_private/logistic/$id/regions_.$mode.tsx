import { createFileRoute, notFound } from '@tanstack/react-router';
import { DELIVERY_MODES, loadStoreRegions, type DeliveryMode } from '../../../../features/regions/api';
import { StoreRegionsPage } from '../../../../features/regions/store-regions-page';
import { RegionsNotFound } from '../../../../features/regions/regions-load-states';
import { PageLoader } from '../../../../shared/components/page-loader';

const isMode = (mode: string): mode is DeliveryMode => (DELIVERY_MODES as readonly string[]).includes(mode);

// `regions_`: the mode page is a sibling of the regions page (same screen, the mode as context), not nested in it.
export const Route = createFileRoute('/_private/logistic/$id/regions_/$mode')({
  loader: async ({ context, params }) => {
    if (!isMode(params.mode)) throw notFound();
    return { locationId: await loadStoreRegions(context.queryClient, context.session.account.id, params.id), mode: params.mode };
  },
  pendingComponent: () => <PageLoader />,
  notFoundComponent: RegionsNotFound,
  component: function StoreRegionsByMode() {
    const { locationId, mode } = Route.useLoaderData();
    return <StoreRegionsPage key={mode} locationId={locationId} mode={mode} />;
  },
});
