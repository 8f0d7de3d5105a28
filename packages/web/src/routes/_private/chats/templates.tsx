import { createFileRoute } from '@tanstack/react-router';
import { templatesQuery } from '../../../features/chats/api';
import { TemplatesPage } from '../../../features/chats/templates-page';

/** Spec §2 /chats/templates: the chat templates, with the optimistic create and delete of spec §4. */
export const Route = createFileRoute('/_private/chats/templates')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(templatesQuery(context.session.account.id)),
  component: TemplatesPage,
});
