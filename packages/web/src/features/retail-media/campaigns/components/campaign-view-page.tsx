import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { BackLink } from '../../../../shared/components/back-link';
import { PageHeader } from '../../../../shared/components/page-header';
import { AccountLogo } from '../../../../shared/layout/account-logo';
import { CampaignAds } from '../../ads';
import { useCampaign, type CampaignDetail } from '../api';
import { typeLabel } from '../describe';
import { CampaignActions } from './campaign-actions';
import { CampaignAudit } from './campaign-audit';
import { CampaignCategories } from './campaign-categories';
import { CampaignInfoPanel } from './campaign-info-panel';
import { CampaignKeywords } from './campaign-keywords';
import { CampaignMetricsSection } from './campaign-metrics';
import { CampaignProducts } from './campaign-products';
import { CampaignStatusBadge } from './campaign-status-badge';
import { t } from '../../../../i18n';

/** Who pays and where it runs: advertiser → publisher, each with its logo. */
function Parties({ c }: { c: CampaignDetail }) {
  return (
    <Group gap="xs" wrap="wrap" data-testid="campaign-parties">
      <Group gap={6} wrap="nowrap">
        <AccountLogo name={c.advertiser_name} logo={c.advertiser_account_logo} color={c.advertiser_account_theme} size={22} />
        <Text size="sm">{c.advertiser_name}</Text>
      </Group>
      <IconArrowRight size={14} aria-label={t('rmCampaigns.view.on')} />
      <Group gap={6} wrap="nowrap">
        <AccountLogo name={c.publisher_name} logo={c.publisher_logo} color={null} size={22} />
        <Text size="sm">{c.publisher_name}</Text>
      </Group>
    </Group>
  );
}

/** Spec §2 campaign view (also where create and update land): header, general information, metrics and the sections of its targeting. */
export function CampaignViewPage({ id, debug }: { id: number; debug: boolean }) {
  const { data: c } = useCampaign(id);
  if (!c) return null;

  return (
    <Stack gap="lg">
      <PageHeader title={c.name} back={<BackLink to="/retail-media/campaigns" label={t('rmCampaigns.backToList')} />} />
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <CampaignStatusBadge status={c.status} size="lg" />
          <Badge variant="outline" color="gray" radius="sm" size="lg" tt="none">
            {typeLabel(c.ad_type)}
          </Badge>
          <Parties c={c} />
        </Group>
        <Group gap="xs">
          <CampaignActions campaign={c} />
        </Group>
      </Group>
      <CampaignInfoPanel campaign={c} />
      <CampaignMetricsSection campaignId={c.id} />
      <CampaignAds campaign={c} />
      {c.targeting === 'keyword' ? <CampaignKeywords campaign={c} /> : <CampaignCategories campaign={c} />}
      {c.ad_type === 'product' && <CampaignProducts campaign={c} />}
      <CampaignAudit campaignId={c.id} debug={debug} />
    </Stack>
  );
}
