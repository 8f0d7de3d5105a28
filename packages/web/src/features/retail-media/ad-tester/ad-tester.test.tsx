import '../../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
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
const COMMON = {
  campaign_id: 7,
  seller_id: 3,
  impression_url: 'https://bo.test/v1/beacon/impression?t=abc',
  view_url: 'https://bo.test/v1/beacon/view?t=abc',
  click_url: 'https://bo.test/v1/beacon/click?t=abc',
};
const PRODUCT = {
  ...COMMON,
  ad_id: 31,
  type: 'product',
  position: 1,
  campaign_name: 'Café Aurora – busca',
  product_sku: 'cafe-aurora-tradicional-500g',
  product_name: 'Café Aurora Tradicional 500g',
  destination_url: 'https://bo.test/p/cafe-aurora',
  media_url: 'https://bo.test/media/cafe.png',
};
const BANNER = {
  ...COMMON,
  ad_id: 32,
  type: 'banner',
  position: 1,
  campaign_name: 'Semana do café',
  media_url: 'https://bo.test/media/banner-728x90.png',
  asset_type: 'image',
  assets: [{ url: 'https://bo.test/media/banner-728x90.png', type: 'image', dimension: '728x90' }],
  destination_url: 'https://bo.test/campanha/cafe',
};
const VIDEO = {
  ...BANNER,
  ad_id: 33,
  campaign_name: 'Vídeo do café',
  media_url: 'https://bo.test/media/cafe-720p.mp4',
  asset_type: 'video',
  assets: [{ url: 'https://bo.test/media/cafe-720p.mp4', type: 'video', dimension: '1280x720' }],
};
const BRAND = {
  ...COMMON,
  ad_id: 34,
  type: 'sponsored_brand',
  position: 1,
  campaign_name: 'Aurora marca',
  media_url: 'https://bo.test/media/aurora-logo.png',
  asset_type: 'image',
  assets: [{ url: 'https://bo.test/media/aurora-logo.png', type: 'image', dimension: 'desktop' }],
  brand_name: 'Café Aurora',
  headline: 'O café da sua manhã',
  description: 'Torra média, 100% arábica.',
  brand_url: 'https://bo.test/marca/aurora',
  destination_url: 'https://bo.test/marca/aurora',
  products: [
    { product_sku: 'cafe-aurora-500g', product_name: 'Café Aurora 500g', media_url: null, destination_url: null },
    { product_sku: 'cafe-aurora-250g', product_name: 'Café Aurora 250g', media_url: 'https://bo.test/media/250.png', destination_url: null },
  ],
};
const SIGNAGE = {
  ...COMMON,
  ad_id: 35,
  type: 'digital_signage',
  position: 1,
  campaign_name: 'Tela da entrada',
  media_url: 'https://bo.test/media/tela-1080p.mp4',
  asset_type: 'video',
  assets: [{ url: 'https://bo.test/media/tela-1080p.mp4', type: 'video', dimension: '1920x1080' }],
  duration: 15,
};
const IDS = { request_id: 'req-1', query_id: 'qry-1', query_at: '2026-11-25T15:00:00.000Z' };

const routes = (extra: Record<string, Handler> = {}) => ({
  ...SHELL_ROUTES,
  'GET /api/access-module': () => json({ modules: [...ACCESS_MODULES, RETAIL_MEDIA] }),
  'GET /ad-sizes': () => json(SIZES),
  'GET /configuration/ad-api': () => json({ require_api_key: false, allowed_origins: [] }),
  'POST /v1/rma/1': () => json({ ...IDS, search_product: [PRODUCT] }),
  ...extra,
});
const rmaCalls = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === 'POST' && new URL(r.url).pathname.startsWith('/v1/rma/'));
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Testar requisição' }));

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}
async function open() {
  renderApp('/retail-media/ad-request-tester');
  await waitFor(() => expect(screen.getByLabelText(/^Publisher/, { selector: 'input' })).toHaveValue('Supermercado Bom Preço'));
  return userEvent.setup();
}

describe('ad-request tester (VTEX Ads request and answer)', { timeout: 30_000 }, () => {
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

  it('checks the contract’s rules at their fields before calling the API', async () => {
    const fetchMock = mockApi(routes());
    const user = await open();
    expect(screen.getByTestId('tester-beta')).toHaveTextContent('Beta');
    await choose(user, 'Contexto', 'Sinalização digital (tela na loja)');
    expect(screen.getByLabelText(/^Canal/, { selector: 'input' })).toHaveValue('Loja física (in-store)');
    await user.click(screen.getByRole('checkbox', { name: 'Banner' }));
    await submit(user);
    expect(await screen.findByText('Informe o dispositivo (device_id).')).toBeInTheDocument();
    expect(screen.getByText('Informe a loja do dispositivo (store_name).')).toBeInTheDocument();
    expect(screen.getByText('Informe o tamanho (size) do banner.')).toBeInTheDocument();
    expect(rmaCalls(fetchMock)).toHaveLength(0);
  });

  it('searches, shows the ads per placement with the query ids, the public curl with the exact body, and the JSON', async () => {
    const fetchMock = mockApi(routes());
    const user = await open();
    await choose(user, 'Contexto', 'Busca');
    await user.type(screen.getByLabelText(/Termo buscado/), 'café');
    await user.clear(screen.getByLabelText(/^Quantidade/));
    await user.type(screen.getByLabelText(/^Quantidade/), '2');
    await user.click(screen.getByRole('switch', { name: /Permitir o mesmo SKU/ }));
    await user.type(screen.getByLabelText(/^Tags/, { selector: 'input' }), 'promo{Enter}');
    await user.click(screen.getByRole('button', { name: 'Adicionar segmentação' }));
    await user.type(screen.getByLabelText(/^Chave/, { selector: 'input' }), 'STATE');
    await user.type(screen.getByLabelText(/^Valores/), 'SP, RJ');
    await submit(user);

    const ad = await screen.findByTestId('tester-ad');
    expect(ad).toHaveAttribute('data-ad-type', 'product');
    expect(ad).toHaveTextContent('Café Aurora Tradicional 500g');
    expect(ad).toHaveTextContent('cafe-aurora-tradicional-500g');
    expect(ad).toHaveTextContent('Café Aurora – busca');
    expect(ad).toHaveTextContent('Posição 1');
    expect(within(ad).getByRole('img', { name: 'Café Aurora Tradicional 500g' })).toHaveAttribute('src', PRODUCT.media_url);
    expect(screen.getByTestId('tester-placement')).toHaveTextContent('Posicionamento search_product');
    expect(screen.getByTestId('tester-query')).toHaveTextContent('Consulta qry-1');
    expect(screen.getByTestId('tester-query')).toHaveTextContent('Respondida em 25/11/2026');

    const [call] = rmaCalls(fetchMock);
    const body = {
      context: 'search',
      term: 'café',
      segmentation: [{ key: 'STATE', values: ['SP', 'RJ'] }],
      tags: ['promo'],
      placements: { search_product: { types: ['product'], quantity: 2, allow_sku_duplications: true } },
    };
    expect(await call!.clone().json()).toEqual(body);
    const curl = screen.getByTestId('tester-curl-code').textContent!;
    expect(curl).toContain(`/v1/rma/1'`);
    expect(curl).not.toContain('x-api-key');
    expect(curl).toContain(`-d '${JSON.stringify(body)}'`);
    expect(screen.getByTestId('tester-curl')).toHaveTextContent('não precisa de chave');
    expect(JSON.parse(screen.getByTestId('tester-json-code').textContent!)).toMatchObject(IDS);
    expect(screen.getByRole('button', { name: 'Copiar o comando curl' })).toBeInTheDocument();
  });

  it('puts the key header in the curl when the publisher requires a key', async () => {
    mockApi(routes({ 'GET /configuration/ad-api': () => json({ require_api_key: true, allowed_origins: [] }) }));
    const user = await open();
    await submit(user);
    await screen.findByTestId('tester-curl');
    await waitFor(() => expect(screen.getByTestId('tester-curl-code')).toHaveTextContent("-H 'x-api-key: SUA_CHAVE'"));
    expect(screen.getByTestId('tester-curl')).toHaveTextContent('Este publisher exige chave de API');
  });

  it('draws each ad by its type: banner image, video, sponsored brand with products, signage with its duration; and an empty placement', async () => {
    const fetchMock = mockApi(
      routes({ 'POST /v1/rma/1': () => json({ ...IDS, topo: [BANNER], video: [VIDEO], marca: [BRAND], tela: [SIGNAGE], vazio: [] }) }),
    );
    const user = await open();
    await user.type(screen.getByLabelText(/^Nome do posicionamento/), 'topo');
    await user.click(screen.getByRole('checkbox', { name: 'Produto' }));
    await user.click(screen.getByRole('checkbox', { name: 'Banner' }));
    await user.type(screen.getByLabelText(/^Tamanho/, { selector: 'input' }), '720p');
    await user.click(screen.getByRole('checkbox', { name: 'Vídeo' }));
    await submit(user);

    const placements = await screen.findAllByTestId('tester-placement');
    expect(placements.map((p) => p.getAttribute('data-placement'))).toEqual(['topo', 'video', 'marca', 'tela', 'vazio']);
    expect(await rmaCalls(fetchMock)[0]!.clone().json()).toEqual({ context: 'home', placements: { topo: { types: ['banner'], quantity: 1, size: '720p', assets_type: ['video'] } } });

    const [banner, video, brand, signage] = screen.getAllByTestId('tester-ad');
    expect(within(banner!).getByTestId('tester-ad-image')).toHaveAttribute('src', BANNER.media_url);
    expect(banner).toHaveTextContent('Imagem · 728x90');
    const player = within(video!).getByTestId('tester-ad-video') as HTMLVideoElement;
    expect(player).toHaveAttribute('src', VIDEO.media_url);
    expect(player.controls).toBe(true);
    expect(player.muted).toBe(true);
    expect(video).toHaveTextContent('Vídeo · 1280x720');
    expect(brand).toHaveTextContent('O café da sua manhã');
    expect(brand).toHaveTextContent('Torra média, 100% arábica.');
    expect(brand).toHaveTextContent('Produtos da marca (2)');
    expect(within(brand!).getAllByTestId('tester-brand-product').map((p) => p.textContent)).toEqual(['Café Aurora 500gcafe-aurora-500g', 'Café Aurora 250gcafe-aurora-250g']);
    expect(within(signage!).getByTestId('tester-ad-duration')).toHaveTextContent('15 s na tela');
    expect(within(signage!).getByTestId('tester-ad-video')).toHaveAttribute('src', SIGNAGE.media_url);
    expect(within(placements[4]!).getByTestId('tester-placement-empty')).toHaveTextContent('Nenhum anúncio para este posicionamento.');
  });

  it('shows a 422 on the fields it names (placement fields by name), and other failures in the results', async () => {
    let status = 422;
    mockApi(
      routes({
        'POST /v1/rma/1': () =>
          status === 422
            ? json(
                {
                  error: {
                    code: 'VALIDATION_ERROR',
                    message: 'Dados inválidos.',
                    details: [
                      { field: 'product_sku', message: 'SKU desconhecido no catálogo.' },
                      { field: 'placements.lateral.size', message: 'Tamanho desconhecido para este publisher.' },
                    ],
                  },
                },
                422,
              )
            : apiError(500, 'INTERNAL', 'Falha inesperada.'),
      }),
    );
    const user = await open();
    await choose(user, 'Contexto', 'Página de produto');
    await user.type(screen.getByLabelText(/SKU do produto/), 'nao-existe');
    await user.click(screen.getByRole('button', { name: 'Adicionar posicionamento' }));
    const names = screen.getAllByLabelText(/^Nome do posicionamento/);
    await user.type(names[1]!, 'lateral');
    await user.type(screen.getAllByLabelText(/^Tamanho/, { selector: 'input' })[1]!, 'gigante');
    await submit(user);
    expect(await screen.findByText('SKU desconhecido no catálogo.')).toBeInTheDocument();
    const sizes = screen.getAllByLabelText(/^Tamanho/, { selector: 'input' });
    expect(sizes[1]).toHaveAttribute('aria-invalid', 'true');
    expect(sizes[0]).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Tamanho desconhecido para este publisher.')).toBeInTheDocument();
    expect(screen.getByLabelText(/SKU do produto/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('tester-invalid')).toBeInTheDocument();
    expect(screen.queryByTestId('tester-error')).not.toBeInTheDocument();

    status = 500;
    await submit(user);
    expect(await screen.findByTestId('tester-error', {}, { timeout: 15_000 })).toHaveTextContent('A requisição falhou: Falha inesperada.');
  });
});
