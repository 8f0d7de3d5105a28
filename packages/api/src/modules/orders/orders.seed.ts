import type { Fulfilment, OrderChannel, OrderStatus } from '@backoffice/contracts';
import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { lcg } from '../../lib/seeded-random.ts';

const ACCOUNT = 'supermercado-bom-preco';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Orders over the last DAYS days. */
const ORDERS = 240;
const DAYS = 60;
const CHANNELS: OrderChannel[] = ['vtex', 'vtex', 'magento', 'whatsapp', 'whatsapp_bot', 'rappi'];
/** The working statuses of the last two days' orders, by fulfilment. */
const WORKING: Record<Fulfilment, OrderStatus[]> = {
  delivery: ['created', 'payment_pending', 'paid', 'picking', 'picked', 'ready', 'out_for_delivery', 'delivered'],
  pickup: ['paid', 'picking', 'picked', 'ready', 'awaiting_pickup', 'picked_up'],
};
/** The path to each status, from created (paid online; one paid in person skips the payment). */
const PATH: OrderStatus[] = ['created', 'payment_pending', 'paid', 'picking', 'picked', 'ready'];

interface SeedOffer {
  productId: number;
  sku: string;
  name: string;
  unitMeasurement: string;
  category: string;
  priceCents: number;
}

/**
 * Bom Preço's orders of the last 60 days at its stores with offers, so that the lists, the board,
 * the order pages and the orders, picking, rupture and finance dashboards show something true:
 * finished orders (delivered, picked up, some canceled or refunded; picked lines with a few missing
 * and substituted ones, by the store's operators), and the last two days' orders at every working
 * status, each with its timeline. Written as the API writes them; the triggers keep the rollups.
 * Idempotent: an account that has orders is left as it is.
 */
export const ordersSeed: ModuleSeed = {
  name: 'orders',
  async seed(db, { accountIds }) {
    const accountId = accountIds.get(ACCOUNT);
    if (!accountId || (await db.order.count({ where: { accountId } })) > 0) return;
    await seedOrders(db, accountId);
    // History, not sales happening now: the closed loop's queue (filled by its trigger) does not report it.
    await db.orderAttributionQueue.deleteMany({ where: { accountId } });
  },
};

async function seedOrders(db: Db, accountId: number) {
  const stores = await db.location.findMany({ where: { accountId, active: true, offers: { some: {} } }, orderBy: { id: 'asc' }, take: 3, select: { id: true } });
  const customers = await db.customer.findMany({
    where: { accountId, anonymizedAt: null },
    orderBy: { id: 'asc' },
    take: 60,
    select: { id: true, addresses: { take: 1, select: { zipCode: true, street: true, number: true, complement: true, neighborhood: true, city: true, state: true, latitude: true, longitude: true } } },
  });
  const admin = await db.membership.findFirst({ where: { accountId, role: 'admin', status: 'active' }, orderBy: { id: 'asc' }, select: { userId: true } });
  const operators = await db.operator.findMany({ where: { accountId, active: true, role: 'picker' }, orderBy: { id: 'asc' }, select: { id: true } });
  if (!stores.length || !customers.length) return;
  const offersOf = new Map<number, SeedOffer[]>();
  for (const s of stores) {
    const offers = await db.offer.findMany({
      where: { accountId, locationId: s.id, isAvailable: true },
      orderBy: { productId: 'asc' },
      take: 120,
      select: { productId: true, priceCents: true, promotionalPriceCents: true, product: { select: { sku: true, name: true, unitMeasurement: true, categories: true } } },
    });
    offersOf.set(
      s.id,
      offers.map((o) => ({
        productId: o.productId,
        sku: o.product.sku,
        name: o.product.name,
        unitMeasurement: o.product.unitMeasurement,
        category: o.product.categories.at(-1) ?? '',
        priceCents: Number(o.promotionalPriceCents ?? o.priceCents),
      })),
    );
  }
  const slots = await db.slot.findMany({ where: { accountId, active: true }, select: { id: true, locationId: true, mode: true, weekday: true, startMinute: true, endMinute: true } });

  const rand = lcg(2111);
  const now = Date.now();
  for (let n = 0; n < ORDERS; n++) {
    const store = stores[n % stores.length]!;
    const offers = offersOf.get(store.id)!;
    if (offers.length < 4) continue;
    const customer = customers[rand(customers.length)]!;
    // Older orders thin out: more of them in the last weeks, as a growing store has.
    const age = Math.floor(DAYS * DAY * Math.pow((ORDERS - n) / ORDERS, 1.6)) + rand(40) * MINUTE;
    // Opening hours: 8h to 21h in São Paulo (UTC−3).
    const day = new Date(now - age);
    day.setUTCHours(11 + rand(13), rand(60), rand(60), 0);
    const createdAt = new Date(Math.min(day.getTime(), now - 5 * MINUTE));
    const fulfilment: Fulfilment = n % 4 === 0 ? 'pickup' : 'delivery';
    const paysInPerson = n % 9 === 0;
    const channel = CHANNELS[n % CHANNELS.length]!;
    const recent = now - createdAt.getTime() < 2 * DAY;
    const roll = rand(100);
    const finished: OrderStatus = roll < 7 ? 'canceled' : roll < 10 ? 'refunded' : fulfilment === 'delivery' ? 'delivered' : 'picked_up';
    let status: OrderStatus = recent ? WORKING[fulfilment][rand(WORKING[fulfilment].length)]! : finished;
    if (paysInPerson && (status === 'payment_pending' || status === 'paid')) status = 'picking';

    // The path there: created → (payment) → picking … → the status; a cancel happens at some step.
    const canceledAt = status === 'canceled' ? PATH[1 + rand(4)]! : null;
    const steps: OrderStatus[] = [];
    for (const s of PATH) {
      if (paysInPerson && (s === 'payment_pending' || s === 'paid')) continue;
      steps.push(s);
      if (s === status || s === canceledAt) break;
    }
    const last = steps.at(-1)!;
    if (status === 'canceled') steps.push('canceled');
    else if (last === 'ready' && status !== 'ready') {
      if (status === 'refunded') steps.push(fulfilment === 'delivery' ? 'out_for_delivery' : 'awaiting_pickup', fulfilment === 'delivery' ? 'delivered' : 'picked_up', 'refunded');
      else if (status === 'delivered' || status === 'picked_up') steps.push(fulfilment === 'delivery' ? 'out_for_delivery' : 'awaiting_pickup', status);
      else steps.push(status);
    }
    const times: number[] = [createdAt.getTime()];
    for (let i = 1; i < steps.length; i++) {
      const gap = { payment_pending: 1, paid: 4, picking: 20 + rand(60), picked: 15 + rand(40), ready: 5 + rand(15), out_for_delivery: 10 + rand(20), awaiting_pickup: 10, delivered: 25 + rand(60), picked_up: 30 + rand(180), canceled: 10 + rand(30), refunded: 60 * 24 } as Record<string, number>;
      times.push(Math.min(times[i - 1]! + (gap[steps[i]!] ?? 10) * MINUTE, now - (steps.length - i) * MINUTE));
    }
    const at = (s: OrderStatus) => {
      const i = steps.indexOf(s);
      return i >= 0 ? new Date(times[i]!) : null;
    };

    // Lines: 2 to 6 products of the store; weighed ones by their weight.
    const picked = steps.includes('picked');
    const chosen = new Set<number>();
    while (chosen.size < 2 + rand(5)) chosen.add(rand(offers.length));
    const lines = [...chosen].map((k, position) => {
      const o = offers[k]!;
      const weighed = o.unitMeasurement === 'kg';
      const quantity = weighed ? 1 : 1 + rand(3);
      const weight = weighed ? (4 + rand(12)) / 10 : null;
      const ordered = weight !== null ? Math.round(o.priceCents * weight) : o.priceCents * quantity;
      const pick = picked ? rand(100) : -1;
      const missing = pick >= 0 && pick < 4;
      const substitute = pick >= 4 && pick < 7 ? offers.find((x) => x.category === o.category && x.productId !== o.productId && x.unitMeasurement === o.unitMeasurement) : undefined;
      const subTotal = missing ? 0 : substitute ? (weight !== null ? Math.round(substitute.priceCents * weight) : substitute.priceCents * quantity) : ordered;
      return {
        position,
        productId: o.productId,
        sku: o.sku,
        name: o.name,
        unitMeasurement: o.unitMeasurement,
        quantity,
        weight,
        unitPriceCents: BigInt(o.priceCents),
        subTotalCents: BigInt(subTotal),
        totalCents: BigInt(subTotal),
        pickStatus: !picked ? ('pending' as const) : missing ? ('missing' as const) : substitute ? ('substituted' as const) : ('picked' as const),
        pickedQuantity: picked ? (missing ? 0 : quantity) : null,
        pickedWeight: picked && !missing ? weight : null,
        substituteProductId: substitute?.productId ?? null,
        substituteSku: substitute?.sku ?? null,
        substituteName: substitute?.name ?? null,
        substituteUnitPriceCents: substitute ? BigInt(substitute.priceCents) : null,
        pickedAt: picked ? at('picked') : null,
        pickedByOperatorId: picked && operators.length ? operators[(n + position) % operators.length]!.id : null,
      };
    });
    const subTotal = lines.reduce((sum, l) => sum + Number(l.subTotalCents), 0);
    const fee = fulfilment === 'delivery' ? 790 : 0;
    const address = customer.addresses[0];

    // The booked window: a slot of the store for this mode on the order's day (São Paulo), after the order.
    const spDay = new Date(createdAt.getTime() - 3 * 60 * MINUTE);
    const minuteOfDay = spDay.getUTCHours() * 60 + spDay.getUTCMinutes();
    const slot = slots.find((s) => s.locationId === store.id && s.mode === fulfilment && s.weekday === spDay.getUTCDay() && s.startMinute >= minuteOfDay + 60);
    const slotDate = slot ? spDay.toISOString().slice(0, 10) : null;

    await db.order.create({
      data: {
        accountId,
        number: n + 1,
        locationId: store.id,
        customerId: customer.id,
        channel,
        externalId: channel === 'shopping_cart' ? null : `${channel.toUpperCase()}-${100_000 + n}`,
        status,
        fraudStatus: n % 11 === 0 ? 'approved' : 'not_required',
        fulfilment,
        paysInPerson,
        address:
          fulfilment === 'delivery' && address
            ? { zip_code: address.zipCode, street: address.street, number: address.number, complement: address.complement, neighborhood: address.neighborhood, city: address.city, state: address.state, latitude: address.latitude ?? undefined, longitude: address.longitude ?? undefined }
            : fulfilment === 'delivery'
              ? { zip_code: '01310-100', street: 'Avenida Paulista', number: String(100 + n), city: 'São Paulo', state: 'SP' }
              : undefined,
        deliveryFeeCents: BigInt(fee),
        slotId: slot?.id ?? null,
        slotDate,
        slotReference: slot ? `pedido-seed-${n + 1}` : null,
        subTotalCents: BigInt(subTotal),
        totalCents: BigInt(subTotal + fee),
        version: steps.length,
        createdById: admin?.userId ?? null,
        paidAt: paysInPerson ? at(fulfilment === 'delivery' ? 'delivered' : 'picked_up') : at('paid'),
        pickingStartedAt: at('picking'),
        pickedAt: at('picked'),
        readyAt: at('ready'),
        dispatchedAt: at('out_for_delivery') ?? at('awaiting_pickup'),
        completedAt: at('delivered') ?? at('picked_up'),
        canceledAt: at('canceled'),
        refundedAt: at('refunded'),
        createdAt,
        updatedAt: new Date(times.at(-1)!),
        items: { create: lines },
        events: {
          create: steps.map((to, i) => ({
            fromStatus: i === 0 ? null : steps[i - 1]!,
            toStatus: to,
            actorUserId: admin?.userId ?? null,
            actorKind: to === 'paid' && !paysInPerson ? 'payment' : 'user',
            createdAt: new Date(times[i]!),
          })),
        },
      },
      select: { id: true },
    });
    if (slot && slotDate) {
      await db.slotBooking.create({
        data: { accountId, slotId: slot.id, date: new Date(`${slotDate}T00:00:00Z`), reference: `pedido-seed-${n + 1}`, releasedAt: status === 'canceled' ? at('canceled') : null },
      });
    }
  }
}
