import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAd2, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useConfirmModal } from '../../../shared/components/confirm-modal';
import { EmptyState } from '../../../shared/components/empty-state';
import { ListFooter, useClampPage } from '../../../shared/components/list-footer';
import { LoadError } from '../../../shared/components/load-error';
import { PageLoader } from '../../../shared/components/page-loader';
import { formatInt } from '../../../shared/ui/format';
import { campaignAdsQuery, useAccountId, useDeleteAd, useSetAdActive, type Ad, type CampaignDetail } from './api';
import { AdFormModal } from './ad-form-modal';
import { AdsTable } from './ads-table';
import { useAdReview } from './use-ad-review';
import { t, tn } from '../../../i18n';

/**
 * The ads section of a campaign view: its ads (inactive ones too, 25 a page, refreshed every
 * 60 s) with metrics, and, by the campaign's permissions, adding, editing, removing, switching
 * on and off, approving and rejecting.
 */
export function CampaignAds({ campaign }: { campaign: CampaignDetail }) {
  const accountId = useAccountId();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ opened: boolean; ad: Ad | null }>({ opened: false, ad: null });
  const list = useQuery(campaignAdsQuery(accountId, campaign.id, page));
  const toggle = useSetAdActive();
  const remove = useDeleteAd();
  const review = useAdReview();
  const confirm = useConfirmModal();
  const perms = campaign.permissions;
  const canEdit = perms.can_edit;
  const onPage = useCallback((p: number) => setPage(p), []);
  useClampPage(list.data?.meta, list.isPlaceholderData, page, onPage);

  const askRemove = (ad: Ad) =>
    confirm.open({
      title: t('rmAds.removeTitle'),
      message: t('rmAds.removeMessage', { id: ad.id }),
      confirmLabel: t('common.remove'),
      confirmColor: 'red',
      onConfirm: () => remove.mutateAsync(ad.id),
    });

  let body;
  if (list.isError) body = <LoadError m="md" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <PageLoader compact label={t('rmAds.loading')} />;
  else if (list.data.data.length === 0) {
    body = <EmptyState icon={<IconAd2 size={26} />} title={t('rmAds.empty')} hint={t(canEdit ? 'rmAds.emptyHint' : 'rmAds.emptyHintReadOnly')} />;
  } else {
    body = (
      <AdsTable
        ads={list.data.data}
        canEdit={canEdit}
        canToggle={perms.can_toggle || perms.can_review_ads}
        canReview={perms.can_review_ads}
        togglingId={toggle.isPending ? toggle.variables?.id : undefined}
        onToggle={(ad, active) => toggle.mutate({ id: ad.id, active })}
        onEdit={(ad) => setForm({ opened: true, ad })}
        onRemove={askRemove}
        onApprove={review.approve}
        onReject={review.reject}
      />
    );
  }

  return (
    <Stack gap="sm" data-testid="campaign-ads">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={4}>{t('rmAds.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('rmAds.subtitle')}
          </Text>
        </Stack>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, ad: null })}>
            {t('rmAds.add')}
          </Button>
        )}
      </Group>
      <Card withBorder padding={0} radius="md">
        {body}
        {!list.isError && (
          <ListFooter meta={list.data?.meta} totalLabel={(total) => tn('rmAds.total', total, { total: formatInt(total) })} page={page} fetching={list.isFetching} onPage={setPage} />
        )}
      </Card>
      {form.opened && <AdFormModal opened onClose={() => setForm({ opened: false, ad: null })} campaign={campaign} ad={form.ad} />}
      {review.modal}
      {confirm.modal}
    </Stack>
  );
}
