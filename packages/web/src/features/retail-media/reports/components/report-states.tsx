import { Card, Grid, Skeleton, Stack } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../../shared/components/empty-state';
import { LoadError } from '../../../../shared/components/load-error';
import { t } from '../../../../i18n';

/** A report that failed to load: "Erro: {message}" with a retry. */
export const ReportError = (props: { error: unknown; onRetry: () => void; retrying?: boolean }) => (
  <LoadError {...props} testId="report-error" format={(message) => t('rmReports.loadError', { message })} />
);

/** A report's place while it loads: its cards, then a chart or table. */
export function ReportSkeleton({ cards = 4, blocks = 1 }: { cards?: number; blocks?: number }) {
  return (
    <Stack gap="md" aria-busy="true" data-testid="report-loading">
      {cards > 0 && (
        <Grid gap="md">
          {Array.from({ length: cards }, (_, i) => (
            <Grid.Col key={i} span={{ base: 6, lg: 3 }}>
              <Skeleton height={82} radius="md" />
            </Grid.Col>
          ))}
        </Grid>
      )}
      {Array.from({ length: blocks }, (_, i) => (
        <Skeleton key={i} height={280} radius="md" />
      ))}
    </Stack>
  );
}

/** Nothing in the period (or for the filters). */
export function ReportEmpty({ title = t('rmReports.empty'), hint = t('rmReports.emptyHint'), icon = <IconChartBarOff size={26} /> }: { title?: string; hint?: string; icon?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding={0} data-testid="report-empty">
      <EmptyState icon={icon} title={title} hint={hint} />
    </Card>
  );
}

/** A loaded report, dimmed while the next period or filter loads. */
export function ReportBody({ refreshing, children }: { refreshing: boolean; children: ReactNode }) {
  return (
    <Stack gap="md" style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={refreshing} data-testid="report-body">
      {children}
    </Stack>
  );
}

/** A report's three states from its query: the error with a retry, the skeleton, then the numbers. */
export function ReportView<T>({ query, skeleton, children }: { query: UseQueryResult<T>; skeleton?: ReactNode; children: (data: T) => ReactNode }) {
  if (query.isError) return <ReportError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (!query.data) return skeleton ?? <ReportSkeleton />;
  return <ReportBody refreshing={query.isPlaceholderData}>{children(query.data)}</ReportBody>;
}
