import { Button, Card, Group, Loader, SimpleGrid, Skeleton, Stack, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Comparison } from '@backoffice/contracts';
import { PageHeader } from '../../shared/components/page-header';
import { StatCard } from '../../shared/components/stat-card';
import { EmptyDashboard, type Kpi } from '../order-dashboards/dashboard-layout';
import { ChangeLine } from '../sales-dashboard/change-line';
import { formatChange, trendOf } from '../sales-dashboard/format';
import { QueryError } from './card-panel';
import { PeriodFilters, ScopeFilters } from './industry-filters';
import type { IndustrySearch } from './industry-search';
import { t } from '../../i18n';

/** A figure with its comparison's value and the change between them (the API's Card). */
type Compared = { previous: number | null; change: number | null };
type Head = { compare: Comparison; previous: { from: string; to: string } | null; embed_url: string | null };

/** The comparison a page shows changes against: none when the API compared with nothing. */
export const comparedWith = (data: Head) => (data.previous && data.compare !== 'none' ? data.compare : null);

/** Under a card's value: its change against the comparison, the previous value in the tooltip. */
export function changeLine(card: Compared, against: Exclude<Comparison, 'none'> | null, format: (v: number) => string) {
  if (!against) return undefined;
  return (
    <ChangeLine
      text={formatChange(card.change)}
      trend={trendOf(card.change)}
      compare={against}
      title={card.previous === null ? undefined : t('industryAnalytics.previousValue', { value: format(card.previous) })}
    />
  );
}

/** A card of the page's top row; `tooltip` explains a hidden value. */
export type StatKpi = Kpi & { tooltip?: string };

/** The page's cards: three a row from `md` up (five cards: all five in a row), two on tablets. Each is `industry-kpi`. */
export function StatGrid({ cards, loading = false }: { cards: StatKpi[]; loading?: boolean }) {
  const five = cards.length === 5;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: five ? 5 : 3 }} spacing="md">
      {cards.map(({ key, tooltip, ...c }) =>
        loading ? (
          <Card key={key} withBorder radius="md" padding="md" h={108} data-testid="industry-kpi-loading">
            <Skeleton h={12} w="60%" radius="sm" />
            <Skeleton h={26} w="75%" radius="sm" mt="sm" />
            <Skeleton h={10} w="50%" radius="sm" mt="sm" />
          </Card>
        ) : tooltip ? (
          <Tooltip key={key} label={tooltip} withArrow multiline maw={280}>
            <div style={{ height: '100%' }}>
              <StatCard {...c} testId="industry-kpi" />
            </div>
          </Tooltip>
        ) : (
          <StatCard key={key} {...c} testId="industry-kpi" />
        ),
      )}
    </SimpleGrid>
  );
}

interface Props<T extends Head> {
  title: string;
  subtitle: string;
  search: IndustrySearch;
  onSearchChange: (next: IndustrySearch) => void;
  /** The page's lead card (its summary, or /kpi's tree): the cards, the empty state and the Metabase link come from it. */
  query: UseQueryResult<T>;
  /** What stands in for the cards while the lead card loads. */
  skeleton: ReactNode;
  cards: (data: T) => ReactNode;
  isEmpty: (data: T) => boolean;
  empty: { title: string; hint: string };
  /** Under the filters (the consumers' privacy note). */
  note?: ReactNode;
  /** The panels, when there is something to show. */
  children: ReactNode;
}

/**
 * An industry dashboard: title with the period and comparison (and "Abrir no Metabase" when the
 * account has one), the retailer / store / category / product filters, the lead cards, then the
 * panels, or the empty state when the period has nothing for the brand.
 */
export function IndustryDashboard<T extends Head>({ title, subtitle, search, onSearchChange, query, skeleton, cards, isEmpty, empty, note, children }: Props<T>) {
  const data = query.data;
  let body: ReactNode;
  if (query.isError) body = <QueryError inline query={query} testId="industry-error" />;
  else if (data === undefined)
    body = (
      <Stack gap="lg" data-testid="industry-loading">
        {skeleton}
        <Skeleton h={300} radius="md" />
      </Stack>
    );
  else
    body = (
      <Stack gap="lg" style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={query.isFetching} data-testid="industry-dashboard">
        {cards(data)}
        {isEmpty(data) ? <EmptyDashboard title={empty.title} hint={empty.hint} /> : children}
      </Stack>
    );
  const embed = data?.embed_url;
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={subtitle}
        actions={
          <Group gap="sm" align="flex-end" wrap="wrap">
            {query.isFetching && data !== undefined && <Loader size="xs" mb={10} aria-label={t('common.loading')} />}
            {embed && (
              <Button component="a" href={embed} target="_blank" rel="noopener noreferrer" variant="subtle" size="sm" leftSection={<IconExternalLink size={16} />} data-testid="industry-metabase">
                {t('industryAnalytics.metabase')}
              </Button>
            )}
            <PeriodFilters search={search} onSearchChange={onSearchChange} />
          </Group>
        }
      />
      <ScopeFilters search={search} onSearchChange={onSearchChange} />
      {note}
      <Stack gap="lg" mt={4}>
        {body}
      </Stack>
    </Stack>
  );
}
