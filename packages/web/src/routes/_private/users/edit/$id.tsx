import { createFileRoute } from '@tanstack/react-router';
import { loadUser } from '../../../../features/users/api';
import { EditUserPage } from '../../../../features/users/edit-user-page';
import { UserLoadError, UserNotFound } from '../../../../features/users/user-load-states';
import { PageLoader } from '../../../../shared/components/page-loader';

export const Route = createFileRoute('/_private/users/edit/$id')({
  loader: ({ context, params }) => loadUser(context.queryClient, context.session.account.id, params.id),
  pendingComponent: () => <PageLoader />,
  notFoundComponent: UserNotFound,
  errorComponent: UserLoadError,
  component: function EditUser() {
    const user = Route.useLoaderData();
    return <EditUserPage userId={user.id} />;
  },
});
