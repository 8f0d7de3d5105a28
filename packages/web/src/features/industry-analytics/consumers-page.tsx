import { Box, Center, Grid, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { BarChart, CompositeChart } from '@mantine/charts';
import { IconLock, IconRepeat, IconShoppingBag, IconShoppingCart, IconStack2, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CONSUMER_SEGMENTS, K_ANONYMITY } from '@backoffice/contracts';
import { formatDay } from '../../shared/components/metrics-charts';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { useAccountId } from '../sales-dashboard/api';
import { cardQuery, type BodyOf, type CardOf, type Consumers } from './api';
import { CardPanel, CHART_HEIGHT } from './card-panel';
import { ExportMenu } from './export-menu';
import { formatMaybeMoney, formatRatio } from './format';
import { HiddenCount, hiddenText, PrivacyNote } from './hidden-count';
import { changeLine, comparedWith, IndustryDashboard, StatGrid, type StatKpi } from './industry-page';
import { type IndustrySearch } from './industry-search';
import { industryBody } from './scope';
import { DataTable, NameCell, ShareCell } from './tables';
import { t, tn } from '../../i18n';

type Cards = Consumers['cards'];
type Summary = NonNullable<Cards['summary']>;
type CardKey = keyof Summary;

const privacy = () => t('industryAnalytics.privacy.tooltip', { k: K_ANONYMITY });
const label = (key: CardKey) => t(`industryAnalytics.consumers.cards.${key}`);
const CARDS: Array<{ key: CardKey; icon: StatKpi['icon']; color: string; format: (v: number) => string; count: boolean }> = [
  { key: 'buying_customers', icon: IconUsers, color: 'teal', format: formatInt, count: true },
  { key: 'new_buyers', icon: IconUserPlus, color: 'blue', format: formatInt, count: true },
  { key: 'repeat_buyers', icon: IconRepeat, color: 'violet', format: formatInt, count: true },
  { key: 'purchases', icon: IconShoppingBag, color: 'orange', format: formatInt, count: false },
  { key: 'frequency', icon: IconShoppingCart, color: 'cyan', format: (v) => formatRatio(v), count: false },
  { key: 'units_per_purchase', icon: IconStack2, color: 'grape', format: (v) => formatRatio(v), count: false },
];

/** The six cards; a count under 5 reads "< 5" (a ratio made of one, "—"), with why in its tooltip. */
function consumerKpis(data: Consumers | undefined): StatKpi[] {
  const s = data?.cards.summary;
  if (!data || !s) return CARDS.map(({ key, icon }) => ({ key, label: label(key), value: '', icon, color: 'gray' }));
  const against = comparedWith(data);
  return CARDS.map(({ key, icon, color, format, count }) => {
    const card = s[key];
    const hidden = card.value === null;
    return {
      key,
      label: label(key),
      value: hidden ? (count ? hiddenText() : '—') : format(card.value!),
      icon,
      color: hidden ? 'gray' : color,
      tooltip: hidden ? privacy() : undefined,
      extra: changeLine(card, against, format) ?? (
        <Text size="xs" c="dimmed">
          {t(`industryAnalytics.consumers.notes.${key}`)}
        </Text>
      ),
    };
  });
}

function useConsumers(card: CardOf<'consumers'>, body: BodyOf<'consumers'>) {
  return useQuery(cardQuery(useAccountId(), 'consumers', card, body));
}

interface TooltipLine {
  label: string;
  color: string;
  value: number | null;
  format?: (v: number) => string;
}

/** A chart's tooltip where a hidden count reads "< 5". */
function CountTooltip({ title, lines }: { title: ReactNode; lines: TooltipLine[] }) {
  return (
    <Paper withBorder shadow="md" radius="md" px="sm" py={8} miw={180}>
      <Text size="sm" fw={600} mb={4}>
        {title}
      </Text>
      <Stack gap={2}>
        {lines.map((l) => (
          <Group key={l.label} justify="space-between" gap="md" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <Box w={10} h={10} bg={l.color} style={{ borderRadius: 3 }} />
              <Text size="sm">{l.label}</Text>
            </Group>
            <Text size="sm" fw={500}>
              {l.value === null ? hiddenText() : (l.format ?? formatInt)(l.value)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

type Datum<T> = { payload?: T };

/** Buyers (a line, with gaps on days under 5) and purchase occasions (bars) per day. */
function PerDayPanel({ body }: { body: BodyOf<'consumers'> }) {
  const query = useConsumers('per_day', body);
  const title = t('industryAnalytics.consumers.perDay.title');
  const series = [
    { name: 'purchases', label: t('industryAnalytics.consumers.series.purchases'), color: 'orange.4', type: 'bar' as const },
    { name: 'buying_customers', label: t('industryAnalytics.consumers.series.buying_customers'), color: 'teal.7', type: 'line' as const },
  ];
  return (
    <CardPanel
      title={title}
      hint={t('industryAnalytics.consumers.perDay.hint')}
      testId="consumers-per-day"
      actions={<ExportMenu dashboard="consumers" card="per_day" body={body} title={title} />}
      query={query}
      pick={(d) => d.cards.per_day}
      isEmpty={(days) => days.every((d) => d.purchases === 0)}
      emptyText={t('industryAnalytics.consumers.empty')}
      skeleton="chart"
    >
      {(days) => {
        const hidden = days.filter((d) => d.buying_customers === null && d.purchases > 0).length;
        const shown = days.some((d) => d.buying_customers !== null);
        return (
          <Stack gap="xs">
            <CompositeChart
              h={CHART_HEIGHT - (hidden ? 24 : 0)}
              data={days.map((d) => ({ day: formatDay(d.date), purchases: d.purchases, buying_customers: d.buying_customers }))}
              dataKey="day"
              withLegend
              connectNulls={false}
              maxBarWidth={16}
              // With no day of 5 buyers or more, a line that never shows is left out of the legend too.
              series={shown ? series : series.slice(0, 1)}
              xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
              yAxisProps={{ width: 40, allowDecimals: false }}
              tooltipProps={{
                content: ({ label: day, payload }) => {
                  const row = (payload as ReadonlyArray<Datum<{ purchases: number; buying_customers: number | null }>> | undefined)?.[0]?.payload;
                  if (!row) return null;
                  return (
                    <CountTooltip
                      title={day as ReactNode}
                      lines={[
                        { label: series[0]!.label, color: 'var(--mantine-color-orange-4)', value: row.purchases },
                        { label: series[1]!.label, color: 'var(--mantine-color-teal-7)', value: row.buying_customers },
                      ]}
                    />
                  );
                },
              }}
            />
            {hidden > 0 && (
              <Text size="xs" c="dimmed" data-testid="consumers-per-day-hidden">
                {shown
                  ? tn('industryAnalytics.consumers.perDay.someHidden', hidden, { days: hidden, k: K_ANONYMITY })
                  : t('industryAnalytics.consumers.perDay.allHidden', { k: K_ANONYMITY })}
              </Text>
            )}
          </Stack>
        );
      }}
    </CardPanel>
  );
}

const segmentName = (s: string) => t(`industryAnalytics.consumers.segments.names.${s}`);

/** The buyers of the 365 days up to the period's end by purchase occasions: a bar each, and the table. */
function SegmentsPanel({ body }: { body: BodyOf<'consumers'> }) {
  const query = useConsumers('segments', body);
  const title = t('industryAnalytics.consumers.segments.title');
  return (
    <CardPanel
      title={title}
      hint={t('industryAnalytics.consumers.segments.hint')}
      testId="consumers-segments"
      actions={<ExportMenu dashboard="consumers" card="segments" body={body} title={title} />}
      query={query}
      pick={(d) => d.cards.segments}
      isEmpty={(rows) => rows.length === 0}
      emptyText={t('industryAnalytics.consumers.empty')}
      skeleton="chart"
      height={220}
    >
      {(rows) => {
        const ordered = [...rows].sort((a, b) => CONSUMER_SEGMENTS.indexOf(a.segment) - CONSUMER_SEGMENTS.indexOf(b.segment));
        return (
          <Grid gap="lg" align="center">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <BarChart
                h={220}
                data={ordered.map((r) => ({ segment: segmentName(r.segment), buying_customers: r.buying_customers }))}
                dataKey="segment"
                maxBarWidth={48}
                series={[{ name: 'buying_customers', label: t('industryAnalytics.consumers.series.buying_customers'), color: 'teal.6' }]}
                yAxisProps={{ width: 40, allowDecimals: false }}
                tooltipProps={{
                  content: ({ label: segment, payload }) => {
                    const row = (payload as ReadonlyArray<Datum<{ buying_customers: number | null }>> | undefined)?.[0]?.payload;
                    return row ? <CountTooltip title={segment as ReactNode} lines={[{ label: t('industryAnalytics.consumers.series.buying_customers'), color: 'var(--mantine-color-teal-6)', value: row.buying_customers }]} /> : null;
                  },
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <DataTable
                rows={ordered}
                rowKey={(r) => r.segment}
                minWidth={420}
                testId="consumers-segments-table"
                columns={[
                  { key: 'segment', label: t('industryAnalytics.consumers.segments.segment'), render: (r) => <NameCell name={segmentName(r.segment)} detail={t(`industryAnalytics.consumers.segments.rules.${r.segment}`)} /> },
                  { key: 'customers', label: t('industryAnalytics.consumers.columns.buyers'), numeric: true, render: (r) => <HiddenCount value={r.buying_customers} /> },
                  { key: 'share', label: t('industryAnalytics.columns.share'), width: 120, render: (r) => <ShareCell share={r.share} /> },
                  { key: 'sales', label: t('industryAnalytics.columns.sales'), numeric: true, render: (r) => formatMaybeMoney(r.sales) },
                ]}
              />
            </Grid.Col>
          </Grid>
        );
      }}
    </CardPanel>
  );
}

/** The period's buyers by how many purchase occasions they had in it. */
function FrequencyPanel({ body }: { body: BodyOf<'consumers'> }) {
  const query = useConsumers('frequency', body);
  const title = t('industryAnalytics.consumers.frequency.title');
  return (
    <CardPanel
      title={title}
      hint={t('industryAnalytics.consumers.frequency.hint')}
      testId="consumers-frequency"
      actions={<ExportMenu dashboard="consumers" card="frequency" body={body} title={title} />}
      query={query}
      pick={(d) => d.cards.frequency}
      isEmpty={(rows) => rows.length === 0}
      emptyText={t('industryAnalytics.consumers.empty')}
      skeleton="chart"
    >
      {(rows) => {
        const hidden = rows.filter((r) => r.buying_customers === null).map((r) => t(`industryAnalytics.consumers.frequency.buckets.${r.bucket}`));
        if (hidden.length === rows.length)
          return (
            <Center mih={CHART_HEIGHT} data-testid="consumers-frequency-all-hidden">
              <Stack align="center" gap={6} maw={360}>
                <ThemeIcon variant="light" color="blue" size={36} radius="xl">
                  <IconLock size={20} />
                </ThemeIcon>
                <Text c="dimmed" size="sm" ta="center">
                  {t('industryAnalytics.consumers.frequency.allHidden', { k: K_ANONYMITY })}
                </Text>
              </Stack>
            </Center>
          );
        return (
          <Stack gap="xs">
            <BarChart
              h={CHART_HEIGHT - (hidden.length ? 24 : 0)}
              data={rows.map((r) => ({ bucket: t(`industryAnalytics.consumers.frequency.buckets.${r.bucket}`), buying_customers: r.buying_customers }))}
              dataKey="bucket"
              maxBarWidth={48}
              series={[{ name: 'buying_customers', label: t('industryAnalytics.consumers.series.buying_customers'), color: 'blue.6' }]}
              yAxisProps={{ width: 40, allowDecimals: false }}
              tooltipProps={{
                content: ({ label: bucket, payload }) => {
                  const row = (payload as ReadonlyArray<Datum<{ buying_customers: number | null }>> | undefined)?.[0]?.payload;
                  return row ? <CountTooltip title={bucket as ReactNode} lines={[{ label: t('industryAnalytics.consumers.series.buying_customers'), color: 'var(--mantine-color-blue-6)', value: row.buying_customers }]} /> : null;
                },
              }}
            />
            {hidden.length > 0 && (
              <Text size="xs" c="dimmed" data-testid="consumers-frequency-hidden">
                {t('industryAnalytics.consumers.frequency.hidden', { buckets: hidden.join(', '), k: K_ANONYMITY })}
              </Text>
            )}
          </Stack>
        );
      }}
    </CardPanel>
  );
}

function ByRetailerPanel({ body }: { body: BodyOf<'consumers'> }) {
  const query = useConsumers('by_retailer', body);
  const title = t('industryAnalytics.consumers.byRetailer.title');
  return (
    <CardPanel
      title={title}
      hint={t('industryAnalytics.consumers.byRetailer.hint')}
      testId="consumers-by-retailer"
      padded={false}
      actions={<ExportMenu dashboard="consumers" card="by_retailer" body={body} title={title} />}
      query={query}
      pick={(d) => d.cards.by_retailer}
      isEmpty={(rows) => rows.length === 0}
      emptyText={t('industryAnalytics.consumers.empty')}
    >
      {(rows) => (
        <DataTable
          rows={rows}
          rowKey={(r) => String(r.retailer_id)}
          minWidth={520}
          testId="consumers-by-retailer-table"
          columns={[
            { key: 'retailer', label: t('industryAnalytics.columns.retailer'), render: (r) => <NameCell name={r.retailer} /> },
            { key: 'buyers', label: t('industryAnalytics.consumers.columns.buyers'), numeric: true, render: (r) => <HiddenCount value={r.buying_customers} /> },
            { key: 'purchases', label: t('industryAnalytics.consumers.columns.purchases'), numeric: true, render: (r) => formatInt(r.purchases) },
            { key: 'units', label: t('industryAnalytics.columns.units'), numeric: true, render: (r) => formatInt(r.units) },
            { key: 'sales', label: t('industryAnalytics.columns.sales'), numeric: true, render: (r) => formatMoney(r.sales) },
          ]}
        />
      )}
    </CardPanel>
  );
}

/** /customers of an industry account: who buys the brand's products, as counts and segments only (a count under 5 is hidden). */
export function ConsumersPage({ search, onSearchChange }: { search: IndustrySearch; onSearchChange: (s: IndustrySearch) => void }) {
  const body = industryBody(search);
  const summary = useConsumers('summary', body);
  return (
    <IndustryDashboard
      title={t('industryAnalytics.consumers.title')}
      subtitle={t('industryAnalytics.consumers.subtitle')}
      search={search}
      onSearchChange={onSearchChange}
      query={summary}
      skeleton={<StatGrid cards={consumerKpis(undefined)} loading />}
      cards={(data) => <StatGrid cards={consumerKpis(data)} />}
      isEmpty={(data) => (data.cards.summary?.purchases.value ?? 0) === 0}
      empty={{ title: t('industryAnalytics.consumers.empty'), hint: t('industryAnalytics.emptyHint') }}
      note={<PrivacyNote />}
    >
      <PerDayPanel body={body} />
      <SegmentsPanel body={body} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <FrequencyPanel body={body} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ByRetailerPanel body={body} />
        </Grid.Col>
      </Grid>
    </IndustryDashboard>
  );
}
