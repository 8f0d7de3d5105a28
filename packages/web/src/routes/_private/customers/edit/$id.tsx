import { createFileRoute } from '@tanstack/react-router';
import { loadCustomer } from '../../../../features/customers/api';
import { CustomerEditPage } from '../../../../features/customers/customer-pages';
import { CustomerNotFound, CustomerRouteError } from '../../../../features/customers/customer-load-states';
import { PageLoader } from '../../../../shared/components/page-loader';
import { t } from '../../../../i18n';

export const Route = createFileRoute('/_private/customers/edit/$id')({
  // A malformed id or a 404 (another account's customer too) is the not-found state.
  loader: ({ context, params }) => loadCustomer(context.queryClient, context.session.account.id, params.id),
  // Inline, not the feature's: a pending component stays in the route's eager chunk, and would take the form with it.
  pendingComponent: () => <PageLoader label={t('customers.loadingOne')} />,
  notFoundComponent: CustomerNotFound,
  errorComponent: CustomerRouteError,
  component: function EditCustomer() {
    return <CustomerEditPage customerId={Route.useLoaderData().id} />;
  },
});
