import '../../test/signed-in';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { ATTENDANTS, DETAIL, MESSAGES, SUMMARY, message, paged } from './chat-fixtures';
import { WHATSAPP_WINDOW_EVENT } from './use-whatsapp-events';

const routes = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  ...SHELL_ROUTES,
  'GET /api/chats/42': () => json(DETAIL),
  'GET /api/chats/42/messages': () => json(paged(MESSAGES)),
  'GET /api/chats/attendants': () => json(paged(ATTENDANTS)),
  'GET /api/chats/attendants/me': () => json({ attendant: null }),
  'GET /api/chats/tags': () => json(paged([{ id: 1, name: 'Primeira compra', color: '#2f9e44', chats_count: 3, created_at: '2026-11-01T12:00:00.000Z' }])),
  'GET /api/chats/templates': () => json(paged([])),
  ...extra,
});

const bodyOf = async (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) => {
  const call = fetchMock.mock.calls.map(([r]) => r).find((r) => r.method === method && new URL(r.url).pathname === path);
  return call ? ((await call.clone().json()) as unknown) : undefined;
};

describe('chat conversation', { timeout: 30_000 }, () => {
  it('shows the thread (customer, bot, the cart link card), ticks, and the customer panel', async () => {
    mockApi(routes());
    renderApp('/chats/42/chat');
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(3), { timeout: 15_000 });
    const [customer, bot, cart] = screen.getAllByTestId('chat-message');
    expect(customer).toHaveAttribute('data-direction', 'in');
    expect(within(bot!).getByText('Robô')).toBeInTheDocument();
    expect(within(bot!).getByTestId('delivery-ticks')).toHaveAttribute('data-delivery', 'read');
    expect(within(cart!).getByTestId('cart-link-card')).toHaveTextContent('Carrinho #77');
    expect(within(cart!).getByTestId('delivery-ticks')).toHaveAttribute('data-delivery', 'delivered');
    expect(screen.getByTestId('chat-attendant')).toHaveTextContent('Atendente: Juliana Alves');
    expect(screen.getAllByTestId('panel-customer')[0]).toHaveTextContent('maria@exemplo.test');
  });

  it('transfer: the current attendant and inactive ones are not offered; the confirmation shows from and to; Salvar sends it', async () => {
    const fetchMock = mockApi(
      routes({
        'POST /api/chats/42/transfer': () => json({ message: 'Conversa transferida para Ana Paula Souza.', chat: { ...SUMMARY, attendant: { user_id: 1, name: 'Ana Paula Souza' } } }),
      }),
    );
    renderApp('/chats/42/chat');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Transferir' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByPlaceholderText('Escolha o atendente'));
    const options = await within(dialog).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Ana Paula Souza — Ausente · 1/5 conversas']);
    await user.click(options[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    const confirm = await within(dialog).findByTestId('transfer-confirm');
    expect(within(confirm).getByTestId('transfer-from')).toHaveTextContent('Juliana Alves');
    expect(within(confirm).getByTestId('transfer-to')).toHaveTextContent('Ana Paula Souza');
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByTestId('transfer-confirm')).toBeNull());
    expect(await bodyOf(fetchMock, 'POST', '/api/chats/42/transfer')).toEqual({ to_user_id: 1 });
    await waitFor(() => expect(screen.getByTestId('chat-attendant')).toHaveTextContent('Atendente: Ana Paula Souza'));
  });

  it('a refused transfer stays in the dialog with the server’s message', async () => {
    mockApi(routes({ 'POST /api/chats/42/transfer': () => apiError(422, 'CHAT_TRANSFER_SAME', 'A conversa já está com este atendente.') }));
    renderApp('/chats/42/chat');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Transferir' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByPlaceholderText('Escolha o atendente'));
    await user.click((await within(dialog).findAllByRole('option'))[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByTestId('transfer-error')).toHaveTextContent('A conversa já está com este atendente.');
  });

  it('a new message arrives live (bo:whatsapp chat.message) and its ticks follow chat.delivery', async () => {
    mockApi(routes());
    renderApp('/chats/42/chat');
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(3));
    const incoming = message({ id: 10, body: 'Obrigada, já vou pagar', created_at: '2026-11-26T13:05:00.000Z' });
    const reply = message({ id: 11, direction: 'out', author: 'attendant', author_user: { user_id: 5, name: 'Juliana Alves' }, body: 'Por nada!', delivery_status: 'sent', created_at: '2026-11-26T13:06:00.000Z' });
    act(() => {
      window.dispatchEvent(new CustomEvent(WHATSAPP_WINDOW_EVENT, { detail: { type: 'chat.message', chat_id: 42, message: incoming, chat: SUMMARY } }));
      window.dispatchEvent(new CustomEvent(WHATSAPP_WINDOW_EVENT, { detail: { type: 'chat.message', chat_id: 42, message: reply, chat: SUMMARY } }));
      // The same event again (account room and attendant room): shown once.
      window.dispatchEvent(new CustomEvent(WHATSAPP_WINDOW_EVENT, { detail: { type: 'chat.message', chat_id: 42, message: incoming, chat: SUMMARY } }));
    });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(5));
    expect(screen.getByText('Obrigada, já vou pagar')).toBeInTheDocument();
    const last = () => screen.getAllByTestId('chat-message').at(-1)!;
    expect(within(last()).getByTestId('delivery-ticks')).toHaveAttribute('data-delivery', 'sent');
    act(() => {
      window.dispatchEvent(new CustomEvent(WHATSAPP_WINDOW_EVENT, { detail: { type: 'chat.delivery', chat_id: 42, message_id: 11, delivery_status: 'read', error: null } }));
      // A late "delivered" never moves it back.
      window.dispatchEvent(new CustomEvent(WHATSAPP_WINDOW_EVENT, { detail: { type: 'chat.delivery', chat_id: 42, message_id: 11, delivery_status: 'delivered', error: null } }));
    });
    await waitFor(() => expect(within(last()).getByTestId('delivery-ticks')).toHaveAttribute('data-delivery', 'read'));
  });

  it('sends a text with Enter and the cart link of an approved cart from the cart dialog', async () => {
    const sent = (body: { kind: string }) =>
      message(
        body.kind === 'cart_link'
          ? { id: 21, direction: 'out', author: 'attendant', kind: 'cart_link', cart_id: 77, body: 'Seu carrinho', delivery_status: 'queued', created_at: '2026-11-26T13:11:00.000Z' }
          : { id: 20, direction: 'out', author: 'attendant', body: 'Seu carrinho está pronto', delivery_status: 'queued', created_at: '2026-11-26T13:10:00.000Z' },
      );
    // The signed-in user (Ana Paula Souza, id 1) attends this one: the composer is open.
    const mine = { ...DETAIL, attendant: { user_id: 1, name: 'Ana Paula Souza' } };
    const fetchMock = mockApi(routes({ 'GET /api/chats/42': () => json(mine), 'POST /api/chats/42/messages': async (r) => json({ message: sent((await r.clone().json()) as { kind: string }), chat: { ...SUMMARY, attendant: mine.attendant } }, 201) }));
    renderApp('/chats/42/chat');
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    await user.type(box, 'Seu carrinho está pronto{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    expect(await bodyOf(fetchMock, 'POST', '/api/chats/42/messages')).toEqual({ kind: 'text', text: 'Seu carrinho está pronto' });
    expect(box).toHaveValue('');

    fetchMock.mockClear();
    await user.click(screen.getByRole('button', { name: 'Carrinho do cliente' }));
    const dialog = await screen.findByRole('dialog');
    const cart = await within(dialog).findByTestId('chat-cart');
    expect(cart).toHaveAttribute('data-status', 'approved');
    await user.click(within(cart).getByRole('button', { name: 'Enviar link' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-link-card')).toHaveLength(2));
    expect(await bodyOf(fetchMock, 'POST', '/api/chats/42/messages')).toEqual({ kind: 'cart_link', cart_id: 77 });
  });

  it('another account’s chat (404) is the not-found state', async () => {
    mockApi({ ...SHELL_ROUTES, 'GET /api/chats/99': () => apiError(404, 'CHAT_NOT_FOUND', 'Conversa não encontrada.') });
    renderApp('/chats/99/chat');
    expect(await screen.findByText('Esta conversa não existe ou não pertence a esta conta.')).toBeInTheDocument();
  });
});
