import { Alert, Button, Card, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertCircle, IconCalendar, IconRefresh, IconTicketOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../shared/components/page-header';
import { ApiError } from '../../shared/api/client';
import { couponMetricsQuery, useAccountId } from './api';
import { MetricCards } from './metric-cards';
import { MetricsCharts } from './metrics-charts';
import { TopCouponsTable } from './top-coupons-table';
import type { CouponMetricsSearch } from './metrics-search';
import { t } from '../../i18n';

type Range = [string | null, string | null];

/** The period picker: reports only complete ranges, keeping the first click locally. */
function PeriodPicker({ value, onChange }: { value: CouponMetricsSearch; onChange: (range: CouponMetricsSearch) => void }) {
  const [range, setRange] = useState<Range>([value.start_date, value.end_date]);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setRange([value.start_date, value.end_date]);
  }
  return (
    <DatePickerInput
      type="range"
      label={t('couponMetrics.period')}
      placeholder={t('couponMetrics.periodPlaceholder')}
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} />}
      value={range}
      maxDate={new Date()}
      allowSingleDateInRange
      onChange={(next) => {
        setRange(next);
        if (next[0] && next[1]) onChange({ start_date: next[0], end_date: next[1] });
      }}
      w={260}
      data-testid="coupon-metrics-period"
    />
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Card withBorder radius="md" py={56}>
      <Center>
        <Stack align="center" gap="xs">
          {children}
        </Stack>
      </Center>
    </Card>
  );
}

/** Spec §2 "Métricas de cupons": totals, charts per day and the top coupons of the period. */
export function CouponMetricsPage({ search, onSearchChange }: { search: CouponMetricsSearch; onSearchChange: (s: CouponMetricsSearch) => void }) {
  const metrics = useQuery(couponMetricsQuery(useAccountId(), search));
  const data = metrics.data;

  let body;
  if (metrics.isError)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={500}>
            {t('couponMetrics.loadError', { message: metrics.error instanceof ApiError ? metrics.error.message : t('errors.generic') })}
          </Text>
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} loading={metrics.isFetching} onClick={() => void metrics.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  else if (!data)
    body = (
      <Centered>
        <Loader />
        <Text c="dimmed">{t('couponMetrics.loading')}</Text>
      </Centered>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: metrics.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={metrics.isFetching}>
        <MetricCards totals={data.totals} />
        {data.totals.uses === 0 && data.top_coupons.length === 0 ? (
          <Centered>
            <ThemeIcon variant="light" color="gray" size={48} radius="xl">
              <IconTicketOff size={26} />
            </ThemeIcon>
            <Text fw={600}>{t('couponMetrics.empty')}</Text>
            <Text c="dimmed" size="sm">
              {t('couponMetrics.emptyHint')}
            </Text>
          </Centered>
        ) : (
          <>
            <MetricsCharts days={data.per_day} />
            <TopCouponsTable coupons={data.top_coupons} />
          </>
        )}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('couponMetrics.title')}
        description={t('couponMetrics.subtitle')}
        actions={
          <Group gap="xs" align="flex-end">
            {metrics.isFetching && data && <Loader size="xs" aria-label={t('common.loading')} />}
            <PeriodPicker value={search} onChange={onSearchChange} />
          </Group>
        }
      />
      {body}
    </Stack>
  );
}
