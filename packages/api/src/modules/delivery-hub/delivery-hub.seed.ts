import type { Db } from '../../db/client.ts';
import type { ModuleSeed } from '../../lib/module.ts';
import { businessDate, startOfBusinessDay } from '../../lib/business-day.ts';
import { createDeliveryHubRepo } from './delivery-hub.repo.ts';
import { SIMULATED_REASONS, simulatedCourier, simulatedQuote } from './delivery-simulator.ts';

const MIN = 60_000;

/**
 * Bom Preço's deliveries of its seeded delivery orders (none when no orders are seeded): a courier
 * of the simulator for each order out for delivery or delivered — its timeline from the order's
 * ready time to its completion — and, for some orders back at the store (ready), a delivery that
 * came back; written through the hub's repository, so the dashboard's rollup matches them.
 * Idempotent: an order with a delivery is left as it is.
 */
export const deliveryHubSeed: ModuleSeed = { name: 'delivery-hub', seed: (db, { accountIds }) => seedDeliveries(db, accountIds.get('supermercado-bom-preco')!) };

async function seedDeliveries(db: Db, accountId: number): Promise<void> {
  const repo = createDeliveryHubRepo(db);
  const orders = await db.order.findMany({
    where: { accountId, fulfilment: 'delivery', deliveries: { none: {} }, status: { in: ['ready', 'out_for_delivery', 'delivered'] } },
    select: {
      id: true, number: true, status: true, locationId: true, regionId: true, slotId: true, slotDate: true, address: true,
      createdAt: true, readyAt: true, dispatchedAt: true, completedAt: true, location: { select: { name: true, latitude: true, longitude: true } },
    },
    orderBy: { id: 'asc' },
  });
  for (const o of orders) {
    // One ready order in four had a courier who brought it back.
    if (o.status === 'ready' && o.id % 4 !== 0) continue;
    const ctx = await repo.context(accountId, o);
    const window =
      ctx.slot && o.slotDate
        ? { start: new Date(startOfBusinessDay(o.slotDate).getTime() + ctx.slot.startMinute * MIN), end: new Date(startOfBusinessDay(o.slotDate).getTime() + ctx.slot.endMinute * MIN) }
        : null;
    const requestedAt = o.readyAt ?? new Date(o.createdAt.getTime() + 60 * MIN);
    const a = (o.address ?? {}) as { latitude?: number; longitude?: number };
    const quote = simulatedQuote(
      { accountId, orderId: o.id, orderNumber: o.number, store: { name: o.location.name, latitude: o.location.latitude, longitude: o.location.longitude }, dropoff: { text: '', latitude: a.latitude ?? null, longitude: a.longitude ?? null }, window },
      requestedAt,
    );
    const reference = `SIM-SEED-${o.id}`;
    const id = await repo.create({
      accountId, orderId: o.id, locationId: o.locationId, regionId: ctx.region?.id ?? null, regionName: ctx.region?.name ?? null,
      provider: 'simulator', providerReference: reference, feeCents: quote.feeCents, distanceMeters: quote.distanceMeters, etaAt: quote.etaAt,
      slotStartAt: window?.start ?? null, slotEndAt: window?.end ?? null, day: businessDate(requestedAt), requestedAt,
      note: 'Entregador solicitado ao provedor (simulador)',
    });
    const courier = { ...simulatedCourier(reference) };
    const pickedAt = o.dispatchedAt ?? new Date(requestedAt.getTime() + 18 * MIN);
    const steps = [
      { to: 'courier_assigned' as const, at: new Date(requestedAt.getTime() + 4 * MIN), note: `Entregador ${courier.name} (${courier.vehicle}) a caminho da loja`, courier },
      { to: 'picked_up' as const, at: pickedAt, note: 'Pedido coletado na loja pelo entregador' },
      ...(o.status === 'delivered'
        ? [{ to: 'delivered' as const, at: o.completedAt ?? new Date(pickedAt.getTime() + 25 * MIN), note: 'Pedido entregue ao cliente' }]
        : o.status === 'ready'
          ? [{ to: 'returned' as const, at: new Date(pickedAt.getTime() + 30 * MIN), note: SIMULATED_REASONS.returned, failureReason: SIMULATED_REASONS.returned }]
          : []),
    ];
    for (const step of steps) {
      const d = (await repo.find(accountId, id))!;
      await repo.apply(d, step);
    }
  }
}
