import { Group, SegmentedControl, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { KPI_DRILLS, K_ANONYMITY, type KpiDrill } from '@backoffice/contracts';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { Panel } from '../order-dashboards/dashboard-layout';
import { useAccountId } from '../sales-dashboard/api';
import { formatDate } from '../sales-dashboard/format';
import { cardQuery, filterOptionsQuery, kpiDrillBody, type BodyOf, type KpiRow, type KpiTree } from './api';
import { CardPanel } from './card-panel';
import { ExportMenu } from './export-menu';
import { formatMaybeMoney, formatRatio } from './format';
import { HiddenCount } from './hidden-count';
import { comparedWith, IndustryDashboard } from './industry-page';
import { type IndustrySearch, type KpiSearch } from './industry-search';
import { drillAfter, industryBody } from './scope';
import { childrenOf, formulaOf, KpiTreeView, NODE_H } from './kpi-tree';
import { Change, DataTable, NameCell, type Column } from './tables';
import { t } from '../../i18n';

const dimension = (drill: KpiDrill) => t(`industryAnalytics.kpi.drill.dimensions.${drill}`);

/** "Valor de sell-out = Unidades × Preço médio; Unidades = …" from the nodes the API gave. */
function formulas(nodes: NonNullable<KpiTree['cards']['tree']>) {
  const kidsOf = childrenOf(nodes);
  return nodes
    .filter((n) => kidsOf(n.key).length > 0)
    .map((n) => formulaOf(n, kidsOf(n.key)))
    .join('; ');
}

function TreePanel({ data, body }: { data: KpiTree; body: BodyOf<'kpi'> }) {
  const nodes = data.cards.tree ?? [];
  const against = comparedWith(data);
  const title = t('industryAnalytics.kpi.tree.title');
  const period = data.previous && against ? t('industryAnalytics.kpi.tree.comparedWith', { from: formatDate(data.previous.from), to: formatDate(data.previous.to) }) : t('industryAnalytics.kpi.tree.noComparison');
  return (
    <Panel title={title} hint={`${formulas(nodes)}. ${period}`} testId="kpi-tree-panel" actions={<ExportMenu dashboard="kpi" card="tree" body={body} title={title} />}>
      <KpiTreeView nodes={nodes} compare={against} />
    </Panel>
  );
}

/** The drill-down's columns: the customers' three only by retailer and store (the API has them null by category and product). */
function drillColumns(drill: KpiDrill, compared: boolean): Column<KpiRow>[] {
  const withCustomers = drill === 'retailer' || drill === 'store';
  const node = (key: string) => t(`industryAnalytics.kpi.nodes.${key}`);
  return [
    { key: 'label', label: dimension(drill), render: (r) => <NameCell name={r.label} /> },
    { key: 'sell_out_value', label: node('sell_out_value'), numeric: true, render: (r) => formatMoney(r.sell_out_value) },
    { key: 'units', label: node('units'), numeric: true, render: (r) => formatInt(r.units) },
    { key: 'average_price', label: node('average_price'), numeric: true, render: (r) => formatMaybeMoney(r.average_price) },
    ...(withCustomers
      ? [
          { key: 'buying_customers', label: node('buying_customers'), numeric: true, render: (r: KpiRow) => <HiddenCount value={r.buying_customers} /> },
          { key: 'frequency', label: node('frequency'), numeric: true, render: (r: KpiRow) => formatRatio(r.frequency) },
          { key: 'units_per_purchase', label: node('units_per_purchase'), numeric: true, render: (r: KpiRow) => formatRatio(r.units_per_purchase) },
        ]
      : []),
    ...(compared
      ? [
          {
            key: 'change',
            label: t('industryAnalytics.columns.change'),
            numeric: true,
            render: (r: KpiRow) => <Change change={r.change} />,
            title: (r: KpiRow) => t('industryAnalytics.previousValue', { value: formatMaybeMoney(r.previous_sell_out_value) }),
          },
        ]
      : []),
  ];
}

/** The filters that narrow the page to a row of the drill-down, or null when it cannot (a store whose retailer is unknown, the row already chosen). */
function useNarrowing(search: KpiSearch) {
  const stores = useQuery(filterOptionsQuery(useAccountId(), search)).data?.stores ?? [];
  return (drill: KpiDrill, row: KpiRow): Partial<IndustrySearch> | null => {
    const id = Number(row.key);
    switch (drill) {
      case 'retailer':
        return search.retailer_id === id ? null : { retailer_id: id, location_id: undefined, product_id: undefined };
      case 'store': {
        // The API keys a store by "retailer:store"; a bare store id finds its retailer among the filters' choices.
        const [first, second] = row.key.split(':');
        const location_id = Number(second ?? first);
        const retailer_id = second ? Number(first) : (search.retailer_id ?? stores.find((s) => s.id === location_id)?.retailer_id);
        return retailer_id && location_id && search.location_id !== location_id ? { retailer_id, location_id } : null;
      }
      case 'category':
        return search.category === row.key ? null : { category: row.key };
      case 'product':
        return search.product_id === id ? null : { product_id: id };
    }
  };
}

function DrillPanel({ search, onSearchChange }: { search: KpiSearch; onSearchChange: (s: KpiSearch) => void }) {
  const body = kpiDrillBody(search);
  const query = useQuery(cardQuery(useAccountId(), 'kpi', 'drill', body));
  const narrowing = useNarrowing(search);
  const title = t('industryAnalytics.kpi.drill.title');
  const narrow = (drill: KpiDrill, row: KpiRow) => {
    const change = narrowing(drill, row);
    if (!change) return;
    const merged = { ...search, ...change };
    const next = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as KpiSearch;
    onSearchChange({ ...next, drill: drillAfter(drill, next) });
  };
  return (
    <CardPanel
      title={title}
      hint={t('industryAnalytics.kpi.drill.hint', { dimension: dimension(search.drill).toLowerCase(), k: K_ANONYMITY })}
      testId="kpi-drill"
      padded={false}
      actions={
        <Group gap="xs" wrap="nowrap">
          <SegmentedControl
            size="xs"
            data={KPI_DRILLS.map((d) => ({ value: d, label: dimension(d) }))}
            value={search.drill}
            onChange={(d) => onSearchChange({ ...search, drill: d as KpiDrill })}
            aria-label={t('industryAnalytics.kpi.drill.label')}
            data-testid="kpi-drill-switch"
          />
          <ExportMenu dashboard="kpi" card="drill" body={body} title={`${title} (${dimension(search.drill).toLowerCase()})`} />
        </Group>
      }
      query={query}
      pick={(d) => d.cards.drill}
      isEmpty={(rows) => rows.length === 0}
      emptyText={t('industryAnalytics.sellout.empty')}
    >
      {(rows, data) => (
        <DataTable
          rows={rows}
          columns={drillColumns(data.drill, comparedWith(data) !== null)}
          rowKey={(r) => r.key}
          minWidth={data.drill === 'retailer' || data.drill === 'store' ? 860 : 620}
          testId="kpi-drill-table"
          narrow={{
            label: (r) => t('industryAnalytics.kpi.drill.narrow', { label: r.label }),
            can: (r) => narrowing(data.drill, r) !== null,
            onNarrow: (r) => narrow(data.drill, r),
          }}
        />
      )}
    </CardPanel>
  );
}

const treeIsEmpty = (data: KpiTree) => {
  const root = data.cards.tree?.find((n) => n.parent === null);
  return !root || !root.value;
};

/** /kpi: the sell-out KPI tree of the brand, with the change of each node, and its drill-down by retailer, store, category or product. */
export function KpiPage({ search, onSearchChange }: { search: KpiSearch; onSearchChange: (s: KpiSearch) => void }) {
  const body = industryBody(search);
  const tree = useQuery(cardQuery(useAccountId(), 'kpi', 'tree', body));
  return (
    <IndustryDashboard
      title={t('industryAnalytics.kpi.title')}
      subtitle={t('industryAnalytics.kpi.subtitle')}
      search={search}
      onSearchChange={(next) => onSearchChange({ ...next, drill: search.drill })}
      query={tree}
      skeleton={<Skeleton h={NODE_H * 3 + 160} radius="md" data-testid="kpi-tree-loading" />}
      cards={(data) => (treeIsEmpty(data) ? null : <TreePanel data={data} body={body} />)}
      isEmpty={treeIsEmpty}
      empty={{ title: t('industryAnalytics.sellout.empty'), hint: t('industryAnalytics.emptyHint') }}
    >
      <DrillPanel search={search} onSearchChange={onSearchChange} />
    </IndustryDashboard>
  );
}
