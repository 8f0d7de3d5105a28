import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION, json, mockApi, type Handler } from '../../../test/api-mock';
import { renderWithMantine } from '../../../test/render';
import { clearSession, setSession } from '../../../shared/session/session';
import { CampaignAds } from './index';
import { adPage, banner } from './test-fixtures';
import type { CampaignDetail } from './api';

const PERMISSIONS: CampaignDetail['permissions'] = {
  can_edit: true, can_toggle: true, can_manage_keywords: true, can_manage_categories: true, can_manage_products: true,
  can_manage_tags: true, can_review_ads: false, can_cancel: true, can_delete: true,
};

/** Only what CampaignAds reads of the campaign. */
const campaign = (patch: Partial<CampaignDetail> = {}) =>
  ({ id: 7, name: 'Café Aurora – Natal', publisher_id: 1, ad_type: 'banner', permissions: PERMISSIONS, ...patch }) as CampaignDetail;

const ADS = [banner(1, 'approved'), banner(2, 'pending_review'), banner(3, 'rejected', { active: false })];

function renderAds(c: CampaignDetail, routes: Record<string, Handler>) {
  const fetchMock = mockApi({ 'GET /ad/results/v2': () => adPage(ADS), ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <CampaignAds campaign={c} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => setSession(SESSION));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const metricsOf = (row: HTMLElement) => within(row).getAllByTestId('ad-metric').map((c) => c.textContent);

describe('CampaignAds', { timeout: 30_000 }, () => {
  it('lists the campaign\'s ads (inactive too, 25 a page) with a dash for the metrics of pending and rejected ads', async () => {
    const fetchMock = renderAds(campaign(), {});
    const rows = await screen.findAllByTestId('ad-row');
    expect(rows).toHaveLength(3);

    expect(metricsOf(rows[0]!)).toEqual(['12.345', '321', '2,60%', '12', 'R$\u00a0880,00', '20,70x']);
    expect(metricsOf(rows[1]!)).toEqual(['—', '—', '—', '—', '—', '—']);
    expect(metricsOf(rows[2]!)).toEqual(['—', '—', '—', '—', '—', '—']);

    expect(within(rows[0]!).getByText('Aprovado')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Em revisão')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Reprovado')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Topo da home (1200×300)')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('switch')).not.toBeChecked();

    const query = new URL(fetchMock.mock.calls[0]![0].url).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ campaign_id: '7', show_inactive: 'true', quantity: '25', page: '1' });
  });

  it('switches an ad off through PATCH /ad/{id}', async () => {
    const bodies: unknown[] = [];
    renderAds(campaign(), {
      'PATCH /ad/1': async (r) => {
        bodies.push(await r.json());
        return json(banner(1, 'approved', { active: false }));
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Ativar ou desativar: Anúncio #1' }));
    await waitFor(() => expect(bodies).toEqual([{ active: false }]));
  });

  it('offers adding ads only with edit permission, and approve/reject only to the reviewing publisher', async () => {
    renderAds(campaign({ permissions: { ...PERMISSIONS, can_edit: false, can_toggle: false, can_review_ads: true } }), {});
    await screen.findAllByTestId('ad-row');
    expect(screen.queryByRole('button', { name: 'Adicionar anúncio' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aprovar: Anúncio #2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reprovar: Anúncio #2' })).toBeInTheDocument();
    // Approved ads cannot be approved again; rejected ones cannot be rejected again.
    expect(screen.queryByRole('button', { name: 'Aprovar: Anúncio #1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reprovar: Anúncio #3' })).not.toBeInTheDocument();
  });

  it('adds a product ad by picking a SKU of the publisher\'s catalog', async () => {
    const bodies: unknown[] = [];
    renderAds(campaign({ ad_type: 'product' }), {
      'GET /ad/results/v2': () => adPage([]),
      'GET /recommended-products/1': () =>
        json({
          data: [{ id: 11, sku: 'cafe-aurora-500g', name: 'Café Aurora Tradicional 500g', image_url: null, brand: 'Aurora', price: 18.9, last_category: null, recommended_reason: 'Da sua marca' }],
          meta: { page: 1, quantity: 12, total: 1, total_pages: 1 },
        }),
      'POST /ad': async (r) => {
        bodies.push(await r.json());
        return json(banner(20, 'pending_review', { ad_type: 'product' }), 201);
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Nenhum anúncio nesta campanha')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar anúncio' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar anúncio' }));
    expect(await within(dialog).findByText('Campo obrigatório.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Escolher produto' }));
    await user.click(await screen.findByTestId('catalog-option'));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar anúncio' }));
    await waitFor(() => expect(bodies).toEqual([{ ad_type: 'product', sku: 'cafe-aurora-500g', campaign_id: 7 }]));
  });
});
