import { createFileRoute } from '@tanstack/react-router';
import { ProfileLoadError, ProfilePage } from '../../../features/profile/profile-page';
import { profileQuery } from '../../../features/profile/api';
import { PageLoader } from '../../../shared/components/page-loader';

export const Route = createFileRoute('/_private/config/profile')({
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQuery(context.session.user.id)),
  pendingComponent: () => <PageLoader />,
  errorComponent: ProfileLoadError,
  component: function Profile() {
    const { session } = Route.useRouteContext();
    return <ProfilePage userId={session.user.id} />;
  },
});
