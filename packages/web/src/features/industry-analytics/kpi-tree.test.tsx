import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithMantine } from '../../test/render';
import { KPI_TREE, KPI_TREE_HIDDEN } from './industry-fixtures';
import { childrenOf, formulaOf, KpiTreeView } from './kpi-tree';

const text = (el: Element) => el.textContent?.replace(/\u00a0/g, ' ') ?? '';
const node = (key: string) => screen.getAllByTestId('kpi-node').find((n) => n.dataset.key === key)!;
/** A parent's children group, read in DOM order: each child's label and the operators between them. */
const sequence = (parent: string) => {
  const group = screen.getAllByTestId('kpi-children').find((g) => g.dataset.parent === parent)!;
  return [...group.children].map((el) => (el.getAttribute('data-testid') === 'kpi-operator' ? text(el) : el.getAttribute('data-testid') === 'kpi-node' ? (el as HTMLElement).dataset.key : null)).filter(Boolean);
};

describe('KPI tree', () => {
  it('draws the root, its children with "×" between them, and the units’ children with "×" between each two', () => {
    renderWithMantine(<KpiTreeView nodes={KPI_TREE.cards.tree!} compare="previous_period" />);
    // The API's flat list comes in any order: the tree follows the contract's.
    expect(screen.getAllByTestId('kpi-node').map((n) => n.dataset.key)).toEqual(['sell_out_value', 'units', 'buying_customers', 'frequency', 'units_per_purchase', 'average_price']);
    expect(sequence('sell_out_value')).toEqual(['units', '×', 'average_price']);
    expect(sequence('units')).toEqual(['buying_customers', '×', 'frequency', '×', 'units_per_purchase']);
    expect(screen.getAllByTestId('kpi-operator')).toHaveLength(3);
    expect(screen.getAllByTestId('kpi-operator')[0]).toHaveAccessibleName('multiplicado por');
    expect(screen.getByRole('group', { name: 'Valor de sell-out = Unidades × Preço médio' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Unidades = Clientes compradores × Frequência × Unidades por compra' })).toBeInTheDocument();
  });

  it('shows each node’s value, previous value and coloured change', () => {
    renderWithMantine(<KpiTreeView nodes={KPI_TREE.cards.tree!} compare="previous_period" />);
    expect(text(node('sell_out_value'))).toBe('Valor de sell-outVendas das suas marcasR$ 2.451,40▲ 16,7%vs R$ 2.100,00');
    expect(text(node('units'))).toBe('UnidadesUnidades vendidas140▲ 12%vs 125');
    expect(text(node('average_price'))).toBe('Preço médioValor ÷ unidadesR$ 17,51▲ 4,2%vs R$ 16,80');
    expect(text(node('buying_customers'))).toBe('Clientes compradoresClientes que compraram17▲ 13,3%vs 15');
    expect(text(node('frequency'))).toBe('FrequênciaCompras por cliente1,47▲ 5%vs 1,4');
    expect(text(node('units_per_purchase'))).toBe('Unidades por compraUnidades em cada compra5,6▼ 5,9%vs 5,95');
    const trend = (key: string) => (within(node(key)).getByTestId('sales-change-badge') as HTMLElement).dataset.trend;
    expect(trend('sell_out_value')).toBe('up');
    expect(trend('units_per_purchase')).toBe('down');
  });

  it('the root card stands out and the cards are laid out as a tree: each parent above, centred over its children', () => {
    renderWithMantine(<KpiTreeView nodes={KPI_TREE.cards.tree!} compare="previous_period" />);
    const box = (key: string) => ({ left: parseFloat(node(key).style.left), top: parseFloat(node(key).style.top) });
    expect(box('sell_out_value').top).toBeLessThan(box('units').top);
    expect(box('units').top).toBe(box('average_price').top);
    expect(box('units').top).toBeLessThan(box('frequency').top);
    // Units over its middle child; the leaves side by side, left to right.
    expect(box('units').left).toBe(box('frequency').left);
    expect(box('buying_customers').left).toBeLessThan(box('frequency').left);
    expect(box('frequency').left).toBeLessThan(box('units_per_purchase').left);
    expect(box('units_per_purchase').left).toBeLessThan(box('average_price').left);
  });

  it('hides the customers under 5 as "< 5" with why, and shows no previous value or change without a comparison', async () => {
    renderWithMantine(<KpiTreeView nodes={KPI_TREE_HIDDEN.cards.tree!} compare={null} />);
    expect(text(node('buying_customers'))).toBe('Clientes compradoresClientes que compraram< 5');
    expect(text(node('frequency'))).toBe('FrequênciaCompras por cliente—');
    expect(text(node('sell_out_value'))).toBe('Valor de sell-outVendas das suas marcasR$ 2.451,40');
    expect(screen.queryAllByTestId('kpi-node-previous')).toHaveLength(0);
    expect(screen.queryAllByTestId('sales-change-badge')).toHaveLength(0);
    await userEvent.setup().hover(within(node('buying_customers')).getByTestId('hidden-count'));
    expect(await screen.findByText('Oculto para proteger a privacidade dos clientes (menos de 5)')).toBeInTheDocument();
  });

  it('writes the formula of a parent from its children, with "+" for a sum', () => {
    const kidsOf = childrenOf(KPI_TREE.cards.tree!);
    const root = kidsOf(null)[0]!;
    expect(formulaOf(root, kidsOf(root.key))).toBe('Valor de sell-out = Unidades × Preço médio');
    expect(formulaOf({ ...root, operator: 'sum' }, kidsOf(root.key))).toBe('Valor de sell-out = Unidades + Preço médio');
  });

  it('draws nothing without a root', () => {
    const { container } = renderWithMantine(<KpiTreeView nodes={[]} compare={null} />);
    expect(container.querySelector('[data-testid=kpi-tree]')).toBeNull();
  });
});
