import { createFileRoute } from '@tanstack/react-router';
import { loadOperator } from '../../../../features/operators/api';
import { OperatorEditPage, OperatorLoading } from '../../../../features/operators/operator-pages';

export const Route = createFileRoute('/_private/operators/edit/$id')({
  // Spec §8: a failed load (404, another account's id, a malformed id) goes to /operators/list with the error.
  loader: ({ context, params, preload }) => loadOperator(context.queryClient, context.session.account.id, params.id, preload),
  pendingComponent: OperatorLoading,
  component: function EditOperator() {
    return <OperatorEditPage operatorId={Route.useLoaderData().id} />;
  },
});
