import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { accountRegionsQuery } from '../../../../features/regions/api';
import { AllRegionsPage } from '../../../../features/regions/all-regions-page';

const AllRegionsSearch = z.object({ store: z.coerce.number().int().positive().optional().catch(undefined) });

export const Route = createFileRoute('/_private/logistic/all/regions')({
  validateSearch: AllRegionsSearch,
  // Not awaited: the page shows its loading state while the regions load.
  loader: ({ context }) => void context.queryClient.prefetchQuery(accountRegionsQuery(context.session.account.id)),
  component: function AllRegions() {
    const { store } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <AllRegionsPage storeId={store} onStoreChange={(id) => void navigate({ search: { store: id } })} />;
  },
});
