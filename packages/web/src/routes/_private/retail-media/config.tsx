import { createFileRoute } from '@tanstack/react-router';
import { RetailConfigPage } from '../../../features/retail-media/config/config-page';

export const Route = createFileRoute('/_private/retail-media/config')({
  component: RetailConfigPage,
});
