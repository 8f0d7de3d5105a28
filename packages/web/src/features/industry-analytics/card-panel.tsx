import { Box, Center, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { Panel } from '../order-dashboards/dashboard-layout';
import { t } from '../../i18n';

export const CHART_HEIGHT = 260;

interface Props<T, C> {
  title: string;
  hint?: string;
  /** The panel's; its states are `{testId}-loading`, `{testId}-empty` and `{testId}-error`. */
  testId: string;
  /** A table fills the panel to its edges (padded: false). */
  padded?: boolean;
  /** On the right of the title: the download, a switch. */
  actions?: ReactNode;
  query: UseQueryResult<T>;
  /** The panel's card in the answer. */
  pick: (data: T) => C | undefined;
  isEmpty: (card: C) => boolean;
  emptyText: string;
  /** What stands in while loading: a chart's block or a table's rows, as high as the content. */
  skeleton?: 'chart' | 'table';
  height?: number;
  children: (card: C, data: T) => ReactNode;
}

/** A card's failed load in the server's words ("Erro: …"), with a retry; `inline` for the page's banner. */
export function QueryError({ query, testId, inline = false }: { query: UseQueryResult<unknown>; testId: string; inline?: boolean }) {
  return (
    <LoadError
      inline={inline}
      testId={testId}
      format={(message) => t('industryAnalytics.loadError', { message })}
      error={query.error}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}

function LoadingSkeleton({ kind, height, testId }: { kind: 'chart' | 'table'; height: number; testId: string }) {
  return (
    <Box data-testid={testId} aria-busy aria-label={t('common.loading')}>
      {kind === 'chart' ? (
        <Skeleton h={height} radius="md" />
      ) : (
        <Stack gap="sm" py="xs">
          <Skeleton h={14} w="40%" radius="sm" />
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={22} radius="sm" />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * A panel fed by one card of a dashboard: a skeleton while it loads, the server's error with a retry,
 * a "nothing here" line when the card is empty, then the content (dimmed while new filters load).
 */
export function CardPanel<T, C>({ title, hint, testId, padded = true, actions, query, pick, isEmpty, emptyText, skeleton = 'table', height = CHART_HEIGHT, children }: Props<T, C>) {
  const card = query.data === undefined ? undefined : pick(query.data);
  let body: ReactNode;
  if (query.isError) body = <QueryError query={query} testId={`${testId}-error`} />;
  else if (query.data === undefined) body = <LoadingSkeleton kind={skeleton} height={skeleton === 'chart' ? height : 0} testId={`${testId}-loading`} />;
  else if (card === undefined || isEmpty(card))
    body = (
      <Center mih={skeleton === 'chart' ? height : 120} data-testid={`${testId}-empty`}>
        <Stack align="center" gap={6}>
          <ThemeIcon variant="light" color="gray" size={36} radius="xl">
            <IconChartBarOff size={20} />
          </ThemeIcon>
          <Text c="dimmed" size="sm" ta="center">
            {emptyText}
          </Text>
        </Stack>
      </Center>
    );
  else
    return (
      <Panel title={title} hint={hint} testId={testId} padded={padded} actions={actions}>
        <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isFetching} miw={0}>
          {children(card, query.data)}
        </Box>
      </Panel>
    );
  return (
    <Panel title={title} hint={hint} testId={testId} padded={padded} actions={actions}>
      <Box px={padded ? 0 : 'lg'} pb={padded ? 0 : 'md'}>
        {body}
      </Box>
    </Panel>
  );
}
