import '../../../../test/signed-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../../../test/api-mock';
import { renderApp } from '../../../../test/render-app';
import type { CampaignDetail, CampaignKeyword, CampaignProductPerformance } from '../api';
import { PERMISSIONS_PUBLISHER, ZERO_METRICS, auditEntry, detail, emptyPage } from '../test-fixtures';

const keyword = (id: number, word: string, active: boolean): CampaignKeyword => ({
  id, keyword: word, active, disabled_at: active ? null : '2026-12-02T12:00:00.000Z', created_at: '2026-12-01T12:00:00.000Z',
});
const KEYWORDS = [keyword(1, 'café', true), keyword(2, 'café em grãos', false)];

const product = (sku: string, sales: number): CampaignProductPerformance => ({
  sku, name: `Produto ${sku}`, image_url: null, last_category: 'Café torrado', active: true, conversions: 3, items_sold: 5, sales,
});

const dashboard = () =>
  json({
    start_date: '2026-11-04',
    end_date: '2026-12-03',
    totals: { ...ZERO_METRICS, impressions: 1000, clicks: 40, ctr: 0.04, total_spent: 32, income: 250, roas: 7.81 },
    days: [{ date: '2026-12-03', impressions: 1000, views: 900, clicks: 40, conversions: 2, income: 250, total_spent: 32 }],
  });

function routes(campaign: CampaignDetail, extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...SHELL_ROUTES,
    'GET /campaign/7': () => json(campaign),
    'GET /campaign/7/dashboard': dashboard,
    'GET /campaign/7/keywords': () => json({ data: KEYWORDS, meta: { page: 1, quantity: 50, total: 2, total_pages: 1 } }),
    'GET /campaign/7/products': () => json([product('a', 90), product('b', 40)]),
    'GET /campaign/7/audit': () => json([]),
    'GET /ad/results/v2': emptyPage,
    ...extra,
  };
}

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.map(([r]) => new URL(r.url)).filter((u) => u.pathname === path);

describe('campaign view (spec §2)', { timeout: 30_000 }, () => {
  it('shows the header, the general information and the metrics of the last 30 days', async () => {
    const fetchMock = mockApi(routes(detail()));
    renderApp('/retail-media/campaign/view/7');

    expect(await screen.findByRole('heading', { name: 'Café Aurora no topo da busca' })).toBeInTheDocument();
    expect(screen.getByTestId('campaign-parties')).toHaveTextContent('Café Aurora');
    expect(screen.getByTestId('campaign-parties')).toHaveTextContent('Supermercado Bom Preço');
    const info = screen.getByTestId('campaign-info');
    expect(within(info).getByText('Informações gerais')).toBeInTheDocument();
    expect(within(info).getByText('Padrão')).toBeInTheDocument();
    expect(within(info).getByText('01/12/2026 a 31/12/2026')).toBeInTheDocument();
    expect(within(info).getByText('Marina Costa (gestor@marca.test)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('campaign-metric-card')).toHaveLength(8);
    const period = calls(fetchMock, '/campaign/7/dashboard')[0]!.searchParams;
    const days = (Date.parse(period.get('end_date')!) - Date.parse(period.get('start_date')!)) / 86_400_000;
    expect(days).toBe(29);
  });

  it('edits only with can_edit, sending only name, daily budget and end date, and stays on the view', async () => {
    const bodies: unknown[] = [];
    mockApi(
      routes(detail(), {
        'PUT /campaign/7': async (r) => {
          const body = (await r.json()) as { name: string; daily_budget: number; end_at: string | null };
          bodies.push(body);
          return json(detail({ name: body.name, settings: { ...detail().settings, daily_budget: body.daily_budget }, end_at: body.end_at }));
        },
      }),
    );
    const { router } = renderApp('/retail-media/campaign/view/7');
    const user = userEvent.setup();
    const info = await screen.findByTestId('campaign-info');
    await user.click(within(info).getByRole('button', { name: 'Editar' }));

    const name = within(info).getByLabelText(/Nome da campanha/);
    await user.clear(name);
    // Spec §5: the name's feedback waits 1000 ms.
    expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'), { timeout: 3000 });
    await user.type(name, 'Café Aurora Natal');
    const budget = within(info).getByLabelText(/Orçamento diário/);
    await user.clear(budget);
    await user.type(budget, '150');
    await user.click(within(info).getByRole('switch', { name: 'Sempre ativa' }));
    await user.click(within(info).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(bodies).toEqual([{ name: 'Café Aurora Natal', daily_budget: 150, end_at: null }]));
    expect(await screen.findByRole('heading', { name: 'Café Aurora Natal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/retail-media/campaign/view/7');
    expect(within(info).queryByTestId('campaign-edit-form')).not.toBeInTheDocument();
  });

  it('cancels only after confirmation', async () => {
    const fetchMock = mockApi(routes(detail(), { 'POST /campaign/7/cancel': () => json(detail({ status: 'canceled', canceled_at: '2026-12-03T12:00:00.000Z' })) }));
    renderApp('/retail-media/campaign/view/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar campanha' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls(fetchMock, '/campaign/7/cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar campanha' }));
    await waitFor(() => expect(calls(fetchMock, '/campaign/7/cancel')).toHaveLength(1));
    expect(await screen.findByText('Cancelada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pausar' })).not.toBeInTheDocument();
  });

  it('a publisher sees no edit, no toggles, and "Pausada" on disabled keywords', async () => {
    mockApi(routes(detail({ permissions: PERMISSIONS_PUBLISHER })));
    renderApp('/retail-media/campaign/view/7');
    const info = await screen.findByTestId('campaign-info');
    expect(within(info).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pausar' })).not.toBeInTheDocument();

    const keywords = screen.getByTestId('campaign-keywords');
    expect(await within(keywords).findAllByTestId('keyword-row')).toHaveLength(2);
    expect(within(keywords).queryAllByRole('switch')).toHaveLength(0);
    expect(within(keywords).getAllByTestId('keyword-paused')).toHaveLength(1);
    expect(within(keywords).getByText('Pausada').closest('tr')).toHaveTextContent('café em grãos');
    expect(within(keywords).queryByLabelText('Adicionar palavras-chave')).not.toBeInTheDocument();

    const products = await screen.findByTestId('campaign-products-table');
    expect(within(products).queryAllByRole('switch')).toHaveLength(0);
  });

  it('the owner toggles keywords with a switch', async () => {
    const bodies: unknown[] = [];
    mockApi(
      routes(detail(), {
        'PATCH /campaign/7/keywords/1': async (r) => {
          bodies.push(await r.json());
          return json(keyword(1, 'café', false));
        },
      }),
    );
    renderApp('/retail-media/campaign/view/7');
    const keywords = await screen.findByTestId('campaign-keywords');
    const toggle = await within(keywords).findByRole('switch', { name: 'Ativar ou pausar "café"' });
    expect(toggle).toBeChecked();
    expect(within(keywords).getByRole('switch', { name: 'Ativar ou pausar "café em grãos"' })).not.toBeChecked();
    expect(within(keywords).queryByTestId('keyword-paused')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() => expect(bodies).toEqual([{ active: false }]));
  });

  it('product performance sorts by sales descending first; another column starts descending, then flips', async () => {
    const fetchMock = mockApi(routes(detail()));
    renderApp('/retail-media/campaign/view/7');
    const table = await screen.findByTestId('campaign-products-table');
    expect(within(table).getAllByTestId('product-row')).toHaveLength(2);
    expect(within(table).getAllByText('Café torrado')).toHaveLength(2);
    expect(within(table).getByText('SKU a')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Vendas/ })).toHaveAttribute('aria-sort', 'descending');
    expect(Object.fromEntries(calls(fetchMock, '/campaign/7/products')[0]!.searchParams)).toMatchObject({ order_by: 'sales', order_direction: 'desc' });
    expect(within(table).getAllByRole('switch')).toHaveLength(2);

    fireEvent.click(within(table).getByRole('button', { name: 'Itens vendidos' }));
    await waitFor(() => expect(Object.fromEntries(calls(fetchMock, '/campaign/7/products').at(-1)!.searchParams)).toMatchObject({ order_by: 'items_sold', order_direction: 'desc' }));
    fireEvent.click(within(screen.getByTestId('campaign-products-table')).getByRole('button', { name: 'Itens vendidos' }));
    await waitFor(() => expect(Object.fromEntries(calls(fetchMock, '/campaign/7/products').at(-1)!.searchParams)).toMatchObject({ order_by: 'items_sold', order_direction: 'asc' }));
  });

  it('groups the history by São Paulo day, ads in the primary colour and the rest in green; the payload only in debug', async () => {
    const entries = [
      auditEntry(4, { entity: 'ad', entity_id: 31, action: 'reject', details: { note: 'Imagem ilegível' }, created_at: '2026-12-03T14:05:00.000Z' }),
      auditEntry(3, { field_name: 'daily_budget', old_value: 100, new_value: 150, created_at: '2026-12-03T01:30:00.000Z' }),
      auditEntry(2, { action: 'create', details: { name: 'Café Aurora no topo da busca' }, created_at: '2026-12-02T12:00:00.000Z' }),
    ];
    const fetchMock = mockApi(routes(detail(), { 'GET /campaign/7/audit': () => json(entries) }));
    renderApp('/retail-media/campaign/view/7?debug=1');

    const audit = await screen.findByTestId('campaign-audit');
    const days = await within(audit).findAllByTestId('audit-day');
    expect(days.map((d) => d.getAttribute('data-date'))).toEqual(['2026-12-03', '2026-12-02']);
    expect(within(days[1]!).getByText('22:30')).toBeInTheDocument();
    expect(within(days[1]!).getByText('Orçamento diário alterado')).toBeInTheDocument();
    expect(within(days[1]!).getByTestId('audit-change').textContent?.replace(/\u00a0/g, ' ')).toBe('R$ 100,00 → R$ 150,00');
    expect(within(days[0]!).getByText('Anúncio reprovado')).toBeInTheDocument();
    expect(within(days[0]!).getByText('Observação: Imagem ilegível')).toBeInTheDocument();

    const items = within(audit).getAllByTestId('audit-entry');
    expect(items.map((i) => i.getAttribute('data-color'))).toEqual(['blue', 'green', 'green']);
    expect(items[0]!.outerHTML).toContain('--mantine-color-blue');
    expect(items[1]!.outerHTML).toContain('--mantine-color-green');
    expect(within(audit).getByTestId('audit-payload')).toHaveTextContent('"name": "Café Aurora no topo da busca"');
    expect(calls(fetchMock, '/campaign/7/audit')[0]!.searchParams.get('debug')).toBe('true');
  });

  it('asks the history without debug by default', async () => {
    const fetchMock = mockApi(routes(detail()));
    renderApp('/retail-media/campaign/view/7');
    expect(await screen.findByText('Nenhuma alteração registrada.')).toBeInTheDocument();
    expect(calls(fetchMock, '/campaign/7/audit')[0]!.searchParams.get('debug')).toBe('false');
  });

  it('a category campaign shows its categories instead of keywords', async () => {
    mockApi(routes(detail({ targeting: 'category', categories: ['Mercearia > Café'], permissions: PERMISSIONS_PUBLISHER, ad_type: 'banner', type: 'banner' })));
    renderApp('/retail-media/campaign/view/7');
    const categories = await screen.findByTestId('campaign-categories');
    expect(within(categories).getByText('Mercearia > Café')).toBeInTheDocument();
    expect(screen.queryByTestId('campaign-keywords')).not.toBeInTheDocument();
    expect(screen.queryByTestId('campaign-products')).not.toBeInTheDocument();
  });

  it('an id this account does not see (404) is the not-found state', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /campaign/77': () => apiError(404, 'CAMPAIGN_NOT_FOUND', 'Campanha não encontrada.') });
    renderApp('/retail-media/campaign/view/77');
    expect(await screen.findByRole('heading', { name: 'Campanha não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para campanhas' })).toHaveAttribute('href', '/retail-media/campaigns');
  });

  it('any other load failure reads "Erro: {message}"', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /campaign/5': () => apiError(403, 'FORBIDDEN', 'Sem permissão.') });
    renderApp('/retail-media/campaign/view/5');
    expect(await screen.findByText('Erro: Sem permissão.')).toBeInTheDocument();
  });
});
