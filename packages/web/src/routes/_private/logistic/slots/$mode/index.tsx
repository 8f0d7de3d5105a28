import { createFileRoute } from '@tanstack/react-router';
import { parseMode } from '../../../../../features/slots/slot-params';
import { SlotsChooserPage } from '../../../../../features/slots/slots-chooser-page';
import { SlotsNotFound } from '../../../../../features/slots/slots-load-states';

export const Route = createFileRoute('/_private/logistic/slots/$mode/')({
  loader: ({ params }) => parseMode(params.mode),
  notFoundComponent: SlotsNotFound,
  component: function SlotsMode() {
    return <SlotsChooserPage mode={Route.useLoaderData()} />;
  },
});
