import '../../test/signed-in';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { REVIEW_CART, resolvedCart } from './cart-fixtures';
import type { Cart } from './types';

const routes = (cart: Cart, extra: Record<string, Handler> = {}) => ({ ...SHELL_ROUTES, 'GET /shopping-cart/42': () => json(cart), ...extra });
const bodyOf = async (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) => {
  const call = fetchMock.mock.calls.map(([r]) => r).find((r) => r.method === method && new URL(r.url).pathname === path);
  return call ? ((await call.clone().json()) as unknown) : undefined;
};

describe('cart review bar', { timeout: 30_000 }, () => {
  it('groups the items as Confirmados, Pendentes and Em falta with their counts, and shows the totals with the promotions applied', async () => {
    mockApi(routes(REVIEW_CART));
    renderApp('/shopping-carts/review-bar/42');
    const confirmed = await screen.findByTestId('group-confirmed');
    expect(within(confirmed).getByText('Confirmados')).toBeInTheDocument();
    expect(within(confirmed).getAllByTestId('cart-item')).toHaveLength(2);
    expect(within(confirmed).getByText('Arroz Tio João Tipo 1 1kg')).toBeInTheDocument();
    expect(within(confirmed).getByText('Pedido: "2kg de arroz tio joão"')).toBeInTheDocument();
    expect(within(screen.getByTestId('group-pending')).getAllByTestId('cart-item')).toHaveLength(1);
    expect(within(screen.getByTestId('group-stock_out')).getAllByTestId('cart-item')).toHaveLength(1);
    const totals = screen.getByTestId('cart-totals');
    expect(within(totals).getByTestId('cart-subtotal')).toHaveTextContent('R$ 22,88');
    expect(within(totals).getByTestId('cart-discount')).toHaveTextContent('−R$ 3,00');
    expect(within(totals).getByTestId('cart-total')).toHaveTextContent('R$ 19,88');
    expect(within(totals).getByText('Ovos em oferta')).toBeInTheDocument();
    expect(within(totals).getByText('Boas-vindas (cupom BEMVINDO)')).toBeInTheDocument();
  });

  it('keeps approval off while a line is pending; choosing a candidate sends choose_product with the version read', async () => {
    const fetchMock = mockApi(routes(REVIEW_CART, { 'PUT /api/shopping-cart/42': () => json(resolvedCart({ version: 4 })) }));
    renderApp('/shopping-carts/review-bar/42');
    const approve = await screen.findByRole('button', { name: 'Aprovar carrinho' });
    expect(approve).toBeDisabled();
    expect(screen.getByText('Resolva os itens pendentes antes de aprovar (1).')).toBeInTheDocument();
    await userEvent.setup().click(within(screen.getByTestId('group-pending')).getByRole('button', { name: 'Escolher: Leite Desnatado Italac 1L' }));
    expect(await within(screen.getByTestId('group-pending')).findByText('Nenhum item pendente.')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, 'PUT', '/api/shopping-cart/42')).toEqual({ version: 3, operations: [{ op: 'choose_product', item_id: 3, product_id: 22 }] });
    expect(screen.getByRole('button', { name: 'Aprovar carrinho' })).toBeEnabled();
  });

  it('replaces a stock_out line with an alternative, and changes a quantity with the stepper', async () => {
    const fetchMock = mockApi(routes(REVIEW_CART, { 'PUT /api/shopping-cart/42': () => json(REVIEW_CART) }));
    renderApp('/shopping-carts/review-bar/42');
    const user = userEvent.setup();
    await user.click(await within(await screen.findByTestId('group-stock_out')).findByRole('button', { name: 'Trocar: Café Melitta Tradicional 500g' }));
    await waitFor(async () => expect(await bodyOf(fetchMock, 'PUT', '/api/shopping-cart/42')).toEqual({ version: 3, operations: [{ op: 'choose_product', item_id: 4, product_id: 32 }] }));
    fetchMock.mockClear();
    await user.click(screen.getByRole('button', { name: 'Aumentar Arroz Tio João Tipo 1 1kg' }));
    await waitFor(async () => expect(await bodyOf(fetchMock, 'PUT', '/api/shopping-cart/42')).toEqual({ version: 3, operations: [{ op: 'set_quantity', item_id: 1, quantity: 3 }] }));
  });

  it('approves with the server’s message, and shows a refused transition (409) in its words', async () => {
    const toast = vi.spyOn(notifications, 'show');
    let refuse = false;
    const approved = resolvedCart({ status: 'approved' });
    mockApi(
      routes(resolvedCart(), {
        'PUT /api/shopping-cart/42/status': () =>
          refuse ? apiError(409, 'CART_STATUS_TRANSITION', 'Um carrinho aprovado não pode voltar a ser aprovado.') : json({ message: 'Carrinho aprovado com sucesso', cart: approved }),
      }),
    );
    renderApp('/shopping-carts/review-bar/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aprovar carrinho' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Carrinho aprovado com sucesso' })));
    expect(await screen.findByRole('button', { name: 'Enviar link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprovar carrinho' })).toBeNull();
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Voltar para revisão' }));
    expect(await screen.findByTestId('status-error')).toHaveTextContent('Um carrinho aprovado não pode voltar a ser aprovado.');
  });

  it('cancels after confirming ("Carrinho cancelado com sucesso") and restores a cancelled cart', async () => {
    const toast = vi.spyOn(notifications, 'show');
    const sent: unknown[] = [];
    mockApi(
      routes(REVIEW_CART, {
        'PUT /api/shopping-cart/42/status': async (request) => {
          const { statusType } = (await request.json()) as { statusType: Cart['status'] };
          sent.push(statusType);
          return json({ message: statusType === 'deleted' ? 'Carrinho cancelado com sucesso' : 'Carrinho restaurado com sucesso', cart: { ...REVIEW_CART, status: statusType } });
        },
      }),
    );
    renderApp('/shopping-carts/review-bar/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar carrinho' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar carrinho' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Carrinho cancelado com sucesso' })));
    expect(sent).toEqual(['deleted']);
    expect(screen.getByText(/saiu de revisão/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Restaurar' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Carrinho restaurado com sucesso' })));
    expect(sent).toEqual(['deleted', 'in_review']);
    expect(await screen.findByRole('button', { name: 'Aprovar carrinho' })).toBeInTheDocument();
  });

  it('sends the link: progress while queued, then sent with the link', async () => {
    const approved = resolvedCart({ status: 'approved' });
    const delivery = (status: 'queued' | 'sent') => ({ status, error: null, sent_at: status === 'sent' ? '2026-11-20T13:10:00.000Z' : null, link: 'http://localhost/carrinho/tok123', checkout_url: null });
    let reads = 0;
    mockApi({
      ...SHELL_ROUTES,
      'GET /shopping-cart/42': () => {
        reads += 1;
        return json(reads < 3 ? (reads === 1 ? approved : { ...approved, link_delivery: delivery('queued') }) : { ...approved, status: 'link_sent', link: 'http://localhost/carrinho/tok123', link_delivery: delivery('sent') });
      },
      'POST /api/shopping-cart/send-link/42': () => json({ ...approved, link: 'http://localhost/carrinho/tok123', link_delivery: delivery('queued') }, 202),
    });
    renderApp('/shopping-carts/review-bar/42');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByTestId('send-link-progress')).toHaveTextContent('Enviando o link para Maria Aparecida Silva...');
    expect(await screen.findByTestId('send-link-sent', {}, { timeout: 8_000 })).toHaveTextContent('Link enviado para Maria Aparecida Silva.');
    expect(screen.getByTestId('cart-link')).toHaveAttribute('href', 'http://localhost/carrinho/tok123');
  });

  it('shows the response’s first message when the link cannot be sent, else the fixed send-link error', async () => {
    const approved = resolvedCart({ status: 'approved' });
    let answer = () => apiError(422, 'CUSTOMER_WITHOUT_PHONE', 'O cliente não tem celular cadastrado.');
    mockApi({ ...SHELL_ROUTES, 'GET /shopping-cart/42': () => json(approved), 'POST /api/shopping-cart/send-link/42': () => answer() });
    renderApp('/shopping-carts/review-bar/42');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByTestId('send-link-error')).toHaveTextContent('O cliente não tem celular cadastrado.');
    answer = () => new Response('bad gateway', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    await waitFor(() => expect(screen.getByTestId('send-link-error')).toHaveTextContent('Não foi possível enviar o link do carrinho. Tente novamente.'));
  });

  it('shows the response’s error text when the cart cannot be loaded, and the fixed loading error otherwise', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /shopping-cart/42': () => apiError(404, 'SHOPPING_CART_NOT_FOUND', 'Carrinho não encontrado.') });
    renderApp('/shopping-carts/review-bar/42');
    expect(await screen.findByText('Carrinho não encontrado.')).toBeInTheDocument();
    mockApi({ ...SHELL_ROUTES, 'GET /shopping-cart/43': () => new Response('oops', { status: 500 }) });
    renderApp('/shopping-carts/review-bar/43');
    expect(await screen.findByTestId('cart-load-error')).toHaveTextContent('Erro ao carregar o carrinho. Tente novamente em instantes.');
  });
});
