import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { FlyerCreatePage } from '../../../features/flyers/flyer-create-page';
import { flyerQuery } from '../../../features/flyers/api';

/** `?duplicate={id}` fills the form from that flyer; a malformed id is ignored. */
const CreateSearch = z.object({ duplicate: z.coerce.number().int().positive().optional().catch(undefined) });

export const Route = createFileRoute('/_private/promotional-flyers/create')({
  validateSearch: CreateSearch,
  loaderDeps: ({ search }) => ({ duplicate: search.duplicate }),
  // Not awaited: the page says "Carregando informações" and shows load errors in its banner.
  loader: ({ context, deps }) => {
    if (deps.duplicate) void context.queryClient.prefetchQuery(flyerQuery(context.session.account.id, deps.duplicate));
  },
  component: function CreateFlyer() {
    const { duplicate } = Route.useSearch();
    return <FlyerCreatePage key={duplicate ?? 'new'} duplicateId={duplicate} />;
  },
});
