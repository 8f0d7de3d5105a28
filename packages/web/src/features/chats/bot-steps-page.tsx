import { Group, Progress, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { useQuery } from '@tanstack/react-query';
import { PeriodPicker } from '../../shared/components/period-picker';
import { formatInt } from '../../shared/ui/format';
import { botStepsQuery, useAccountId, type BotStepsDashboard } from './api';
import { ChannelFilter, DashboardFrame, EmptyPeriod, Panel, StoreFilter } from './dashboard-frame';
import type { ChatDashboardSearch } from './dashboard-search';
import { t } from '../../i18n';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

function Body({ data }: { data: BotStepsDashboard }) {
  if (data.steps.every((s) => s.reached === 0)) return <EmptyPeriod title={t('chats.botStepsPage.empty')} hint={t('chats.botStepsPage.emptyHint')} />;
  const rows = data.steps.map((s) => ({ ...s, label: t(`chats.botSteps.${s.step}`) }));
  return (
    <>
      <Panel title={t('chats.botStepsPage.chart')} testId="bot-steps-chart">
        <BarChart
          h={300}
          data={rows}
          dataKey="label"
          withLegend
          valueFormatter={formatInt}
          yAxisProps={{ allowDecimals: false }}
          maxBarWidth={40}
          series={[
            { name: 'reached', label: t('chats.botStepsPage.reached'), color: 'blue.5' },
            { name: 'abandoned', label: t('chats.botStepsPage.abandoned'), color: 'red.5' },
          ]}
        />
      </Panel>
      <Panel title={t('chats.botStepsPage.title')} testId="bot-steps" padded={false}>
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="sm" data-testid="bot-steps-table">
            <Table.Thead style={{ whiteSpace: 'nowrap' }}>
              <Table.Tr>
                <Table.Th>{t('chats.botStepsPage.step')}</Table.Th>
                <Table.Th ta="right">{t('chats.botStepsPage.reached')}</Table.Th>
                <Table.Th ta="right">{t('chats.botStepsPage.advanced')}</Table.Th>
                <Table.Th ta="right">{t('chats.botStepsPage.abandoned')}</Table.Th>
                <Table.Th ta="right">{t('chats.botStepsPage.inProgress')}</Table.Th>
                <Table.Th w={180}>{t('chats.botStepsPage.abandonRate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.step} data-testid="bot-step-row" data-step={r.step}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {r.label}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatInt(r.reached)}</Table.Td>
                  <Table.Td ta="right">{formatInt(r.advanced)}</Table.Td>
                  <Table.Td ta="right">{formatInt(r.abandoned)}</Table.Td>
                  <Table.Td ta="right">{formatInt(r.in_progress)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress value={r.abandon_rate * 100} color="red" size="sm" radius="xl" w={80} aria-hidden />
                      <Text size="sm">{percent.format(r.abandon_rate)}</Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Panel>
    </>
  );
}

/** Spec §2 /chats/dashboard-bot-steps: how many conversations reached each bot step and how many left it. */
export function BotStepsPage({ search, onSearchChange }: { search: ChatDashboardSearch; onSearchChange: (s: ChatDashboardSearch) => void }) {
  const query = useQuery(botStepsQuery(useAccountId(), search));
  const next = (change: Partial<ChatDashboardSearch>) => {
    const merged = { ...search, ...change };
    onSearchChange({ start_date: merged.start_date, end_date: merged.end_date, ...(merged.location_id ? { location_id: merged.location_id } : {}), ...(merged.channel ? { channel: merged.channel } : {}) });
  };
  return (
    <DashboardFrame
      title={t('chats.botStepsPage.title')}
      subtitle={t('chats.botStepsPage.subtitle')}
      query={query}
      filters={
        <>
          <StoreFilter value={search.location_id} onChange={(id) => next({ location_id: id })} testId="chat-dashboard-store" />
          <ChannelFilter value={search.channel} onChange={(c) => next({ channel: c })} />
          <PeriodPicker value={search} onChange={(p) => next(p)} testId="chat-dashboard-period" />
        </>
      }
    >
      {(data) => <Body data={data} />}
    </DashboardFrame>
  );
}
