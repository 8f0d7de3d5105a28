import { Group, Progress, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { formatRate } from '../order-dashboards/format';
import { ChangeBadge } from '../sales-dashboard/change-line';
import { t } from '../../i18n';

/** A row of a ranked sell-out card: a category, a brand or a product. */
export type RankedRow = { units: number; sales: number; share: number; previous_sales: number | null; change: number | null; margin: number | null };

const nowrap = { whiteSpace: 'nowrap' } as const;
const money = (value: number | null) => (value === null ? '—' : formatMoney(value));

/** A share of the period's sales: a short bar and the percentage. */
function ShareBar({ share }: { share: number }) {
  return (
    <Group wrap="nowrap" gap="xs">
      <Progress aria-hidden color="teal" radius="xl" size="sm" w={56} value={share * 100} />
      <Text style={nowrap} size="sm">
        {formatRate(share)}
      </Text>
    </Group>
  );
}

/** The change against the comparison, the comparison's sales on hover. */
function ChangeCell({ change, previous }: { change: number | null; previous: number | null }) {
  const before = t('salesDashboard.previousValue', { value: money(previous) });
  return (
    <Table.Td title={before} ta="right">
      <ChangeBadge change={change} />
    </Table.Td>
  );
}

interface Props<R extends RankedRow> {
  rows: R[];
  /** The first column's heading and cell. */
  heading: string;
  name: (row: R) => ReactNode;
  rowKey: (row: R, index: number) => string | number;
  /** The comparison's change column (not without a comparison). */
  compared: boolean;
  withUnits?: boolean;
  testId: string;
}

/** Sales ranked by value: units, sales, margin, share of the period's sales (a bar) and the change against the comparison. */
export function RankedTable<R extends RankedRow>({ rows, heading, name, rowKey, compared, withUnits = false, testId }: Props<R>) {
  const minWidth = 420 + (withUnits ? 100 : 0) + (compared ? 90 : 0);
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
        <Table.Thead style={nowrap}>
          <Table.Tr>
            <Table.Th>{heading}</Table.Th>
            {withUnits && <Table.Th ta="right">{t('groceryAnalytics.sellout.columns.units')}</Table.Th>}
            <Table.Th ta="right">{t('groceryAnalytics.sellout.columns.sales')}</Table.Th>
            <Table.Th ta="right">{t('groceryAnalytics.sellout.columns.margin')}</Table.Th>
            <Table.Th w={128}>{t('groceryAnalytics.sellout.columns.share')}</Table.Th>
            {compared && <Table.Th ta="right">{t('groceryAnalytics.sellout.columns.change')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={rowKey(row, i)}>
              <Table.Td>{name(row)}</Table.Td>
              {withUnits && <Table.Td ta="right">{formatInt(row.units)}</Table.Td>}
              <Table.Td ta="right" style={nowrap}>
                {formatMoney(row.sales)}
              </Table.Td>
              <Table.Td ta="right" style={nowrap} c={row.margin === null ? 'dimmed' : undefined}>
                {money(row.margin)}
              </Table.Td>
              <Table.Td>
                <ShareBar share={row.share} />
              </Table.Td>
              {compared && <ChangeCell change={row.change} previous={row.previous_sales} />}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
