import { createFileRoute } from '@tanstack/react-router';
import { attendantsPageQuery } from '../../../features/chats/api';
import { AttendantsPage } from '../../../features/chats/attendants-page';

/** Spec §2 /chats/attendants: the attendants and my own status. */
export const Route = createFileRoute('/_private/chats/attendants')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(attendantsPageQuery(context.session.account.id, 1)),
  component: AttendantsPage,
});
