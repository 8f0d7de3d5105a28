import { Card, Input, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CampaignStrategyType } from '@backoffice/contracts';
import { BackLink } from '../../../../shared/components/back-link';
import { EmptyState } from '../../../../shared/components/empty-state';
import { LoadError } from '../../../../shared/components/load-error';
import { PageHeader } from '../../../../shared/components/page-header';
import { PageLoader } from '../../../../shared/components/page-loader';
import { publishersQuery, useAccountId, useCurrencyCents, type CampaignDetail, type Publisher } from '../api';
import { CREATIVE_AD_TYPES } from '../standard-values';
import { FirstAds } from './first-ads';
import { ObjectiveFlow } from './objective-flow';
import { StandardForm } from './standard-form';
import { t } from '../../../../i18n';

/** Publishers where the account may create campaigns with at least one strategy. */
const creatable = (list: Publisher[]) => list.filter((p) => p.permissions.can_create && p.permissions.strategies.length > 0);

/**
 * `/retail-media/campaign/create` (advertiser): the publisher and the strategy its link allows,
 * then the objective-based three steps or the standard form; a banner, sponsored brand or
 * digital signage campaign then takes its first ads before the campaign view opens.
 */
export function CampaignCreatePage({ initialPublisherId }: { initialPublisherId?: number }) {
  const navigate = useNavigate();
  const currencyCents = useCurrencyCents();
  const publishers = useQuery(publishersQuery(useAccountId()));
  const [chosenId, setChosenId] = useState<number | undefined>(initialPublisherId);
  const [strategies, setStrategies] = useState<Record<number, CampaignStrategyType>>({});
  const [created, setCreated] = useState<CampaignDetail | null>(null);

  const toView = (id: number) => void navigate({ to: '/retail-media/campaign/view/$id', params: { id: String(id) } });
  const toList = () => void navigate({ to: '/retail-media/campaigns' });
  const onCreated = (campaign: CampaignDetail) => (CREATIVE_AD_TYPES.includes(campaign.ad_type) ? setCreated(campaign) : toView(campaign.id));

  const header = <PageHeader title={t('rmCreate.title')} description={t('rmCreate.subtitle')} back={<BackLink to="/retail-media/campaigns" label={t('rmCreate.backToList')} />} />;

  if (created) {
    return (
      <Stack gap="lg">
        {header}
        <FirstAds campaign={created} onDone={() => toView(created.id)} />
      </Stack>
    );
  }

  let body;
  if (publishers.isError) body = <LoadError error={publishers.error} retrying={publishers.isFetching} onRetry={() => void publishers.refetch()} />;
  else if (publishers.isPending) body = <PageLoader label={t('rmCreate.loadingPublishers')} />;
  else {
    const options = creatable(publishers.data);
    const publisher = options.find((p) => p.id === chosenId) ?? options[0];
    if (!publisher) {
      body = (
        <Card withBorder radius="md">
          <EmptyState icon={<IconBuildingStore size={26} />} title={t('rmCreate.noPublishers')} hint={t('rmCreate.noPublishersHint')} />
        </Card>
      );
    } else {
      const allowed = publisher.permissions.strategies;
      const strategy = strategies[publisher.id] ?? publisher.permissions.default_strategy;
      const current = allowed.includes(strategy) ? strategy : allowed[0]!;
      body = (
        <>
          <Card withBorder radius="md" padding="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Select
                label={t('rmCreate.publisher')}
                description={t('rmCreate.publisherHint')}
                data={options.map((p) => ({ value: String(p.id), label: p.name }))}
                value={String(publisher.id)}
                allowDeselect={false}
                searchable
                onChange={(value) => value && setChosenId(Number(value))}
              />
              <Input.Wrapper label={t('rmCreate.strategy')} description={t(`rmCreate.strategyHint.${current}`)}>
                <SegmentedControl
                  mt={6}
                  fullWidth
                  data={allowed.map((s) => ({ value: s, label: t(`rmCreate.strategies.${s}`) }))}
                  value={current}
                  onChange={(value) => setStrategies((prev) => ({ ...prev, [publisher.id]: value as CampaignStrategyType }))}
                  data-testid="strategy"
                />
              </Input.Wrapper>
            </SimpleGrid>
            {current === 'objective_based' && (
              <Text size="sm" c="dimmed" mt="sm">
                {t('rmCreate.objectiveNote')}
              </Text>
            )}
          </Card>
          {current === 'objective_based' ? (
            <ObjectiveFlow key={`objective:${publisher.id}`} publisherId={publisher.id} currencyCents={currencyCents} onCreated={onCreated} onCancel={toList} />
          ) : (
            <StandardForm key={`standard:${publisher.id}`} publisher={publisher} currencyCents={currencyCents} onCreated={onCreated} onCancel={toList} />
          )}
        </>
      );
    }
  }

  return (
    <Stack gap="lg" maw={1200}>
      {header}
      {body}
    </Stack>
  );
}
