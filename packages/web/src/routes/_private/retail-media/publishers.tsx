import { createFileRoute } from '@tanstack/react-router';
import { publishersQuery } from '../../../features/retail-media/config/api';
import { PublishersPage } from '../../../features/retail-media/config/publishers-page';

export const Route = createFileRoute('/_private/retail-media/publishers')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(publishersQuery(context.session.account.id)),
  component: PublishersPage,
});
