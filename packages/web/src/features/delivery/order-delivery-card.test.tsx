import '../../test/signed-in';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { OrderDeliveryCard } from './order-delivery-card';
import { delivery } from './delivery-fixtures';
import { renderWithMantine } from '../../test/render';
import { apiError, json, mockApi } from '../../test/api-mock';

type Order = Parameters<typeof OrderDeliveryCard>[0]['order'];
const READY: Order = { id: 42, number: 1007, status: 'ready', fulfilment: 'delivery' };

function renderCard(order: Order = READY) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithMantine(
    <QueryClientProvider client={client}>
      <OrderDeliveryCard order={order} />
    </QueryClientProvider>,
  );
  return { ...view, user: userEvent.setup() };
}

describe('OrderDeliveryCard', { timeout: 30_000 }, () => {
  it('requests a courier after confirming, then shows the delivery with its timeline', async () => {
    let deliveries: ReturnType<typeof delivery>[] = [];
    const sent: unknown[] = [];
    mockApi({
      'GET /api/delivery-hub/delivery-orders': (r) => (new URL(r.url).searchParams.get('order_id') === '42' ? json({ data: deliveries }) : apiError(404, 'ORDER_NOT_FOUND', 'Pedido não encontrado.')),
      'POST /api/delivery-hub/create': async (r) => {
        sent.push(await r.json());
        deliveries = [delivery('courier_assigned')];
        return json({ message: 'Entregador solicitado para o pedido 1007.', delivery: deliveries[0] }, 201);
      },
    });
    const { user } = renderCard();
    expect(await screen.findByTestId('delivery-card-empty')).toHaveTextContent('Nenhum entregador solicitado para este pedido.');
    await user.click(screen.getByRole('button', { name: 'Solicitar entregador' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Um entregador será chamado para buscar o pedido na loja. Confirma?');
    await user.click(within(dialog).getByRole('button', { name: 'Solicitar' }));
    expect(await screen.findByTestId('delivery-status')).toHaveTextContent('Entregador a caminho da loja');
    expect(sent).toEqual([{ order_id: 42, provider: 'simulator' }]);
    expect(screen.getByTestId('delivery-courier')).toHaveTextContent('Juliana Ferreira · Moto');
    expect(screen.getAllByTestId('delivery-event').map((e) => e.querySelector('p')?.textContent)).toEqual(['Entregador solicitado', 'Entregador a caminho da loja']);
    expect(screen.getByText('R$ 10,74 · 3,2 km')).toBeInTheDocument();
    // One under way: no second request, a cancel instead.
    expect(screen.queryByRole('button', { name: 'Solicitar entregador' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancelar entrega' })).toBeInTheDocument();
  });

  it('cancels with a reason after confirming, and shows a refusal (409) in the server’s words', async () => {
    let deliveries = [delivery('picked_up')];
    let refuse = true;
    const sent: unknown[] = [];
    mockApi({
      'GET /api/delivery-hub/delivery-orders': () => json({ data: deliveries }),
      'POST /api/delivery-hub/cancel': async (r) => {
        sent.push(await r.json());
        if (refuse) return apiError(409, 'DELIVERY_ALREADY_DELIVERED', 'A entrega do pedido 1007 já foi concluída: não pode mais ser cancelada.');
        deliveries = [delivery('canceled')];
        return json({ message: 'Entrega do pedido 1007 cancelada.', delivery: deliveries[0] });
      },
    });
    const { user } = renderCard({ ...READY, status: 'out_for_delivery' });
    await user.click(await screen.findByRole('button', { name: 'Cancelar entrega' }));
    let dialog = await screen.findByRole('dialog');
    // The reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar entrega' }));
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByRole('textbox'), 'Cliente vai retirar na loja');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar entrega' }));
    expect(await screen.findByTestId('delivery-error')).toHaveTextContent('A entrega do pedido 1007 já foi concluída: não pode mais ser cancelada.');
    await user.click(within(dialog).getByRole('button', { name: 'Manter entrega' }));

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Cancelar entrega' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Cliente vai retirar na loja');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar entrega' }));
    await waitFor(() => expect(screen.getByTestId('delivery-status')).toHaveTextContent('Entrega cancelada'));
    expect(sent.at(-1)).toEqual({ delivery_id: 7, reason: 'Cliente vai retirar na loja' });
    expect(screen.getByText('Cliente vai retirar na loja')).toBeInTheDocument();
  });

  it('offers no courier before the order is picked, and shows nothing for a pickup order', async () => {
    mockApi({ 'GET /api/delivery-hub/delivery-orders': () => json({ data: [] }) });
    const { unmount } = renderCard({ ...READY, status: 'picking' });
    expect(await screen.findByTestId('delivery-card-empty')).toHaveTextContent('quando o pedido estiver separado ou pronto');
    expect(screen.queryByRole('button', { name: 'Solicitar entregador' })).toBeNull();
    unmount();
    renderCard({ ...READY, fulfilment: 'pickup' });
    expect(screen.queryByTestId('order-delivery-card')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    mockApi({ 'GET /api/delivery-hub/delivery-orders': () => apiError(404, 'ORDER_NOT_FOUND', 'Pedido não encontrado.') });
    renderCard();
    expect(await screen.findByTestId('delivery-card-error')).toHaveTextContent('Pedido não encontrado.');
  });
});
