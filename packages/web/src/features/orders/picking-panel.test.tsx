import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { fullOrder } from './order-fixtures';
import { pickBody, readyToSend, type PickDecision } from './picking-body';

const page = (data: unknown[]) => ({ data, meta: { page: 1, quantity: 10, total: data.length, total_pages: 1 } });

const SUBSTITUTE = {
  id: 77,
  product_sku: 'LEITE-DESN-1L',
  name: 'Leite Desnatado 1L',
  brand: null,
  gtin: null,
  image_url: null,
  categories: ['Laticínios'],
  price: 5.79,
  unit_measurement: 'un',
  is_available: true,
  available_stock: 20,
  url: null,
  additional_references: [],
  product_reference_code: null,
  tags: [],
  sellers: [],
  size_pack: '1L',
  weight_per_unit: null,
  offer: { location_id: 3, price: 5.79, promotional_price: null, promotion_start: null, promotion_end: null, promotion_active: false, effective_price: 5.79, stock: 20, is_available: true, available: true },
};

const OPERATOR = { id: 5, name: 'Carlos Separador', cpf: '12345678909', phone: null, email: null, role: 'picker', location_ids: [3], locations: [{ id: 3, name: 'Bom Preço Centro' }], vehicle: null, active: true, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' };

describe('picking panel', { timeout: 30_000 }, () => {
  it('sends one line substituted (accepted by the customer) and one weighed line with the operator, and shows the new totals', async () => {
    const sent: unknown[] = [];
    const picking = fullOrder({ status: 'picking' }, ['picked', 'canceled']);
    const answered = fullOrder({ status: 'picking', total: 40.11, sub_total: 40.11 }, ['picked', 'canceled']);
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/order/full-order/42': () => json(picking),
      'GET /api/operator': () => json(page([OPERATOR])),
      'GET /search/products': (request) => json(page(new URL(request.url).searchParams.get('query')?.includes('desn') ? [SUBSTITUTE] : [])),
      'POST /api/order/items/42': async (request) => {
        sent.push(await request.json());
        return json({ ...answered, message: 'Separação registrada' });
      },
    });
    renderApp('/order/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Separar itens' }));
    const panel = await screen.findByRole('dialog', { name: 'Separação do pedido #1007' });

    await user.click(within(panel).getByRole('combobox', { name: 'Operador (opcional)' }));
    await user.click(await screen.findByRole('option', { name: 'Carlos Separador' }));

    const [milk, cheese] = within(panel).getAllByTestId('picking-line');
    await user.click(within(milk!).getByRole('button', { name: 'Substituir…' }));
    await user.type(within(milk!).getByRole('textbox', { name: 'Produto substituto' }), 'leite desn');
    await user.click(await within(milk!).findByRole('button', { name: 'Escolher: Leite Desnatado 1L' }));
    expect(within(panel).getByRole('button', { name: 'Registrar separação' })).toBeDisabled();
    await user.click(within(milk!).getByRole('checkbox', { name: 'Cliente aceitou a substituição' }));

    await user.click(within(cheese!).getByRole('button', { name: 'Separado' }));
    const weight = within(cheese!).getByRole('textbox', { name: 'Peso (kg): Queijo Minas Frescal' });
    await user.clear(weight);
    await user.type(weight, '0,45');

    await user.click(within(panel).getByRole('button', { name: 'Registrar separação' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar a separação do pedido #1007' });
    expect(dialog).toHaveTextContent('1 separado(s), 1 substituído(s), 0 em falta e 0 incluído(s)');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          items: [
            { item_id: 1, status: 'substituted', substitute: { product_id: 77, quantity: 3, accepted: true } },
            { item_id: 2, status: 'picked', weight: 0.45 },
          ],
          add: [],
          operator_id: 5,
        },
      ]),
    );
    expect(await within(panel).findByText('Total do pedido: R$ 40,11')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('R$ 40,11');
  });

  it('shows a refusal (409) in the server words inside the panel', async () => {
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/order/full-order/42': () => json(fullOrder({ status: 'picking' }, ['picked', 'canceled'])),
      'GET /api/operator': () => json(page([])),
      'POST /api/order/items/42': () => apiError(409, 'ORDER_NOT_PICKING', 'O pedido não está em separação (está em Separado).'),
    });
    renderApp('/order/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Separar itens' }));
    const panel = await screen.findByRole('dialog', { name: 'Separação do pedido #1007' });
    await user.click(within(within(panel).getAllByTestId('picking-line')[0]!).getByRole('button', { name: 'Em falta' }));
    await user.click(within(panel).getByRole('button', { name: 'Registrar separação' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Registrar a separação do pedido #1007' })).getByRole('button', { name: 'Registrar' }));
    expect(await within(panel).findByTestId('picking-error')).toHaveTextContent('O pedido não está em separação (está em Separado).');
  });
});

describe('picking body', () => {
  const { items } = fullOrder({ status: 'picking' });
  it('sends a counted line quantity only when it differs, a weighed line its weight, and lines added', () => {
    const decisions = new Map<number, PickDecision>([
      [1, { status: 'picked', quantity: 2, weight: null }],
      [2, { status: 'missing' }],
    ]);
    const added = [{ product: { id: 90, sku: 'BANANA-KG', name: 'Banana Prata', unit_measurement: 'kg', price: 6.9 }, quantity: 1, weight: 1.2 }];
    expect(pickBody(items, decisions, added, null)).toEqual({
      items: [
        { item_id: 1, status: 'picked', quantity: 2 },
        { item_id: 2, status: 'missing' },
      ],
      add: [{ product_id: 90, quantity: 1, weight: 1.2 }],
    });
    expect(pickBody(items, new Map([[1, { status: 'picked', quantity: 3, weight: null }]]), [], 4)).toEqual({ items: [{ item_id: 1, status: 'picked' }], add: [], operator_id: 4 });
  });

  it('is not ready while a substitution lacks its product or the customer acceptance', () => {
    const product = { id: 77, sku: 'X', name: 'X', unit_measurement: 'un', price: 1 };
    expect(readyToSend(new Map(), [])).toBe(false);
    expect(readyToSend(new Map([[1, { status: 'substituted', product: null, accepted: true, quantity: null, weight: null }]]), [])).toBe(false);
    expect(readyToSend(new Map([[1, { status: 'substituted', product, accepted: false, quantity: 1, weight: null }]]), [])).toBe(false);
    expect(readyToSend(new Map([[1, { status: 'substituted', product, accepted: true, quantity: 1, weight: null }]]), [])).toBe(true);
  });
});
