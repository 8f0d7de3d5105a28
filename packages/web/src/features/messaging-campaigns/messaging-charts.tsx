import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import { formatInt } from '../../shared/ui/format';
import type { MessagingDashboard } from './api';
import { t } from '../../i18n';

type Day = MessagingDashboard['days'][number];

const dayLabel = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit' });
const formatDay = (date: string) => dayLabel.format(new Date(`${date}T12:00:00Z`));

/** Messages per day (sent, delivered, read) and the customers' answers per day (replied, opted out, failed). */
export function MessagingDailyCharts({ days, h = 260, testIdPrefix }: { days: Day[]; h?: number; testIdPrefix: string }) {
  const data = days.map((d) => ({ ...d, day: formatDay(d.date) }));
  const axis = { interval: 'preserveStartEnd' as const, minTickGap: 16 };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card withBorder radius="md" padding="lg" data-testid={`${testIdPrefix}-messages-chart`}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={5}>{t('messagingCampaigns.charts.messagesTitle')}</Title>
            <Text size="xs" c="dimmed">
              {t('messagingCampaigns.charts.messagesHint')}
            </Text>
          </Stack>
          <LineChart
            h={h}
            data={data}
            dataKey="day"
            withLegend
            curveType="monotone"
            withDots={data.length <= 2}
            valueFormatter={formatInt}
            yAxisProps={{ allowDecimals: false }}
            xAxisProps={axis}
            series={[
              { name: 'sent', label: t('messagingCampaigns.counts.sent'), color: 'blue.6' },
              { name: 'delivered', label: t('messagingCampaigns.counts.delivered'), color: 'cyan.6' },
              { name: 'read', label: t('messagingCampaigns.counts.read'), color: 'teal.6' },
            ]}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" data-testid={`${testIdPrefix}-answers-chart`}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={5}>{t('messagingCampaigns.charts.answersTitle')}</Title>
            <Text size="xs" c="dimmed">
              {t('messagingCampaigns.charts.answersHint')}
            </Text>
          </Stack>
          <BarChart
            h={h}
            data={data}
            dataKey="day"
            type="stacked"
            withLegend
            maxBarWidth={24}
            valueFormatter={formatInt}
            yAxisProps={{ allowDecimals: false }}
            xAxisProps={axis}
            series={[
              { name: 'replied', label: t('messagingCampaigns.counts.replied'), color: 'green.6' },
              { name: 'opted_out', label: t('messagingCampaigns.counts.opted_out'), color: 'orange.6' },
              { name: 'failed', label: t('messagingCampaigns.counts.failed'), color: 'red.6' },
            ]}
          />
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
