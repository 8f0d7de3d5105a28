import { act, fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION, json, mockApi } from '../../../../test/api-mock';
import { renderWithMantine } from '../../../../test/render';
import { clearSession, setSession } from '../../../../shared/session/session';
import type { ObjectiveProduct } from '../objective-steps';
import { CampaignNameInput } from './campaign-fields';
import { ProductsStep } from './products-step';

const RECOMMENDED = {
  id: 11,
  sku: 'cafe-aurora-500g',
  name: 'Café Aurora Tradicional 500g',
  image_url: null,
  brand: 'Aurora',
  price: 18.9,
  last_category: 'Mercearia > Café',
  recommended_reason: 'Da sua marca',
};

function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function Products() {
  const [value, setValue] = useState<ObjectiveProduct[]>([]);
  return <ProductsStep publisherId={1} value={value} onChange={setValue} />;
}

function Name() {
  const [value, setValue] = useState('');
  return <CampaignNameInput value={value} onChange={setValue} />;
}

// Fake timers that also follow the clock, so Testing Library's own waiting still works.
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  clearSession();
  vi.unstubAllGlobals();
});

describe('objective flow timings (spec §9)', () => {
  it('loads the recommended products by itself 3000 ms after the products step opens, saying so meanwhile', async () => {
    setSession(SESSION);
    const fetchMock = mockApi({
      'GET /recommended-products/1': () => json({ data: [RECOMMENDED], meta: { page: 1, quantity: 12, total: 1, total_pages: 1 } }),
    });
    renderWithQuery(<Products />);
    const calls = () => fetchMock.mock.calls.filter(([r]) => new URL(r.url).pathname === '/recommended-products/1');

    expect(screen.getByText('Carregando recomendações…')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(calls()).toHaveLength(0);
    expect(screen.getByText('Carregando recomendações…')).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    expect(await screen.findByText('Café Aurora Tradicional 500g')).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
    expect(screen.queryByText('Carregando recomendações…')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('recommended-product'));
    expect(screen.getByTestId('chosen-products')).toHaveTextContent('Café Aurora Tradicional 500g');
  });

  it('shows the name error 1000 ms after typing stops, not on each key', async () => {
    renderWithQuery(<Name />);
    const input = screen.getByRole('textbox', { name: /Nome da campanha/ });

    fireEvent.change(input, { target: { value: 'Na' } });
    fireEvent.change(input, { target: { value: '' } });
    await act(async () => {
      vi.advanceTimersByTime(900);
    });
    expect(screen.queryByText('Campo obrigatório.')).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(150);
    });
    expect(screen.getByText('Campo obrigatório.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    // Typing a valid name: the error goes once typing settles.
    fireEvent.change(input, { target: { value: 'Natal' } });
    await act(async () => {
      vi.advanceTimersByTime(1050);
    });
    expect(screen.queryByText('Campo obrigatório.')).not.toBeInTheDocument();
  });
});
