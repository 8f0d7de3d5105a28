import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_INFO, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const address = (street: string, city: string) => ({ zip_code: '05422-001', street, number: '1200', complement: null, neighborhood: 'Pinheiros', city, state: 'SP' });
const store = (id: number, name: string, patch: Record<string, unknown> = {}) => ({
  id,
  name,
  seller_id: null,
  cnpj: '11222333000181',
  phone: '+551130001000',
  address: address('Rua dos Pinheiros', 'São Paulo'),
  latitude: -23.5653,
  longitude: -46.6856,
  delivery_type: 'both',
  opening_hours: [],
  picking_capacity: null,
  active: true,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
  ...patch,
});
const page = (rows: unknown[]) => json({ data: rows, meta: { page: 1, quantity: 500, total: rows.length, total_pages: 1 } });
const STORES = [store(1, 'Bom Preço Pinheiros'), store(2, 'Bom Preço Santana', { delivery_type: 'pickup', active: false })];

const routes = (extra: Record<string, Handler> = {}) => ({ ...SHELL_ROUTES, 'GET /api/location': () => page(STORES), ...extra });

describe('stores list', { timeout: 30_000 }, () => {
  it('lists the stores with their city, how they serve and whether they are active', async () => {
    mockApi(routes());
    renderApp('/locations/list');
    const rows = await screen.findAllByTestId('location-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('Retirada')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Inativa')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByText('São Paulo/SP').length).toBeGreaterThan(0);
    expect(within(rows[0]!).getByRole('link', { name: 'Regiões de entrega: Bom Preço Pinheiros' })).toHaveAttribute('href', '/logistic/1/regions');
    expect(within(rows[1]!).getByRole('link', { name: 'Janelas de horário: Bom Preço Santana' })).toHaveAttribute('href', '/logistic/slots/pickup/2/');
    expect(screen.getByText('2 lojas')).toBeInTheDocument();
  });

  it('shows the load error in the server’s words, and the list after a retry', async () => {
    let fail = true;
    mockApi(routes({ 'GET /api/location': () => (fail ? apiError(503, 'UNAVAILABLE', 'Serviço indisponível no momento.') : page(STORES)) }));
    renderApp('/locations/list');
    expect(await screen.findByText('Erro: Serviço indisponível no momento.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findAllByTestId('location-row')).toHaveLength(2);
  });

  it('tells an empty account from a search that found nothing', async () => {
    mockApi(routes({ 'GET /api/location': () => page([]) }));
    renderApp('/locations/list');
    expect(await screen.findByText('Nenhuma loja cadastrada.')).toBeInTheDocument();
    renderApp('/locations/list?search=Recife');
    expect(await screen.findByText('Nenhuma loja encontrada.')).toBeInTheDocument();
  });

  it('sends the search to the API', async () => {
    const fetchMock = mockApi(routes());
    renderApp('/locations/list?search=Campinas');
    await screen.findAllByTestId('location-row');
    const listCall = fetchMock.mock.calls.map(([r]) => new URL(r.url)).find((u) => u.pathname === '/api/location');
    expect(listCall?.searchParams.get('search')).toBe('Campinas');
    expect(listCall?.searchParams.get('quantity')).toBe('500');
  });

  it('keeps a refused delete’s dialog open and shows the server’s reason', async () => {
    const reason = 'A loja "Bom Preço Pinheiros" não pode ser excluída: ainda é usada por 3 janelas de entrega ou retirada.';
    const fetchMock = mockApi(routes({ 'DELETE /api/location/1': () => apiError(409, 'LOCATION_IN_USE', reason) }));
    // The app's toasts (mounted by main.tsx, not by this harness).
    const toast = vi.spyOn(notifications, 'show');
    renderApp('/locations/list');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Excluir: Bom Preço Pinheiros' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Erro', message: reason })));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Excluir' })).not.toHaveAttribute('data-loading'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([r]) => r.method === 'DELETE')).toBe(true);
    toast.mockRestore();
  });

  it('shows no changes to a role that only reads', async () => {
    mockApi(routes({ 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'operator' }]) }));
    renderApp('/locations/list');
    await screen.findAllByTestId('location-row');
    expect(screen.queryByRole('link', { name: 'Nova loja' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir: Bom Preço Pinheiros' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Usuários: Bom Preço Pinheiros' })).toBeInTheDocument();
  });
});
