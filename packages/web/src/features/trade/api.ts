import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { z } from 'zod';
import { IdParam, TRADE_PROOF_MAX_BYTES, TRADE_PROOF_TYPES, type CreateTradeBody, type TradeAction, type UpdateTradeBody } from '@backoffice/contracts';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { uploadWithProgress } from '../../shared/api/upload';
import { accountInfoQuery } from '../../shared/account/queries';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import type { TradeSearch } from './search';
import { t } from '../../i18n';

export type TradeAgreement = components['schemas']['TradeAgreement'];
export type TradeAgreementDetail = components['schemas']['TradeAgreementDetail'];
export type TradeProof = components['schemas']['TradeProof'];
export type TradeResults = components['schemas']['TradeResults'];
export type TradeCounterpart = components['schemas']['TradeCounterpart'];
export type CreateTradeInput = z.input<typeof CreateTradeBody>;
export type UpdateTradeInput = z.input<typeof UpdateTradeBody>;

/** Keys per account, so another account's agreements never show after switching. */
export const tradeKeys = {
  all: (accountId: number) => ['account', accountId, 'trade'] as const,
  lists: (accountId: number) => [...tradeKeys.all(accountId), 'list'] as const,
  list: (accountId: number, search: TradeSearch) => [...tradeKeys.lists(accountId), search] as const,
  detail: (accountId: number, id: number) => [...tradeKeys.all(accountId), 'detail', id] as const,
  proofs: (accountId: number, id: number) => [...tradeKeys.all(accountId), 'proofs', id] as const,
  results: (accountId: number, id: number) => [...tradeKeys.all(accountId), 'results', id] as const,
  counterparts: (accountId: number) => [...tradeKeys.all(accountId), 'counterparts'] as const,
};

// Pages show their own "Erro: {message}" states, so the global toast stays quiet for loads.
export const tradeListQuery = (accountId: number, search: TradeSearch) =>
  queryOptions({
    queryKey: tradeKeys.list(accountId, search),
    queryFn: () => unwrap(api.GET('/api/trade', { params: { query: search } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const tradeQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: tradeKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/trade/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

export const tradeProofsQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: tradeKeys.proofs(accountId, id),
    queryFn: () => unwrap(api.GET('/api/trade/{id}/proofs', { params: { path: { id } } })).then((r) => r.data),
    meta: { silent: true },
  });

export const tradeResultsQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: tradeKeys.results(accountId, id),
    queryFn: () => unwrap(api.GET('/api/trade/{id}/results', { params: { path: { id } } })),
    meta: { silent: true },
  });

/** The linked parties with their stores and the brand's products: the form's choices. */
export const tradeCounterpartsQuery = (accountId: number) =>
  queryOptions({
    queryKey: tradeKeys.counterparts(accountId),
    queryFn: () => unwrap(api.GET('/api/trade/counterparts')).then((r) => r.data),
    staleTime: 60_000,
    meta: { silent: true },
  });

/** View/edit loaders: an invalid id, or a 404 (unknown or not a party), is the not-found state. */
export async function loadTrade(queryClient: QueryClient, accountId: number, rawId: string) {
  const parsed = IdParam.safeParse({ id: rawId });
  if (!parsed.success) throw notFound();
  try {
    return await queryClient.ensureQueryData(tradeQuery(accountId, parsed.data.id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Admins and managers write agreements (the API's `writers`); others only read. */
export function useCanWriteTrade(): boolean {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  const role = data?.[0]?.role;
  return role === 'admin' || role === 'manager';
}

function useRefreshTrade() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (agreement?: TradeAgreementDetail) => {
    if (agreement) {
      queryClient.setQueryData(tradeKeys.detail(accountId, agreement.id), agreement);
      void queryClient.invalidateQueries({ queryKey: tradeKeys.results(accountId, agreement.id) });
    }
    return queryClient.invalidateQueries({ queryKey: tradeKeys.lists(accountId) });
  };
}

export function useCreateTrade() {
  const refresh = useRefreshTrade();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateTradeInput) => unwrap(api.POST('/api/trade', { body })),
    onSuccess: (agreement) => {
      notifySuccess(t('trade.form.created', { title: agreement.title }));
      return refresh(agreement);
    },
  });
}

export function useUpdateTrade(id: number) {
  const refresh = useRefreshTrade();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: UpdateTradeInput) => unwrap(api.PUT('/api/trade/{id}', { params: { path: { id } }, body })),
    onSuccess: (agreement) => {
      notifySuccess(t('trade.form.updated', { title: agreement.title }));
      return refresh(agreement);
    },
  });
}

/** One step of the flow; the API's message says what happened. */
export function useTradeAction() {
  const refresh = useRefreshTrade();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: number; action: TradeAction; note?: string }) =>
      unwrap(api.POST('/api/trade/{id}/actions/{action}', { params: { path: { id, action } }, body: note ? { note } : {} })),
    onSuccess: ({ message, agreement }) => {
      notifySuccess(message);
      return refresh(agreement);
    },
  });
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => (bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

/** The API's checks before sending: JPEG, PNG or WebP up to 10 MB. Null when fine. */
export function checkProofFile(file: { type: string; size: number }): string | null {
  if (!(TRADE_PROOF_TYPES as readonly string[]).includes(file.type)) return t('trade.proofs.invalidType');
  if (file.size > TRADE_PROOF_MAX_BYTES) return t('trade.proofs.tooLarge', { size: megabytes(file.size), limit: megabytes(TRADE_PROOF_MAX_BYTES) });
  return null;
}

/** Sends one proof photo (fields before the file, as the API reads them), reporting progress. */
export function uploadTradeProof(id: number, fields: { location_id: number; note?: string }, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('location_id', String(fields.location_id));
  if (fields.note?.trim()) form.append('note', fields.note.trim());
  form.append('file', file, file.name);
  return uploadWithProgress<TradeProof>(`/api/trade/${id}/proofs`, form, onProgress, { failedMessage: t('trade.proofs.failed') });
}

/** After an upload: the gallery reloads. */
export function useRefreshProofs(id: number) {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return () => queryClient.invalidateQueries({ queryKey: tradeKeys.proofs(accountId, id) });
}
