import { ActionIcon, Group, Progress, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { formatRate } from '../order-dashboards/format';
import { ChangeBadge } from '../sales-dashboard/change-line';
import { formatMaybeMoney } from './format';
import { t } from '../../i18n';

const nowrap = { whiteSpace: 'nowrap' } as const;

export interface Column<R> {
  key: string;
  label: string;
  /** Numbers go right. */
  numeric?: boolean;
  width?: number;
  render: (row: R) => ReactNode;
  /** The cell's tooltip (a change's previous value). */
  title?: (row: R) => string | undefined;
}

/** A name with a dimmed line under it (a store's retailer, a product's SKU and brand). */
export function NameCell({ name, detail }: { name: string; detail?: string | null }) {
  return (
    <>
      <Text size="sm" fw={500} lineClamp={2}>
        {name}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" truncate>
          {detail}
        </Text>
      )}
    </>
  );
}

/** A share of the period as a short bar and its percentage. */
export function ShareCell({ share }: { share: number | null }) {
  if (share === null) return <>—</>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={share * 100} size="sm" radius="xl" w={56} aria-hidden />
      <Text size="sm">{formatRate(share)}</Text>
    </Group>
  );
}

/**
 * A panel's table: scrolls sideways inside the panel below `minWidth`; with `onNarrow`, each row
 * has a filter button (narrowing the page to that row).
 */
export function DataTable<R>({
  rows,
  columns,
  rowKey,
  minWidth,
  testId,
  narrow,
}: {
  rows: R[];
  columns: Column<R>[];
  rowKey: (row: R, index: number) => string;
  minWidth: number;
  testId: string;
  narrow?: { label: (row: R) => string; onNarrow: (row: R) => void; can: (row: R) => boolean };
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined} w={c.width}>
                {c.label}
              </Table.Th>
            ))}
            {narrow && (
              <Table.Th w={52}>
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={rowKey(row, i)}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined} style={c.numeric ? nowrap : { minWidth: 170 }} maw={c.numeric ? undefined : 340} title={c.title?.(row)}>
                  {c.render(row)}
                </Table.Td>
              ))}
              {narrow && (
                <Table.Td>
                  {narrow.can(row) && (
                    <Tooltip label={narrow.label(row)} withArrow>
                      <ActionIcon variant="subtle" color="gray" aria-label={narrow.label(row)} onClick={() => narrow.onNarrow(row)} data-testid="industry-narrow">
                        <IconFilter size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A change badge that never shrinks into an ellipsis in a tight table. */
export function Change({ change }: { change: number | null }) {
  return (
    <span style={{ display: 'inline-block', minWidth: 'max-content' }}>
      <ChangeBadge change={change} />
    </span>
  );
}

type SalesRow = { units: number; sales: number; share: number; previous_sales: number | null; change: number | null };

/** The sales columns of a ranked row: units, value, share of the period and, against a comparison, the change (previous value in its tooltip). */
export function salesColumns<R extends SalesRow>(compared: boolean): Column<R>[] {
  return [
    { key: 'units', label: t('industryAnalytics.columns.units'), numeric: true, render: (r) => formatInt(r.units) },
    { key: 'sales', label: t('industryAnalytics.columns.sales'), numeric: true, render: (r) => formatMoney(r.sales) },
    { key: 'share', label: t('industryAnalytics.columns.share'), width: 130, render: (r) => <ShareCell share={r.share} /> },
    ...(compared
      ? [
          {
            key: 'change',
            label: t('industryAnalytics.columns.change'),
            numeric: true,
            render: (r: R) => <Change change={r.change} />,
            title: (r: R) => t('industryAnalytics.previousValue', { value: formatMaybeMoney(r.previous_sales) }),
          },
        ]
      : []),
  ];
}
