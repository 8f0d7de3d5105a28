import { createFileRoute } from '@tanstack/react-router';
import { loadPromotion, storesQuery } from '../../../../features/promotions/api';
import { PromotionEditPage } from '../../../../features/promotions/components/promotion-edit-page';
import { PromotionNotFound, PromotionRouteError } from '../../../../features/promotions/components/promotion-load-states';
import { PageLoader } from '../../../../shared/components/page-loader';
import { t } from '../../../../i18n';

export const Route = createFileRoute('/_private/promotional/edit/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(storesQuery(context.session.account.id));
    return loadPromotion(context.queryClient, context.session.account.id, params.id);
  },
  pendingComponent: () => <PageLoader label={t('promotions.loadingInfo')} />,
  notFoundComponent: PromotionNotFound,
  errorComponent: PromotionRouteError,
  component: function EditPromotion() {
    const promotion = Route.useLoaderData();
    return <PromotionEditPage id={promotion.id} />;
  },
});
