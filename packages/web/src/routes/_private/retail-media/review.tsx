import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { reviewQueueQuery } from '../../../features/retail-media/ads/api';
import { ReviewPage } from '../../../features/retail-media/ads/review/review-page';
import { REVIEW_SEARCH_DEFAULTS, ReviewSearch } from '../../../features/retail-media/ads/review/review-search';

export const Route = createFileRoute('/_private/retail-media/review')({
  validateSearch: ReviewSearch,
  search: { middlewares: [stripSearchParams(REVIEW_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Not awaited: the page shows its loading state while the queue loads.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(reviewQueueQuery(context.session.account.id, deps)),
  component: AdsReview,
});

function AdsReview() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((update: (prev: ReviewSearch) => ReviewSearch) => void navigate({ search: update }), [navigate]);
  return <ReviewPage search={search} onSearchChange={onSearchChange} />;
}
