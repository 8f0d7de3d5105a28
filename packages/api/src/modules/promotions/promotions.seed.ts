import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import type { ModuleSeed } from '../../lib/module.ts';

/** Demo promotions, one per status, and 30 days of coupon uses for the coupon metrics. Idempotent: promotions by name, the uses once. */
export const promotionsSeed: ModuleSeed = {
  name: 'promotions',
  async seed(db, { accountIds }) {
    await seedPromotions(db, accountIds);
    await seedRedemptions(db, accountIds);
  },
};

const DAY = 86_400_000;

/** Demo promotions, one per status, dated around the day the seed runs. Money in cents. */
function demoPromotions(now: Date): Array<{ account: string } & Omit<Prisma.PromotionUncheckedCreateInput, 'accountId'>> {
  const day = (offset: number) => businessDate(new Date(now.getTime() + offset * DAY));
  const period = (from: number, to: number) => ({ startAt: startOfBusinessDay(day(from)), endAt: endOfBusinessDay(day(to)) });
  return [
    {
      account: 'supermercado-bom-preco', name: 'Leve 3 Pague 2 Café Aurora 500g', promotionType: 'buy_pay', ...period(-10, 20),
      description: 'Na compra de 3 pacotes de Café Aurora Tradicional 500g, pague apenas 2.',
      benefits: { pay: 2, take: 3 }, trigger: { kind: 'quantity', quantity: 3 }, selectedOffers: ['cafe-aurora-tradicional-500g'], limitPerCustomer: 2,
    },
    {
      account: 'supermercado-bom-preco', name: 'Cupom de boas-vindas 10%', promotionType: 'coupon', code: 'BEMVINDO10', ...period(-30, 60),
      description: '10% de desconto na primeira compra acima de R$ 50,00.',
      benefits: { type: 'percent', value: 10 }, trigger: { kind: 'total', offers_ids: [], min_value: 5000 }, limitTotal: 1000, limitPerCustomer: 1,
    },
    {
      account: 'supermercado-bom-preco', name: 'Sextou 15% no carrinho', promotionType: 'coupon', code: 'SEXTOU15', ...period(-20, 40),
      description: '15% de desconto em compras acima de R$ 100,00, um uso por cliente.', priority: 10,
      benefits: { type: 'percent', value: 15 }, trigger: { kind: 'total', offers_ids: [], min_value: 10000 }, limitPerCustomer: 1,
    },
    {
      account: 'supermercado-bom-preco', name: 'R$ 20 de desconto acima de R$ 150', promotionType: 'coupon', code: 'DESCONTO20', ...period(-25, 30),
      description: 'R$ 20,00 de desconto em compras a partir de R$ 150,00.', exclusive: true,
      benefits: { type: 'fixed', value: 2000 }, trigger: { kind: 'total', offers_ids: [], min_value: 15000 }, limitTotal: 500, limitPerCustomer: 2,
    },
    {
      account: 'supermercado-bom-preco', name: 'Frete grátis acima de R$ 150', promotionType: 'shipping_discount', ...period(5, 35),
      description: 'Entrega grátis em pedidos a partir de R$ 150,00.',
      benefits: { type: 'percent', value: 100 }, trigger: { kind: 'total', offers_ids: [], min_value: 15000 },
    },
    {
      account: 'supermercado-bom-preco', name: 'Picanha bovina kg por R$ 59,90', promotionType: 'fixed_price', ...period(-3, 10),
      description: 'Preço fixo na picanha bovina resfriada, por quilo.', active: false, disabledAt: new Date(now.getTime() - DAY),
      benefits: { price: 5990 }, trigger: { kind: 'quantity', quantity: 1 }, selectedOffers: ['picanha-bovina-kg'], limitPerCustomer: 3,
    },
    {
      account: 'supermercado-bom-preco', name: 'Semana do Hortifrúti 15% off', promotionType: 'items_discount', ...period(-20, -13),
      description: '15% de desconto levando 2 ou mais itens de hortifrúti.',
      benefits: { type: 'percent', value: 15 }, trigger: { kind: 'items', offers_ids: ['banana-prata-kg', 'tomate-italiano-kg', 'alface-crespa'], min_quantity: 2 },
    },
    {
      account: 'supermercado-bom-preco', name: 'R$ 10 off em cervejas artesanais', promotionType: 'discount', ...period(-15, -1),
      description: 'Cancelada por falta de estoque do fornecedor.', active: false, disabledAt: new Date(now.getTime() - 12 * DAY),
      benefits: { type: 'fixed', value: 1000 }, trigger: { kind: 'total', offers_ids: ['cerveja-artesanal-ipa-500ml'], min_value: 6000 },
    },
    {
      account: 'bom-preco-atacado', name: 'Atacado: 5% off acima de R$ 500', promotionType: 'discount', ...period(-5, 25),
      description: 'Desconto para compras de reposição a partir de R$ 500,00.',
      benefits: { type: 'percent', value: 5 }, trigger: { kind: 'total', offers_ids: [], min_value: 50000 },
    },
  ];
}

async function seedPromotions(db: Db, accountIds: Map<string, number>) {
  for (const { account, ...p } of demoPromotions(new Date())) {
    const accountId = accountIds.get(account)!;
    if (await db.promotion.findFirst({ where: { accountId, name: p.name }, select: { id: true } })) continue;
    const code = p.code ?? null;
    await db.promotion.create({ data: { ...p, accountId, code, codeNormalized: code?.toUpperCase() ?? null } });
  }
}

/** Deterministic pseudo-random numbers, so every seed tells the same story. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

async function seedRedemptions(db: Db, accountIds: Map<string, number>) {
  const accountId = accountIds.get('supermercado-bom-preco')!;
  if ((await db.promotionRedemption.count({ where: { accountId } })) > 0) return;
  const coupons = await db.promotion.findMany({
    where: { accountId, promotionType: 'coupon' },
    select: { id: true, startAt: true, benefits: true, trigger: true, limitTotal: true, limitPerCustomer: true },
    orderBy: { id: 'asc' },
  });
  const random = sequence(42);
  const now = Date.now();
  for (const [rank, c] of coupons.entries()) {
    const benefits = c.benefits as { type?: string; value?: number };
    const minCents = (c.trigger as { min_value?: number }).min_value ?? 0;
    const rows = [];
    for (let d = 29; d >= 0; d--) {
      const at = now - d * DAY;
      if (at < c.startAt.getTime()) continue;
      const uses = Math.floor(random() * (8 - rank * 2)) + (d % 7 === 5 ? 4 : 1);
      for (let u = 0; u < uses; u++) {
        const total = minCents + Math.round(random() * 25_000) + 1_000;
        const discount = benefits.type === 'percent' ? Math.round((total * (benefits.value ?? 0)) / 100) : (benefits.value ?? 0);
        rows.push({
          accountId,
          promotionId: c.id,
          // Customers come back up to the coupon's per-customer limit (3 uses when it has none), never past it.
          orderId: `PED-${c.id}-${30 - d}-${u + 1}`,
          customer: `CLI${c.id}${String(Math.floor(rows.length / (c.limitPerCustomer ?? 3)) + 1).padStart(4, '0')}`,
          discountCents: BigInt(discount),
          orderTotalCents: BigInt(total),
          redeemedAt: new Date(at - Math.floor(random() * 10 * 3_600_000)),
        });
      }
    }
    if (c.limitTotal) rows.splice(c.limitTotal);
    // One order of each coupon was canceled: its use was released.
    if (rows.length > 3) Object.assign(rows[2]!, { status: 'released' as const, releasedAt: new Date(rows[2]!.redeemedAt.getTime() + 3_600_000) });
    await db.promotionRedemption.createMany({ data: rows });
    await db.promotion.update({ where: { id: c.id }, data: { usesCount: rows.filter((r) => !('status' in r)).length } });
  }
}
