import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { RouterContext } from '../router-context';
import { appInfoQuery } from '../shared/account/queries';
import { ConfiguringPlatform } from '../shared/components/configuring-platform';

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => context.queryClient.ensureQueryData(appInfoQuery).catch(() => undefined),
  component: Root,
});

/** While the platform is being configured, no route renders: only the message. */
function Root() {
  const { data } = useQuery(appInfoQuery);
  if (data?.configuring_platform.active) return <ConfiguringPlatform message={data.configuring_platform.message} />;
  return <Outlet />;
}
