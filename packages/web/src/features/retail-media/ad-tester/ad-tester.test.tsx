import '../../../test/signed-in';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_MODULES, SESSION, SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { setSession } from '../../../shared/session/session';

const OPERATOR = { ...SESSION, user: { ...SESSION.user, is_platform_operator: true } };
const RETAIL_MEDIA = { id: 8, key: 'retail_media', name: 'Retail media', submodules: [{ id: 806, key: 'retail_media.ad_request_tester', name: 'Testador de anúncios (beta)' }] };
const SIZES = [
  { id: 4, name: 'Topo da home', width: 1200, height: 300, publisher_id: 1 },
  { id: 5, name: 'Lateral', width: 300, height: 250, publisher_id: 1 },
];
const AD = {
  ad_id: 31,
  type: 'product',
  position: 1,
  campaign_id: 7,
  campaign_name: 'Café Aurora – busca',
  media_url: null,
  destination_url: null,
  product_name: 'Café Aurora Tradicional 500g',
  product_sku: 'cafe-aurora-tradicional-500g',
  seller_id: 3,
  headline: null,
  brand_name: 'Café Aurora',
  description: null,
  brand_url: null,
  assets: [],
  impression_url: 'https://bo.test/v1/beacon/impression?t=abc',
  view_url: 'https://bo.test/v1/beacon/view?t=abc',
  click_url: 'https://bo.test/v1/beacon/click?t=abc',
};

const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /api/access-module': () => json({ modules: [...ACCESS_MODULES, RETAIL_MEDIA] }),
  'GET /ad-sizes': () => json(SIZES),
  'POST /v1/rma/1': () => json({ request_id: 'req-1', placements: { search_product: [AD] } }),
  ...extra,
});
const rmaCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === 'POST' && new URL(r.url).pathname.startsWith('/v1/rma/'));

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('ad-request tester (spec §2, §5, §7)', { timeout: 30_000 }, () => {
  beforeEach(() => setSession(OPERATOR));

  it('is not found for a user who is not a platform operator, or without module 806', async () => {
    setSession(SESSION);
    mockApi(routes());
    renderApp('/retail-media/ad-request-tester');
    expect(await screen.findByText('Página não encontrada')).toBeInTheDocument();
    expect(screen.queryByText('Testador de anúncios')).not.toBeInTheDocument();
  });

  it('is not found for an operator whose account lacks the tester module', async () => {
    mockApi(routes({ 'GET /api/access-module': () => json({ modules: [...ACCESS_MODULES, { ...RETAIL_MEDIA, submodules: [] }] }) }));
    renderApp('/retail-media/ad-request-tester');
    expect(await screen.findByText('Página não encontrada')).toBeInTheDocument();
  });

  it('checks the §5 rules before calling the API', async () => {
    const fetchMock = mockApi(routes());
    renderApp('/retail-media/ad-request-tester');
    expect(await screen.findByRole('heading', { name: 'Testador de anúncios' })).toBeInTheDocument();
    expect(screen.getByTestId('tester-beta')).toHaveTextContent('Beta');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText(/^Publisher/, { selector: 'input' })).toHaveValue('Supermercado Bom Preço'));
    await choose(user, 'Contexto', 'Busca');
    await user.click(screen.getByRole('button', { name: 'Testar requisição' }));
    expect(await screen.findByText('Informe o termo buscado (term).')).toBeInTheDocument();
    await choose(user, 'Tipo de anúncio', 'Banner');
    await user.click(screen.getByRole('button', { name: 'Testar requisição' }));
    expect(await screen.findByText('Informe o tamanho (size) do banner.')).toBeInTheDocument();
    expect(rmaCalls(fetchMock)).toHaveLength(0);
  });

  it('searches, shows the ads per placement, the curl with the exact body and the JSON', async () => {
    const fetchMock = mockApi(routes());
    renderApp('/retail-media/ad-request-tester');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText(/^Publisher/, { selector: 'input' })).toHaveValue('Supermercado Bom Preço'));
    await choose(user, 'Contexto', 'Busca');
    await user.type(screen.getByLabelText(/Termo buscado/), 'café');
    await user.clear(screen.getByLabelText(/Quantidade/));
    await user.type(screen.getByLabelText(/Quantidade/), '2');
    await user.click(screen.getByRole('button', { name: 'Testar requisição' }));

    const ad = await screen.findByTestId('tester-ad');
    expect(ad).toHaveTextContent('Café Aurora Tradicional 500g');
    expect(ad).toHaveTextContent('cafe-aurora-tradicional-500g');
    expect(ad).toHaveTextContent('Café Aurora – busca');
    expect(ad).toHaveTextContent('Posição 1');
    expect(screen.getByTestId('tester-placement')).toHaveTextContent('Posicionamento search_product');

    const [call] = rmaCalls(fetchMock);
    const body = { context: 'search', term: 'café', placements: { search_product: { types: ['product'], quantity: 2 } } };
    expect(await call!.clone().json()).toEqual(body);
    expect(call!.headers.get('authorization')).toBe(`Bearer ${SESSION.token}`);
    const curl = screen.getByTestId('tester-curl-code').textContent!;
    expect(curl).toContain(`/v1/rma/1'`);
    expect(curl).toContain("-H 'x-api-key: SUA_CHAVE'");
    expect(curl).toContain(`-d '${JSON.stringify(body)}'`);
    expect(JSON.parse(screen.getByTestId('tester-json-code').textContent!)).toMatchObject({ request_id: 'req-1' });
    expect(screen.getByRole('button', { name: 'Copiar o comando curl' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar o JSON da resposta' })).toBeInTheDocument();
  });

  it('lists the publisher’s banner sizes, and leaving banner clears the size', async () => {
    const fetchMock = mockApi(routes({ 'POST /v1/rma/1': () => json({ request_id: 'req-2', placements: { home_product: [] } }) }));
    renderApp('/retail-media/ad-request-tester');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText(/^Publisher/, { selector: 'input' })).toHaveValue('Supermercado Bom Preço'));
    await choose(user, 'Tipo de anúncio', 'Banner');
    await choose(user, 'Tamanho do banner', 'Topo da home (1200 × 300)');
    expect(screen.getByLabelText(/^Tamanho do banner/, { selector: 'input' })).toHaveValue('Topo da home (1200 × 300)');
    const sizeCall = fetchMock.mock.calls.map(([r]) => new URL(r.url)).find((u) => u.pathname === '/ad-sizes');
    expect(sizeCall!.searchParams.get('publisher_id')).toBe('1');

    await choose(user, 'Tipo de anúncio', 'Produto');
    expect(screen.queryByLabelText(/^Tamanho do banner/, { selector: 'input' })).not.toBeInTheDocument();
    await choose(user, 'Tipo de anúncio', 'Banner');
    expect(screen.getByLabelText(/^Tamanho do banner/, { selector: 'input' })).toHaveValue('');
    await choose(user, 'Tipo de anúncio', 'Produto');
    await user.click(screen.getByRole('button', { name: 'Testar requisição' }));
    expect(await screen.findByText('Nenhum anúncio encontrado')).toBeInTheDocument();
    expect(await rmaCalls(fetchMock)[0]!.clone().json()).toEqual({ context: 'home', placements: { home_product: { types: ['product'], quantity: 1 } } });
  });

  it('changing the context clears the previous context’s field', async () => {
    mockApi(routes());
    renderApp('/retail-media/ad-request-tester');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText(/^Publisher/, { selector: 'input' })).toHaveValue('Supermercado Bom Preço'));
    await choose(user, 'Contexto', 'Busca');
    await user.type(screen.getByLabelText(/Termo buscado/), 'café');
    await choose(user, 'Contexto', 'Página de produto');
    expect(screen.queryByLabelText(/Termo buscado/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/SKU do produto/), 'sku-1');
    await choose(user, 'Contexto', 'Busca');
    expect(screen.getByLabelText(/Termo buscado/)).toHaveValue('');
  });

  it('shows a server 400 on the field it names, and other failures in the results', async () => {
    let status = 400;
    mockApi(
      routes({
        'POST /v1/rma/1': () =>
          status === 400
            ? json({ error: { code: 'VALIDATION_ERROR', message: 'Dados inválidos.', details: [{ field: 'product_sku', message: 'SKU desconhecido no catálogo.' }] } }, 400)
            : apiError(500, 'INTERNAL', 'Falha inesperada.'),
      }),
    );
    renderApp('/retail-media/ad-request-tester');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText(/^Publisher/, { selector: 'input' })).toHaveValue('Supermercado Bom Preço'));
    await choose(user, 'Contexto', 'Página de produto');
    await user.type(screen.getByLabelText(/SKU do produto/), 'nao-existe');
    await user.click(screen.getByRole('button', { name: 'Testar requisição' }));
    expect(await screen.findByText('SKU desconhecido no catálogo.')).toBeInTheDocument();
    expect(screen.queryByTestId('tester-error')).not.toBeInTheDocument();

    status = 500;
    await user.click(screen.getByRole('button', { name: 'Testar requisição' }));
    expect(await screen.findByTestId('tester-error', {}, { timeout: 15_000 })).toHaveTextContent('A requisição falhou: Falha inesperada.');
    expect(screen.getByTestId('tester-curl-code')).toHaveTextContent('SUA_CHAVE');
  });
});
