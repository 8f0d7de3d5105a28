import { createFileRoute } from '@tanstack/react-router';
import { loadTemplate } from '../../../../../features/messaging-campaigns/templates-api';
import { TemplateViewPage } from '../../../../../features/messaging-campaigns/template-view-page';
import { MessagingLoading, TemplateNotFound, TemplateRouteError } from '../../../../../features/messaging-campaigns/load-states';

export const Route = createFileRoute('/_private/messaging-campaigns/templates/view/$id')({
  loader: ({ context, params }) => loadTemplate(context.queryClient, context.session.account.id, params.id),
  pendingComponent: MessagingLoading,
  notFoundComponent: TemplateNotFound,
  errorComponent: TemplateRouteError,
  component: function ViewTemplate() {
    const template = Route.useLoaderData();
    return <TemplateViewPage key={template.id} templateId={template.id} />;
  },
});
