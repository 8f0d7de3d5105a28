import '../../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { SHELL_ROUTES, json, mockApi, type Handler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';

const TERMS = { publisher_id: 1, active: true, url: 'https://bompreco.varejo.test/termos', version: '2026.1', can_edit: true };
const AD_TYPES = { publisher_id: 1, ad_types: ['product', 'banner'], available: ['product', 'banner', 'sponsored_brand', 'digital_signage'], can_edit: true };
const GOALS = [
  { name: 'profitability', label: 'Rentabilidade', range: { min: 0.5, max: 1.2 } },
  { name: 'growth', label: 'Crescimento', range: { min: 0.8, max: 2 } },
];
const SIZES = [{ id: 4, name: 'Topo da home', width: 1200, height: 300, publisher_id: 1 }];

const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /configuration/terms-of-service': () => json(TERMS),
  'GET /configuration/ad-types': () => json(AD_TYPES),
  'GET /goals': () => json(GOALS),
  'GET /ad-sizes': () => json(SIZES),
  'GET /configuration/ad-api': () => json({ require_api_key: false, allowed_origins: [] }),
  ...extra,
});
const puts = (fetchMock: ReturnType<typeof mockApi>, path: string) => fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === 'PUT' && new URL(r.url).pathname === path);

describe('retail media configuration (spec §2, §5, §8)', { timeout: 30_000 }, () => {
  it('shows every section with the API data', async () => {
    mockApi(routes());
    renderApp('/retail-media/config');
    expect(await screen.findByRole('heading', { name: 'Configurações de retail media' })).toBeInTheDocument();
    const terms = await screen.findByTestId('config-terms');
    expect(await within(terms).findByDisplayValue('https://bompreco.varejo.test/termos')).toBeEnabled();
    const types = screen.getByTestId('config-ad-types');
    expect(await within(types).findByRole('checkbox', { name: 'Digital signage' })).not.toBeChecked();
    expect(within(types).getByRole('checkbox', { name: 'Marca patrocinada' })).not.toBeChecked();
    expect(within(types).getByRole('checkbox', { name: 'Produto' })).toBeChecked();
    expect(await screen.findAllByTestId('goal-row')).toHaveLength(2);
    expect(await screen.findByText('1200 × 300 px')).toBeInTheDocument();
    const adApi = screen.getByTestId('config-ad-api');
    expect(await within(adApi).findByRole('switch', { name: /^Exigir chave de API nas consultas de anúncios/ })).not.toBeChecked();
    expect(within(adApi).getByText('Qualquer origem')).toBeInTheDocument();
  });

  it('disables the terms fields when the API says can_edit is false', async () => {
    mockApi(routes({ 'GET /configuration/terms-of-service': () => json({ ...TERMS, can_edit: false }) }));
    renderApp('/retail-media/config');
    const terms = await screen.findByTestId('config-terms');
    expect(await within(terms).findByDisplayValue('https://bompreco.varejo.test/termos')).toBeDisabled();
    expect(within(terms).getByDisplayValue('2026.1')).toBeDisabled();
    expect(within(terms).getByRole('switch', { name: 'Exigir aceite dos termos de uso' })).toBeDisabled();
    expect(within(terms).queryByRole('button', { name: 'Salvar termos' })).not.toBeInTheDocument();
    expect(within(terms).getByText('Somente o administrador do publisher altera os termos de uso.')).toBeInTheDocument();
  });

  it('saves the terms with a success toast, and shows the API error as a toast', async () => {
    const toast = vi.spyOn(notifications, 'show');
    let fail = true;
    const fetchMock = mockApi(
      routes({
        'PUT /configuration/terms-of-service': async (r) =>
          fail ? json({ error: { code: 'FORBIDDEN', message: 'Sem permissão.' } }, 403) : json({ ...TERMS, ...(await r.clone().json()) }),
      }),
    );
    renderApp('/retail-media/config');
    const user = userEvent.setup();
    const terms = await screen.findByTestId('config-terms');
    const version = await within(terms).findByDisplayValue('2026.1');
    await user.clear(version);
    await user.type(version, '2026.2');
    await user.click(within(terms).getByRole('button', { name: 'Salvar termos' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Erro', message: 'Sem permissão.' })));

    fail = false;
    await user.click(within(terms).getByRole('button', { name: 'Salvar termos' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Termos de uso salvos com sucesso' })));
    expect(await puts(fetchMock, '/configuration/terms-of-service')[1]!.clone().json()).toEqual({ active: true, url: 'https://bompreco.varejo.test/termos', version: '2026.2' });
  });

  it('submits the checked ad types as {ad_types:[...]}', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const fetchMock = mockApi(routes({ 'PUT /configuration/ad-types': async (r) => json({ ...AD_TYPES, ...(await r.clone().json()) }) }));
    renderApp('/retail-media/config');
    const user = userEvent.setup();
    const types = await screen.findByTestId('config-ad-types');
    await user.click(await within(types).findByRole('checkbox', { name: 'Digital signage' }));
    await user.click(within(types).getByRole('checkbox', { name: 'Produto' }));
    await user.click(within(types).getByRole('button', { name: 'Salvar tipos de anúncio' }));
    await waitFor(() => expect(puts(fetchMock, '/configuration/ad-types')).toHaveLength(1));
    expect(await puts(fetchMock, '/configuration/ad-types')[0]!.clone().json()).toEqual({ ad_types: ['banner', 'digital_signage'] });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Tipos de anúncio salvos com sucesso' })));
  });

  it('refuses to save no ad type at all', async () => {
    const fetchMock = mockApi(routes({ 'GET /configuration/ad-types': () => json({ ...AD_TYPES, ad_types: ['banner'] }) }));
    renderApp('/retail-media/config');
    const user = userEvent.setup();
    const types = await screen.findByTestId('config-ad-types');
    await user.click(await within(types).findByRole('checkbox', { name: 'Banner' }));
    await user.click(within(types).getByRole('button', { name: 'Salvar tipos de anúncio' }));
    expect(await within(types).findByText('Escolha ao menos um tipo de anúncio.')).toBeInTheDocument();
    expect(puts(fetchMock, '/configuration/ad-types')).toHaveLength(0);
  });

  it('shows an error alert when the goals fail to load', async () => {
    mockApi(routes({ 'GET /goals': () => json({ error: { code: 'X', message: 'Falha ao carregar objetivos.' } }, 500) }));
    renderApp('/retail-media/config');
    const goals = await screen.findByTestId('config-goals');
    expect(await within(goals).findByText('Erro: Falha ao carregar objetivos.')).toBeInTheDocument();
  });
});
