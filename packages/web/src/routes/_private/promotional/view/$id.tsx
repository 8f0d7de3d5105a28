import { createFileRoute } from '@tanstack/react-router';
import { loadPromotion } from '../../../../features/promotions/api';
import { PromotionViewPage } from '../../../../features/promotions/components/promotion-view-page';
import { PromotionNotFound, PromotionRouteError } from '../../../../features/promotions/components/promotion-load-states';
import { PageLoader } from '../../../../shared/components/page-loader';

export const Route = createFileRoute('/_private/promotional/view/$id')({
  loader: ({ context, params }) => loadPromotion(context.queryClient, context.session.account.id, params.id),
  pendingComponent: () => <PageLoader />,
  notFoundComponent: PromotionNotFound,
  errorComponent: PromotionRouteError,
  component: function ViewPromotion() {
    const promotion = Route.useLoaderData();
    return <PromotionViewPage id={promotion.id} />;
  },
});
