import { keepPreviousData, queryOptions, useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { paths } from '../../shared/api/schema';
import { ApiError, api, unwrap } from '../../shared/api/client';
import { notifySuccess } from '../../shared/ui/notify';
import { notifications } from '@mantine/notifications';
import { ensureOrNotFound, messagingKeys, parseId, useAccountId, type MessagingTemplate } from './api';
import { withOptimisticRows, type PendingCreate, type Row } from './optimistic-rows';
import { t } from '../../i18n';
import type { TemplatesSearch } from './templates-search';

export type { TemplatesSearch };

/** The create/update body as the API documents it. */
export type TemplateBody = NonNullable<paths['/api/messaging-campaign/template']['post']['requestBody']>['content']['application/json'];
export type TemplateRow = Row<MessagingTemplate>;

export const templateKeys = {
  lists: (accountId: number) => [...messagingKeys.templates(accountId), 'list'] as const,
  list: (accountId: number, search: TemplatesSearch) => [...templateKeys.lists(accountId), search] as const,
  detail: (accountId: number, id: number) => [...messagingKeys.templates(accountId), 'detail', id] as const,
  nameCheck: (accountId: number, name: string) => [...messagingKeys.templates(accountId), 'name', name] as const,
};

/** Mutation keys: the list reads the writes in flight by these (spec §4 optimistic states). */
const CREATE_KEY = ['messaging-template', 'create'] as const;
const DELETE_KEY = ['messaging-template', 'delete'] as const;

/** Spec §8: the server's message, or the fixed Portuguese one when there is none to show (network down, server failure). */
export function notifyTemplateError(error: unknown, fallbackKey: string) {
  const message = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t(fallbackKey);
  notifications.show({ color: 'red', title: t('errors.title'), message });
}

export const templatesListQuery = (accountId: number, search: TemplatesSearch) =>
  queryOptions({
    queryKey: templateKeys.list(accountId, search),
    queryFn: () => unwrap(api.GET('/api/messaging-campaign/template', { params: { query: search } })),
    placeholderData: keepPreviousData,
    // A template waits for the provider's decision: the list follows it.
    refetchInterval: (query) => (query.state.data?.data.some((tpl) => tpl.status === 'pending') ? 5_000 : false),
    meta: { silent: true },
  });

export const templateQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: templateKeys.detail(accountId, id),
    queryFn: () => unwrap(api.GET('/api/messaging-campaign/template/{id}', { params: { path: { id } } })),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5_000 : false),
    meta: { silent: true },
  });

/** The approved templates a campaign may use (the first 100, newest first). */
export const approvedTemplatesQuery = (accountId: number) =>
  queryOptions({
    queryKey: [...messagingKeys.templates(accountId), 'approved'] as const,
    queryFn: () => unwrap(api.GET('/api/messaging-campaign/template', { params: { query: { page: 1, quantity: 100, status: 'approved' } } })).then((r) => r.data),
    meta: { silent: true },
  });

/** Whether a template of exactly this name exists in the account (the name is unique, spec §5). */
export const templateNameTakenQuery = (accountId: number, name: string) =>
  queryOptions({
    queryKey: templateKeys.nameCheck(accountId, name),
    queryFn: () =>
      unwrap(api.GET('/api/messaging-campaign/template', { params: { query: { page: 1, quantity: 100, search: name } } })).then((r) => r.data.some((tpl) => tpl.name === name)),
    staleTime: 30_000,
    meta: { silent: true },
  });

export const loadTemplate = (queryClient: QueryClient, accountId: number, rawId: string) => {
  const id = parseId(rawId);
  return ensureOrNotFound(() => queryClient.ensureQueryData(templateQuery(accountId, id)));
};

/** What a temporary entry shows before the API answers. */
function draftRow(body: TemplateBody): Omit<MessagingTemplate, 'id'> {
  const now = new Date().toISOString();
  return {
    name: body.name.trim(),
    description: body.description?.trim() || null,
    message: body.message,
    buttons: body.buttons ?? [],
    media_url: body.media_url ?? null,
    media_type: body.media_type ?? null,
    media_name: body.media_name ?? null,
    language: 'pt_BR',
    status: 'pending',
    rejection_reason: null,
    submitted_at: now,
    decided_at: null,
    campaigns_count: 0,
    created_at: now,
    updated_at: now,
  };
}

/** The list's rows with the spec §4 states of the creates and deletes in flight. Creates show on the first page only. */
export function useTemplateRows(rows: readonly MessagingTemplate[] | undefined, firstPage: boolean): TemplateRow[] | undefined {
  const creating = useMutationState({
    filters: { mutationKey: CREATE_KEY, status: 'pending' },
    select: (m): PendingCreate<TemplateBody> => ({ mutationId: m.mutationId, draft: m.state.variables as TemplateBody }),
  });
  const deleting = useMutationState({ filters: { mutationKey: DELETE_KEY, status: 'pending' }, select: (m) => m.state.variables as number });
  if (!rows) return undefined;
  return withOptimisticRows(rows, firstPage ? creating : [], deleting, draftRow);
}

function useTemplatesCache() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return { queryClient, accountId, lists: templateKeys.lists(accountId) };
}

/**
 * Create: the list shows a temporary "saving" entry while it runs (the page may be left meanwhile);
 * on success the saved template takes its place (the lists are refetched before the entry goes),
 * on failure the entry goes and the "Erro" toast says why.
 */
export function useCreateTemplate() {
  const { queryClient, accountId, lists } = useTemplatesCache();
  return useMutation({
    mutationKey: CREATE_KEY,
    meta: { silent: true },
    mutationFn: (body: TemplateBody) => unwrap(api.POST('/api/messaging-campaign/template', { body })),
    onSuccess: async (template) => {
      queryClient.setQueryData(templateKeys.detail(accountId, template.id), template);
      await queryClient.invalidateQueries({ queryKey: messagingKeys.templates(accountId) });
      notifySuccess(t('messagingCampaigns.templates.created'));
    },
    onError: (error) => {
      // A 400 with details is shown at the form's fields; anything else here.
      if (!(error instanceof ApiError && error.status === 400 && error.details?.length)) notifyTemplateError(error, 'messagingCampaigns.templates.createFailed');
      void queryClient.invalidateQueries({ queryKey: lists });
    },
  });
}

export function useUpdateTemplate(id: number) {
  const { queryClient, accountId } = useTemplatesCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: TemplateBody) => unwrap(api.PUT('/api/messaging-campaign/template/{id}', { params: { path: { id } }, body })),
    onSuccess: async (template) => {
      queryClient.setQueryData(templateKeys.detail(accountId, template.id), template);
      await queryClient.invalidateQueries({ queryKey: messagingKeys.templates(accountId) });
      notifySuccess(t('messagingCampaigns.templates.updated'));
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 400 && error.details?.length)) notifyTemplateError(error, 'messagingCampaigns.templates.updateFailed');
    },
  });
}

/** Delete: the row shows as deleted and saving; it goes on success, and comes back as it was on failure. */
export function useDeleteTemplate() {
  const { queryClient, accountId, lists } = useTemplatesCache();
  return useMutation({
    mutationKey: DELETE_KEY,
    meta: { silent: true },
    mutationFn: (id: number) => unwrap(api.DELETE('/api/messaging-campaign/template/{id}', { params: { path: { id } } })),
    onSuccess: async (_result, id) => {
      // Out of every cached page first, so the row never flashes back before the refetch.
      queryClient.setQueriesData<{ data: MessagingTemplate[]; meta: { total: number } }>({ queryKey: lists }, (page) =>
        page && page.data.some((tpl) => tpl.id === id) ? { ...page, data: page.data.filter((tpl) => tpl.id !== id), meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) } } : page,
      );
      queryClient.removeQueries({ queryKey: templateKeys.detail(accountId, id) });
      notifySuccess(t('messagingCampaigns.templates.deleted'));
      await queryClient.invalidateQueries({ queryKey: messagingKeys.templates(accountId) });
    },
    onError: (error) => notifyTemplateError(error, 'messagingCampaigns.templates.deleteFailed'),
  });
}
