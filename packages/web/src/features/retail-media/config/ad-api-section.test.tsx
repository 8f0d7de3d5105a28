import '../../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_INFO, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';

const SETTINGS = { require_api_key: false, allowed_origins: ['https://www.bompreco.com.br'] };

const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /configuration/terms-of-service': () => json({ publisher_id: 1, active: false, url: null, version: null, can_edit: true }),
  'GET /configuration/ad-types': () => json({ publisher_id: 1, ad_types: ['product'], available: ['product'], can_edit: true }),
  'GET /goals': () => json([]),
  'GET /ad-sizes': () => json([]),
  'GET /configuration/api-keys': () => json({ data: [] }),
  'GET /configuration/ad-api': () => json(SETTINGS),
  ...extra,
});
const puts = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === 'PUT' && new URL(r.url).pathname === '/configuration/ad-api');

describe('retail media configuration: ad API access', { timeout: 30_000 }, () => {
  it('explains the public API and shows the setting: key not required, the allowed origins', async () => {
    mockApi(routes());
    renderApp('/retail-media/config');
    const section = await screen.findByTestId('config-ad-api');
    expect(within(section).getByRole('heading', { name: 'API de anúncios' })).toBeInTheDocument();
    const toggle = await within(section).findByRole('switch', { name: /^Exigir chave de API nas consultas de anúncios/ });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
    expect(within(section).getByText(/pública, como na API do VTEX Ads/)).toHaveTextContent('limites de requisições por IP e por publisher e pelas origens permitidas');
    expect(within(section).getByText('Origens permitidas')).toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: 'Origem 1' })).toHaveValue('https://www.bompreco.com.br');
  });

  it('the admin requires a key, edits the origins and saves them with PUT /configuration/ad-api', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const fetchMock = mockApi(routes({ 'PUT /configuration/ad-api': async (r) => json(await r.clone().json()) }));
    renderApp('/retail-media/config');
    const user = userEvent.setup();
    const section = await screen.findByTestId('config-ad-api');
    await user.click(await within(section).findByRole('switch', { name: /^Exigir chave de API nas consultas de anúncios/ }));
    await user.click(within(section).getByRole('button', { name: 'Adicionar origem' }));
    await user.type(within(section).getByRole('textbox', { name: 'Origem 2' }), 'http://loja.test/carrinho');
    await user.click(within(section).getByRole('button', { name: 'Adicionar origem' }));
    await user.click(within(section).getByRole('button', { name: 'Salvar API de anúncios' }));
    expect(await within(section).findByText(/Informe uma origem como https:\/\//)).toBeInTheDocument();
    expect(puts(fetchMock)).toHaveLength(0);

    const second = within(section).getByRole('textbox', { name: 'Origem 2' });
    await user.clear(second);
    await user.type(second, 'https://m.bompreco.com.br/');
    await user.click(within(section).getByRole('button', { name: 'Salvar API de anúncios' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    // The blank third row is not an origin; the trailing slash goes.
    expect(await puts(fetchMock)[0]!.clone().json()).toEqual({ require_api_key: true, allowed_origins: ['https://www.bompreco.com.br', 'https://m.bompreco.com.br'] });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Configuração da API de anúncios salva' })));
  });

  it('removing every origin means any origin', async () => {
    const fetchMock = mockApi(routes({ 'PUT /configuration/ad-api': async (r) => json(await r.clone().json()) }));
    renderApp('/retail-media/config');
    const user = userEvent.setup();
    const section = await screen.findByTestId('config-ad-api');
    await user.click(await within(section).findByRole('button', { name: 'Remover a origem 1' }));
    expect(within(section).getByTestId('ad-api-any-origin')).toHaveTextContent('Qualquer origem');
    await user.click(within(section).getByRole('button', { name: 'Salvar API de anúncios' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(await puts(fetchMock)[0]!.clone().json()).toEqual({ require_api_key: false, allowed_origins: [] });
  });

  it('shows the API’s field errors at the origin they name', async () => {
    mockApi(
      routes({
        'PUT /configuration/ad-api': () =>
          json({ error: { code: 'VALIDATION_ERROR', message: 'Dados inválidos.', details: [{ field: 'allowed_origins.0', message: 'Origem não aceita pela API.' }] } }, 400),
      }),
    );
    renderApp('/retail-media/config');
    const user = userEvent.setup();
    const section = await screen.findByTestId('config-ad-api');
    await user.click(await within(section).findByRole('button', { name: 'Salvar API de anúncios' }));
    expect(await within(section).findByText('Origem não aceita pela API.')).toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: 'Origem 1' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only for a non-admin', async () => {
    mockApi(routes({ 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'manager' }]) }));
    renderApp('/retail-media/config');
    const section = await screen.findByTestId('config-ad-api');
    expect(await within(section).findByText('Somente o administrador altera o acesso à API de anúncios.')).toBeInTheDocument();
    expect(within(section).getByRole('switch', { name: /^Exigir chave de API nas consultas de anúncios/ })).toBeDisabled();
    expect(within(section).getByRole('textbox', { name: 'Origem 1' })).toBeDisabled();
    expect(within(section).queryByRole('button', { name: 'Salvar API de anúncios' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Adicionar origem' })).not.toBeInTheDocument();
  });

  it('shows the load error with a retry', async () => {
    let fail = true;
    mockApi(routes({ 'GET /configuration/ad-api': () => (fail ? apiError(500, 'INTERNAL', 'Falha ao carregar.') : json({ require_api_key: true, allowed_origins: [] })) }));
    renderApp('/retail-media/config');
    const user = userEvent.setup();
    const section = await screen.findByTestId('config-ad-api');
    expect(await within(section).findByText('Erro: Falha ao carregar.', {}, { timeout: 15_000 })).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section).findByRole('switch', { name: /^Exigir chave de API nas consultas de anúncios/ })).toBeChecked();
    expect(within(section).getByText('Qualquer origem')).toBeInTheDocument();
  });
});
