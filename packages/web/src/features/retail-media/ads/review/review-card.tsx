import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Field } from '../../../../shared/components/field';
import { formatDateTime } from '../../../../shared/ui/format';
import type { Ad } from '../api';
import { AdPreview } from '../ad-preview';
import { AdStatusBadge, adTypeLabel } from '../ad-labels';
import { t } from '../../../../i18n';

interface Props {
  ad: Ad;
  onApprove: (ad: Ad) => void;
  /** Absent in the rejected queue. */
  onReject?: (ad: Ad) => void;
  busy: boolean;
}

const sizeOf = (ad: Ad) => {
  const size = ad.settings.ad_size;
  if (size) return t('rmAds.sizeLabel', { name: size.name, width: size.width, height: size.height });
  if (ad.settings.assets.length) return ad.settings.assets.map((a) => a.dimension).join(', ');
  return adTypeLabel(ad.ad_type);
};

/** One ad waiting for (or refused by) the publisher: the creative large, who sent it, and the decision buttons. */
export function ReviewCard({ ad, onApprove, onReject, busy }: Props) {
  const s = ad.settings;
  return (
    <Card withBorder radius="md" padding="md" data-testid="review-card">
      <Stack gap="sm" h="100%">
        <AdPreview ad={ad} size="lg" />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" lineClamp={1}>
            {t('rmAds.adN', { id: ad.id })}
          </Text>
          <AdStatusBadge status={ad.ad_status} note={s.note} />
        </Group>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <Field label={t('rmAds.reviewPage.advertiser')}>{ad.advertiser.name}</Field>
          <Field label={t('rmAds.reviewPage.campaign')}>
            <Anchor renderRoot={(props) => <Link {...props} to="/retail-media/campaign/view/$id" params={{ id: String(ad.campaign_id) }} />} size="sm" lineClamp={2}>
              {ad.campaign_name}
            </Anchor>
          </Field>
          <Field label={t('rmAds.reviewPage.size')}>{sizeOf(ad)}</Field>
          <Field label={t('rmAds.reviewPage.createdAt')}>{formatDateTime(ad.created_at)}</Field>
        </SimpleGrid>
        {ad.ad_type === 'banner' && (
          <Field label={t('rmAds.reviewPage.destination')}>
            {s.destination_url ? (
              <Anchor href={s.destination_url} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
                {s.destination_url}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                {t('rmAds.reviewPage.noDestination')}
              </Text>
            )}
          </Field>
        )}
        {ad.ad_status === 'rejected' && s.note && (
          <Field label={t('rmAds.reviewPage.note')}>
            <Text size="sm" c="red.7">
              {s.note}
            </Text>
          </Field>
        )}
        <Group gap="sm" mt="auto" grow>
          {onReject && (
            <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => onReject(ad)} disabled={busy} aria-label={`${t('rmAds.review.reject')}: ${t('rmAds.adN', { id: ad.id })}`}>
              {t('rmAds.review.reject')}
            </Button>
          )}
          <Button color="green" leftSection={<IconCheck size={16} />} onClick={() => onApprove(ad)} loading={busy} aria-label={`${t('rmAds.review.approve')}: ${t('rmAds.adN', { id: ad.id })}`}>
            {t('rmAds.review.approve')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
