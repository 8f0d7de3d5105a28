import '../../test/signed-in';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessagingCampaignStatus } from '@backoffice/contracts';
import { ACCOUNT_INFO, SHELL_ROUTES, json, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { renderWithMantine } from '../../test/render';
import type { MessagingCampaign } from './api';
import { CampaignRowActions } from './campaign-row-actions';

afterEach(() => vi.restoreAllMocks());

const counts = (recipients: number, sent: number) => ({ recipients, sent, delivered: sent, read: 0, replied: 0, opted_out: 0, failed: 0, pending: recipients - sent });

const campaign = (id: number, status: MessagingCampaignStatus, patch: Partial<MessagingCampaign> = {}): MessagingCampaign => ({
  id,
  name: `Campanha ${status}`,
  status,
  template_id: 3,
  template: { id: 3, name: 'ofertas_da_semana', status: 'approved', message: 'Olá, {{nome}}! Ofertas da semana.', buttons: ['Quero aproveitar'] },
  message: null,
  audience: { type: 'tags', tags: ['vip'], customer_ids: [], phones: [], product_ids: [] },
  location_ids: [],
  start_at: '2026-11-28T03:00:00.000Z',
  end_at: '2026-11-29T02:59:59.999Z',
  media_url: null,
  media_type: null,
  media_name: null,
  counts: counts(0, 0),
  started_at: null,
  finished_at: null,
  canceled_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  ...patch,
});

const NAME = 'Campanha de sábado';
async function menu(status: MessagingCampaignStatus, readOnly = false) {
  const onAction = vi.fn();
  renderWithMantine(<CampaignRowActions campaign={{ name: NAME, status }} onAction={onAction} readOnly={readOnly} />);
  fireEvent.click(screen.getByRole('button', { name: `Mais ações: ${NAME}` }));
  const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
  const inline = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
  return { items, inline, onAction };
}

describe('campaign row actions follow the status', () => {
  it('a scheduled campaign: edit at hand, cancel and delete in the menu', async () => {
    const { items, inline } = await menu('scheduled');
    expect(inline).toEqual([`Ver campanha: ${NAME}`, `Editar: ${NAME}`, `Mais ações: ${NAME}`]);
    expect(items).toEqual(['Resultados', 'Duplicar', 'Cancelar campanha', 'Excluir']);
  });

  it('a sending campaign can be canceled but not edited nor deleted', async () => {
    const { items, inline } = await menu('sending');
    expect(inline).toEqual([`Ver campanha: ${NAME}`, `Mais ações: ${NAME}`]);
    expect(items).toEqual(['Resultados', 'Duplicar', 'Cancelar campanha']);
  });

  it('a sent campaign: results, duplicate and delete', async () => {
    expect((await menu('sent')).items).toEqual(['Resultados', 'Duplicar', 'Excluir']);
  });

  it('a reader sees the campaign and its results only', async () => {
    expect((await menu('sent', true)).items).toEqual(['Resultados']);
  });
});

describe('campaign screens', { timeout: 60_000 }, () => {
  it('lists campaigns with their progress and cancels one after confirming, with the API’s message', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const rows = [campaign(1, 'sending', { counts: counts(40, 25) }), campaign(2, 'scheduled')];
    const fetchMock = mockApi({
      ...SHELL_ROUTES,
      'GET /api/messaging-campaign': () => json({ data: rows, meta: { page: 1, quantity: 10, total: 2, total_pages: 1 } }),
      'GET /api/location/minified': () => json({ data: [] }),
      'POST /api/messaging-campaign/cancel/2': () => {
        rows[1] = campaign(2, 'canceled');
        return json({ message: 'Campanha cancelada com sucesso.', campaign: rows[1] });
      },
    });
    renderApp('/messaging-campaigns/list');
    expect(await screen.findAllByTestId('campaign-row')).toHaveLength(2);
    expect(screen.getByText('25 de 40 enviadas')).toBeInTheDocument();
    expect(screen.getAllByText('Etiquetas: vip')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Mais ações: Campanha scheduled' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cancelar campanha' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/nenhuma mensagem será enviada/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar campanha' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: 'Campanha cancelada com sucesso.' })));
    await waitFor(() => expect(screen.getAllByTestId('campaign-status').map((b) => b.textContent)).toEqual(['Enviando', 'Cancelada']));
    expect(fetchMock.mock.calls.filter(([r]) => r.method === 'POST')).toHaveLength(1);
  });

  it('hides the create button and every change from a reader', async () => {
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/account/account-info': () => json([{ ...ACCOUNT_INFO[0], role: 'operator' }]),
      'GET /api/messaging-campaign': () => json({ data: [campaign(2, 'scheduled')], meta: { page: 1, quantity: 10, total: 1, total_pages: 1 } }),
      'GET /api/location/minified': () => json({ data: [] }),
    });
    renderApp('/messaging-campaigns/list');
    expect(await screen.findAllByTestId('campaign-row')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Editar: Campanha scheduled' })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Criar campanha/ })).not.toBeInTheDocument();
  });

  it('shows the dispatch progress of a sending campaign and refreshes it until sent', async () => {
    let reads = 0;
    mockApi({
      ...SHELL_ROUTES,
      'GET /api/location/minified': () => json({ data: [] }),
      'GET /api/messaging-campaign/5': () => {
        reads += 1;
        return json(reads < 2 ? campaign(5, 'sending', { counts: counts(40, 10) }) : campaign(5, 'sent', { counts: counts(40, 40), finished_at: '2026-11-28T03:10:00.000Z' }));
      },
    });
    renderApp('/messaging-campaigns/view/5');
    expect(await screen.findByTestId('dispatch-sent-of')).toHaveTextContent('10 de 40 enviadas');
    expect(screen.getByText('Enviando agora')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('dispatch-sent-of')).toHaveTextContent('40 de 40 enviadas'), { timeout: 10_000 });
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Enviada');
    expect(screen.queryByText('Enviando agora')).not.toBeInTheDocument();
  });

  it('answers a campaign of another account (404) with the not-found page', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/messaging-campaign/99': () => json({ error: { code: 'MESSAGING_CAMPAIGN_NOT_FOUND', message: 'Campanha não encontrada.' } }, 404) });
    renderApp('/messaging-campaigns/view/99');
    expect(await screen.findByText('Campanha não encontrada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para as campanhas' })).toHaveAttribute('href', '/messaging-campaigns/list');
  });
});
