import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { BarChart, CompositeChart } from '@mantine/charts';
import { IconAlarm, IconBasket, IconBasketOff, IconCalendarCheck, IconCalendarTime, IconClockHour4, IconGauge, IconPercentage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Fulfilment } from '@backoffice/contracts';
import { formatDay } from '../../shared/components/metrics-charts';
import { formatInt } from '../../shared/ui/format';
import { pickingDashboardQuery, useAccountId, type PickingDashboard } from './api';
import { DashboardLayout, EmptyDashboard, KpiCards, Panel } from './dashboard-layout';
import type { DashboardSearch } from './dashboard-search';
import { formatDecimal, formatMinutes, formatPerHour, formatRate } from './format';
import { LateTable, OperatorsTable } from './picking-tables';
import { t } from '../../i18n';

function PickingBody({ data }: { data: PickingDashboard }) {
  const s = data.totals;
  const late = s.late_orders + s.waiting_late_orders;
  const cards = [
    { key: 'picked', label: t('orderDashboards.picking.cards.picked'), value: formatInt(s.picked_orders), icon: IconBasket, color: 'blue' },
    { key: 'time', label: t('orderDashboards.picking.cards.time'), value: formatMinutes(s.average_pick_minutes), icon: IconClockHour4, color: 'violet' },
    { key: 'perHour', label: t('orderDashboards.picking.cards.perHour'), value: formatPerHour(s.items_per_hour), icon: IconGauge, color: 'teal' },
    { key: 'missing', label: t('orderDashboards.picking.cards.missing'), value: t('orderDashboards.picking.cards.ofLines', { missing: formatInt(s.missing_lines), lines: formatInt(s.lines) }), icon: IconBasketOff, color: 'orange' },
    { key: 'due', label: t('orderDashboards.picking.cards.due'), value: formatInt(s.due_orders), icon: IconCalendarTime, color: 'gray' },
    { key: 'onTime', label: t('orderDashboards.picking.cards.onTime'), value: formatInt(s.on_time_orders), icon: IconCalendarCheck, color: 'green' },
    { key: 'late', label: t('orderDashboards.picking.cards.late'), value: formatInt(late), icon: IconAlarm, color: 'red' },
    { key: 'rate', label: t('orderDashboards.picking.cards.rate'), value: formatRate(s.late_rate), icon: IconPercentage, color: 'red' },
  ];
  if (s.picked_orders === 0 && s.due_orders === 0)
    return (
      <>
        <KpiCards cards={cards} />
        <EmptyDashboard title={t('orderDashboards.picking.empty')} hint={t('orderDashboards.picking.emptyHint')} />
      </>
    );
  const days = data.per_day.map((d) => ({
    day: formatDay(d.date),
    picked: d.picked_orders,
    minutes: d.average_pick_minutes,
    onTime: d.on_time_orders,
    late: d.late_orders,
  }));
  return (
    <>
      <KpiCards cards={cards} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel title={t('orderDashboards.picking.timeChart')} hint={t('orderDashboards.picking.timeHint')} testId="picking-time-chart">
          <CompositeChart
            h={260}
            data={days}
            dataKey="day"
            withLegend
            withRightYAxis
            connectNulls={false}
            maxBarWidth={18}
            valueFormatter={(v: number) => formatDecimal(v)}
            yAxisProps={{ allowDecimals: false }}
            rightYAxisProps={{ tickFormatter: (v: number) => `${v} min`, width: 64 }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            series={[
              { name: 'picked', label: t('orderDashboards.picking.pickedSeries'), color: 'blue.5', type: 'bar' },
              { name: 'minutes', label: t('orderDashboards.picking.minutesSeries'), color: 'violet.6', type: 'line', yAxisId: 'right' },
            ]}
          />
        </Panel>
        <Panel title={t('orderDashboards.picking.lateChart')} hint={t('orderDashboards.picking.lateHint')} testId="picking-late-chart">
          {s.due_orders === 0 ? (
            <Text c="dimmed" size="sm" py="xl" ta="center" data-testid="picking-late-chart-empty">
              {t('orderDashboards.picking.noDue')}
            </Text>
          ) : (
            <BarChart
              h={260}
              data={days}
              dataKey="day"
              type="stacked"
              withLegend
              maxBarWidth={18}
              valueFormatter={(v: number) => formatInt(v)}
              yAxisProps={{ allowDecimals: false }}
              xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
              series={[
                { name: 'onTime', label: t('orderDashboards.picking.onTimeSeries'), color: 'teal.6' },
                { name: 'late', label: t('orderDashboards.picking.lateSeries'), color: 'red.6' },
              ]}
            />
          )}
        </Panel>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Panel title={t('orderDashboards.picking.operators')} hint={t('orderDashboards.picking.operatorsHint')} testId="picking-operators" padded={false}>
          <OperatorsTable operators={data.operators} />
        </Panel>
        <Panel title={t('orderDashboards.picking.lateOrders')} hint={t('orderDashboards.picking.lateOrdersHint', { waiting: formatInt(s.waiting_late_orders) })} testId="picking-late" padded={false}>
          <LateTable late={data.late} />
        </Panel>
      </SimpleGrid>
    </>
  );
}

/** Delivery, pickup or both: the `{mode}` of the path. */
function ModeControl({ mode, onChange }: { mode: Fulfilment | null; onChange: (mode: Fulfilment | null) => void }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('orderDashboards.picking.mode')}
      </Text>
      <SegmentedControl
        value={mode ?? 'all'}
        onChange={(v) => onChange(v === 'all' ? null : (v as Fulfilment))}
        data={[
          { value: 'all', label: t('orderDashboards.picking.modes.all') },
          { value: 'delivery', label: t('orderDashboards.picking.modes.delivery') },
          { value: 'pickup', label: t('orderDashboards.picking.modes.pickup') },
        ]}
        data-testid="picking-mode"
      />
    </Stack>
  );
}

/** Spec §2 "/orders/picking-dashboard/" and "{mode}": time to pick, items per hour per operator, late orders. */
export function PickingDashboardPage({
  search,
  mode,
  onSearchChange,
  onModeChange,
}: {
  search: DashboardSearch;
  mode: Fulfilment | null;
  onSearchChange: (s: DashboardSearch) => void;
  onModeChange: (mode: Fulfilment | null) => void;
}) {
  const query = useQuery(pickingDashboardQuery(useAccountId(), { ...search, ...(mode ? { mode } : {}) }));
  return (
    <DashboardLayout
      title={mode ? t(`orderDashboards.picking.titleMode.${mode}`) : t('orderDashboards.picking.title')}
      subtitle={t('orderDashboards.picking.subtitle')}
      search={search}
      onSearchChange={onSearchChange}
      extra={<ModeControl mode={mode} onChange={onModeChange} />}
      query={query}
    >
      {(data) => <PickingBody data={data} />}
    </DashboardLayout>
  );
}
