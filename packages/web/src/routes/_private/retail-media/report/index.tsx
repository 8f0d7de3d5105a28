import { createFileRoute, redirect } from '@tanstack/react-router';

/** /retail-media/report opens the first report, with the filters it was given. */
export const Route = createFileRoute('/_private/retail-media/report/')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/retail-media/report/overview', search });
  },
});
