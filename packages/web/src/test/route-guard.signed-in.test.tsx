// Signed in the way a returning visitor is: the session is already in localStorage when the app loads.
import './signed-in';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION, SHELL_ROUTES, apiError, json, mockApi } from './api-mock';
import { renderApp } from './render-app';
import { ApiError, api, unwrap } from '../shared/api/client';
import { getSession } from '../shared/session/session';
import { STORAGE_KEYS } from '../shared/session/storage';

/** The sidebar's top-level entries (children sit inside their parent's collapsible block). */
const menuKeys = () => [...screen.getByTestId('sidebar-menu').querySelectorAll(':scope > [data-menu-key]')].map((e) => e.getAttribute('data-menu-key'));

describe('private routes, signed in', () => {
  it('render the layout with the menu of the stored account, asking the API with the stored token', async () => {
    const fetchMock = mockApi(SHELL_ROUTES);
    const { router } = renderApp('/users/list?page=2');

    expect(await screen.findByTestId('sidebar-menu')).toBeInTheDocument();
    expect(router.state.location.href).toBe('/users/list?page=2');
    expect(screen.getByTestId('user-menu')).toBeInTheDocument();
    expect(screen.getAllByText('Supermercado Bom Preço').length).toBeGreaterThan(0);
    // Modules 1, 2 (201) and 15 are granted; config needs none.
    expect(menuKeys()).toEqual(['dashboard', 'orders', 'users', 'config']);

    const moduleCall = fetchMock.mock.calls.map(([r]) => r).find((r) => r.url.endsWith('/api/access-module'))!;
    expect(moduleCall.headers.get('authorization')).toBe(`Bearer ${SESSION.token}`);
    expect(moduleCall.headers.get('accept-language')).toBe('pt-BR');
  });

  it('/login goes straight to / (and to a callback_url when one is given)', async () => {
    mockApi(SHELL_ROUTES);
    const first = renderApp('/login');
    await waitFor(() => expect(first.router.state.location.href).toBe('/'));
    first.view.unmount();

    const second = renderApp('/login?callback_url=%2Fusers%2Flist%3Fpage%3D2');
    await waitFor(() => expect(second.router.state.location.href).toBe('/users/list?page=2'));
  });

  it('a 401 from the API ends the session and goes to /login, coming back here after', async () => {
    let expired = false;
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/user/profile': () => (expired ? apiError(401, 'UNAUTHENTICATED', 'Sessão expirada ou inválida. Entre novamente.') : json({})),
    });
    const { router, queryClient } = renderApp('/users/list?page=2');
    expect(await screen.findByTestId('sidebar-menu')).toBeInTheDocument();
    localStorage.setItem(STORAGE_KEYS.filters, JSON.stringify({ users: { name: 'ana' } }));

    expired = true;
    await expect(unwrap(api.GET('/api/user/profile'))).rejects.toMatchObject({ status: 401 });

    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.account)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.filters)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ callback_url: '/users/list?page=2' });
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('a 401 for a token handed over explicitly (integration) leaves the session alone', async () => {
    mockApi({ 'GET /api/user/profile': () => apiError(401, 'UNAUTHENTICATED', 'Sessão expirada ou inválida. Entre novamente.') });
    const call = unwrap(api.GET('/api/user/profile', { headers: { authorization: 'Bearer another-token' } }));

    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toEqual(SESSION);
  });
});
