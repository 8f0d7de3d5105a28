import { lazy, StrictMode, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { theme } from './shared/ui/theme';
import { createQueryClient } from './shared/api/query-client';
import { setUnauthorizedHandler } from './shared/api/client';
import { expireSession } from './shared/session/expire-session';
import { createAppRouter } from './router';
import { appInfoQuery } from './shared/account/queries';

// The toasts' container loads with the first toast, not before: the toast waits in the
// notifications store and appears once the container mounts.
const Notifications = lazy(() => import('@mantine/notifications/container').then((m) => ({ default: m.Notifications })));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}

const queryClient = createQueryClient();
// Every route waits for it (routes/__root.tsx): asked now, while React and the router start, not after.
void queryClient.prefetchQuery(appInfoQuery);
const router = createAppRouter(queryClient);

setUnauthorizedHandler(() => expireSession(queryClient, router));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Toasts />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
