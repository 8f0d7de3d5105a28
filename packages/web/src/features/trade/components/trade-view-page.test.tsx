import '../../../test/signed-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TradeAgreementDetail } from '../api';
import { SHELL_ROUTES, apiError, json, mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { agreement, proof, results } from './fixtures.test-data';

function routes(a: TradeAgreementDetail, proofs = [proof]) {
  return {
    ...SHELL_ROUTES,
    'GET /api/trade/7': () => json(a),
    'GET /api/trade/7/results': () => json(results),
    'GET /api/trade/7/proofs': () => json({ data: proofs }),
  };
}

const actionButtons = () => within(screen.getByTestId('trade-actions')).queryAllByRole('button').map((b) => b.textContent) as string[];
const linkTexts = () => within(screen.getByTestId('trade-actions')).queryAllByRole('link').map((b) => b.textContent);

describe('trade agreement view', { timeout: 20_000 }, () => {
  it('shows the details, stores and products by name, the history, proofs and results', async () => {
    mockApi(routes(agreement()));
    renderApp('/trade/view/7');

    // The first render loads the route's code: a longer wait than the default.
    expect(await screen.findByRole('heading', { name: 'Ponta de gôndola Café Aurora' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Ponta de gôndola com Café Aurora')).toBeInTheDocument();
    const details = within(screen.getByTestId('trade-details'));
    expect(details.getByText('R$ 2.500,75')).toBeInTheDocument();
    expect(details.getByText('01/12/2026 – 15/12/2026')).toBeInTheDocument();
    expect(await details.findByText('Bom Preço Centro')).toBeInTheDocument();
    expect(details.getByText('Bom Preço Cambuí')).toBeInTheDocument();
    expect(details.getByText('Café Aurora Tradicional 500g')).toBeInTheDocument();

    const timeline = within(screen.getByTestId('trade-timeline'));
    expect(timeline.getByText('Rascunho')).toBeInTheDocument();
    expect(timeline.getByText('“Para aprovação”')).toBeInTheDocument();
    expect(timeline.getAllByText(/Marina Costa \(Café Aurora\)/)).toHaveLength(2);

    const proofCard = within(await screen.findByTestId('trade-proof'));
    expect(proofCard.getByRole('img', { name: 'Ponta montada na entrada' })).toHaveAttribute('src', '/media/1/proofs/ponta.png');
    expect(proofCard.getByText('Bom Preço Cambuí')).toBeInTheDocument();

    expect(within(screen.getByTestId('trade-results-value')).getByText('R$ 265,00')).toBeInTheDocument();
    expect(within(screen.getByTestId('trade-results-value')).getByText('Período anterior: R$ 105,00')).toBeInTheDocument();
    expect(within(screen.getByTestId('trade-results-value')).getByText('+152,4%')).toBeInTheDocument();
    expect(within(screen.getByTestId('trade-results-units')).getByText('17,5')).toBeInTheDocument();
  });

  it.each<[string, Partial<TradeAgreementDetail>, string[]]>([
    ['the retailer, on the brand’s proposal: approve or reject', { status: 'proposed' }, ['Aprovar', 'Recusar']],
    ['the brand, on its own proposal: only withdraw it', { status: 'proposed', my_side: 'brand' }, ['Cancelar acordo']],
    ['the retailer, on an approved one: start or cancel', { status: 'approved' }, ['Iniciar', 'Cancelar acordo']],
    ['the brand, on an approved one: cancel only (the retailer starts it)', { status: 'approved', my_side: 'brand' }, ['Cancelar acordo']],
    ['either side, while running: finish', { status: 'running', my_side: 'brand' }, ['Concluir']],
    ['the brand, on its rejected one: revise or cancel', { status: 'rejected', my_side: 'brand', rejection_reason: 'Investimento baixo' }, ['Revisar', 'Cancelar acordo']],
    ['nobody, once done', { status: 'done' }, []],
  ])('offers %s', async (_, over, expected) => {
    mockApi(routes(agreement(over)));
    renderApp('/trade/view/7');
    await screen.findByTestId('trade-actions', {}, { timeout: 15_000 });
    expect(actionButtons()).toEqual(expected);
    expect(linkTexts()).toEqual([]);
  });

  it('offers its author editing of a draft, and proposing', async () => {
    mockApi(routes(agreement({ status: 'draft', my_side: 'brand' })));
    renderApp('/trade/view/7');
    await screen.findByTestId('trade-actions');
    expect(linkTexts()).toEqual(['Editar']);
    expect(actionButtons()).toEqual(['Propor', 'Cancelar acordo']);
  });

  it('asks the reason to reject and sends it', async () => {
    const fetchMock = mockApi({
      ...routes(agreement()),
      'POST /api/trade/7/actions/reject': () =>
        json({ message: 'Acordo recusado.', agreement: agreement({ status: 'rejected', rejection_reason: 'Investimento abaixo do combinado' }) }),
    });
    renderApp('/trade/view/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByTestId('trade-action-confirm'));
    expect(await dialog.findByText('Informe o motivo da recusa.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([r]) => r.method === 'POST')).toBe(false);

    fireEvent.change(dialog.getByTestId('trade-action-note'), { target: { value: 'Investimento abaixo do combinado' } });
    fireEvent.click(dialog.getByTestId('trade-action-confirm'));
    await waitFor(() => expect(screen.getAllByText('Recusado').length).toBeGreaterThan(0));
    const post = fetchMock.mock.calls.map(([r]) => r).find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ note: 'Investimento abaixo do combinado' });
    expect(await screen.findByText('Investimento abaixo do combinado')).toBeInTheDocument();
  });

  it('lets the retailer upload proofs while running, and not the brand', async () => {
    mockApi(routes(agreement({ status: 'running' }), []));
    const first = renderApp('/trade/view/7');
    expect(await screen.findByTestId('trade-proof-upload')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma foto de execução')).toBeInTheDocument();
    first.view.unmount();

    mockApi(routes(agreement({ status: 'running', my_side: 'brand' }), []));
    renderApp('/trade/view/7');
    expect(await screen.findByText('O varejista envia as fotos da ação nas lojas enquanto o acordo está em andamento.')).toBeInTheDocument();
    expect(screen.queryByTestId('trade-proof-upload')).not.toBeInTheDocument();
  });

  it('says not found for an agreement of which the account is no party', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/trade/99': () => apiError(404, 'TRADE_NOT_FOUND', 'Acordo de trade não encontrado.') });
    renderApp('/trade/view/99');
    expect(await screen.findByText('Acordo não encontrado')).toBeInTheDocument();
  });
});
