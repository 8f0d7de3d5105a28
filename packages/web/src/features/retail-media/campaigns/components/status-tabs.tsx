import { Badge, Group, ScrollArea, SegmentedControl, Text } from '@mantine/core';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '@backoffice/contracts';
import type { CampaignStatusCounts } from '../api';
import { STATUS_COLORS, formatInt, statusLabel } from '../describe';
import { t } from '../../../../i18n';

const ALL = 'all';

interface Props {
  value: CampaignStatus | undefined;
  /** Undefined while the counts load: the tabs show without numbers. */
  counts: CampaignStatusCounts | undefined;
  onChange: (status: CampaignStatus | undefined) => void;
}

function TabLabel({ label, count, color }: { label: string; count: number | undefined; color: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      {count !== undefined && (
        <Badge size="sm" variant="light" color={color} radius="sm" style={{ flexShrink: 0, overflow: 'visible' }} data-testid="campaign-status-count">
          {formatInt(count)}
        </Badge>
      )}
    </Group>
  );
}

/** The status filter (campaign_status) as tabs, each with how many campaigns the other filters leave in it. */
export function StatusTabs({ value, counts, onChange }: Props) {
  const data = [
    { value: ALL, label: <TabLabel label={t('rmCampaigns.status.all')} count={counts?.total} color="gray" /> },
    ...CAMPAIGN_STATUSES.map((status) => ({
      value: status,
      label: <TabLabel label={statusLabel(status)} count={counts?.[status]} color={STATUS_COLORS[status]} />,
    })),
  ];
  return (
    <ScrollArea type="never" offsetScrollbars={false}>
      <SegmentedControl
        aria-label={t('rmCampaigns.filters.status')}
        data={data}
        value={value ?? ALL}
        onChange={(v) => onChange(v === ALL ? undefined : (v as CampaignStatus))}
        data-testid="campaign-status-tabs"
      />
    </ScrollArea>
  );
}
