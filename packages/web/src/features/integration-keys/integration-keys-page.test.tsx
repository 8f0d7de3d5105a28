import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_INFO, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const ADMIN = { id: 1, name: 'Ana Souza' };
const KEYS = [
  {
    id: 1, name: 'Loja VTEX', key_prefix: 'bok_Zx81aQ2c', scopes: ['orders'], created_by: ADMIN,
    created_at: '2026-11-01T13:00:00.000Z', last_used_at: '2026-11-20T15:30:00.000Z', revoked_at: null,
  },
  {
    id: 2, name: 'Magento antigo', key_prefix: 'bok_p0Lk7Yt1', scopes: ['orders'], created_by: ADMIN,
    created_at: '2026-10-01T13:00:00.000Z', last_used_at: null, revoked_at: '2026-10-15T13:00:00.000Z',
  },
];
const CREATED = {
  ...KEYS[0]!, id: 3, name: 'App da loja', key_prefix: 'bok_Q9w8E7r6', last_used_at: null,
  key: 'bok_Q9w8E7r6T5y4U3i2O1p0AaSsDdFfGgHh', message: 'Chave criada: copie-a agora, ela não será exibida de novo.',
};

const routes = (extra: Record<string, Handler> = {}) => ({ ...SHELL_ROUTES, 'GET /api/integration-key': () => json({ data: KEYS }), ...extra });
const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === method && new URL(r.url).pathname === path);

describe('integration keys page', { timeout: 30_000 }, () => {
  it('lists the keys with prefix, scopes, creator, last use and status', async () => {
    mockApi(routes());
    renderApp('/config/integration-keys');
    const rows = await screen.findAllByTestId('integration-key-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Loja VTEX');
    expect(rows[0]).toHaveTextContent('bok_Zx81aQ2c…');
    expect(rows[0]).toHaveTextContent('Pedidos');
    expect(rows[0]).toHaveTextContent('Ana Souza');
    expect(rows[0]).toHaveTextContent('Ativa');
    expect(rows[1]).toHaveTextContent('Nunca usada');
    expect(rows[1]).toHaveTextContent('Revogada em');
    expect(within(rows[1]!).queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument();
  });

  it('creates a key and shows it once, with a copy button', async () => {
    let created = false;
    const fetchMock = mockApi(
      routes({
        'GET /api/integration-key': () => json({ data: created ? [CREATED, ...KEYS] : KEYS }),
        'POST /api/integration-key': () => ((created = true), json(CREATED, 201)),
      }),
    );
    renderApp('/config/integration-keys');
    const user = userEvent.setup();
    await screen.findAllByTestId('integration-key-row');
    await user.click(screen.getByRole('button', { name: 'Nova chave' }));
    const form = await screen.findByRole('dialog', { name: 'Nova chave de integração' });
    expect(within(form).getByRole('checkbox', { name: /Pedidos/ })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Criar chave' }));
    expect(await within(form).findByText('Dê um nome à chave, para saber onde ela é usada.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/integration-key')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Nome'), 'App da loja');
    await user.click(within(form).getByRole('button', { name: 'Criar chave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chave de integração criada' });
    expect(within(dialog).getByTestId('created-integration-key')).toHaveTextContent(CREATED.key);
    expect(within(dialog).getByText(CREATED.message)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
    expect(await calls(fetchMock, 'POST', '/api/integration-key')[0]!.clone().json()).toEqual({ name: 'App da loja', scopes: ['orders'] });

    await user.click(within(dialog).getByRole('button', { name: 'Já copiei' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chave de integração criada' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByTestId('integration-key-row')).toHaveLength(3));
    expect(screen.queryByText(CREATED.key)).not.toBeInTheDocument();
  });

  it('revokes a key only after confirmation', async () => {
    const fetchMock = mockApi(routes({ 'DELETE /api/integration-key/1': () => json({ message: 'Chave de integração "Loja VTEX" revogada: ela deixou de ser aceita.' }) }));
    renderApp('/config/integration-keys');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revogar a chave Loja VTEX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revogar chave de integração' });
    expect(within(dialog).getByText(/deixa de ser aceita na hora/)).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/integration-key/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revogar' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/api/integration-key/1')).toHaveLength(1));
  });

  it('tells a non-admin that only admins manage keys, without asking for them', async () => {
    const fetchMock = mockApi(routes({ 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'manager' }]) }));
    renderApp('/config/integration-keys');
    expect(await screen.findByTestId('integration-keys-admins-only')).toHaveTextContent('Somente administradores');
    expect(screen.queryByRole('button', { name: 'Nova chave' })).not.toBeInTheDocument();
    expect(calls(fetchMock, 'GET', '/api/integration-key')).toHaveLength(0);
  });

  it('shows the loading rows, the empty state, and the error with a retry', async () => {
    let fail = true;
    mockApi(routes({ 'GET /api/integration-key': () => (fail ? apiError(500, 'INTERNAL', 'Falha ao carregar.') : json({ data: [] })) }));
    renderApp('/config/integration-keys');
    const user = userEvent.setup();
    expect((await screen.findAllByTestId('integration-key-skeleton')).length).toBeGreaterThan(0);
    expect(await screen.findByText('Falha ao carregar.', {}, { timeout: 15_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhuma chave de integração')).toBeInTheDocument();
  });
});
