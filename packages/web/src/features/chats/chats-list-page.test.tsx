import '../../test/signed-in';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, apiError, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { ATTENDANTS, SUMMARY, paged } from './chat-fixtures';
import { applyChatsFilter, toChatsQuery, ChatsSearch } from './chats-search';
import { WHATSAPP_WINDOW_EVENT } from './use-whatsapp-events';

const routes = (list: Handler): Record<string, Handler> => ({
  ...SHELL_ROUTES,
  'GET /api/chats': list,
  'GET /api/chats/attendants': () => json(paged(ATTENDANTS)),
  'GET /api/chats/attendants/me': () => json({ attendant: null }),
  'GET /api/chats/tags': () => json(paged([])),
  'GET /api/location/minified': () => json({ data: [] }),
});

const queries = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([r]) => new URL(r.url)).filter((u) => u.pathname === '/api/chats').map((u) => Object.fromEntries(u.searchParams));

describe('chats inbox', { timeout: 30_000 }, () => {
  it('the URL search maps to GET /api/chats: sort desc by default, "none" as unassigned, a filter resets the page', () => {
    const search = ChatsSearch.parse({ page: '3', status: 'waiting', attendant: 'none', sort: 'asc', channel: 'bogus' });
    expect(toChatsQuery(search)).toEqual({ page: 3, quantity: 20, sort: 'asc', status: 'waiting', unassigned: 'true' });
    expect(toChatsQuery(ChatsSearch.parse({}))).toEqual({ page: 1, quantity: 20, sort: 'desc' });
    expect(applyChatsFilter(search, { attendant: 5 })).toEqual({ page: 1, sort: 'asc', status: 'waiting', attendant: 5 });
  });

  it('lists conversations with unread badges, channel labels and attendants; status chips and sort go to the query', async () => {
    const fetchMock = mockApi(routes(() => json(paged([{ ...SUMMARY, unread_count: 3 }, { ...SUMMARY, id: 43, channel: 'magento', attendant: null, status: 'waiting', customer: { id: 10, name: 'João Pedro' } }]))));
    renderApp('/chats');
    const rows = await screen.findAllByTestId('chat-row', undefined, { timeout: 15_000 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('chat-unread')).toHaveTextContent('3');
    expect(within(rows[0]!).getByText('Atendente: Juliana Alves')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('magento e-commerce')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Sem atendente')).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId('chat-unread')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(screen.getByRole('group', { name: 'Status' })).getByText('Aguardando'));
    await waitFor(() => expect(queries(fetchMock).at(-1)).toMatchObject({ status: 'waiting', sort: 'desc', page: '1' }));
    await user.click(screen.getByDisplayValue('Mais recentes'));
    await user.click(await screen.findByRole('option', { name: 'Mais antigas' }));
    await waitFor(() => expect(queries(fetchMock).at(-1)).toMatchObject({ status: 'waiting', sort: 'asc' }));
  });

  it('a chat event refreshes the list live (a new conversation appears without reloading)', async () => {
    let rows = [SUMMARY];
    mockApi(routes(() => json(paged(rows))));
    renderApp('/chats');
    await waitFor(() => expect(screen.getAllByTestId('chat-row')).toHaveLength(1), { timeout: 15_000 });
    const arrived = { ...SUMMARY, id: 50, status: 'waiting' as const, attendant: null, unread_count: 1, customer: { id: 11, name: 'Cliente Novo' } };
    rows = [arrived, SUMMARY];
    act(() => {
      window.dispatchEvent(new CustomEvent(WHATSAPP_WINDOW_EVENT, { detail: { type: 'chat.status', chat_id: 50, status: 'waiting', previous: 'bot', chat: arrived } }));
    });
    await waitFor(() => expect(screen.getAllByTestId('chat-row')).toHaveLength(2), { timeout: 5_000 });
    expect(screen.getByText('Cliente Novo')).toBeInTheDocument();
  });

  it('empty and error states', async () => {
    let fail = false;
    mockApi(routes(() => (fail ? apiError(403, 'FORBIDDEN', 'Sem acesso às conversas.') : json(paged([])))));
    const { router } = renderApp('/chats');
    expect(await screen.findByText('Nenhuma conversa encontrada.', undefined, { timeout: 15_000 })).toBeInTheDocument();
    fail = true;
    await act(() => router.navigate({ to: '/chats', search: { status: 'closed' } }));
    expect(await screen.findByTestId('chats-load-error')).toHaveTextContent('Sem acesso às conversas.');
  });
});
