import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createAppRouter } from '../router';
import { createQueryClient } from '../shared/api/query-client';
import { setUnauthorizedHandler } from '../shared/api/client';
import { expireSession } from '../shared/session/expire-session';
import { theme } from '../shared/ui/theme';

/** The whole app as main.tsx wires it (router, query client, 401 handling), at `path` of a memory history. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  setUnauthorizedHandler(() => expireSession(queryClient, router));
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, queryClient, view };
}
