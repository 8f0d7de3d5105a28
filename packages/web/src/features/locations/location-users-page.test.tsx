import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const STORE = {
  id: 4,
  name: 'Bom Preço Moema',
  seller_id: null,
  cnpj: '11222333000181',
  phone: '+551130001000',
  address: { zip_code: '04077-000', street: 'Avenida Ibirapuera', number: '2500', complement: null, neighborhood: 'Moema', city: 'São Paulo', state: 'SP' },
  latitude: -23.6,
  longitude: -46.66,
  delivery_type: 'both',
  opening_hours: [],
  picking_capacity: null,
  active: true,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
};
const user = (id: number, name: string, email: string, role = 'manager') => ({ id, name, email, role, status: 'active', created_at: '2026-10-01T12:00:00.000Z', last_login_at: null });
const USERS = [user(1, 'Ana Paula Souza', 'admin@varejo.test', 'admin'), user(5, 'Juliana Alves', 'juliana.alves@varejo.test'), user(6, 'Beatriz Rocha', 'beatriz.rocha@varejo.test')];
const link = (u: { id: number; name: string; email: string }) => ({ location_id: 4, location_name: STORE.name, user_id: u.id, name: u.name, email: u.email, created_at: '2026-11-20T15:00:00.000Z' });

/** The bodies the stand-in API received on POST user-location. */
const posted: unknown[] = [];

function routes(extra: Record<string, Handler> = {}) {
  const linked = [link(USERS[1]!)];
  const all: Record<string, Handler> = {
    ...SHELL_ROUTES,
    'GET /api/location/4': () => json(STORE),
    'GET /api/location/user-location': () => json({ data: linked }),
    'GET /api/user': () => json({ data: USERS, meta: { page: 1, quantity: 500, total: USERS.length, total_pages: 1 } }),
    'POST /api/location/user-location': async (request) => {
      const body = (await request.json()) as { user_id: number };
      posted.push(body);
      const added = link(USERS.find((u) => u.id === body.user_id)!);
      linked.push(added);
      return json(added, 201);
    },
    'DELETE /api/location/user-location/4/5': () => {
      linked.splice(0, 1);
      return json({ message: 'Usuário desvinculado da loja.' });
    },
    ...extra,
  };
  return all;
}

describe('store users page', { timeout: 30_000 }, () => {
  it('lists who works at the store with their role, adds a member of the account and removes one', async () => {
    mockApi(routes());
    renderApp('/locations/users/4');
    const ui = userEvent.setup();
    expect(await screen.findByText('Bom Preço Moema · São Paulo/SP')).toBeInTheDocument();
    const first = await screen.findByTestId('location-user-row');
    expect(within(first).getByText('juliana.alves@varejo.test')).toBeInTheDocument();
    await waitFor(() => expect(within(first).getByText('Gestor')).toBeInTheDocument());

    await ui.click(screen.getByRole('combobox', { name: 'Adicionar usuário da conta' }));
    // Who is already linked is not offered again.
    expect(screen.queryByRole('option', { name: /Juliana Alves/ })).not.toBeInTheDocument();
    await ui.click(await screen.findByRole('option', { name: 'Beatriz Rocha (beatriz.rocha@varejo.test)' }));
    await ui.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(screen.getAllByTestId('location-user-row')).toHaveLength(2));
    expect(posted).toEqual([{ location_id: 4, user_id: 6 }]);

    await ui.click(screen.getByRole('button', { name: 'Remover da loja: Juliana Alves' }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.getAllByTestId('location-user-row')).toHaveLength(1));
    expect(screen.getByTestId('location-user-row')).toHaveTextContent('Beatriz Rocha');
  });

  it('says when nobody is linked yet', async () => {
    mockApi(routes({ 'GET /api/location/user-location': () => json({ data: [] }) }));
    renderApp('/locations/users/4');
    expect(await screen.findByText('Nenhum usuário vinculado a esta loja.')).toBeInTheDocument();
    expect(screen.getByText('Sem vínculos, os usuários da conta veem todas as lojas.')).toBeInTheDocument();
  });

  it('treats another account’s store as not found', async () => {
    mockApi(routes({ 'GET /api/location/4': () => apiError(404, 'LOCATION_NOT_FOUND', 'Loja não encontrada.') }));
    renderApp('/locations/users/4');
    expect(await screen.findByText('Esta loja não existe ou não pertence a esta conta.')).toBeInTheDocument();
  });
});
