import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { uploadWithProgress } from '../../shared/api/upload';
import { productKeys, useAccountId } from './api';
import { t } from '../../i18n';

export type ProductImport = components['schemas']['ProductImport'];
export type ProductImportDetail = components['schemas']['ProductImportDetail'];

/** An import still moving: the screen polls it. */
export const importRunning = (status: ProductImport['status']) => status === 'queued' || status === 'running';

const POLL_MS = 1_000;

export const importKeys = {
  all: (accountId: number) => ['account', accountId, 'product-imports'] as const,
  history: (accountId: number) => [...importKeys.all(accountId), 'history'] as const,
  detail: (accountId: number, id: number) => [...importKeys.all(accountId), 'detail', id] as const,
};

export const importHistoryQuery = (accountId: number) =>
  queryOptions({
    queryKey: importKeys.history(accountId),
    queryFn: () => unwrap(api.GET('/api/product/import')),
    placeholderData: keepPreviousData,
    // While one of them runs the history follows it too.
    refetchInterval: (query) => (query.state.data?.data.some((i) => importRunning(i.status)) ? POLL_MS * 3 : false),
    meta: { silent: true },
  });

export const importQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: importKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/product/import/{id}', { params: { path: { id } } })),
    refetchInterval: (query) => (query.state.data && !importRunning(query.state.data.status) ? false : POLL_MS),
    meta: { silent: true },
  });

/** Sends the file (progress 0–100 while it uploads); the import then runs as a job. */
export function useStartImport(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    meta: { silent: true },
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return uploadWithProgress<{ import: ProductImport }>('/api/product/import', form, onProgress, { failedMessage: t('products.import.uploadFailed') }).then((r) => r.import);
    },
    onSuccess: (created) => {
      queryClient.setQueryData<ProductImportDetail>(importKeys.detail(accountId, created.id), { ...created, rejected: [] });
      return queryClient.invalidateQueries({ queryKey: importKeys.history(accountId) });
    },
  });
}

/** When an import finishes, the catalog and the history show its result. */
export function useImportFinished() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: productKeys.all(accountId) }), queryClient.invalidateQueries({ queryKey: importKeys.history(accountId) })]);
}

/** Saves a file the API serves behind sign-in (the template, the rejected rows) under `fileName`. */
export async function downloadFile(call: Promise<{ data?: Blob; error?: unknown; response: Response }>, fileName: string) {
  const blob = await unwrap(call);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export const downloadTemplate = () => downloadFile(api.GET('/api/product/import/template.csv', { parseAs: 'blob' }), 'modelo-importacao-produtos.csv');

export const downloadRejected = (id: number) =>
  downloadFile(api.GET('/api/product/import/{id}/rejected.csv', { params: { path: { id } }, parseAs: 'blob' }), `importacao-${id}-linhas-rejeitadas.csv`);
