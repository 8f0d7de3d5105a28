import { Anchor, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatInt } from '../../shared/ui/format';
import type { MessagingCampaign } from './api';
import { describeAudience, formatPeriodDates, formatSpDateTime } from './campaign-format';
import { CampaignRowActions } from './campaign-row-actions';
import { CampaignStatusBadge } from './status-badges';
import type { CampaignAction } from './status';
import { t } from '../../i18n';

interface Props {
  campaigns: MessagingCampaign[];
  storeNames?: Map<number, string>;
  readOnly: boolean;
  onAction: (campaign: MessagingCampaign, action: CampaignAction) => void;
}

/** Sent of all recipients, once the recipients are chosen. */
function Progression({ campaign }: { campaign: MessagingCampaign }) {
  const { recipients, sent, failed } = campaign.counts;
  if (recipients === 0) return <Text size="sm" c="dimmed">—</Text>;
  const done = sent + failed;
  return (
    <Stack gap={4} miw={120}>
      <Text size="sm">{t('messagingCampaigns.campaigns.sentOf', { sent: formatInt(sent), total: formatInt(recipients) })}</Text>
      <Progress value={(done / recipients) * 100} size="sm" radius="xl" color={campaign.status === 'sending' ? 'violet' : 'green'} animated={campaign.status === 'sending'} aria-hidden />
    </Stack>
  );
}

export function CampaignsTable({ campaigns, storeNames, readOnly, onAction }: Props) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 900 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('messagingCampaigns.campaigns.columns.name')}</Table.Th>
            <Table.Th>{t('messagingCampaigns.campaigns.columns.status')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('messagingCampaigns.campaigns.columns.period')}</Table.Th>
            <Table.Th visibleFrom="md">{t('messagingCampaigns.campaigns.columns.audience')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('messagingCampaigns.campaigns.columns.progress')}</Table.Th>
            <Table.Th ta="right">{t('messagingCampaigns.campaigns.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((campaign) => (
            <Table.Tr key={campaign.id} data-testid="campaign-row">
              <Table.Td>
                <Stack gap={2}>
                  <Anchor renderRoot={(props) => <Link {...props} to="/messaging-campaigns/view/$id" params={{ id: String(campaign.id) }} />} size="sm" fw={600} c="inherit">
                    {campaign.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" lineClamp={1} maw={300}>
                    {t('messagingCampaigns.campaigns.templateLabel', { name: campaign.template.name })}
                  </Text>
                  <Text hiddenFrom="sm" size="xs" c="dimmed">
                    {formatPeriodDates(campaign.start_at, campaign.end_at)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td miw={120}>
                <CampaignStatusBadge status={campaign.status} />
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" title={`${formatSpDateTime(campaign.start_at)} – ${formatSpDateTime(campaign.end_at)}`} style={{ whiteSpace: 'nowrap' }}>
                  {formatPeriodDates(campaign.start_at, campaign.end_at)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" lineClamp={2} maw={240}>
                  {describeAudience(campaign.audience, storeNames, campaign.location_ids)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Group>
                  <Progression campaign={campaign} />
                </Group>
              </Table.Td>
              <Table.Td>
                <CampaignRowActions campaign={campaign} readOnly={readOnly} onAction={(action) => onAction(campaign, action)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
