import type { CartItemStatus, CartStatus } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { DEFAULT_WEIGHT_PER_UNIT } from './list-parser.ts';
import { lcg } from '../../lib/seeded-random.ts';

const ACCOUNT = 'supermercado-bom-preco';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The carts of the last 30 days, newest last: status, and for sent ones whether the customer opened and bought. */
const PLAN: Array<{ status: CartStatus; daysAgo: number; converted?: boolean }> = [
  { status: 'opened', daysAgo: 29, converted: true },
  { status: 'deleted', daysAgo: 28 },
  { status: 'link_sent', daysAgo: 27 },
  { status: 'opened', daysAgo: 25 },
  { status: 'opened', daysAgo: 24, converted: true },
  { status: 'link_sent', daysAgo: 22 },
  { status: 'opened', daysAgo: 20, converted: true },
  { status: 'deleted', daysAgo: 19 },
  { status: 'opened', daysAgo: 17 },
  { status: 'link_sent', daysAgo: 15 },
  { status: 'opened', daysAgo: 13, converted: true },
  { status: 'approved', daysAgo: 12 },
  { status: 'opened', daysAgo: 10 },
  { status: 'link_sent', daysAgo: 8 },
  { status: 'opened', daysAgo: 7, converted: true },
  { status: 'deleted', daysAgo: 6 },
  { status: 'link_sent', daysAgo: 5 },
  { status: 'opened', daysAgo: 4, converted: true },
  { status: 'approved', daysAgo: 3 },
  { status: 'in_review', daysAgo: 3 },
  { status: 'opened', daysAgo: 2 },
  { status: 'deleted', daysAgo: 2 },
  { status: 'link_sent', daysAgo: 1 },
  { status: 'approved', daysAgo: 1 },
  { status: 'in_review', daysAgo: 1 },
  { status: 'in_review', daysAgo: 0 },
];

interface SeedOffer {
  productId: number;
  name: string;
  categories: string[];
  unitMeasurement: string;
  weightPerUnit: number | null;
  priceCents: number;
  available: boolean;
}

const unitPrice = (o: SeedOffer) => (o.unitMeasurement === 'kg' ? Math.round(o.priceCents * (o.weightPerUnit || DEFAULT_WEIGHT_PER_UNIT)) : o.priceCents);
const listLine = (o: SeedOffer, quantity: number) =>
  o.unitMeasurement === 'kg' ? `${String(quantity * (o.weightPerUnit || DEFAULT_WEIGHT_PER_UNIT)).replace('.', ',')}kg de ${o.name.toLowerCase()}` : `${quantity} ${o.name.toLowerCase()}`;

async function storeOffers(db: Db, accountId: number, locationId: number): Promise<SeedOffer[]> {
  const now = new Date();
  const rows = await db.offer.findMany({
    where: { accountId, locationId },
    orderBy: { productId: 'asc' },
    take: 400,
    select: {
      productId: true,
      priceCents: true,
      promotionalPriceCents: true,
      promotionStartAt: true,
      promotionEndAt: true,
      stock: true,
      isAvailable: true,
      product: { select: { name: true, categories: true, unitMeasurement: true, weightPerUnit: true, isAvailable: true } },
    },
  });
  return rows.map((r) => {
    const promo = r.promotionalPriceCents !== null && (!r.promotionStartAt || r.promotionStartAt <= now) && (!r.promotionEndAt || r.promotionEndAt > now);
    return {
      productId: r.productId,
      name: r.product.name,
      categories: r.product.categories,
      unitMeasurement: r.product.unitMeasurement,
      weightPerUnit: r.product.weightPerUnit,
      priceCents: Number(promo ? r.promotionalPriceCents : r.priceCents),
      available: r.isAvailable && r.product.isAvailable && r.stock > 0,
    };
  });
}

/**
 * Demo carts of Supermercado Bom Preço over the last 30 days, in every status, some sent, opened
 * and bought (the abandonment dashboard's data). Needs the catalog's offers and the customers
 * seed's customers; without them it does nothing. Idempotent: an account with carts is left alone.
 */
async function seedShoppingCarts(db: Db, accountIds: Map<string, number>) {
  const accountId = accountIds.get(ACCOUNT);
  if (!accountId || (await db.shoppingCart.count({ where: { accountId } }))) return;
  const customers = await db.customer.findMany({ where: { accountId, anonymizedAt: null, phone: { not: null } }, orderBy: { id: 'asc' }, take: 40, select: { id: true } });
  const stores = await db.location.findMany({ where: { accountId, active: true, offers: { some: {} } }, orderBy: { id: 'asc' }, take: 2, select: { id: true } });
  if (!customers.length || !stores.length) return;
  const offersByStore = new Map<number, SeedOffer[]>();
  for (const s of stores) offersByStore.set(s.id, await storeOffers(db, accountId, s.id));
  const creator = await db.membership.findFirst({ where: { accountId, role: 'admin', status: 'active' }, orderBy: { id: 'asc' }, select: { userId: true } });
  const pick = lcg(20_261_126);
  const now = Date.now();

  for (const [n, plan] of PLAN.entries()) {
    const locationId = stores[n % stores.length]!.id;
    const offers = offersByStore.get(locationId)!;
    const available = offers.filter((o) => o.available);
    if (available.length < 5) continue;
    const chosen = new Map<number, SeedOffer>();
    const lines = 3 + pick(6);
    while (chosen.size < lines) {
      const o = available[pick(available.length)]!;
      chosen.set(o.productId, o);
    }
    type Line = { detail: string; query: string; quantity: number; unitMeasurement: string; status: CartItemStatus; productId: number | null; candidateIds: number[]; unitPriceCents: number; subTotalCents: number };
    const items: Line[] = [...chosen.values()].map((o) => {
      const quantity = 1 + pick(3);
      return {
        detail: listLine(o, quantity),
        query: o.name.toLowerCase(),
        quantity,
        unitMeasurement: o.unitMeasurement,
        status: 'confirmed',
        productId: o.productId,
        candidateIds: [],
        unitPriceCents: unitPrice(o),
        subTotalCents: unitPrice(o) * quantity,
      };
    });
    const missing = offers.find((o) => !o.available && !chosen.has(o.productId));
    if (missing) {
      const alternatives = available.filter((o) => o.categories.join('>') === missing.categories.join('>')).slice(0, 3);
      items.push({ detail: `1 ${missing.name.toLowerCase()}`, query: missing.name.toLowerCase(), quantity: 1, unitMeasurement: missing.unitMeasurement, status: 'stock_out', productId: missing.productId, candidateIds: alternatives.map((a) => a.productId), unitPriceCents: unitPrice(missing), subTotalCents: 0 });
    }
    if (plan.status === 'in_review') {
      const first = [...chosen.values()][0]!;
      const sameCategory = available.filter((o) => o.categories.join('>') === first.categories.join('>') && !chosen.has(o.productId)).slice(0, 3);
      const word = first.categories.at(-1)?.toLowerCase() ?? 'produto';
      items.push({ detail: `2 ${word}`, query: word, quantity: 2, unitMeasurement: 'un', status: 'pending', productId: sameCategory[0]?.productId ?? null, candidateIds: sameCategory.map((o) => o.productId), unitPriceCents: sameCategory[0] ? unitPrice(sameCategory[0]) : 0, subTotalCents: 0 });
    }
    const subTotal = items.reduce((a, i) => a + i.subTotalCents, 0);
    const createdAt = new Date(now - plan.daysAgo * DAY - (9 + pick(9)) * HOUR);
    const sent = plan.status === 'link_sent' || plan.status === 'opened';
    const linkSentAt = sent ? new Date(createdAt.getTime() + (10 + pick(50)) * 60_000) : null;
    const openedAt = plan.status === 'opened' ? new Date(linkSentAt!.getTime() + (1 + pick(10)) * HOUR) : null;
    const convertedAt = plan.converted && openedAt ? new Date(openedAt.getTime() + (5 + pick(40)) * 60_000) : null;
    const cart = await db.shoppingCart.create({
      data: {
        accountId,
        customerId: customers[n % customers.length]!.id,
        locationId,
        status: plan.status,
        listText: items.map((i) => i.detail).join('\n'),
        subTotalCents: BigInt(subTotal),
        totalCents: BigInt(subTotal),
        pricing: { applied: [], coupon_rejection: null },
        createdById: creator?.userId ?? null,
        linkSentAt,
        openedAt,
        convertedAt,
        createdAt,
        updatedAt: convertedAt ?? openedAt ?? linkSentAt ?? createdAt,
      },
      select: { id: true },
    });
    await db.shoppingCartItem.createMany({
      data: items.map((i, position) => ({ ...i, cartId: cart.id, position, unitPriceCents: BigInt(i.unitPriceCents), subTotalCents: BigInt(i.subTotalCents) })),
    });
  }
}

export const shoppingCartsSeed: ModuleSeed = { name: 'shopping-carts', seed: (db, { accountIds }) => seedShoppingCarts(db, accountIds) };
