import { createFileRoute } from '@tanstack/react-router';
import { TemplateCreatePage } from '../../../../features/messaging-campaigns/template-create-page';

export const Route = createFileRoute('/_private/messaging-campaigns/templates/create')({
  component: TemplateCreatePage,
});
