import '../../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_INFO, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';

const KEYS = [
  { id: 1, name: 'Site (demonstração)', key_prefix: 'rmk_demo_bom', created_at: '2026-11-01T13:00:00.000Z', last_used_at: '2026-11-20T15:30:00.000Z', revoked_at: null },
  { id: 2, name: 'App antigo', key_prefix: 'rmk_7f3a9c2e', created_at: '2026-10-01T13:00:00.000Z', last_used_at: null, revoked_at: '2026-10-15T13:00:00.000Z' },
];
const CREATED = { id: 3, name: 'Site principal', key: 'rmk_9d8c7b6a5f4e3d2c1b0a99887766', key_prefix: 'rmk_9d8c7b6a', created_at: '2026-11-22T12:00:00.000Z' };

const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /configuration/terms-of-service': () => json({ publisher_id: 1, active: false, url: null, version: null, can_edit: true }),
  'GET /configuration/ad-types': () => json({ publisher_id: 1, ad_types: ['product'], available: ['product'], can_edit: true }),
  'GET /goals': () => json([]),
  'GET /ad-sizes': () => json([]),
  'GET /configuration/api-keys': () => json({ data: KEYS }),
  'GET /configuration/ad-api': () => json({ require_api_key: false, allowed_origins: [] }),
  ...extra,
});
const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === method && new URL(r.url).pathname === path);

describe('retail media configuration: API keys', { timeout: 30_000 }, () => {
  it('lists the keys with prefix, dates, last use and revocation', async () => {
    mockApi(routes());
    renderApp('/retail-media/config');
    const section = await screen.findByTestId('config-api-keys');
    const rows = await within(section).findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Site (demonstração)');
    expect(rows[0]).toHaveTextContent('rmk_demo_bom…');
    expect(rows[0]).toHaveTextContent('Ativa');
    expect(rows[1]).toHaveTextContent('Nunca usada');
    expect(rows[1]).toHaveTextContent('Revogada em');
    expect(within(rows[1]!).queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument();
  });

  it('creates a key and shows it once, with a copy button and a warning', async () => {
    let created = false;
    const fetchMock = mockApi(
      routes({
        'GET /configuration/api-keys': () => json({ data: created ? [{ ...CREATED, last_used_at: null, revoked_at: null }, ...KEYS] : KEYS }),
        'POST /configuration/api-keys': () => ((created = true), json(CREATED, 201)),
      }),
    );
    renderApp('/retail-media/config');
    const user = userEvent.setup();
    const section = await screen.findByTestId('config-api-keys');
    await user.click(within(section).getByRole('button', { name: 'Criar chave' }));
    expect(await within(section).findByText('Campo obrigatório.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/configuration/api-keys')).toHaveLength(0);

    await user.type(within(section).getByLabelText('Nome'), 'Site principal');
    await user.click(within(section).getByRole('button', { name: 'Criar chave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chave de API criada' });
    expect(within(dialog).getByTestId('created-api-key')).toHaveTextContent(CREATED.key);
    expect(within(dialog).getByText(/não será exibida novamente/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copiar chave' })).toBeInTheDocument();
    expect(await calls(fetchMock, 'POST', '/configuration/api-keys')[0]!.clone().json()).toEqual({ name: 'Site principal' });

    await user.click(within(dialog).getByRole('button', { name: 'Já copiei a chave' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Chave de API criada' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(section).getAllByTestId('api-key-row')).toHaveLength(3));
    expect(screen.queryByText(CREATED.key)).not.toBeInTheDocument();
  });

  it('revokes a key after confirmation', async () => {
    const fetchMock = mockApi(routes({ 'DELETE /configuration/api-keys/1': () => json({ message: 'Chave de API revogada.' }) }));
    renderApp('/retail-media/config');
    const user = userEvent.setup();
    const section = await screen.findByTestId('config-api-keys');
    await user.click(await within(section).findByRole('button', { name: 'Revogar a chave Site (demonstração)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revogar chave de API' });
    expect(calls(fetchMock, 'DELETE', '/configuration/api-keys/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revogar' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/configuration/api-keys/1')).toHaveLength(1));
  });

  it('is read-only for a non-admin', async () => {
    mockApi(routes({ 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'manager' }]) }));
    renderApp('/retail-media/config');
    const section = await screen.findByTestId('config-api-keys');
    expect(await within(section).findAllByTestId('api-key-row')).toHaveLength(2);
    expect(within(section).getByText('Somente o administrador cria e revoga chaves de API.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Criar chave' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument();
  });

  it('shows the empty state, and the error with a retry', async () => {
    let fail = true;
    mockApi(routes({ 'GET /configuration/api-keys': () => (fail ? apiError(500, 'INTERNAL', 'Falha ao carregar.') : json({ data: [] })) }));
    renderApp('/retail-media/config');
    const user = userEvent.setup();
    const section = await screen.findByTestId('config-api-keys');
    expect(await within(section).findByText('Erro: Falha ao carregar.', {}, { timeout: 15_000 })).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section).findByText('Nenhuma chave de API criada.')).toBeInTheDocument();
  });
});
