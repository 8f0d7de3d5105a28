import type { Attendant, ChatDetail, ChatMessage, ChatSummary } from './api';

/** A conversation of the seed's grocery account, open with Juliana. */
export const SUMMARY: ChatSummary = {
  id: 42,
  status: 'open',
  channel: 'whatsapp_bot',
  phone: '+5511987001234',
  customer: { id: 9, name: 'Maria Aparecida' },
  location: { id: 3, name: 'Bom Preço Centro' },
  attendant: { user_id: 5, name: 'Juliana Alves' },
  tags: [{ id: 1, name: 'Primeira compra', color: '#2f9e44' }],
  unread_count: 0,
  last_message_at: '2026-11-26T13:00:00.000Z',
  last_message_preview: 'Pode mandar o link, por favor',
  bot_step: null,
  first_response_at: '2026-11-26T12:58:00.000Z',
  resolved_at: null,
  created_at: '2026-11-26T12:50:00.000Z',
};

export const DETAIL: ChatDetail = {
  ...SUMMARY,
  customer: { id: 9, name: 'Maria Aparecida', phone: '+5511987001234', email: 'maria@exemplo.test', cpf: null, tags: ['vip'], opt_in: true, created_at: '2026-01-10T12:00:00.000Z' },
  carts: [{ id: 77, status: 'approved', total: 48.9, items_count: 4, created_at: '2026-11-26T12:59:00.000Z', link_sent_at: null }],
  orders: [{ id: 300, number: 1042, status: 'delivered', total: 120.5, created_at: '2026-11-01T15:00:00.000Z' }],
  orders_count: 3,
  orders_total: 310.4,
};

export const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 1,
  chat_id: 42,
  direction: 'in',
  author: 'customer',
  author_user: null,
  kind: 'text',
  body: 'Oi, boa tarde',
  media: null,
  cart_id: null,
  template_id: null,
  delivery_status: null,
  delivery_error: null,
  created_at: '2026-11-26T12:50:00.000Z',
  ...over,
});

export const MESSAGES: ChatMessage[] = [
  message({ id: 1 }),
  message({ id: 2, direction: 'out', author: 'bot', body: 'Como podemos ajudar?\n1 - Enviar minha lista de compras', delivery_status: 'read', created_at: '2026-11-26T12:50:05.000Z' }),
  message({
    id: 3,
    direction: 'out',
    author: 'attendant',
    author_user: { user_id: 5, name: 'Juliana Alves' },
    kind: 'cart_link',
    body: 'Seu carrinho: https://loja.test/carrinho/abc',
    cart_id: 77,
    delivery_status: 'delivered',
    created_at: '2026-11-26T12:59:30.000Z',
  }),
];

export const attendant = (id: number, name: string, over: Partial<Attendant> = {}): Attendant => ({
  id,
  user: { id, name, email: `${name.split(' ')[0]!.toLowerCase()}@varejo.test` },
  status: 'online',
  max_chats: 5,
  location_ids: [],
  open_chats: 1,
  active: true,
  status_changed_at: null,
  created_at: '2026-11-01T12:00:00.000Z',
  ...over,
});

export const ATTENDANTS: Attendant[] = [attendant(5, 'Juliana Alves'), attendant(1, 'Ana Paula Souza', { status: 'away' }), attendant(6, 'Beatriz Rocha', { active: false })];

export const paged = <T>(rows: T[]) => ({ data: rows, meta: { page: 1, quantity: 50, total: rows.length, total_pages: 1 } });
