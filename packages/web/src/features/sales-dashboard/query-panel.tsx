import { Box, Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { Panel } from '../order-dashboards/dashboard-layout';
import { t } from '../../i18n';

interface Props<T> {
  title: string;
  hint?: string;
  /** The card's; its states are `{testId}-loading`, `{testId}-empty` and `{testId}-error`. */
  testId: string;
  /** Tables fill the card to its edges. */
  padded?: boolean;
  actions?: ReactNode;
  /** Height kept while loading or empty (a chart's), so the page does not jump. */
  minHeight?: number;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** A panel fed by its own query: a loader, the server's error with a retry, "no sale" when empty, then the content (dimmed while new filters load). */
export function QueryPanel<T>({ title, hint, testId, padded = true, actions, minHeight = 120, query, isEmpty, children }: Props<T>) {
  const data = query.data;
  let body: ReactNode;
  if (query.isError)
    body = (
      <LoadError
        testId={`${testId}-error`}
        format={(message) => t('salesDashboard.loadError', { message })}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  else if (data === undefined)
    body = (
      <Center mih={minHeight} data-testid={`${testId}-loading`}>
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  else if (isEmpty(data))
    body = (
      <Center mih={minHeight} data-testid={`${testId}-empty`}>
        <Text c="dimmed" size="sm">
          {t('salesDashboard.empty')}
        </Text>
      </Center>
    );
  else
    return (
      <Panel title={title} hint={hint} testId={testId} padded={padded} actions={actions}>
        <Box style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isFetching}>
          {children(data)}
        </Box>
      </Panel>
    );
  return (
    <Panel title={title} hint={hint} testId={testId} padded={padded} actions={actions}>
      {padded ? (
        body
      ) : (
        <Box px="lg" pb="md">
          {body}
        </Box>
      )}
    </Panel>
  );
}
