import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCESS_MODULES, ACCOUNT_INFO, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const RETAIL_MEDIA = { id: 8, key: 'retail_media', name: 'Retail media', submodules: [{ id: 807, key: 'retail_media.tv_devices', name: 'TVs (digital signage)' }] };
const DEVICE = {
  id: 'doc-1',
  name: 'TV da entrada',
  deviceName: 'Chromium · Linux',
  deviceID: 'tv-0b6f6a7e-1111-4222-8333-944445555666',
  deviceManufacturer: 'Samsung',
  user: { name: 'Ana Souza', email: 'ana@varejo.test' },
  store: { id: 3, name: 'Bom Preço Centro' },
  active: true,
  online: true,
  last_seen_at: '2026-11-20T15:30:00.000Z',
  activated_at: '2026-11-20T15:00:00.000Z',
};
const OFFLINE = { ...DEVICE, id: 'doc-2', name: 'TV do açougue', deviceManufacturer: 'LG', online: false, last_seen_at: null };
const page = (data: unknown[]) => json({ data, meta: { page: 1, quantity: 20, total: data.length, total_pages: data.length ? 1 : 0 } });

const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /api/access-module': () => json({ modules: [...ACCESS_MODULES, RETAIL_MEDIA] }),
  'GET /api/tv-devices': () => page([DEVICE, OFFLINE]),
  ...extra,
});
const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === method && new URL(r.url).pathname === path);

describe('TV devices page', { timeout: 30_000 }, () => {
  it('lists name, device id, manufacturer, who activated, store and online/offline with the last contact', async () => {
    mockApi(routes());
    renderApp('/retail-media/tv-devices');
    const rows = await screen.findAllByTestId('tv-device-row', {}, { timeout: 15_000 });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('TV da entrada');
    expect(rows[0]).toHaveTextContent(DEVICE.deviceID);
    expect(rows[0]).toHaveTextContent('Samsung');
    expect(rows[0]).toHaveTextContent('Ana Souza');
    expect(rows[0]).toHaveTextContent('Bom Preço Centro');
    expect(within(rows[0]!).getByTestId('tv-device-status')).toHaveTextContent('Online');
    expect(rows[0]).toHaveTextContent('Último contato:');
    expect(within(rows[1]!).getByTestId('tv-device-status')).toHaveTextContent('Offline');
    expect(rows[1]).toHaveTextContent('Ainda sem contato');
    expect(screen.getByText('2 TVs')).toBeInTheDocument();
  });

  it('removes a TV only after confirmation', async () => {
    const fetchMock = mockApi(routes({ 'DELETE /api/tv-devices/doc-1': () => json({ message: 'TV removida: ela volta a aguardar pareamento.' }) }));
    renderApp('/retail-media/tv-devices');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remover a TV TV da entrada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover TV' });
    expect(within(dialog).getByText(/volta a aguardar pareamento/)).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/tv-devices/doc-1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/api/tv-devices/doc-1')).toHaveLength(1));
    // The list is read again.
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/tv-devices').length).toBeGreaterThan(1));
  });

  it('offers no removal to an operator', async () => {
    mockApi(routes({ 'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'operator' }]) }));
    renderApp('/retail-media/tv-devices');
    await screen.findAllByTestId('tv-device-row');
    expect(screen.queryByRole('button', { name: /Remover a TV/ })).not.toBeInTheDocument();
  });

  it('shows the loading rows, the error with a retry, and the empty state with how to pair', async () => {
    let fail = true;
    mockApi(routes({ 'GET /api/tv-devices': () => (fail ? apiError(500, 'INTERNAL', 'Falha ao carregar.') : page([])) }));
    renderApp('/retail-media/tv-devices');
    const user = userEvent.setup();
    expect((await screen.findAllByTestId('tv-device-skeleton')).length).toBeGreaterThan(0);
    expect(await screen.findByText('Falha ao carregar.', {}, { timeout: 15_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    const empty = await screen.findByTestId('tv-devices-empty');
    expect(empty).toHaveTextContent('Nenhuma TV pareada');
    expect(within(empty).getByTestId('tv-player-url')).toHaveTextContent(/\/tv\/player$/);
  });
});

describe('TV activation page', { timeout: 60_000 }, () => {
  const TOKEN = 'a'.repeat(43);
  const PAIRING = { id: 'doc-9', deviceName: 'Tizen · Samsung', deviceID: 'tv-abc', deviceManufacturer: 'Samsung', active: false, name: null, store: null, registered_at: '2026-11-20T15:00:00.000Z' };

  it('shows the device, asks a name and a store, and activates it', async () => {
    const fetchMock = mockApi(
      routes({
        [`GET /api/tv-devices/pairing/${TOKEN}`]: () => json(PAIRING),
        'GET /api/location/minified': () => json({ data: [{ id: 3, name: 'Bom Preço Centro' }, { id: 4, name: 'Bom Preço Norte' }] }),
        [`POST /api/tv-devices/pairing/${TOKEN}/activate`]: () => json({ ...DEVICE, id: 'doc-9' }),
      }),
    );
    renderApp(`/retail-media/tv-devices/activate/${TOKEN}`);
    const user = userEvent.setup();
    const device = await screen.findByTestId('tv-activation-device', {}, { timeout: 15_000 });
    expect(await within(device).findByText('Tizen · Samsung')).toBeInTheDocument();
    expect(within(device).getByText('tv-abc')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Ativar TV' }));
    expect(calls(fetchMock, 'POST', `/api/tv-devices/pairing/${TOKEN}/activate`)).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Nome da TV/ }), 'TV da entrada');
    await user.click(screen.getByRole('combobox', { name: /^Loja/ }));
    await user.click(await screen.findByRole('option', { name: 'Bom Preço Norte' }));
    await user.click(screen.getByRole('button', { name: 'Ativar TV' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', `/api/tv-devices/pairing/${TOKEN}/activate`)).toHaveLength(1));
    expect(await calls(fetchMock, 'POST', `/api/tv-devices/pairing/${TOKEN}/activate`)[0]!.clone().json()).toEqual({ name: 'TV da entrada', location_id: 4 });
    // Back to the list.
    expect(await screen.findAllByTestId('tv-device-row', {}, { timeout: 15_000 })).toHaveLength(2);
  });

  it('says clearly when the token is unknown', async () => {
    mockApi(routes({ [`GET /api/tv-devices/pairing/${TOKEN}`]: () => apiError(404, 'TV_DEVICE_NOT_FOUND', 'TV não encontrada.') }));
    renderApp(`/retail-media/tv-devices/activate/${TOKEN}`);
    const missing = await screen.findByTestId('tv-activation-not-found');
    expect(missing).toHaveTextContent('TV não encontrada');
    expect(missing).toHaveTextContent('Confira o link exibido na TV');
  });
});
