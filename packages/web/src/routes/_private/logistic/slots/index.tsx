import { createFileRoute } from '@tanstack/react-router';
import { SlotsChooserPage } from '../../../../features/slots/slots-chooser-page';

export const Route = createFileRoute('/_private/logistic/slots/')({
  component: () => <SlotsChooserPage mode={null} />,
});
