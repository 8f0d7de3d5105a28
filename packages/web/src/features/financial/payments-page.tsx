import { Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCashOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { paymentsByLocationQuery, useAccountId } from './api';
import { PaymentsChart } from './payments-chart';
import { PaymentsFilters } from './payments-filters';
import { PaymentsKpis, PaymentsKpisSkeleton } from './payments-kpis';
import { PaymentsTable } from './payments-table';
import { PeriodLine } from './period-line';
import { applyFilter, applyPeriod, type PaymentsSearch } from './search';
import { t } from '../../i18n';

interface Props {
  search: PaymentsSearch;
  onSearchChange: (next: PaymentsSearch) => void;
}

/** Spec §2 /financial/payments: received, refunded and pending by store and method over a period. */
export function PaymentsPage({ search, onSearchChange }: Props) {
  const report = useQuery(paymentsByLocationQuery(useAccountId(), search));
  const data = report.data;

  let body;
  if (report.isError)
    body = (
      <LoadError
        inline
        testId="financial-error"
        format={(message) => t('financial.loadError', { message })}
        error={report.error}
        retrying={report.isFetching}
        onRetry={() => void report.refetch()}
      />
    );
  else if (!data)
    body = (
      <Stack gap="lg" data-testid="financial-loading">
        <PaymentsKpisSkeleton />
        <Card withBorder radius="md" py={56}>
          <Stack align="center" gap="xs">
            <Loader />
            <Text c="dimmed">{t('financial.loading')}</Text>
          </Stack>
        </Card>
      </Stack>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={report.isFetching}>
        <PaymentsKpis totals={data.totals} />
        {data.rows.length === 0 ? (
          <Card withBorder radius="md" data-testid="financial-empty">
            <EmptyState icon={<IconCashOff size={26} />} title={t('financial.empty')} hint={t('financial.emptyHint')} />
          </Card>
        ) : (
          <>
            <PaymentsChart days={data.days} />
            <PaymentsTable rows={data.rows} totals={data.totals} />
          </>
        )}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('financial.payments.title')}
        description={t('financial.payments.subtitle')}
        actions={
          <Group gap="xs">
            {report.isFetching && data && <Loader size="xs" aria-label={t('common.loading')} />}
            <PeriodLine search={search} />
          </Group>
        }
      />
      <PaymentsFilters
        search={search}
        onPeriod={(period, days) => onSearchChange(applyPeriod(search, period, days))}
        onStore={(location_id) => onSearchChange(applyFilter(search, { location_id }))}
        onMethod={(method) => onSearchChange(applyFilter(search, { method }))}
      />
      {body}
    </Stack>
  );
}
