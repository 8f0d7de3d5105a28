import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { OperatorCreatePage } from '../../../features/operators/operator-pages';

/** `?location_id=` (from a store's list) preselects that store; a malformed one is ignored. */
const NewSearch = z.object({ location_id: z.coerce.number().int().positive().optional().catch(undefined) });

export const Route = createFileRoute('/_private/operators/new')({
  validateSearch: NewSearch,
  component: function NewOperator() {
    const { location_id } = Route.useSearch();
    return <OperatorCreatePage locationId={location_id} />;
  },
});
