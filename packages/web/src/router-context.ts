import type { QueryClient } from '@tanstack/react-query';

/** What every route's `beforeLoad` and `loader` receive (its own module: routes need it, the router needs the routes). */
export interface RouterContext {
  queryClient: QueryClient;
}
