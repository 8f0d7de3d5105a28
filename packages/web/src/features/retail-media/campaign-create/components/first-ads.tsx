import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { AdForm } from '../../ads/ad-form';
import { emptyAdValues, toCreateAdBody } from '../../ads/ad-form-values';
import { AdStatusBadge, adTypeLabel } from '../../ads/ad-labels';
import { AdPreview } from '../../ads/ad-preview';
import { useCreateAd, type Ad } from '../../ads/api';
import type { CampaignDetail } from '../api';
import { t } from '../../../../i18n';

interface Props {
  campaign: CampaignDetail;
  /** Goes to the campaign's view. */
  onDone: () => void;
}

/** Right after a banner, sponsored brand or digital signage campaign is created: its first ads, in the same flow. */
export function FirstAds({ campaign, onDone }: Props) {
  const create = useCreateAd();
  const [ads, setAds] = useState<Ad[]>([]);
  const [formKey, setFormKey] = useState(0);
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title={t('rmCreate.firstAds.createdTitle', { name: campaign.name })}>
        {t('rmCreate.firstAds.createdText', { type: adTypeLabel(campaign.ad_type) })}
      </Alert>
      {ads.length > 0 && (
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Title order={5}>{t('rmCreate.firstAds.added', { count: ads.length })}</Title>
            {ads.map((ad) => (
              <Group key={ad.id} justify="space-between" wrap="nowrap" data-testid="first-ad">
                <AdPreview ad={ad} />
                <AdStatusBadge status={ad.ad_status} />
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={4}>{t(ads.length ? 'rmCreate.firstAds.another' : 'rmCreate.firstAds.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('rmCreate.firstAds.hint')}
            </Text>
          </Stack>
          <AdForm
            key={formKey}
            publisherId={campaign.publisher_id}
            initialValues={emptyAdValues(campaign.ad_type)}
            submitLabel={t('rmAds.form.create')}
            pending={create.isPending}
            cancelLabel={t(ads.length ? 'rmCreate.firstAds.done' : 'rmCreate.firstAds.skip')}
            onCancel={onDone}
            onSubmit={(values) =>
              create.mutateAsync(toCreateAdBody(values, campaign.id)).then((ad) => {
                setAds((prev) => [...prev, ad]);
                setFormKey((k) => k + 1);
              })
            }
          />
        </Stack>
      </Card>
      {ads.length > 0 && (
        <Group justify="flex-end">
          <Button onClick={onDone} rightSection={<IconArrowRight size={16} />}>
            {t('rmCreate.firstAds.viewCampaign')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
