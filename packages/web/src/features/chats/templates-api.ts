import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../shared/api/client';
import type { paths } from '../../shared/api/schema';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { chatKeys, useAccountId, type ChatTemplate } from './api';
import { t } from '../../i18n';

type Json<B> = B extends { content: { 'application/json': infer J } } ? J : never;
export type TemplateBody = Json<NonNullable<paths['/api/chats/templates']['post']['requestBody']>>;

/** A row of the templates screen: a template, or one being saved or deleted (spec §4 optimistic states). */
export type TemplateRow = ChatTemplate & { pending?: 'saving' | 'deleting' };

/** Spec §8: the server's message when it sent one, else the fixed Portuguese message. */
export function templateError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== 'NETWORK_ERROR' && error.code !== 'HTTP_ERROR' ? (error.details?.[0]?.message ?? error.message) : fallback;
}

const report = (error: unknown, fallbackKey: string) => notifyError(new ApiError(0, 'REPORTED', templateError(error, t(fallbackKey))));

let temporaryIds = 0;

/** A not-yet-saved template as the list shows it meanwhile ("Salvando…"). */
function temporaryRow(body: TemplateBody, userId: number, userName: string): TemplateRow {
  const now = new Date().toISOString();
  return {
    id: -++temporaryIds,
    templateId: body.templateId,
    title: body.title,
    body: body.body,
    global: body.global ?? false,
    user_id: body.global ? null : userId,
    user_name: body.global ? null : userName,
    status: body.status ?? 'active',
    editable: false,
    created_at: now,
    updated_at: now,
    pending: 'saving',
  };
}

function useTemplatesCache() {
  const queryClient = useQueryClient();
  const key = chatKeys.templates(useAccountId());
  return {
    key,
    queryClient,
    update: (change: (rows: TemplateRow[]) => TemplateRow[]) => queryClient.setQueryData<TemplateRow[]>(key, (rows) => (rows ? change(rows) : rows)),
    /** No refetch may overwrite the optimistic rows while the change travels. */
    hold: () => queryClient.cancelQueries({ queryKey: key }),
  };
}

/** Create: a temporary "salvando" row first, replaced by the saved template, removed when refused. */
export function useCreateTemplate(user: { id: number; name: string }) {
  const cache = useTemplatesCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: TemplateBody) => unwrap(api.POST('/api/chats/templates', { body })),
    onMutate: async (body) => {
      await cache.hold();
      const row = temporaryRow(body, user.id, user.name);
      cache.update((rows) => [row, ...rows]);
      return { temporaryId: row.id };
    },
    onSuccess: (saved, _body, context) => {
      cache.update((rows) => rows.map((r) => (r.id === context.temporaryId ? saved : r)));
      notifySuccess(t('chats.templates.created'));
    },
    onError: (error, _body, context) => {
      if (context) cache.update((rows) => rows.filter((r) => r.id !== context.temporaryId));
      report(error, 'chats.templates.createError');
    },
  });
}

/** Edit: the row shows the new text as "salvando", then the saved one; a refusal puts the old one back. */
export function useUpdateTemplate() {
  const cache = useTemplatesCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: number; body: TemplateBody }) => unwrap(api.PUT('/api/chats/templates/{id}', { params: { path: { id } }, body })),
    onMutate: async ({ id, body }) => {
      await cache.hold();
      const previous = cache.queryClient.getQueryData<TemplateRow[]>(cache.key)?.find((r) => r.id === id);
      cache.update((rows) => rows.map((r) => (r.id === id ? { ...r, ...body, global: body.global ?? r.global, status: body.status ?? r.status, pending: 'saving' } : r)));
      return { previous };
    },
    onSuccess: (saved) => {
      cache.update((rows) => rows.map((r) => (r.id === saved.id ? saved : r)));
      notifySuccess(t('chats.templates.edited'));
    },
    onError: (error, { id }, context) => {
      const previous = context?.previous;
      if (previous) cache.update((rows) => rows.map((r) => (r.id === id ? previous : r)));
      report(error, 'chats.templates.editError');
    },
  });
}

/** Delete: the row is marked deleted ("excluindo"), then removed, or restored when refused. */
export function useDeleteTemplate() {
  const cache = useTemplatesCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: number) => unwrap(api.DELETE('/api/chats/templates/{id}', { params: { path: { id } } })),
    onMutate: async (id) => {
      await cache.hold();
      cache.update((rows) => rows.map((r) => (r.id === id ? { ...r, pending: 'deleting' } : r)));
    },
    onSuccess: (_answer, id) => {
      cache.update((rows) => rows.filter((r) => r.id !== id));
      notifySuccess(t('chats.templates.deleted'));
    },
    onError: (error, id) => {
      cache.update((rows) => rows.map((r) => (r.id === id ? { ...r, pending: undefined } : r)));
      report(error, 'chats.templates.deleteError');
    },
  });
}
