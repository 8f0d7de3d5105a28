import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION, SHELL_ROUTES, json, mockApi } from './api-mock';
import { renderApp } from './render-app';
import { clearSession, getSession } from '../shared/session/session';
import { STORAGE_KEYS } from '../shared/session/storage';

vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, disconnect: () => undefined }) }));

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('private routes, signed out', () => {
  it('send the visitor to /login with the page they asked for as callback_url', async () => {
    const fetchMock = mockApi(SHELL_ROUTES);
    const { router } = renderApp('/users/list?page=2');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ callback_url: '/users/list?page=2' });
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    // Nothing private was asked of the API.
    const paths = fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname);
    expect(paths).not.toContain('/api/account/account-info');
    expect(paths).not.toContain('/api/access-module');
  });

  it('after signing in, return to that page with its query', async () => {
    mockApi({ ...SHELL_ROUTES, 'POST /authenticate': () => json(SESSION) });
    const { router } = renderApp('/users/list?page=2');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/E-mail/), 'admin@varejo.test');
    await user.type(screen.getByLabelText(/^Senha/), 'Senha#Forte2026');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(router.state.location.href).toBe('/users/list?page=2'));
    expect(await screen.findByTestId('sidebar-menu')).toBeInTheDocument();
    expect(getSession()?.token).toBe(SESSION.token);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.account)!)).toEqual(SESSION);
  });

  it('never follow a callback_url to another site', async () => {
    mockApi({ ...SHELL_ROUTES, 'POST /authenticate': () => json(SESSION) });
    const { router } = renderApp('/login?callback_url=%2F%2Fevil.example%2Fphish');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/E-mail/), 'admin@varejo.test');
    await user.type(screen.getByLabelText(/^Senha/), 'Senha#Forte2026');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(router.state.location.href).toBe('/'));
  });
});
