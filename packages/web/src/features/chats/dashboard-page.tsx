import { Grid, SimpleGrid, Table, Text } from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import { IconCircleCheck, IconClockHour4, IconMessages, IconStopwatch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDay } from '../../shared/components/metrics-charts';
import { PeriodPicker } from '../../shared/components/period-picker';
import { StatCard } from '../../shared/components/stat-card';
import { formatInt } from '../../shared/ui/format';
import { chatDashboardQuery, useAccountId, type ChatDashboard } from './api';
import { formatMinutes } from './chat-labels';
import { ChannelFilter, DashboardFrame, EmptyPeriod, Panel, StoreFilter } from './dashboard-frame';
import type { ChatDashboardSearch } from './dashboard-search';
import { t } from '../../i18n';

type Row = ChatDashboard['totals'];
const pair = (s: Row['first_response']) => `${formatMinutes(s.median)} · ${formatMinutes(s.p90)}`;

/** Conversations, resolved, and the two times (median · p90) of an attendant or a channel. */
function TimesTable({ rows, label, testId }: { rows: Array<Row & { name: string }>; label: string; testId: string }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            <Table.Th ta="right">{t('chats.dashboard.conversations')}</Table.Th>
            <Table.Th ta="right">{t('chats.dashboard.closed')}</Table.Th>
            <Table.Th ta="right">{t('chats.dashboard.firstResponse')}</Table.Th>
            <Table.Th ta="right">{t('chats.dashboard.resolution')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.name}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {r.name}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatInt(r.conversations)}</Table.Td>
              <Table.Td ta="right">{formatInt(r.closed)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {pair(r.first_response)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {pair(r.resolution)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Body({ data }: { data: ChatDashboard }) {
  const { totals } = data;
  const cards = [
    { key: 'conversations', label: t('chats.dashboard.cards.conversations'), value: formatInt(totals.conversations), icon: IconMessages, color: 'blue' },
    { key: 'closed', label: t('chats.dashboard.cards.closed'), value: formatInt(totals.closed), icon: IconCircleCheck, color: 'teal' },
    { key: 'first', label: t('chats.dashboard.cards.firstResponse'), value: pair(totals.first_response), icon: IconStopwatch, color: 'violet' },
    { key: 'resolution', label: t('chats.dashboard.cards.resolution'), value: pair(totals.resolution), icon: IconClockHour4, color: 'orange' },
  ];
  const kpis = (
    <Grid columns={4} gap="md">
      {cards.map(({ key, ...c }) => (
        <Grid.Col key={key} span={{ base: 4, xs: 2, xl: 1 }}>
          <StatCard {...c} testId="chat-dashboard-kpi" />
        </Grid.Col>
      ))}
    </Grid>
  );
  if (totals.conversations === 0)
    return (
      <>
        {kpis}
        <EmptyPeriod title={t('chats.dashboard.empty')} hint={t('chats.dashboard.emptyHint')} />
      </>
    );
  const days = data.by_day.map((d) => ({
    day: formatDay(d.date),
    conversations: d.conversations,
    closed: d.closed,
    first_response: d.first_response.median === null ? null : Math.round(d.first_response.median),
    resolution: d.resolution.median === null ? null : Math.round(d.resolution.median),
  }));
  return (
    <>
      {kpis}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel title={t('chats.dashboard.perDay')} hint={t('chats.dashboard.perDayHint')} testId="chat-dashboard-per-day">
          <BarChart
            h={260}
            data={days}
            dataKey="day"
            withLegend
            valueFormatter={formatInt}
            yAxisProps={{ allowDecimals: false }}
            maxBarWidth={18}
            series={[
              { name: 'conversations', label: t('chats.dashboard.conversations'), color: 'blue.5' },
              { name: 'closed', label: t('chats.dashboard.closed'), color: 'teal.5' },
            ]}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          />
        </Panel>
        <Panel title={t('chats.dashboard.timesPerDay')} hint={t('chats.dashboard.timesHint')} testId="chat-dashboard-times">
          <LineChart
            h={260}
            data={days}
            dataKey="day"
            withLegend
            connectNulls
            curveType="monotone"
            valueFormatter={(v: number) => formatMinutes(v)}
            yAxisProps={{ tickFormatter: (v: number) => formatInt(v), width: 40 }}
            series={[
              { name: 'first_response', label: t('chats.dashboard.firstResponse'), color: 'violet.6' },
              { name: 'resolution', label: t('chats.dashboard.resolution'), color: 'orange.6' },
            ]}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          />
        </Panel>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <Panel title={t('chats.dashboard.byAttendant')} testId="chat-dashboard-attendants" padded={false}>
          <TimesTable rows={data.by_attendant.map((r) => ({ ...r, name: r.user_id === null ? t('chats.dashboard.noAttendant') : r.name }))} label={t('chats.dashboard.attendant')} testId="chat-dashboard-attendants-table" />
        </Panel>
        <Panel title={t('chats.dashboard.byChannel')} testId="chat-dashboard-channels" padded={false}>
          <TimesTable rows={data.by_channel.map((r) => ({ ...r, name: r.label }))} label={t('chats.dashboard.channel')} testId="chat-dashboard-channels-table" />
        </Panel>
      </SimpleGrid>
    </>
  );
}

/** Spec §2 /chats/dashboard: conversations and first-response and resolution times (median, p90, business hours) per day, attendant and channel. */
export function ChatDashboardPage({ search, onSearchChange }: { search: ChatDashboardSearch; onSearchChange: (s: ChatDashboardSearch) => void }) {
  const query = useQuery(chatDashboardQuery(useAccountId(), search));
  const next = (change: Partial<ChatDashboardSearch>) => {
    const merged = { ...search, ...change };
    onSearchChange({ start_date: merged.start_date, end_date: merged.end_date, ...(merged.location_id ? { location_id: merged.location_id } : {}), ...(merged.channel ? { channel: merged.channel } : {}) });
  };
  return (
    <DashboardFrame
      title={t('chats.dashboard.title')}
      subtitle={t('chats.dashboard.subtitle')}
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
