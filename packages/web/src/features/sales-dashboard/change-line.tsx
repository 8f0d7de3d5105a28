import { Badge, Text, type MantineColor } from '@mantine/core';
import type { Comparison } from '@backoffice/contracts';
import { formatChange, trendOf, type Trend } from './format';
import { t } from '../../i18n';

const TEXT_COLORS: Record<Trend, string> = { up: 'teal.8', down: 'red.7', flat: 'dimmed', none: 'dimmed' };
const BADGE_COLORS: Record<Trend, MantineColor> = { up: 'teal', down: 'red', flat: 'gray', none: 'gray' };

/** Under a KPI: the change against the comparison, coloured by its direction ("▲ 12,3% vs período anterior"). */
export function ChangeLine({ text, trend, compare, title }: { text: string; trend: Trend; compare: Exclude<Comparison, 'none'>; title?: string }) {
  return (
    <Text size="xs" fw={600} c={TEXT_COLORS[trend]} title={title} data-testid="sales-change" data-trend={trend}>
      {text}{' '}
      <Text span inherit fw={400} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t(`salesDashboard.vs.${compare}`)}
      </Text>
    </Text>
  );
}

/** In a table: a relative change as a small badge (green up, red down, grey otherwise). */
export function ChangeBadge({ change }: { change: number | null }) {
  const trend = trendOf(change);
  return (
    <Badge variant="light" color={BADGE_COLORS[trend]} radius="sm" tt="none" data-testid="sales-change-badge" data-trend={trend}>
      {formatChange(change)}
    </Badge>
  );
}
