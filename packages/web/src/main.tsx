import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';
import { DatesProvider } from '@mantine/dates';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import 'dayjs/locale/pt-br';
import { theme } from './shared/ui/theme';
import { createQueryClient } from './shared/api/query-client';
import { setUnauthorizedHandler } from './shared/api/client';
import { clearSession, getSession } from './shared/session/session';
import { createAppRouter } from './router';
import { t } from './i18n';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Any 401 on a signed-in request: clear the session, say so, and go to /login (back here after).
setUnauthorizedHandler(() => {
  if (!getSession()) return;
  clearSession();
  queryClient.clear();
  notifications.show({ id: 'session-expired', color: 'yellow', title: t('errors.title'), message: t('errors.sessionExpired') });
  const here = router.state.location.href;
  void router.navigate({ to: '/login', search: { callback_url: here } });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <DatesProvider settings={{ locale: 'pt-br' }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="top-right" />
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  </StrictMode>,
);
