import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_INFO, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { costOf } from './product-cost';
import { formatMargin, productMargin } from './product-format';

const product = (id: number, name: string, patch: Record<string, unknown> = {}) => ({
  id,
  product_sku: `sku-${id}`,
  name,
  brand: 'Doce Vida',
  gtin: '7891000100103',
  image_url: null,
  categories: ['Mercearia', 'Açúcar'],
  price: 4.89,
  unit_measurement: 'un',
  size_pack: '1kg',
  weight_per_unit: null,
  is_available: true,
  available_stock: 250,
  url: null,
  additional_references: [],
  product_reference_code: null,
  sellers: [],
  tags: [],
  offer: null,
  ...patch,
});
const page = (rows: unknown[]) => json({ data: rows, meta: { page: 1, quantity: 50, total: rows.length, total_pages: 1 } });
const PRODUCTS = [product(12, 'Açúcar Refinado Doce Vida 1kg'), product(13, 'Arroz Branco Tipo 1 Grão Bom 5kg', { brand: 'Grão Bom', available_stock: 0 })];
const STORES = [{ id: 1, name: 'Bom Preço Pinheiros', city: 'São Paulo', state: 'SP', active: true }];

const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /search/products': () => page(PRODUCTS),
  'GET /search/products/facets': () => json({ categories: [{ name: 'Mercearia', count: 2, children: [{ name: 'Açúcar', count: 1, path: 'Mercearia > Açúcar' }] }], brands: [{ name: 'Doce Vida', count: 1 }] }),
  'GET /api/location/minified': () => json({ data: STORES }),
  ...extra,
});

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([r]) => new URL(r.url)).filter((u) => u.pathname === '/search/products');

describe('products list', { timeout: 30_000 }, () => {
  it('shows the rows with their availability: on sale, or on with no stock', async () => {
    mockApi(routes());
    renderApp('/products/list/');
    const rows = await screen.findAllByTestId('product-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('product-availability')).toHaveTextContent('Disponível');
    expect(within(rows[1]!).getByTestId('product-availability')).toHaveTextContent('Sem estoque');
    expect(within(rows[0]!).getByTestId('product-codes')).toHaveTextContent('SKU sku-12 · GTIN 7891000100103');
    expect(screen.getByText('2 produtos')).toBeInTheDocument();
  });

  it('puts the typed search and the filters in the URL, back at page 1, and asks the API for them', async () => {
    const fetchMock = mockApi(routes());
    const { router } = renderApp('/products/list/?page=2&sort=name');
    await screen.findAllByTestId('product-row');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'acucar{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'acucar', sort: 'name' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('query')).toBe('acucar'));
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('sort')).toBe('name');
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('quantity')).toBe('50');
    expect(router.state.location.href).not.toContain('page=');

    await user.click(screen.getByRole('combobox', { name: 'Disponibilidade' }));
    await user.click(await screen.findByRole('option', { name: 'Indisponível' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'acucar', available: false }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('available')).toBe('false'));
  });

  it('switches availability at once and puts it back, with the server’s reason, when refused', async () => {
    const toast = vi.spyOn(notifications, 'show');
    let release: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = mockApi(
      routes({
        'PATCH /api/product/12': async () => {
          await refused;
          return apiError(409, 'CONFLICT', 'O produto foi alterado por outra pessoa.');
        },
      }),
    );
    renderApp('/products/list/');
    const [sugar] = await screen.findAllByTestId('product-row');
    const toggle = within(sugar!).getByRole('switch', { name: 'Disponível: Açúcar Refinado Doce Vida 1kg' });
    expect(toggle).toBeChecked();
    await userEvent.setup().click(toggle);
    // Optimistic: off before the server answers.
    await waitFor(() => expect(within(screen.getAllByTestId('product-row')[0]!).getByTestId('product-availability')).toHaveTextContent('Indisponível'));
    expect(within(screen.getAllByTestId('product-row')[0]!).getByRole('switch')).not.toBeChecked();
    const patch = fetchMock.mock.calls.map(([r]) => r).find((r) => r.method === 'PATCH');
    expect(await patch?.clone().json()).toEqual({ is_available: false });
    release();
    await waitFor(() => expect(within(screen.getAllByTestId('product-row')[0]!).getByRole('switch')).toBeChecked());
    expect(within(screen.getAllByTestId('product-row')[0]!).getByTestId('product-availability')).toHaveTextContent('Disponível');
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'O produto foi alterado por outra pessoa.' })));
  });

  it('shows the cost beside the base price with the margin and its hint, and a writer changes and clears it', async () => {
    const toast = vi.spyOn(notifications, 'show');
    let stored: number | null = 3.2;
    const patches: unknown[] = [];
    const detail = () => json({ ...product(12, 'Açúcar Refinado Doce Vida 1kg'), offer: undefined, cost: stored, offers: [] });
    mockApi(
      routes({
        'GET /api/product/12': detail,
        'PATCH /api/product/12': async (request) => {
          const body = (await request.json()) as { cost: number | null };
          patches.push(body);
          stored = body.cost;
          return detail();
        },
      }),
    );
    renderApp('/products/list/');
    const user = userEvent.setup();
    await user.click((await screen.findAllByTestId('product-row'))[0]!);
    const pricing = await screen.findByTestId('product-pricing');
    expect(within(pricing).getByText('Preço base')).toBeInTheDocument();
    expect(within(pricing).getByText('Custo (R$)')).toBeInTheDocument();
    await waitFor(() => expect(within(pricing).getByTestId('product-cost')).toHaveTextContent('R$ 3,20'));
    // (4,89 − 3,20) ÷ 4,89
    expect(within(pricing).getByTestId('product-margin')).toHaveTextContent('Margem 34,6%');
    expect(within(pricing).getByText('Usado para calcular a margem nos painéis de vendas')).toBeInTheDocument();

    await user.click(within(pricing).getByRole('button', { name: 'Alterar custo: Açúcar Refinado Doce Vida 1kg' }));
    const form = await screen.findByTestId('product-cost-form');
    const input = within(form).getByRole('textbox', { name: /Custo \(R\$\)/ });
    expect(input).toHaveValue('R$ 3,20');
    await user.clear(input);
    await user.type(input, '3,5');
    expect(within(form).getByTestId('product-margin')).toHaveTextContent('Margem 28,4%');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(patches).toEqual([{ cost: 3.5 }]));
    await waitFor(() => expect(within(screen.getByTestId('product-pricing')).getByTestId('product-cost')).toHaveTextContent('R$ 3,50'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Custo atualizado com sucesso' })));

    // Blank clears it: no cost, no margin.
    await user.click(within(screen.getByTestId('product-pricing')).getByRole('button', { name: /^Alterar custo/ }));
    const again = await screen.findByTestId('product-cost-form');
    await user.clear(within(again).getByRole('textbox', { name: /Custo \(R\$\)/ }));
    await user.click(within(again).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(patches).toEqual([{ cost: 3.5 }, { cost: null }]));
    await waitFor(() => expect(within(screen.getByTestId('product-pricing')).getByTestId('product-cost')).toHaveTextContent('Não informado'));
    expect(within(screen.getByTestId('product-pricing')).queryByTestId('product-margin')).toBeNull();
  });

  it('shows a member without the role the cost and margin, with no editor', async () => {
    mockApi(
      routes({
        'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'operator' }]),
        'GET /api/product/12': () => json({ ...product(12, 'Açúcar Refinado Doce Vida 1kg'), offer: undefined, cost: 5.5, offers: [] }),
      }),
    );
    renderApp('/products/list/');
    await userEvent.setup().click((await screen.findAllByTestId('product-row'))[0]!);
    const pricing = await screen.findByTestId('product-pricing');
    await waitFor(() => expect(within(pricing).getByTestId('product-cost')).toHaveTextContent('R$ 5,50'));
    // A cost above the price: a negative margin.
    expect(within(pricing).getByTestId('product-margin')).toHaveTextContent('Margem -12,5%');
    expect(within(pricing).queryByRole('button', { name: /^Alterar custo/ })).toBeNull();
  });

  it('reads a cost from the input and computes the margin only when both values are known', () => {
    expect(costOf('')).toBeNull();
    expect(costOf(' ')).toBeNull();
    expect(costOf(12.34)).toBe(12.34);
    expect(costOf('3.50')).toBe(3.5);
    expect(costOf(0)).toBe(0);
    expect(costOf(1_000_000)).toBe(1_000_000);
    for (const bad of [-0.01, 1_000_000.01, Number.NaN, '12.', '-1', '1000000.01', 'abc']) expect(costOf(bad), String(bad)).toBeUndefined();
    expect(productMargin(10, 6)).toBeCloseTo(0.4);
    expect(productMargin(10, null)).toBeNull();
    expect(productMargin(0, 1)).toBeNull();
    expect(formatMargin(0.4)).toBe('40,0%');
  });

  it('shows the load error in the server’s words, and an empty search its hint', async () => {
    mockApi(routes({ 'GET /search/products': () => apiError(503, 'UNAVAILABLE', 'Serviço indisponível no momento.') }));
    renderApp('/products/list/');
    // 5xx is retried twice before the error shows.
    expect(await screen.findByText('Serviço indisponível no momento.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    mockApi(routes({ 'GET /search/products': () => page([]) }));
    renderApp('/products/list/?search=xyz');
    expect(await screen.findByText('Nenhum produto encontrado.')).toBeInTheDocument();
  });
});
