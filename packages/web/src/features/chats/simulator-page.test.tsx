import '../../test/signed-in';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES, json, mockApi, type Handler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import type { SimulatorMessage } from './simulator-api';
import { WHATSAPP_WINDOW_EVENT } from './use-whatsapp-events';

const PHONE = '+5511987001234';
const line = (over: Partial<SimulatorMessage>): SimulatorMessage => ({
  id: 'in-1',
  direction: 'in',
  message_id: null,
  kind: 'text',
  text: 'Oi',
  media: null,
  template: null,
  button: null,
  status: null,
  error: null,
  reply_to: null,
  at: '2026-11-26T13:00:00.000Z',
  ...over,
});
const BOT = line({ id: 'out-7', direction: 'out', message_id: 7, text: 'Olá! Como podemos ajudar?', status: 'delivered', at: '2026-11-26T13:00:02.000Z' });
const PROMO = line({ id: 'out-8', direction: 'out', message_id: 8, kind: 'template', text: 'Ofertas da semana!', template: { name: 'ofertas', language: 'pt_BR', params: [] }, status: 'read', at: '2026-11-26T13:00:03.000Z' });

const routes = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  ...SHELL_ROUTES,
  'GET /api/whatsapp/simulator/conversations': () => json({ data: [{ phone: PHONE, name: 'Maria', last_at: '2026-11-26T13:00:00.000Z' }], meta: { page: 1, quantity: 50, total: 1, total_pages: 1 } }),
  [`GET /api/whatsapp/simulator/conversations/${encodeURIComponent(PHONE)}`]: () => json({ phone: PHONE, name: 'Maria', messages: [line({}), BOT, PROMO] }),
  [`POST /api/whatsapp/simulator/conversations/${encodeURIComponent(PHONE)}/read`]: () => json({ read: 1 }),
  ...extra,
});

const posts = (fetchMock: ReturnType<typeof mockApi>, path: string) => fetchMock.mock.calls.map(([r]) => r).filter((r) => r.method === 'POST' && decodeURIComponent(new URL(r.url).pathname) === path);

describe('WhatsApp simulator', { timeout: 30_000 }, () => {
  it('shows the thread as the customer sees it and reports what reached the phone as read', async () => {
    const fetchMock = mockApi(routes());
    renderApp(`/chats/simulator?phone=${encodeURIComponent(PHONE)}&name=Maria`);
    await waitFor(() => expect(screen.getAllByTestId('sim-message')).toHaveLength(3), { timeout: 15_000 });
    expect(screen.getAllByTestId('sim-message')[0]).toHaveAttribute('data-direction', 'in');
    await waitFor(() => expect(posts(fetchMock, `/api/whatsapp/simulator/conversations/${PHONE}/read`)).toHaveLength(1));
  });

  it('writes as the customer, presses a template button, and shows the store’s answers arriving live', async () => {
    const fetchMock = mockApi(
      routes({
        'POST /api/whatsapp/simulator/messages': async (r) => {
          const body = (await r.clone().json()) as { text?: string; button?: { text: string } };
          return json({ created: true, message: line({ id: `in-${body.text ? 2 : 3}`, kind: body.text ? 'text' : 'button', text: body.text ?? null, button: body.button ? { text: body.button.text, payload: null } : null, at: '2026-11-26T13:01:00.000Z' }) }, 201);
        },
      }),
    );
    renderApp(`/chats/simulator?phone=${encodeURIComponent(PHONE)}&name=Maria`);
    const user = userEvent.setup();
    const input = await screen.findByTestId('sim-input', undefined, { timeout: 15_000 });
    await user.type(input, '1{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('sim-message')).toHaveLength(4));
    const sent = posts(fetchMock, '/api/whatsapp/simulator/messages');
    expect(await sent[0]!.clone().json()).toMatchObject({ phone: PHONE, name: 'Maria', text: '1' });

    const promo = screen.getAllByTestId('sim-message').find((m) => m.getAttribute('data-kind') === 'template')!;
    await user.click(within(promo).getByRole('button', { name: 'Não quero mensagens' }));
    await waitFor(() => expect(posts(fetchMock, '/api/whatsapp/simulator/messages')).toHaveLength(2));
    expect(await posts(fetchMock, '/api/whatsapp/simulator/messages')[1]!.clone().json()).toMatchObject({ button: { text: 'Não quero mensagens', payload: null }, reply_to: 8 });

    const answer = line({ id: 'out-9', direction: 'out', message_id: 9, text: 'Mande sua lista de compras', status: 'sent', at: '2026-11-26T13:02:00.000Z' });
    act(() => {
      window.dispatchEvent(new CustomEvent(WHATSAPP_WINDOW_EVENT, { detail: { type: 'simulator.message', phone: PHONE, message: answer } }));
      window.dispatchEvent(new CustomEvent(WHATSAPP_WINDOW_EVENT, { detail: { type: 'simulator.message', phone: '+5521999990000', message: { ...answer, id: 'out-10' } } }));
    });
    expect(await screen.findByText('Mande sua lista de compras')).toBeInTheDocument();
    expect(screen.getAllByTestId('sim-message')).toHaveLength(6);
  });

  it('reads the thread again when a batch (a campaign) names its phone, and not for other phones', async () => {
    const fetchMock = mockApi(routes());
    renderApp(`/chats/simulator?phone=${encodeURIComponent(PHONE)}&name=Maria`);
    await waitFor(() => expect(screen.getAllByTestId('sim-message')).toHaveLength(3), { timeout: 15_000 });
    const threadReads = () => fetchMock.mock.calls.filter(([r]) => r.method === 'GET' && decodeURIComponent(new URL(r.url).pathname) === `/api/whatsapp/simulator/conversations/${PHONE}`).length;
    const before = threadReads();
    act(() => void window.dispatchEvent(new CustomEvent(WHATSAPP_WINDOW_EVENT, { detail: { type: 'simulator.messages', phones: ['+5521999990000'] } })));
    act(() => void window.dispatchEvent(new CustomEvent(WHATSAPP_WINDOW_EVENT, { detail: { type: 'simulator.messages', phones: ['+5521999990000', PHONE] } })));
    await waitFor(() => expect(threadReads()).toBe(before + 1));
  });
});
