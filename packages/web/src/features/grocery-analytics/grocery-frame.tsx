import { Badge, Button, Card, Divider, Group, Select, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconArrowsDiff, IconBuildingStore, IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { COMPARISONS, type Comparison } from '@backoffice/contracts';
import { LoadError } from '../../shared/components/load-error';
import { PageHeader } from '../../shared/components/page-header';
import { StatCard, type StatCardProps } from '../../shared/components/stat-card';
import { storesQuery, useAccountId, type StoreOption } from '../locations/api';
import { DashboardLayout } from '../order-dashboards/dashboard-layout';
import type { DashboardSearch } from '../order-dashboards/dashboard-search';
import { ChangeLine } from '../sales-dashboard/change-line';
import { formatChange, formatDate, trendOf } from '../sales-dashboard/format';
import { hasStore, type GrocerySearch, type StoreSearch } from './grocery-search';
import classes from './grocery.module.css';
import { t } from '../../i18n';

/** Stores shown as buttons in the chooser; a longer list is picked in the search box only. */
const STORE_BUTTONS = 12;

const place = (s: StoreOption) => [s.city, s.state].filter(Boolean).join(' – ');

function StoreButtons({ stores, onChoose }: { stores: StoreOption[]; onChoose: (id: number) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" w="100%">
      {stores.map((s) => (
        <UnstyledButton key={s.id} className={classes.storeButton} onClick={() => onChoose(s.id)} data-testid="grocery-store-option" aria-label={t('groceryAnalytics.chooser.open', { name: s.name })}>
          <Card withBorder radius="md" padding="sm" className={classes.storeOption} style={{ opacity: s.active ? 1 : 0.7 }}>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" color="teal" size={36} radius="md" style={{ flexShrink: 0 }}>
                <IconBuildingStore size={20} />
              </ThemeIcon>
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Text fw={600} size="sm" truncate title={s.name}>
                  {s.name}
                </Text>
                <Group gap={4} wrap="nowrap" c="dimmed">
                  <IconMapPin size={12} style={{ flexShrink: 0 }} />
                  <Text size="xs" c="dimmed" truncate>
                    {place(s) || t('groceryAnalytics.chooser.noCity')}
                  </Text>
                </Group>
              </Stack>
              {!s.active && (
                <Badge color="gray" variant="light" size="sm" style={{ flexShrink: 0 }}>
                  {t('groceryAnalytics.chooser.inactive')}
                </Badge>
              )}
            </Group>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

/** "Choose the supermarket first": the account's stores, in a search box and (a short list) as buttons. */
function StoreChooser({ onChoose }: { onChoose: (id: number) => void }) {
  const stores = useQuery(storesQuery(useAccountId()));
  const list = [...(stores.data ?? [])].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, 'pt-BR'));
  let choices: ReactNode;
  if (stores.isError)
    choices = <LoadError error={stores.error} retrying={stores.isFetching} onRetry={() => void stores.refetch()} testId="grocery-stores-error" />;
  else if (!stores.data)
    choices = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" w="100%" data-testid="grocery-stores-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={62} radius="md" />
        ))}
      </SimpleGrid>
    );
  else if (list.length === 0)
    choices = (
      <Text c="dimmed" size="sm" data-testid="grocery-stores-none">
        {t('groceryAnalytics.chooser.none')}
      </Text>
    );
  else
    choices = (
      <>
        <Select
          aria-label={t('groceryAnalytics.chooser.label')}
          placeholder={t('groceryAnalytics.chooser.placeholder')}
          data={list.map((s) => ({ value: String(s.id), label: s.name }))}
          value={null}
          onChange={(v) => v && onChoose(Number(v))}
          searchable
          nothingFoundMessage={t('common.storeFilter.none')}
          leftSection={<IconBuildingStore size={16} />}
          size="md"
          w="100%"
          maw={440}
          data-testid="grocery-store-select"
        />
        {list.length <= STORE_BUTTONS && (
          <>
            <Divider w="100%" label={t('groceryAnalytics.chooser.or')} labelPosition="center" />
            <StoreButtons stores={list} onChoose={onChoose} />
          </>
        )}
      </>
    );
  return (
    <Card withBorder radius="md" padding="xl" data-testid="grocery-store-chooser">
      <Stack align="center" gap="md" maw={960} w="100%" mx="auto" py="md">
        <ThemeIcon variant="light" color="teal" size={56} radius="xl">
          <IconBuildingStore size={30} />
        </ThemeIcon>
        <Stack gap={4} align="center" ta="center">
          <Title order={3}>{t('groceryAnalytics.chooser.title')}</Title>
          <Text c="dimmed" size="sm" maw={520}>
            {t('groceryAnalytics.chooser.hint')}
          </Text>
        </Stack>
        {choices}
      </Stack>
    </Card>
  );
}


/** What the period is compared with: a new choice keeps every other filter. */
function CompareSelect({ search, onSearchChange }: { search: StoreSearch; onSearchChange: (s: GrocerySearch) => void }) {
  const pick = (choice: string | null) => {
    if (choice) onSearchChange({ ...search, compare: choice as Comparison });
  };
  return (
    <Select
      data-testid="grocery-compare"
      w={{ base: '100%', xs: 250 }}
      leftSection={<IconArrowsDiff size={16} />}
      label={t('salesDashboard.compare.label')}
      allowDeselect={false}
      value={search.compare}
      onChange={pick}
      data={COMPARISONS.map((compare) => ({ value: compare, label: t(`salesDashboard.compare.${compare}`) }))}
    />
  );
}

/** What every grocery answer starts with: its period, the comparison's, and the signed Metabase URL. */
type Head = { from: string; to: string; compare: Comparison; previous: { from: string; to: string } | null; embed_url: string | null };

/**
 * Under the filters: the period the numbers are about and the one they are compared with (a year
 * before is not obvious), and the account's Metabase dashboard when the server has one (a new tab).
 */
function PeriodLine({ head }: { head: Head }) {
  const range = (r: { from: string; to: string }) => t('groceryAnalytics.range', { from: formatDate(r.from), to: formatDate(r.to) });
  const against = comparedWith(head);
  return (
    <Group justify="space-between" gap="xs" mih={30} mt={-6} wrap="nowrap" data-testid="grocery-period">
      <Text size="sm" c="dimmed" miw={0}>
        {t('groceryAnalytics.period', { range: range(head) })}
        {against && head.previous && ` · ${t(`groceryAnalytics.comparedWith.${against}`, { range: range(head.previous) })}`}
      </Text>
      {head.embed_url && (
        <Button
          component="a"
          href={head.embed_url}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          variant="light"
          leftSection={<IconExternalLink size={14} />}
          style={{ flexShrink: 0 }}
          data-testid="grocery-metabase"
        >
          {t('groceryAnalytics.metabase')}
        </Button>
      )}
    </Group>
  );
}

/** A grocery page's URL state and how it changes (the route's). */
export type GroceryPageProps = { search: GrocerySearch; onSearchChange: (s: GrocerySearch) => void };

interface DashboardProps<T extends Head, K extends QueryKey> {
  /** The page's texts: `groceryAnalytics.{section}.title` and `.subtitle`. */
  section: 'sellout' | 'customers';
  /** The page's summary card (its loading and error are the whole page's). */
  summary: (accountId: number, search: StoreSearch) => UseQueryOptions<T, Error, T, K>;
  /** The page's numbers, under the periods line. */
  children: (data: T, search: StoreSearch) => ReactNode;
}

/** With its supermarket: the orders dashboards' header (store, channel, period) and the comparison; the periods and the Metabase link above the numbers. */
function StoreDashboard<T extends Head, K extends QueryKey>({ section, summary, search, onSearchChange, children }: DashboardProps<T, K> & { search: StoreSearch; onSearchChange: GroceryPageProps['onSearchChange'] }) {
  const query = useQuery(summary(useAccountId(), search));
  // The orders dashboards' filters know nothing of the comparison: it stays as it was.
  const filtered = (next: DashboardSearch) => onSearchChange({ compare: search.compare, ...next });
  const body = (data: T) => (
    <>
      <PeriodLine head={data} />
      {children(data, search)}
    </>
  );
  return (
    <DashboardLayout
      title={t(`groceryAnalytics.${section}.title`)}
      subtitle={t(`groceryAnalytics.${section}.subtitle`)}
      search={search}
      onSearchChange={filtered}
      extraAfter={<CompareSelect search={search} onSearchChange={onSearchChange} />}
      query={query}
      withChannel
    >
      {body}
    </DashboardLayout>
  );
}

/** A grocery dashboard: without a supermarket in the URL, the chooser (the choice goes to the URL, keeping the period); then the dashboard. */
export function GroceryDashboard<T extends Head, K extends QueryKey>({ search, onSearchChange, ...dashboard }: DashboardProps<T, K> & GroceryPageProps) {
  if (hasStore(search)) return <StoreDashboard {...dashboard} search={search} onSearchChange={onSearchChange} />;
  return (
    <Stack gap="lg">
      <PageHeader title={t(`groceryAnalytics.${dashboard.section}.title`)} description={t(`groceryAnalytics.${dashboard.section}.subtitle`)} />
      <StoreChooser onChoose={(location_id) => onSearchChange({ ...search, location_id })} />
    </Stack>
  );
}

export type GroceryKpi = Omit<StatCardProps, 'testId'> & { key: string };

/** Six cards: three a row from `md` up, two on small tablets, one on phones. Each is `grocery-kpi`. */
export function GroceryKpis({ cards }: { cards: GroceryKpi[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="grocery-kpis">
      {cards.map(({ key, ...card }) => (
        <StatCard key={key} {...card} testId="grocery-kpi" />
      ))}
    </SimpleGrid>
  );
}

type Figure = { previous: number | null; change: number | null };
/** What the page compares with, or null (no comparison, or the API gave no previous period). */
export const comparedWith = (data: { compare: Comparison; previous: unknown }): Exclude<Comparison, 'none'> | null =>
  data.previous && data.compare !== 'none' ? data.compare : null;

/** Under a card: its change against the comparison ("▲ 12,3% vs período anterior"), the previous value on hover. */
export function changeOf(figure: Figure, format: (v: number) => string, against: Exclude<Comparison, 'none'> | null): ReactNode {
  if (!against) return null;
  return (
    <ChangeLine
      text={formatChange(figure.change)}
      trend={trendOf(figure.change)}
      compare={against}
      title={figure.previous === null ? undefined : t('salesDashboard.previousValue', { value: format(figure.previous) })}
    />
  );
}
