import { Card, Group, Skeleton, Table, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface Column<Row> {
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  /** Numbers sit on the right. */
  numeric?: boolean;
  /** Short names and dates stay on one line (the table scrolls sideways instead). */
  nowrap?: boolean;
  /** The totals row's cell; the first column says "Total" by itself. */
  total?: ReactNode;
  /** What the column sorts by, when it sorts. */
  sortValue?: (row: Row) => number | string;
  minWidth?: number;
}

export interface Sorting {
  by: string;
  direction: SortDirection;
  onSort: (key: string) => void;
}

interface Props<Row> {
  title?: string;
  /** Undefined while loading: skeleton rows. */
  rows: Row[] | undefined;
  columns: Array<Column<Row>>;
  rowKey: (row: Row) => string | number;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  totalLabel?: string;
  sorting?: Sorting;
  /** The table's width before it scrolls sideways inside its card. */
  minWidth?: number;
  testId?: string;
  rowTestId?: string;
  /** Below the table (a pager). */
  footer?: ReactNode;
}

const SKELETON_ROWS = 5;

function SortHeader({ label, direction, onSort, numeric }: { label: string; direction: SortDirection | undefined; onSort: () => void; numeric?: boolean }) {
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th ta={numeric ? 'right' : undefined} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton onClick={onSort} fz="sm" fw={700} w="100%">
        <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : 'flex-start'}>
          <span style={{ whiteSpace: 'nowrap' }}>{label}</span>
          <Icon size={14} style={{ opacity: direction ? 1 : 0.4, flexShrink: 0 }} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** A report's table in its card: a title, sortable headers, a totals row, and sideways scroll when narrow. */
export function ReportTable<Row>({ title, rows, columns, rowKey, empty, totalLabel, sorting, minWidth = 720, testId, rowTestId, footer }: Props<Row>) {
  const hasTotals = columns.some((c) => c.total !== undefined);
  const align = (c: Column<Row>) => ({ ...(c.numeric ? { ta: 'right' as const } : {}), ...(c.numeric || c.nowrap ? { style: { whiteSpace: 'nowrap' as const } } : {}) });
  const body =
    rows && rows.length === 0 && empty ? (
      empty
    ) : (
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing="xs" highlightOnHover={Boolean(rows)} aria-busy={!rows} striped={false}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) =>
                sorting && c.sortValue ? (
                  <SortHeader key={c.key} label={c.label} numeric={c.numeric} direction={sorting.by === c.key ? sorting.direction : undefined} onSort={() => sorting.onSort(c.key)} />
                ) : (
                  <Table.Th key={c.key} miw={c.minWidth} {...align(c)}>
                    {c.label}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows
              ? rows.map((row) => (
                  <Table.Tr key={rowKey(row)} data-testid={rowTestId}>
                    {columns.map((c) => (
                      <Table.Td key={c.key} miw={c.minWidth} {...align(c)}>
                        {c.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <Table.Tr key={i} data-testid="report-row-skeleton">
                    {columns.map((c) => (
                      <Table.Td key={c.key}>
                        <Skeleton height={12} radius="sm" width={c.numeric ? '60%' : '80%'} ml={c.numeric ? 'auto' : undefined} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
          {hasTotals && rows && rows.length > 0 && (
            <Table.Tfoot data-testid="report-totals">
              <Table.Tr fw={700} bg="var(--mantine-color-gray-0)">
                {columns.map((c, i) => (
                  <Table.Td key={c.key} {...align(c)}>
                    {i === 0 ? totalLabel : (c.total ?? null)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Card withBorder radius="md" padding={0} data-testid={testId}>
      {title && (
        <Title order={5} px="md" pt="md" pb="xs">
          {title}
        </Title>
      )}
      {body}
      {footer}
    </Card>
  );
}

/** Sorting kept on the screen (the whole list is already here): a header click sorts, a second flips it. */
export function useClientSort<Row>(rows: Row[] | undefined, columns: Array<Column<Row>>, initial: { by: string; direction: SortDirection }) {
  const [state, setState] = useState(initial);
  const column = columns.find((c) => c.key === state.by);
  const sorted =
    rows && column?.sortValue
      ? [...rows].sort((a, b) => {
          const x = column.sortValue!(a);
          const y = column.sortValue!(b);
          const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'pt-BR');
          return state.direction === 'asc' ? order : -order;
        })
      : rows;
  // Numbers start from the largest, names from A.
  const firstDirection = (key: string): SortDirection => (columns.find((c) => c.key === key)?.numeric ? 'desc' : 'asc');
  const onSort = (key: string) =>
    setState((prev) => ({ by: key, direction: prev.by === key ? (prev.direction === 'desc' ? 'asc' : 'desc') : firstDirection(key) }));
  const sorting: Sorting = { by: state.by, direction: state.direction, onSort };
  return { rows: sorted, sorting };
}
