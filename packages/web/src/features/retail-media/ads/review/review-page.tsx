import { Badge, Card, Group, Select, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { IconChecklist, IconMoodEmpty } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AdReviewQueue } from '@backoffice/contracts';
import { EmptyState } from '../../../../shared/components/empty-state';
import { ListFooter, useClampPage } from '../../../../shared/components/list-footer';
import { LoadError } from '../../../../shared/components/load-error';
import { PageHeader } from '../../../../shared/components/page-header';
import { PageLoader } from '../../../../shared/components/page-loader';
import { formatInt } from '../../../../shared/ui/format';
import { adCountsQuery, reviewQueueQuery, useAccountId, type AdType } from '../api';
import { adTypeLabel } from '../ad-labels';
import { useAdReview } from '../use-ad-review';
import { ReviewCard } from './review-card';
import { REVIEW_AD_TYPES, type ReviewSearch } from './review-search';
import { t, tn } from '../../../../i18n';

interface Props {
  search: ReviewSearch;
  /** Updates the URL's search from its latest value. */
  onSearchChange: (update: (prev: ReviewSearch) => ReviewSearch) => void;
}

/**
 * "Revisão de anúncios" (publisher): pending ads oldest first (100 a page) and rejected ones
 * (50 a page), by ad type, refreshed every 60 s; approve, or reject with a required note.
 */
export function ReviewPage({ search, onSearchChange }: Props) {
  const accountId = useAccountId();
  const queue = useQuery(reviewQueueQuery(accountId, search));
  const counts = useQuery(adCountsQuery(accountId, search.ad_type));
  const review = useAdReview();

  const setPage = useCallback((page: number) => onSearchChange((prev) => ({ ...prev, page })), [onSearchChange]);
  useClampPage(queue.data?.meta, queue.isPlaceholderData, search.page, setPage);

  const tabLabel = (status: AdReviewQueue) => (
    <Group gap={6} wrap="nowrap">
      {t(status === 'pending_review' ? 'rmAds.reviewPage.pending' : 'rmAds.reviewPage.rejected')}
      {counts.data && (
        <Badge size="sm" variant="light" color={status === 'pending_review' ? 'yellow' : 'red'} data-testid={`count-${status}`}>
          {formatInt(counts.data[status])}
        </Badge>
      )}
    </Group>
  );

  const pending = search.status === 'pending_review';
  let body;
  if (queue.isError) body = <LoadError m="md" error={queue.error} retrying={queue.isFetching} onRetry={() => void queue.refetch()} />;
  else if (!queue.data) body = <PageLoader compact label={t('rmAds.reviewPage.loading')} />;
  else if (queue.data.data.length === 0) {
    body = pending ? (
      <EmptyState icon={<IconChecklist size={26} />} title={t('rmAds.reviewPage.empty')} hint={t('rmAds.reviewPage.emptyHint')} />
    ) : (
      <EmptyState icon={<IconMoodEmpty size={26} />} title={t('rmAds.reviewPage.emptyRejected')} hint={t('rmAds.reviewPage.emptyRejectedHint')} />
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" p="md">
        {queue.data.data.map((ad) => (
          <ReviewCard key={ad.id} ad={ad} onApprove={review.approve} onReject={pending ? review.reject : undefined} busy={review.pendingId === ad.id} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('rmAds.reviewPage.title')}
        description={t('rmAds.reviewPage.subtitle')}
        actions={
          <Select
            aria-label={t('rmAds.reviewPage.adType')}
            data={REVIEW_AD_TYPES.map((value) => ({ value, label: adTypeLabel(value) }))}
            value={search.ad_type}
            allowDeselect={false}
            w={220}
            onChange={(value) => value && onSearchChange((prev) => ({ ...prev, ad_type: value as AdType, page: 1 }))}
          />
        }
      />
      <Tabs value={search.status} onChange={(value) => value && onSearchChange((prev) => ({ ...prev, status: value as AdReviewQueue, page: 1 }))}>
        <Tabs.List>
          <Tabs.Tab value="pending_review">{tabLabel('pending_review')}</Tabs.Tab>
          <Tabs.Tab value="rejected">{tabLabel('rejected')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Card withBorder padding={0} radius="md">
        {body}
        {!queue.isError && (
          <ListFooter
            meta={queue.data?.meta}
            totalLabel={(total) => tn('rmAds.reviewPage.total', total, { total: formatInt(total) })}
            page={search.page}
            fetching={queue.isFetching}
            onPage={setPage}
          />
        )}
      </Card>
      {review.modal}
    </Stack>
  );
}
