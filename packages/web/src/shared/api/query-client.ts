import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { notifyError } from '../ui/notify';

const retry = (count: number, error: unknown) =>
  count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500);

/**
 * Errors reach the user once, as the "Erro" toast with the server's message; a 401 is handled by
 * the session (it redirects), and callers may opt out with `meta: { silent: true }`.
 */
export function createQueryClient() {
  const report = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (meta?.silent) return;
    if (error instanceof ApiError && error.status === 401) return;
    notifyError(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => report(error, mutation.meta) }),
    defaultOptions: { queries: { retry, refetchOnWindowFocus: false } },
  });
}
