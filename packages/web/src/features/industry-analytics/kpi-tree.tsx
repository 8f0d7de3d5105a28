import { Box, Card, Group, Text, Tooltip } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { KPI_NODES, K_ANONYMITY, type Comparison, type KpiNodeKey } from '@backoffice/contracts';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { ChangeBadge } from '../sales-dashboard/change-line';
import type { KpiNode } from './api';
import { formatRatio } from './format';
import { HiddenCount } from './hidden-count';
import { t } from '../../i18n';

// The tree is laid out on a fixed grid: each card NODE_W × NODE_H, siblings GAP_X apart (the
// operator sits in that gap), levels LEVEL_GAP apart (the connectors run there).
const NODE_W = 206;
export const NODE_H = 128;
const GAP_X = 32;
const LEVEL_GAP = 44;
const OPERATOR = 28;
const LINE = 'var(--mantine-color-gray-4)';

/** The customers' side of the tree: hidden (null) when fewer than K_ANONYMITY customers bought. */
const CUSTOMER_NODES: readonly KpiNodeKey[] = ['buying_customers', 'frequency', 'units_per_purchase'];

const FORMATS: Record<KpiNodeKey, (v: number) => string> = {
  sell_out_value: formatMoney,
  units: formatInt,
  average_price: formatMoney,
  buying_customers: formatInt,
  frequency: (v) => formatRatio(v),
  units_per_purchase: (v) => formatRatio(v),
};

const kpiLabel = (key: KpiNodeKey) => t(`industryAnalytics.kpi.nodes.${key}`);
/** A node's value as the tree and the drill-down show it ("—" when not measured). */
const formatKpi = (key: KpiNodeKey, value: number | null) => (value === null ? '—' : FORMATS[key](value));
const operatorSymbol = (operator: KpiNode['operator']) => (operator === 'sum' ? '+' : '×');

/** "Valor de sell-out = Unidades × Preço médio": how a parent is made of its children. */
export function formulaOf(parent: KpiNode, kids: KpiNode[]) {
  return `${kpiLabel(parent.key)} = ${kids.map((k) => kpiLabel(k.key)).join(` ${operatorSymbol(parent.operator)} `)}`;
}

/** The children of each node, in the contract's order (sell-out value, units, average price, customers…). */
export function childrenOf(nodes: KpiNode[]) {
  const order = (n: KpiNode) => KPI_NODES.indexOf(n.key);
  const map = new Map<KpiNodeKey | null, KpiNode[]>();
  for (const n of [...nodes].sort((a, b) => order(a) - order(b))) map.set(n.parent, [...(map.get(n.parent) ?? []), n]);
  return (key: KpiNodeKey | null) => map.get(key) ?? [];
}

interface Placed {
  node: KpiNode;
  /** Centre of the card, from the tree's left edge. */
  x: number;
  /** Top of the card. */
  y: number;
  kids: Placed[];
}

/** Places each card: leaves side by side, a parent centred over its first and last child. */
function layout(node: KpiNode, kidsOf: (key: KpiNodeKey) => KpiNode[], left = 0, depth = 0): { placed: Placed; width: number } {
  const y = depth * (NODE_H + LEVEL_GAP);
  const kids = kidsOf(node.key);
  if (kids.length === 0) return { placed: { node, x: left + NODE_W / 2, y, kids: [] }, width: NODE_W };
  let cursor = left;
  const placedKids = kids.map((kid, i) => {
    const { placed, width } = layout(kid, kidsOf, cursor + (i > 0 ? GAP_X : 0), depth + 1);
    cursor += width + (i > 0 ? GAP_X : 0);
    return placed;
  });
  const span = cursor - left;
  const x = (placedKids[0]!.x + placedKids.at(-1)!.x) / 2;
  return { placed: { node, x, y, kids: placedKids }, width: Math.max(span, NODE_W) };
}

function depthOf(p: Placed): number {
  return p.kids.length === 0 ? 1 : 1 + Math.max(...p.kids.map(depthOf));
}

/** Why a node has no value: the customers' privacy, or nothing measured for this cut. */
function missingReason(key: KpiNodeKey, customersHidden: boolean) {
  return CUSTOMER_NODES.includes(key) && customersHidden ? t('industryAnalytics.privacy.tooltip', { k: K_ANONYMITY }) : t('industryAnalytics.kpi.notMeasured');
}

function NodeValue({ node, customersHidden }: { node: KpiNode; customersHidden: boolean }) {
  if (node.key === 'buying_customers') return <HiddenCount value={node.value} />;
  if (node.value !== null) return <>{formatKpi(node.key, node.value)}</>;
  return (
    <Tooltip label={missingReason(node.key, customersHidden)} withArrow multiline maw={260}>
      <Text span inherit c="dimmed" style={{ cursor: 'help' }} tabIndex={0}>
        —
      </Text>
    </Tooltip>
  );
}

function NodeCard({ placed, compared, customersHidden, root }: { placed: Placed; compared: boolean; customersHidden: boolean; root: boolean }) {
  const { node, x, y } = placed;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      bg={root ? 'blue.0' : undefined}
      style={{ position: 'absolute', left: x - NODE_W / 2, top: y, width: NODE_W, height: NODE_H, ...(root ? { borderColor: 'var(--mantine-color-blue-4)' } : {}) }}
      data-testid="kpi-node"
      data-key={node.key}
    >
      <Text size="sm" fw={600} lh={1.25} truncate>
        {kpiLabel(node.key)}
      </Text>
      <Text size="xs" c="dimmed" lh={1.3} truncate>
        {t(`industryAnalytics.kpi.hints.${node.key}`)}
      </Text>
      <Text component="div" fw={700} fz={21} lh={1.2} mt={6} style={{ whiteSpace: 'nowrap' }} data-testid="kpi-node-value">
        <NodeValue node={node} customersHidden={customersHidden} />
      </Text>
      {compared && (
        <Group gap={8} wrap="nowrap" mt="auto">
          <Box style={{ flexShrink: 0 }}>
            <ChangeBadge change={node.change} />
          </Box>
          <Text size="xs" c="dimmed" truncate data-testid="kpi-node-previous" title={t('industryAnalytics.previousValue', { value: formatKpi(node.key, node.previous) })}>
            {t('industryAnalytics.kpi.previous', { value: formatKpi(node.key, node.previous) })}
          </Text>
        </Group>
      )}
    </Card>
  );
}

/** The elbow from a parent's bottom to each child's top. */
function connectors(p: Placed): string[] {
  if (p.kids.length === 0) return [];
  const mid = p.y + NODE_H + LEVEL_GAP / 2;
  return [...p.kids.map((k) => `M${p.x} ${p.y + NODE_H} V${mid} H${k.x} V${k.y}`), ...p.kids.flatMap(connectors)];
}

/** The operator between two children, in the gap between their cards, on the line of their centres. */
function Operator({ operator, x, y }: { operator: KpiNode['operator']; x: number; y: number }) {
  const symbol = operatorSymbol(operator);
  return (
    <Box
      bg="gray.1"
      c="gray.8"
      fw={700}
      style={{
        position: 'absolute',
        left: x - OPERATOR / 2,
        top: y - OPERATOR / 2,
        width: OPERATOR,
        height: OPERATOR,
        borderRadius: '50%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: `1px solid ${LINE}`,
        lineHeight: 1,
      }}
      data-testid="kpi-operator"
      aria-label={t(`industryAnalytics.kpi.operators.${operator === 'sum' ? 'sum' : 'product'}`)}
      role="img"
    >
      {symbol}
    </Box>
  );
}

/** A node and, under it, its children with the operator between each two: the DOM follows the tree. */
function Subtree({ placed, compared, customersHidden, root = false }: { placed: Placed; compared: boolean; customersHidden: boolean; root?: boolean }): ReactNode {
  const { node, kids } = placed;
  return (
    <>
      <NodeCard placed={placed} compared={compared} customersHidden={customersHidden} root={root} />
      {kids.length > 0 && (
        <div role="group" aria-label={formulaOf(node, kids.map((k) => k.node))} data-testid="kpi-children" data-parent={node.key}>
          {kids.map((kid, i) => (
            <Fragment key={kid.node.key}>
              {i > 0 && <Operator operator={node.operator} x={(kids[i - 1]!.x + kid.x) / 2} y={kid.y + NODE_H / 2} />}
              <Subtree placed={kid} compared={compared} customersHidden={customersHidden} />
            </Fragment>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * The KPI tree as connected cards: sell-out value at the top, made of units × average price; units
 * of buying customers × frequency × units per purchase. Each card has its value and, against a
 * comparison, the previous value and the change. Scrolls sideways inside its panel when narrow.
 */
export function KpiTreeView({ nodes, compare }: { nodes: KpiNode[]; compare: Comparison | null }) {
  const kidsOf = childrenOf(nodes);
  const root = kidsOf(null)[0];
  if (!root) return null;
  const { placed, width } = layout(root, kidsOf);
  const height = depthOf(placed) * (NODE_H + LEVEL_GAP) - LEVEL_GAP;
  const customersHidden = nodes.some((n) => n.key === 'buying_customers' && n.value === null);
  return (
    <Box style={{ overflowX: 'auto' }} data-testid="kpi-tree">
      <Box pos="relative" mx="auto" style={{ width, height }}>
        <svg width={width} height={height} style={{ position: 'absolute', inset: 0 }} aria-hidden>
          {connectors(placed).map((d) => (
            <path key={d} d={d} fill="none" stroke={LINE} strokeWidth={1.5} />
          ))}
        </svg>
        <Subtree placed={placed} compared={compare !== null && compare !== 'none'} customersHidden={customersHidden} root />
      </Box>
    </Box>
  );
}
