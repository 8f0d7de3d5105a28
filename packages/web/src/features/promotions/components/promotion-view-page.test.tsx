import '../../../test/signed-in';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import type { CatalogProduct, Promotion } from '../api';

const coupon: Promotion = {
  id: 4,
  name: 'Sextou 15% no carrinho',
  description: null,
  promotion_type: 'coupon',
  code: 'SEXTOU15',
  start_promotion: '2026-12-05T03:00:00.000Z',
  end_promotion: '2026-12-08T02:59:59.000Z',
  active: true,
  disabled_at: null,
  status: 'active',
  benefits: { type: 'percent', value: 15 },
  trigger: { kind: 'total', offers_ids: [], min_value: 100 },
  limits: { total: 500, per_customer: 2 },
  uses_count: 74,
  location_ids: [3],
  customers: [],
  selected_offers: ['cafe-aurora-500g'],
  priority: 0,
  exclusive: true,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
};

const cafe: CatalogProduct = {
  id: 1, product_sku: 'cafe-aurora-500g', name: 'Café Aurora Tradicional 500g', brand: 'Aurora', gtin: null, image_url: null, categories: [],
  price: 18.9, unit_measurement: 'un', is_available: true, available_stock: 10, url: null, additional_references: [], product_reference_code: null, tags: [],
  sellers: [], size_pack: '500g', weight_per_unit: null, offer: null,
};

describe('promotion view (spec §2)', { timeout: 20_000 }, () => {
  it('shows the coupon block, the plain-language benefit, stores by name and the selected products', async () => {
    const fetchMock = mockApi({
      ...SHELL_ROUTES,
      'GET /api/promotion/4': () => json(coupon),
      'GET /api/location/minified': () => json({ data: [{ id: 3, name: 'Bom Preço Centro', city: 'Campinas', state: 'SP', active: true }] }),
      'GET /search/products': () => json({ data: [cafe], meta: { page: 1, quantity: 500, total: 1, total_pages: 1 } }),
    });
    renderApp('/promotional/view/4');

    expect(await screen.findByRole('heading', { name: 'Sextou 15% no carrinho' })).toBeInTheDocument();
    expect(screen.getByTestId('coupon-code')).toHaveTextContent('SEXTOU15');
    expect(screen.getByText('74 de 500 usos')).toBeInTheDocument();
    expect(screen.getByText('15% de desconto acima de R$ 100,00')).toBeInTheDocument();
    expect(screen.getByText('Ativa')).toBeInTheDocument();
    expect(await screen.findByText('Bom Preço Centro')).toBeInTheDocument();
    expect(await screen.findByText('Café Aurora Tradicional 500g')).toBeInTheDocument();
    const search = fetchMock.mock.calls.map(([r]) => new URL(r.url)).find((u) => u.pathname === '/search/products')!;
    expect(search.searchParams.get('skus')).toBe('cafe-aurora-500g');
    // Active: pause, finish and cancel; never reactivate.
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finalizar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reativar' })).not.toBeInTheDocument();
  });

  it('an id of another account (404) is the not-found state', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/promotion/77': () => apiError(404, 'PROMOTION_NOT_FOUND', 'Promoção não encontrada.') });
    renderApp('/promotional/view/77');
    expect(await screen.findByText('Promoção não encontrada')).toBeInTheDocument();
  });

  it('any other load failure reads "Erro: {message}"', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/promotion/5': () => apiError(403, 'FORBIDDEN', 'Sem permissão.') });
    renderApp('/promotional/view/5');
    expect(await screen.findByText('Erro: Sem permissão.')).toBeInTheDocument();
  });
});
