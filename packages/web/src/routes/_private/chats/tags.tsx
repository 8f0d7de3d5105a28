import { createFileRoute } from '@tanstack/react-router';
import { tagsQuery } from '../../../features/chats/api';
import { TagsPage } from '../../../features/chats/tags-page';

/** Spec §2 /chats/tags: the chat tags. */
export const Route = createFileRoute('/_private/chats/tags')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(tagsQuery(context.session.account.id)),
  component: TagsPage,
});
