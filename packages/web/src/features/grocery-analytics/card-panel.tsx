import type { ReactNode } from 'react';
import { Box, Center, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Panel } from '../order-dashboards/dashboard-layout';
import { LoadError } from '../../shared/components/load-error';
import { t } from '../../i18n';

export const CHART_HEIGHT = 260;

/** While a card loads: the chart's box, or a table's header and rows. */
function CardSkeleton({ kind, height, testId }: { kind: 'chart' | 'table'; height: number; testId: string }) {
  if (kind === 'chart') return <Skeleton h={height} radius="md" data-testid={testId} />;
  return (
    <Stack gap={10} px="lg" pb="lg" pt={4} data-testid={testId}>
      <Skeleton h={14} w="40%" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} h={22} />
      ))}
    </Stack>
  );
}

interface Props<D, R> {
  title: string;
  hint?: string;
  /** The panel's; its states are `{testId}-loading`, `{testId}-empty` and `{testId}-error`. */
  testId: string;
  kind: 'chart' | 'table';
  /** Height of a chart (kept while loading or empty, so the page does not jump). */
  height?: number;
  /** The download menu, on the right of the title. */
  download?: ReactNode;
  /** What the empty state says (the card has no row, or only zeros). */
  emptyText: string;
  query: UseQueryResult<D>;
  /** The card's rows in the answer. */
  rows: (data: D) => R[] | undefined;
  /** Rows that say nothing (a period of zeros); by default, none. */
  isEmpty?: (rows: R[]) => boolean;
  children: (rows: R[], data: D) => ReactNode;
}

/**
 * One card of a dashboard in its panel: a skeleton while it loads, the server's error with a retry,
 * the empty state, then the chart or table (dimmed while new filters load). Tables fill the panel to
 * its edges and scroll inside it.
 */
export function CardPanel<D, R>({ title, hint, testId, kind, height = CHART_HEIGHT, download, emptyText, query, rows, isEmpty, children }: Props<D, R>) {
  const padded = kind === 'chart';
  const list = query.data === undefined ? undefined : (rows(query.data) ?? []);
  const edge = (node: ReactNode) => (padded ? node : <Box px="lg" pb="md">{node}</Box>);
  let content: ReactNode;
  if (query.isError) {
    content = edge(
      <LoadError
        testId={`${testId}-error`}
        format={(message) => t('groceryAnalytics.loadError', { message })}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />,
    );
  } else if (list === undefined) {
    content = <CardSkeleton kind={kind} height={padded ? height : 0} testId={`${testId}-loading`} />;
  } else if (list.length === 0 || isEmpty?.(list)) {
    content = edge(
      <Center mih={padded ? height : 96} data-testid={`${testId}-empty`}>
        <Text c="dimmed" size="sm" ta="center">
          {emptyText}
        </Text>
      </Center>,
    );
  } else {
    // The previous filters' numbers, dimmed, until the new ones come.
    const stale = query.isPlaceholderData;
    content = (
      <Box miw={0} aria-busy={query.isFetching} opacity={stale ? 0.6 : 1} style={{ transition: 'opacity 150ms' }}>
        {children(list, query.data as D)}
      </Box>
    );
  }
  const frame = { title, hint, testId, padded };
  return (
    <Panel {...frame} actions={download}>
      {content}
    </Panel>
  );
}
