import { createFileRoute } from '@tanstack/react-router';
import { PromotionCreatePage } from '../../../features/promotions/components/promotion-create-page';
import { CreatePromotionSearch } from '../../../features/promotions/search';
import { promotionQuery, storesQuery } from '../../../features/promotions/api';

export const Route = createFileRoute('/_private/promotional/create')({
  validateSearch: CreatePromotionSearch,
  loaderDeps: ({ search }) => search,
  // Not awaited: the page says "Carregando informações" while these load.
  loader: ({ context, deps }) => {
    const accountId = context.session.account.id;
    void context.queryClient.prefetchQuery(storesQuery(accountId));
    if (deps.duplicate) void context.queryClient.prefetchQuery(promotionQuery(accountId, deps.duplicate));
  },
  component: CreatePromotion,
});

function CreatePromotion() {
  const { duplicate } = Route.useSearch();
  // A new key per entry (and per source promotion) starts the form from scratch.
  const entry = Route.useMatch({ select: (m) => m.id + (m.updatedAt ?? '') });
  return <PromotionCreatePage key={`${duplicate ?? 'new'}:${entry}`} duplicateId={duplicate} />;
}
