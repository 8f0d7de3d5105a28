import '../../../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, json, mockApi, type Handler } from '../../../../test/api-mock';
import { renderApp } from '../../../../test/render-app';
import { adPage, banner } from '../test-fixtures';

const PENDING = [banner(5, 'pending_review'), banner(6, 'pending_review', { campaign_id: 8, campaign_name: 'Aurora Verão' })];
const REJECTED = [banner(9, 'rejected')];

function routes(over: Record<string, Handler> = {}) {
  const patches: { path: string; body: unknown }[] = [];
  const review: Handler = async (r) => {
    patches.push({ path: new URL(r.url).pathname, body: await r.json() });
    return json(banner(5, new URL(r.url).pathname.includes('/approve/') ? 'approved' : 'rejected'));
  };
  const all: Record<string, Handler> = {
    ...SHELL_ROUTES,
    'GET /ad/review': (r) => (new URL(r.url).searchParams.get('status') === 'rejected' ? adPage(REJECTED, 50) : adPage(PENDING, 100)),
    'GET /ad/count-by-status': () => json({ pending_review: 2, approved: 10, rejected: 1 }),
    'PATCH /ad/actions/review/approve/5': review,
    'PATCH /ad/actions/review/reject/5': review,
    ...over,
  };
  return { all, patches };
}

const reviewCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([r]) => new URL(r.url)).filter((u) => u.pathname === '/ad/review');

describe('ads review queue (publisher)', { timeout: 60_000 }, () => {
  it('lists pending banners 100 a page, with counts in the tabs and each ad\'s advertiser, campaign, size and destination', async () => {
    const { all } = routes();
    const fetchMock = mockApi(all);
    renderApp('/retail-media/review');

    expect(await screen.findByRole('heading', { name: 'Revisão de anúncios' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('review-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Café Aurora')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Café Aurora – Natal' })).toHaveAttribute('href', '/retail-media/campaign/view/7');
    expect(first.getByText('Topo da home (1200×300)')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'https://bompreco.varejo.test/cafe-aurora' })).toBeInTheDocument();
    expect(first.getByText('Em revisão')).toBeInTheDocument();
    expect(await screen.findByTestId('count-pending_review')).toHaveTextContent('2');
    expect(screen.getByTestId('count-rejected')).toHaveTextContent('1');

    const query = reviewCalls(fetchMock)[0]!.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ status: 'pending_review', ad_type: 'banner', quantity: '100', page: '1' });
  });

  it('approves after confirming, through PATCH /ad/actions/review/approve/{adId}', async () => {
    const { all, patches } = routes();
    mockApi(all);
    renderApp('/retail-media/review');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Aprovar: Anúncio #5' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar' }));

    await waitFor(() => expect(patches).toEqual([{ path: '/ad/actions/review/approve/5', body: {} }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('rejects only with a note, sent to PATCH /ad/actions/review/reject/{adId}', async () => {
    const { all, patches } = routes();
    mockApi(all);
    renderApp('/retail-media/review');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Reprovar: Anúncio #5' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    expect(within(dialog).getByText('Escreva uma observação para continuar.')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Motivo da reprovação/ }), 'Imagem fora do padrão da loja');
    await user.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    await waitFor(() => expect(patches).toEqual([{ path: '/ad/actions/review/reject/5', body: { note: 'Imagem fora do padrão da loja' } }]));
  });

  it('keeps the tab and the ad type in the URL; the rejected tab pages 50 and shows the note', async () => {
    const { all } = routes();
    const fetchMock = mockApi(all);
    const { router } = renderApp('/retail-media/review');
    const user = userEvent.setup();
    await screen.findAllByTestId('review-card');

    await user.click(screen.getByRole('tab', { name: /Reprovados/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'rejected' }));
    const card = (await screen.findAllByTestId('review-card')).find((c) => within(c).queryByText('Anúncio #9'))!;
    expect(within(card).getByText('Imagem ilegível')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Reprovar/ })).not.toBeInTheDocument();
    expect(reviewCalls(fetchMock).at(-1)!.searchParams.get('quantity')).toBe('50');

    await user.click(screen.getByLabelText('Tipo de anúncio', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Marca patrocinada' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'rejected', ad_type: 'sponsored_brand' }));
  });

  it('says when nothing waits for review', async () => {
    const { all } = routes({ 'GET /ad/review': () => adPage([], 100) });
    mockApi(all);
    renderApp('/retail-media/review');
    expect(await screen.findByText('Nenhum anúncio aguardando revisão')).toBeInTheDocument();
  });
});
