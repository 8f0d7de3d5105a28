import type { Db } from './client.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../lib/business-day.ts';

const DAY = 86_400_000;

/** Demo flyers of Supermercado Bom Preço, one per status, dated around the day the seed runs. */
function demoFlyers(now: Date) {
  const day = (offset: number) => businessDate(new Date(now.getTime() + offset * DAY));
  const period = (from: number, to: number) => ({ startAt: startOfBusinessDay(day(from)), endAt: endOfBusinessDay(day(to)) });
  return [
    {
      name: 'Encarte Semanal de Ofertas', ...period(-2, 5), message: 'Ofertas da semana em todas as lojas Bom Preço!\nVálido enquanto durarem os estoques.',
      mediaUrl: '/brand/flyers/encarte-semanal.svg', mediaType: 'image/svg+xml', mediaName: 'encarte-semanal.svg',
    },
    {
      name: 'Festival do Churrasco', ...period(4, 12), message: 'Carnes selecionadas com preços especiais para o fim de semana.',
      mediaUrl: '/brand/flyers/festival-churrasco.svg', mediaType: 'image/svg+xml', mediaName: 'festival-churrasco.svg',
    },
    {
      name: 'Black Friday Bom Preço', ...period(-6, 8), message: 'Black Friday com até 50% de desconto.', active: false, disabledAt: new Date(now.getTime() - DAY),
      mediaUrl: '/brand/flyers/black-friday.svg', mediaType: 'image/svg+xml', mediaName: 'black-friday.svg',
    },
    {
      name: 'Hortifrúti da Estação', ...period(-25, -10), message: 'Frutas e verduras da estação com o melhor preço.',
      mediaUrl: '/brand/flyers/hortifruti.svg', mediaType: 'image/svg+xml', mediaName: 'hortifruti.svg',
    },
  ];
}

/** Deterministic pseudo-random numbers, so every seed tells the same story. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

/** Idempotent: flyers by name, and 30 days of coupon uses for the coupon metrics, once. */
export async function seedPromotional(db: Db, accountIds: Map<string, number>): Promise<void> {
  const accountId = accountIds.get('supermercado-bom-preco')!;
  const locations = await db.location.findMany({ where: { accountId, active: true }, select: { id: true }, orderBy: { id: 'asc' } });
  for (const [i, f] of demoFlyers(new Date()).entries()) {
    if (await db.flyer.findFirst({ where: { accountId, name: f.name }, select: { id: true } })) continue;
    // The first flyer runs in every store (empty list); the others in a few.
    const locationIds = i === 0 ? [] : locations.slice(0, 2 + i).map((l) => l.id);
    await db.flyer.create({ data: { ...f, accountId, locationIds } });
  }

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
