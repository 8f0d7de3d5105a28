import { createFileRoute } from '@tanstack/react-router';
import { loadOperator } from '../../../../features/operators/api';
import { OperatorEditPage } from '../../../../features/operators/operator-pages';
import { PageLoader } from '../../../../shared/components/page-loader';
import { t } from '../../../../i18n';

export const Route = createFileRoute('/_private/operators/edit/$id')({
  // Spec §8: a failed load (404, another account's id, a malformed id) goes to /operators/list with the error.
  loader: ({ context, params, preload }) => loadOperator(context.queryClient, context.session.account.id, params.id, preload),
  // Inline, not the feature's: a pending component stays in the route's eager chunk, and would take the form with it.
  pendingComponent: () => <PageLoader label={t('operators.loading')} />,
  component: function EditOperator() {
    return <OperatorEditPage operatorId={Route.useLoaderData().id} />;
  },
});
