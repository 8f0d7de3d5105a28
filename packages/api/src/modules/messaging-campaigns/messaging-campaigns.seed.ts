import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { lcg } from '../../lib/seeded-random.ts';

const ACCOUNT = 'supermercado-bom-preco';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BOTH = ['Quero aproveitar', 'Não quero mensagens'];

const TEMPLATES = [
  {
    name: 'ofertas_da_semana',
    description: 'Ofertas semanais de hortifrúti, açougue e mercearia.',
    message: 'Olá, {{nome}}! As ofertas da semana do Bom Preço chegaram:\nhortifrúti com até 30% de desconto e carnes selecionadas com preço especial.\nPeça pelo WhatsApp e receba em casa!',
    buttons: BOTH,
    status: 'approved',
    rejectionReason: null,
  },
  {
    name: 'feira_de_sabado',
    description: 'Chamada para a feira de sábado nas lojas.',
    message: 'Bom dia, {{nome}}! Sábado é dia de feira no Bom Preço: frutas, legumes e verduras fresquinhos com preço de feira.',
    buttons: BOTH,
    status: 'approved',
    rejectionReason: null,
  },
  {
    name: 'semana_do_cafe',
    description: null,
    message: 'Semana do Café no Bom Preço! Cafés especiais e moídos na hora com até 25% de desconto.',
    buttons: ['Quero aproveitar'],
    status: 'approved',
    rejectionReason: null,
  },
  {
    name: 'aniversario_cliente',
    description: 'Parabéns com cupom para aniversariantes.',
    message: 'Feliz aniversário, {{nome}}! Para comemorar, você ganhou frete grátis na próxima compra.',
    buttons: BOTH,
    status: 'pending',
    rejectionReason: null,
  },
  {
    name: 'cupom_relampago',
    description: 'Cupom de 50% válido por uma hora.',
    message: 'CORRA!!! Só hoje: 50% OFF em TUDO com o cupom RELAMPAGO. Não perca!!!',
    buttons: ['Quero aproveitar'],
    status: 'rejected',
    rejectionReason: 'O template viola a Política Comercial do WhatsApp: mensagem promocional em caixa alta excessiva e sem opção de descadastro.',
  },
] as const;

interface SeedCampaign {
  name: string;
  template: (typeof TEMPLATES)[number]['name'];
  /** Days from today of its start and end. */
  from: number;
  to: number;
  status: 'draft' | 'scheduled' | 'sent' | 'canceled';
  audience: { type: 'all' | 'tags'; tags: string[] };
  /** Share of the audience messaged (a canceled campaign stopped midway). */
  sentShare: number;
}

const CAMPAIGNS: SeedCampaign[] = [
  { name: 'Ofertas da semana — início do mês', template: 'ofertas_da_semana', from: -24, to: -22, status: 'sent', audience: { type: 'all', tags: [] }, sentShare: 1 },
  { name: 'Semana do Café — clientes VIP', template: 'semana_do_cafe', from: -17, to: -15, status: 'canceled', audience: { type: 'tags', tags: ['vip'] }, sentShare: 0.6 },
  { name: 'Feira de sábado', template: 'feira_de_sabado', from: -10, to: -9, status: 'sent', audience: { type: 'all', tags: [] }, sentShare: 1 },
  { name: 'Ofertas da semana — esta semana', template: 'ofertas_da_semana', from: -3, to: -2, status: 'sent', audience: { type: 'all', tags: [] }, sentShare: 1 },
  { name: 'Feira de sábado — próxima', template: 'feira_de_sabado', from: 3, to: 4, status: 'scheduled', audience: { type: 'all', tags: [] }, sentShare: 0 },
  { name: 'Aniversariantes do mês', template: 'aniversario_cliente', from: 5, to: 30, status: 'draft', audience: { type: 'tags', tags: ['vip'] }, sentShare: 0 },
];

/**
 * Bom Preço's message templates (approved, pending, one rejected with the provider's reason) and
 * campaigns over the last weeks (sent, one canceled midway, one scheduled, one draft), whose
 * recipients were messaged, delivered, read, answered and a few opted out (those customers no
 * longer accept messages), so the dashboards show something true. Idempotent: an account with
 * templates is left as it is.
 */
export const messagingCampaignsSeed: ModuleSeed = {
  name: 'messaging-campaigns',
  async seed(db, { accountIds }) {
    const accountId = accountIds.get(ACCOUNT);
    if (!accountId || (await db.messagingTemplate.count({ where: { accountId } })) > 0) return;
    await seedAccount(db, accountId, new Date());
  },
};

async function seedAccount(db: Db, accountId: number, now: Date) {
  const day = (offset: number) => businessDate(new Date(now.getTime() + offset * DAY));
  const templateIds = new Map<string, number>();
  for (const t of TEMPLATES) {
    const row = await db.messagingTemplate.create({
      data: {
        ...t,
        buttons: [...t.buttons],
        accountId,
        submittedAt: new Date(now.getTime() - 30 * DAY),
        decidedAt: t.status === 'pending' ? null : new Date(now.getTime() - 29 * DAY),
      },
      select: { id: true },
    });
    templateIds.set(t.name, row.id);
  }
  const customers = await db.customer.findMany({
    where: { accountId, optIn: true, phone: { not: null }, anonymizedAt: null },
    orderBy: { id: 'asc' },
    select: { id: true, phone: true, tags: true },
  });
  const rnd = lcg(2211);
  const optedOut = new Set<number>();
  for (const c of CAMPAIGNS) {
    const startAt = startOfBusinessDay(day(c.from));
    const endAt = endOfBusinessDay(day(c.to));
    const started = c.status === 'sent' || c.status === 'canceled';
    const sentAt = new Date(startAt.getTime() + 9 * 60 * MINUTE);
    const campaign = await db.messagingCampaign.create({
      data: {
        accountId,
        templateId: templateIds.get(c.template)!,
        name: c.name,
        audience: { type: c.audience.type, tags: c.audience.tags, customer_ids: [], phones: [], product_ids: [] },
        startAt,
        endAt,
        status: c.status,
        startedAt: started ? sentAt : null,
        progressAt: started ? sentAt : null,
        finishedAt: c.status === 'sent' ? new Date(sentAt.getTime() + 40 * MINUTE) : null,
        canceledAt: c.status === 'canceled' ? new Date(sentAt.getTime() + 25 * MINUTE) : null,
      },
      select: { id: true },
    });
    if (!started) continue;
    const audience = customers.filter((cu) => !optedOut.has(cu.id) && (c.audience.type === 'all' || cu.tags.some((t) => c.audience.tags.includes(t))));
    const sentCount = Math.round(audience.length * c.sentShare);
    const rows: Prisma.MessagingCampaignRecipientCreateManyInput[] = audience.map((cu, i) => {
      const base = { campaignId: campaign.id, accountId, customerId: cu.id, phone: cu.phone! };
      if (i >= sentCount) return { ...base, status: 'skipped' };
      const at = new Date(sentAt.getTime() + Math.floor((i / Math.max(1, sentCount)) * 30 * MINUTE));
      if (rnd(100) < 3) return { ...base, status: 'failed', claimedAt: at, failedAt: at, error: 'Número sem WhatsApp (131026)' };
      const delivered = rnd(100) < 93 ? new Date(at.getTime() + (1 + rnd(5)) * MINUTE) : null;
      const read = delivered && rnd(100) < 68 ? new Date(delivered.getTime() + (5 + rnd(600)) * MINUTE) : null;
      const answer = read ? rnd(100) : 100;
      const repliedAt = answer < 14 ? new Date(read!.getTime() + (1 + rnd(90)) * MINUTE) : null;
      const optedOutAt = answer >= 14 && answer < 17 ? new Date(read!.getTime() + (1 + rnd(30)) * MINUTE) : null;
      if (optedOutAt) optedOut.add(cu.id);
      return {
        ...base,
        status: read ? 'read' : delivered ? 'delivered' : 'sent',
        claimedAt: at,
        sentAt: at,
        deliveredAt: delivered,
        readAt: read,
        repliedAt,
        optedOutAt,
      };
    });
    await db.messagingCampaignRecipient.createMany({ data: rows });
  }
  // "Não quero mensagens" opted those customers out when they answered.
  for (const customerId of optedOut) {
    const at = await db.messagingCampaignRecipient.findFirst({ where: { customerId, optedOutAt: { not: null } }, select: { optedOutAt: true } });
    await db.customer.update({ where: { id: customerId }, data: { optIn: false, optInAt: at?.optedOutAt ?? now } });
  }
  await seedNotificationTemplates(db, accountId);
}

async function seedNotificationTemplates(db: Db, accountId: number) {
  await db.notificationTemplate.createMany({
    data: [
      { accountId, event: 'order_paid', name: 'Pagamento confirmado', message: 'Oi, {{nome}}! O pagamento do pedido {{pedido}} foi confirmado e já vamos separar suas compras.' },
      { accountId, event: 'order_out_for_delivery', name: 'Saiu para entrega', message: 'Seu pedido {{pedido}} saiu para entrega, {{nome}}!\nFique de olho: o entregador chega em breve.' },
      { accountId, event: 'order_delivered', name: 'Pedido entregue', message: 'Pedido {{pedido}} entregue. Obrigado por comprar no Bom Preço, {{nome}}!' },
      { accountId, event: 'order_canceled', name: 'Pedido cancelado', message: 'O pedido {{pedido}} foi cancelado. Qualquer dúvida, responda esta mensagem.', active: false },
    ],
    skipDuplicates: true,
  });
}
