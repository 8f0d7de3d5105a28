import type { ChatChannel, ChatStatus } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { lcg } from '../../lib/seeded-random.ts';
import { DEFAULT_BOT_FLOW } from './chat-inbound.ts';

const ACCOUNT = 'supermercado-bom-preco';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const ATTENDANTS = [
  { email: 'juliana.alves@varejo.test', status: 'online', maxChats: 6, firstStoreOnly: false },
  { email: 'beatriz.rocha@varejo.test', status: 'away', maxChats: 4, firstStoreOnly: true },
  { email: 'operador@varejo.test', status: 'away', maxChats: 3, firstStoreOnly: false },
  { email: 'admin@varejo.test', status: 'away', maxChats: 5, firstStoreOnly: false },
] as const;

const TAGS = [
  { name: 'Entrega urgente', color: '#c92a2a' },
  { name: 'Reclamação', color: '#e8590c' },
  { name: 'Primeira compra', color: '#2f9e44' },
  { name: 'Orçamento', color: '#1864ab' },
  { name: 'Cliente VIP', color: '#9c36b5' },
];

const TEMPLATES = [
  { key: 'boas_vindas', title: 'Boas-vindas', body: 'Olá, {{nome}}! Aqui é do Supermercado Bom Preço. Como posso ajudar?', global: true },
  { key: 'pedido_a_caminho', title: 'Pedido a caminho', body: '{{nome}}, seu pedido saiu para entrega e chega em até 1 hora.', global: true },
  { key: 'item_em_falta', title: 'Item em falta', body: '{{nome}}, um item da sua lista está em falta. Posso sugerir uma troca de marca com preço parecido?', global: true },
  { key: 'pagamento_pix', title: 'Pagamento por Pix', body: 'Você pode pagar por Pix no link do carrinho; a confirmação é na hora.', global: true },
  { key: 'horario_funcionamento', title: 'Horário de funcionamento', body: 'Funcionamos de segunda a sábado, das 8h às 21h, e domingo das 8h às 13h.', global: true, status: 'inactive' },
  { key: 'retorno_amanha', title: 'Retorno amanhã', body: '{{nome}}, vou confirmar com o estoque e te respondo amanhã cedo.', global: false },
];

/** What customers write, in order (the first is their opening line; lists are one message). */
const CONVERSATIONS = [
  ['Oi, boa tarde', '1', '2 kg de arroz tipo 1\n1 kg de feijão carioca\n6 ovos\n1 litro de leite integral', 'Pode mandar o link, por favor'],
  ['Bom dia! Vocês entregam no Jardim Paulista?', '2', 'Preciso de uma entrega ainda hoje'],
  ['Meu pedido veio com um item faltando', '2', 'Faltou o café, paguei por 2 pacotes'],
  ['Olá', '1', '3 pacotes de macarrão\nmolho de tomate x2\nqueijo ralado'],
  ['Quero fazer um orçamento para uma festa', '2', 'Umas 30 pessoas, carne e cerveja'],
  ['Oi', 'qual o horário de vocês?'],
  ['Boa noite, ainda estão atendendo?'],
  ['Vocês aceitam vale-refeição?', '2', 'Obrigada!'],
];
const ATTENDANT_REPLIES = [
  'Claro! Já estou montando o seu carrinho.',
  'Entregamos sim, a taxa para o seu bairro é R$ 7,90.',
  'Sinto muito pelo transtorno. Vou estornar o valor do café agora mesmo.',
  'Seu carrinho está pronto, vou enviar o link.',
  'Posso te mandar um orçamento com picanha e fraldinha?',
  'Aceitamos VR e VA na entrega.',
];

const CHANNELS: ChatChannel[] = ['whatsapp_bot', 'whatsapp_bot', 'whatsapp', 'whatsapp', 'rappi', 'magento', 'vtex'];
const STATUSES: ChatStatus[] = ['closed', 'closed', 'closed', 'open', 'open', 'waiting', 'bot', 'closed'];

/**
 * Bom Preço's customer service: attendants (one online), tags, chat templates (global and one of the
 * admin's own), the bot's flow, and 28 conversations of the last two weeks on every channel and in
 * every status, with their messages, assignments, transfers, bot steps and response times, so that
 * the chat screens and the attendance dashboards show something true. Idempotent: an account with
 * chats is left as it is.
 */
export const chatsSeed: ModuleSeed = {
  name: 'chats',
  async seed(db, { accountIds }) {
    const accountId = accountIds.get(ACCOUNT);
    if (!accountId || (await db.chat.count({ where: { accountId } })) > 0) return;
    await seedChats(db, accountId);
  },
};

async function seedChats(db: Db, accountId: number) {
  const rand = lcg(22_2026);
  const pick = <T>(xs: readonly T[]) => xs[rand(xs.length)]!;
  const stores = await db.location.findMany({ where: { accountId, active: true }, orderBy: { id: 'asc' }, take: 3, select: { id: true } });
  const customers = await db.customer.findMany({ where: { accountId, anonymizedAt: null, phone: { not: null } }, orderBy: { id: 'asc' }, take: 28, select: { id: true, name: true, phone: true } });
  const users = await db.user.findMany({ where: { email: { in: ATTENDANTS.map((a) => a.email) } }, select: { id: true, email: true } });
  const idOf = (email: string) => users.find((u) => u.email === email)?.id;
  if (!stores.length || !customers.length) return;

  const attendantIds: number[] = [];
  for (const a of ATTENDANTS) {
    const userId = idOf(a.email);
    if (!userId) continue;
    attendantIds.push(userId);
    await db.chatAttendant.create({
      data: { accountId, userId, status: a.status, maxChats: a.maxChats, locationIds: a.firstStoreOnly ? [stores[0]!.id] : [], statusChangedAt: new Date() },
    });
  }
  const tags = [];
  for (const t of TAGS) tags.push(await db.chatTag.create({ data: { accountId, ...t }, select: { id: true } }));
  const adminId = idOf('admin@varejo.test') ?? null;
  for (const t of TEMPLATES) {
    await db.chatTemplate.create({
      data: { accountId, userId: t.global ? null : adminId, templateKey: t.key, title: t.title, body: t.body, status: 'status' in t ? t.status : 'active' },
    });
  }
  await db.chatBotFlow.create({ data: { accountId, ...DEFAULT_BOT_FLOW, defaultLocationId: stores[0]!.id } });

  const now = Date.now();
  for (const [i, customer] of customers.entries()) {
    const status = i < STATUSES.length ? STATUSES[i]! : pick(['closed', 'closed', 'closed', 'open'] as const);
    const channel = status === 'bot' ? 'whatsapp_bot' : CHANNELS[i % CHANNELS.length]!;
    const lines = CONVERSATIONS[i % CONVERSATIONS.length]!;
    // The last two weeks, business hours mostly (9h–19h São Paulo = 12h–22h UTC).
    const dayStart = Math.floor((now - (status === 'closed' ? 1 + rand(13) : 0) * DAY) / DAY) * DAY;
    let at = status === 'closed' ? dayStart + (12 + rand(10)) * 60 * MINUTE + rand(60) * MINUTE : now - (20 + rand(200)) * MINUTE;
    const created = new Date(at);
    const attendant = status === 'open' || status === 'closed' ? attendantIds[i % attendantIds.length] ?? null : null;
    const chat = await db.chat.create({
      data: {
        accountId,
        customerId: customer.id,
        phone: customer.phone!,
        channel,
        status,
        locationId: stores[i % stores.length]!.id,
        attendantUserId: attendant,
        createdAt: created,
        assignedAt: attendant ? new Date(at + 2 * MINUTE) : null,
        botStep: status === 'bot' ? 'menu' : channel === 'whatsapp_bot' ? 'handover' : null,
      },
      select: { id: true },
    });
    const bot = channel === 'whatsapp_bot';
    const messages: Array<{ direction: string; author: string; authorUserId?: number | null; body: string; createdAt: Date; deliveryStatus?: string; providerMessageId?: string }> = [];
    const say = (author: 'customer' | 'bot' | 'attendant', body: string) => {
      at += (1 + rand(author === 'attendant' ? 12 : 3)) * MINUTE;
      messages.push({
        direction: author === 'customer' ? 'in' : 'out',
        author,
        authorUserId: author === 'attendant' ? attendant : null,
        body,
        createdAt: new Date(at),
        deliveryStatus: author === 'customer' ? undefined : 'read',
        providerMessageId: author === 'customer' ? `seed:${chat.id}:${messages.length}` : undefined,
      });
    };
    say('customer', lines[0]!);
    if (bot) {
      say('bot', `Olá, ${customer.name.split(' ')[0]}! Você está falando com o atendimento do Supermercado Bom Preço.`);
      say('bot', DEFAULT_BOT_FLOW.menu);
      await db.chatBotStep.createMany({
        data: [
          { accountId, chatId: chat.id, step: 'greeting', reachedAt: created, leftAt: created, outcome: 'advanced' },
          { accountId, chatId: chat.id, step: 'menu', reachedAt: created, leftAt: status === 'bot' ? null : new Date(at), outcome: status === 'bot' ? null : 'advanced' },
        ],
      });
    }
    for (const line of lines.slice(1)) {
      if (status === 'bot') break;
      say('customer', line);
      if (bot && line === '1') say('bot', DEFAULT_BOT_FLOW.listPrompt);
    }
    if (bot && status !== 'bot') {
      say('bot', DEFAULT_BOT_FLOW.handover);
      await db.chatBotStep.create({ data: { accountId, chatId: chat.id, step: 'handover', reachedAt: new Date(at), leftAt: new Date(at), outcome: 'advanced' } });
    }
    let firstResponse: Date | null = null;
    if (attendant) {
      say('attendant', ATTENDANT_REPLIES[i % ATTENDANT_REPLIES.length]!);
      firstResponse = messages.at(-1)!.createdAt;
      if (status === 'closed') say('customer', 'Obrigado!');
    }
    await db.chatMessage.createMany({ data: messages.map((m) => ({ accountId, chatId: chat.id, kind: 'text', ...m })) });
    const last = messages.at(-1)!;
    let unread = 0;
    for (let k = messages.length - 1; k >= 0 && messages[k]!.author === 'customer'; k--) unread += 1;
    if (status === 'closed') unread = 0;
    await db.chat.update({
      where: { id: chat.id },
      data: {
        lastMessageAt: last.createdAt,
        lastMessagePreview: last.body.replace(/\s+/g, ' ').slice(0, 120),
        unreadCount: unread,
        firstResponseAt: firstResponse,
        resolvedAt: status === 'closed' ? new Date(at + (5 + rand(40)) * MINUTE) : null,
      },
    });
    if (attendant) {
      const transferred = i % 5 === 3 && attendantIds.length > 1;
      const first = transferred ? attendantIds[(i + 1) % attendantIds.length]! : attendant;
      await db.chatEvent.create({ data: { accountId, chatId: chat.id, kind: 'assigned', toUserId: first, createdAt: new Date(created.getTime() + 2 * MINUTE) } });
      if (transferred) {
        await db.chatEvent.create({ data: { accountId, chatId: chat.id, kind: 'transferred', fromUserId: first, toUserId: attendant, actorUserId: first, createdAt: new Date(created.getTime() + 6 * MINUTE) } });
      }
      if (status === 'closed') await db.chatEvent.create({ data: { accountId, chatId: chat.id, kind: 'status', fromStatus: 'open', toStatus: 'closed', fromUserId: attendant, actorUserId: attendant, createdAt: new Date(at) } });
    }
    if (rand(3) === 0) await db.chatTagLink.create({ data: { chatId: chat.id, tagId: pick(tags).id } });
  }
}
