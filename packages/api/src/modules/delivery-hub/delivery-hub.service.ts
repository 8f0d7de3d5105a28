import type { z } from 'zod';
import {
  ACTIVE_DELIVERY_STATUSES,
  DELIVERY_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  fromCents,
  type CancelDeliveryInput,
  type CreateDeliveryInput,
  type Delivery,
  type DeliveryProviderName,
  type DeliveryStatus,
  type DeliveryWebhookInput,
  type OrderStatus,
} from '@backoffice/contracts';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { businessDate, startOfBusinessDay } from '../../lib/business-day.ts';
import { isUniqueViolation } from '../users/users.repo.ts';
import type { Caller } from '../locations/locations.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { NamedOrder } from '../orders/orders.repo.ts';
import type { DeliveryProvider, DeliveryRequest } from './delivery-provider.ts';
import { StaleDelivery, type DeliveryChange, type DeliveryEventRow, type DeliveryHubRepo, type DeliveryRow } from './delivery-hub.repo.ts';

/** What the order page hears when one of the order's deliveries changed. */
export interface DeliveryChangeNotice {
  order_id: number;
  delivery_id: number;
  status: DeliveryStatus;
}

interface Deps {
  repo: DeliveryHubRepo;
  orders: Pick<OrdersService, 'visible' | 'find' | 'moveByProvider'>;
  providers: Record<DeliveryProviderName, DeliveryProvider>;
  clock?: () => Date;
  notify?: (accountId: number, change: DeliveryChangeNotice) => void;
  /** An order move a courier update asked for and the state machine refused (the delivery's change stands). */
  onRefusedMove?: (err: unknown, d: { orderId: number; to: OrderStatus }) => void;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const isActive = (s: string) => (ACTIVE_DELIVERY_STATUSES as readonly string[]).includes(s);
/** How far along a delivery is: an update never takes it back. */
const RANK: Record<DeliveryStatus, number> = { requested: 0, courier_assigned: 1, picked_up: 2, delivered: 3, failed: 3, returned: 3, canceled: 3 };
const MAX_ATTEMPTS = 5;

/** The moves that take an order in `from` to where the courier's news puts it (none when it is elsewhere). */
export function orderPath(from: OrderStatus, news: DeliveryStatus): OrderStatus[] {
  if (news === 'picked_up') return from === 'picked' ? ['ready', 'out_for_delivery'] : from === 'ready' ? ['out_for_delivery'] : [];
  if (news === 'delivered') {
    if (from === 'picked') return ['ready', 'out_for_delivery', 'delivered'];
    if (from === 'ready') return ['out_for_delivery', 'delivered'];
    return from === 'out_for_delivery' ? ['delivered'] : [];
  }
  // The courier brings the order back: it is ready again for another delivery or a pickup.
  if (news === 'failed' || news === 'returned' || news === 'canceled') return from === 'out_for_delivery' ? ['ready'] : [];
  return [];
}

function toDelivery(d: DeliveryRow, events: DeliveryEventRow[]): z.input<typeof Delivery> {
  return {
    id: d.id,
    order_id: d.orderId,
    order_number: d.order.number,
    location: { id: d.locationId, name: d.location.name },
    region: d.regionId !== null ? { id: d.regionId, name: d.regionName ?? '' } : null,
    provider: d.provider as DeliveryProviderName,
    reference: d.providerReference,
    status: d.status as DeliveryStatus,
    status_label: DELIVERY_STATUS_LABELS[d.status as DeliveryStatus],
    active: isActive(d.status),
    courier: d.courierName ? { name: d.courierName, vehicle: d.courierVehicle ?? '' } : null,
    fee: fromCents(d.feeCents),
    distance_km: Math.round(d.distanceMeters / 100) / 10,
    eta: iso(d.etaAt),
    slot_start: iso(d.slotStartAt),
    slot_end: iso(d.slotEndAt),
    on_time: d.deliveredAt && d.slotEndAt ? d.deliveredAt.getTime() <= d.slotEndAt.getTime() : null,
    requested_at: d.requestedAt.toISOString(),
    courier_assigned_at: iso(d.courierAssignedAt),
    picked_up_at: iso(d.pickedUpAt),
    delivered_at: iso(d.deliveredAt),
    failed_at: iso(d.failedAt),
    canceled_at: iso(d.canceledAt),
    failure_reason: d.failureReason,
    cancel_reason: d.cancelReason,
    events: events.map((e) => ({ id: e.id, status: e.status as DeliveryStatus, note: e.note, occurred_at: e.occurredAt.toISOString() })),
  };
}

/** The timeline's line for a courier's update. */
function noteOf(u: DeliveryWebhookInput): string {
  if (u.status === 'courier_assigned') return u.courier ? `Entregador ${u.courier.name} (${u.courier.vehicle}) a caminho da loja` : DELIVERY_STATUS_LABELS.courier_assigned;
  if (u.status === 'picked_up') return 'Pedido coletado na loja pelo entregador';
  if (u.status === 'delivered') return 'Pedido entregue ao cliente';
  return u.reason ?? DELIVERY_STATUS_LABELS[u.status];
}

/** The address as a courier reads it, and its point when known. */
function dropoffOf(o: NamedOrder): DeliveryRequest['dropoff'] {
  const a = (o.address ?? {}) as { street?: string; number?: string; neighborhood?: string | null; city?: string; state?: string; latitude?: number; longitude?: number };
  const text = [[a.street, a.number].filter(Boolean).join(', '), a.neighborhood, [a.city, a.state].filter(Boolean).join(' - ')].filter(Boolean).join(', ');
  return { text, latitude: a.latitude ?? null, longitude: a.longitude ?? null };
}

/**
 * The delivery hub: requests a courier from a provider for a ready order, follows the provider's
 * signed updates (each once) and moves the order with them, cancels deliveries, and keeps the
 * dashboard's daily rollup in the same transaction as every status change.
 */
export function createDeliveryHubService({ repo, orders, providers, clock = () => new Date(), notify = () => {}, onRefusedMove = () => {} }: Deps) {
  async function withEvents(rows: DeliveryRow[]) {
    const events = await repo.events(rows[0]?.accountId ?? 0, rows.map((r) => r.id));
    return rows.map((r) => toDelivery(r, events.filter((e) => e.deliveryId === r.id)));
  }
  const one = async (accountId: number, id: number) => (await withEvents([(await repo.find(accountId, id))!]))[0]!;

  /** Moves the order where the delivery's news puts it, through the one state machine; a refused move is reported, not thrown. */
  async function followOrder(d: DeliveryRow, news: DeliveryStatus, note: string | null) {
    const order = await orders.find(d.accountId, d.orderId);
    if (!order) return;
    for (const to of orderPath(order.status, news)) {
      try {
        await orders.moveByProvider(d.accountId, d.orderId, to, 'delivery', note);
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 409) throw err;
        onRefusedMove(err, { orderId: d.orderId, to });
        return;
      }
    }
  }

  /**
   * Applies `decide`'s change to the delivery as it is now (read again after a concurrent change won),
   * recording the webhook event with it; the result of the write and the delivery it was judged on.
   */
  async function change(read: () => Promise<DeliveryRow | null>, decide: (d: DeliveryRow) => DeliveryChange | null, webhook?: Parameters<DeliveryHubRepo['apply']>[2]) {
    for (let attempt = 1; ; attempt++) {
      const d = await read();
      if (!d) return null;
      const c = decide(d);
      try {
        const result = await repo.apply(d, c, webhook);
        if (result === 'applied') {
          notify(d.accountId, { order_id: d.orderId, delivery_id: d.id, status: c!.to });
          await followOrder(d, c!.to, c!.note);
        }
        return { d, c, result };
      } catch (err) {
        if (!(err instanceof StaleDelivery) || attempt >= MAX_ATTEMPTS) throw err;
      }
    }
  }

  /** The caller's view of the delivery (the order's store scope applies), or 404. */
  async function visibleDelivery(caller: Caller, id: number) {
    const d = await repo.find(caller.accountId, id);
    if (!d) throw new NotFoundError('DELIVERY_NOT_FOUND');
    try {
      await orders.visible(caller, d.orderId);
    } catch (err) {
      if (err instanceof NotFoundError) throw new NotFoundError('DELIVERY_NOT_FOUND');
      throw err;
    }
    return d;
  }

  /** Cancels an active delivery at its provider and here; the order, out with the courier, is ready again. */
  async function cancelActive(first: DeliveryRow, reason: string) {
    await providers[first.provider as DeliveryProviderName].cancel(first.providerReference, reason);
    const done = await change(
      () => repo.find(first.accountId, first.id),
      (d) => {
        if (d.status === 'delivered') throw new ConflictError('DELIVERY_ALREADY_DELIVERED', { number: d.order.number });
        if (!isActive(d.status)) throw new ConflictError('DELIVERY_NOT_ACTIVE', { number: d.order.number, status: DELIVERY_STATUS_LABELS[d.status as DeliveryStatus] });
        return { to: 'canceled', at: clock(), note: `Entrega cancelada: ${reason}`, cancelReason: reason };
      },
    );
    return done!.d;
  }

  return {
    /** Requests a courier for a ready (or picked) delivery order; 409 with the reason otherwise, or while another delivery is under way. */
    async create(caller: Caller, input: CreateDeliveryInput) {
      const order = await orders.visible(caller, input.order_id);
      if (order.fulfilment !== 'delivery') throw new ConflictError('DELIVERY_ORDER_PICKUP', { number: order.number });
      if (order.status !== 'ready' && order.status !== 'picked') {
        throw new ConflictError('DELIVERY_ORDER_NOT_READY', { number: order.number, status: ORDER_STATUS_LABELS[order.status] });
      }
      const already = await repo.active(caller.accountId, order.id);
      if (already) throw new ConflictError('DELIVERY_ALREADY_ACTIVE', { number: order.number, status: DELIVERY_STATUS_LABELS[already.status as DeliveryStatus] });

      const ctx = await repo.context(caller.accountId, order);
      const window =
        ctx.slot && order.slotDate
          ? {
              start: new Date(startOfBusinessDay(order.slotDate).getTime() + ctx.slot.startMinute * 60_000),
              end: new Date(startOfBusinessDay(order.slotDate).getTime() + ctx.slot.endMinute * 60_000),
            }
          : null;
      const request: DeliveryRequest = {
        accountId: caller.accountId,
        orderId: order.id,
        orderNumber: order.number,
        store: { name: order.locationName, latitude: ctx.location?.latitude ?? null, longitude: ctx.location?.longitude ?? null },
        dropoff: dropoffOf(order),
        window,
      };
      const provider = providers[input.provider];
      const created = await provider.create(request, { outcome: input.simulate });
      const now = clock();
      let id: number;
      try {
        id = await repo.create({
          accountId: caller.accountId,
          orderId: order.id,
          locationId: order.locationId,
          regionId: ctx.region?.id ?? null,
          regionName: ctx.region?.name ?? null,
          provider: provider.name,
          providerReference: created.reference,
          feeCents: created.feeCents,
          distanceMeters: created.distanceMeters,
          etaAt: created.etaAt,
          slotStartAt: window?.start ?? null,
          slotEndAt: window?.end ?? null,
          day: businessDate(now),
          requestedAt: now,
          note: `Entregador solicitado ao provedor (${provider.name === 'simulator' ? 'simulador' : provider.name})`,
        });
      } catch (err) {
        // Another request for the order won (one active delivery per order): give the courier back.
        if (!isUniqueViolation(err)) throw err;
        await provider.cancel(created.reference, 'Solicitação duplicada');
        const winner = await repo.active(caller.accountId, order.id);
        throw new ConflictError('DELIVERY_ALREADY_ACTIVE', { number: order.number, status: DELIVERY_STATUS_LABELS[(winner?.status ?? 'requested') as DeliveryStatus] });
      }
      await created.start?.();
      notify(caller.accountId, { order_id: order.id, delivery_id: id, status: 'requested' });
      return { number: order.number, delivery: await one(caller.accountId, id) };
    },

    /** The order's deliveries, latest first, each with its timeline. */
    async forOrder(caller: Caller, orderId: number) {
      const order = await orders.visible(caller, orderId);
      return { data: await withEvents(await repo.forOrder(caller.accountId, order.id)) };
    },

    /** Cancels a delivery (by id, or the order's active one); a delivered one is a 409. */
    async cancel(caller: Caller, input: CancelDeliveryInput) {
      let d: DeliveryRow | null;
      if (input.delivery_id !== undefined) d = await visibleDelivery(caller, input.delivery_id);
      else {
        const order = await orders.visible(caller, input.order_id!);
        d = (await repo.active(caller.accountId, order.id)) ?? (await repo.forOrder(caller.accountId, order.id))[0] ?? null;
        if (!d) throw new NotFoundError('DELIVERY_NOT_FOUND');
      }
      if (d.status === 'delivered') throw new ConflictError('DELIVERY_ALREADY_DELIVERED', { number: d.order.number });
      if (!isActive(d.status)) throw new ConflictError('DELIVERY_NOT_ACTIVE', { number: d.order.number, status: DELIVERY_STATUS_LABELS[d.status as DeliveryStatus] });
      const canceled = await cancelActive(d, input.reason);
      return { number: canceled.order.number, delivery: await one(caller.accountId, canceled.id) };
    },

    /**
     * A provider's signed update: 401 when the signature is not the body's, 404 for a reference the
     * hub does not know; a replayed event id changes nothing. Applied when it takes the delivery
     * forward, and the order moves with it.
     */
    async receive(providerName: DeliveryProviderName, body: DeliveryWebhookInput, signature: string) {
      const provider = providers[providerName];
      if (!provider.verify(body, signature)) throw new AppError(401, 'DELIVERY_SIGNATURE_INVALID', 'DELIVERY_SIGNATURE_INVALID');
      const done = await change(
        () => repo.findByReference(providerName, body.reference),
        (d) => {
          if (!isActive(d.status) || RANK[body.status] <= RANK[d.status as DeliveryStatus]) return null;
          return {
            to: body.status,
            at: new Date(body.occurred_at),
            note: noteOf(body),
            courier: body.courier,
            etaAt: body.eta ? new Date(body.eta) : undefined,
            failureReason: body.status === 'failed' || body.status === 'returned' ? (body.reason ?? DELIVERY_STATUS_LABELS[body.status]) : undefined,
          };
        },
        { provider: providerName, eventId: body.event_id, status: body.status, payload: body },
      );
      if (!done) throw new AppError(404, 'DELIVERY_REFERENCE_UNKNOWN', 'DELIVERY_REFERENCE_UNKNOWN', { provider: providerName, reference: body.reference });
      return { received: true as const, duplicate: done.result === 'duplicate', status: (done.c?.to ?? done.d.status) as DeliveryStatus };
    },

    /** A canceled order's delivery under way is canceled too (at the provider and here). */
    async orderCanceled(accountId: number, orderId: number) {
      const d = await repo.active(accountId, orderId);
      if (!d) return;
      try {
        await cancelActive(d, 'Pedido cancelado');
      } catch (err) {
        // Finished meanwhile: nothing left to cancel.
        if (!(err instanceof ConflictError)) throw err;
      }
    },

    /** The provider's view of a delivery by reference (the simulator reads the hub's record). */
    statusOf: async (providerName: string, reference: string) => (await repo.findByReference(providerName, reference))?.status ?? null,
  };
}
export type DeliveryHubService = ReturnType<typeof createDeliveryHubService>;
