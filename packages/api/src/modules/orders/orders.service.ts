import type { z } from 'zod';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  fromCents,
  toCents,
  type CreateOrderInput,
  type FullOrder,
  type OrderBoardQuery,
  type OrderBoard,
  type OrderCard,
  type OrderListQuery,
  type OrderStatus,
} from '@backoffice/contracts';
import { AppError, BusinessRuleError, ConflictError, found } from '../../lib/errors.ts';
import { JsonText } from '../../lib/route.ts';
import { pageOf } from '../../lib/paging.ts';
import { translate, type Lang } from '../../i18n/messages.ts';
import { isUniqueViolation } from '../users/users.repo.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import type { RegionsService } from '../regions/regions.service.ts';
import type { RedemptionsService } from '../promotions/redemptions.service.ts';
import type { SlotsService } from '../slots/slots.service.ts';
import { nextStatuses, refusal, type OrderFacts } from './order-status.ts';
import { priceOrder, type PricedLine } from './order-pricing.ts';
import { createOrderOperations } from './order-operations.ts';
import { noOrdersCache, type OrdersCache } from './orders-cache.ts';
import type { NamedOrder, NewOrder, OrderActor, OrderItemRow, OrderEventRow, OrdersRepo } from './orders.repo.ts';

interface Deps {
  repo: OrdersRepo;
  catalog: Pick<CatalogService, 'offersFor'>;
  pricing: Pick<RedemptionsService, 'evaluate' | 'redeem' | 'release'>;
  slots: Pick<SlotsService, 'book' | 'release'>;
  regions: Pick<RegionsService, 'search'>;
  scope: StoreScope;
  /** The list's pages and the board's columns, kept while the orders they read are unchanged (none: every read loads). */
  cache?: OrdersCache;
  /** Tells the account's open screens (the board) that an order was created or moved. */
  notify?: (accountId: number, change: OrderChange) => void;
  /** A transition listener that failed (after the move committed: the move stands). */
  onListenerError?: (err: unknown, transition: OrderTransition) => void;
}

/** An order that was created (`from` null) or changed status, as it is after the change. */
export interface OrderTransition {
  accountId: number;
  order: NamedOrder;
  from: OrderStatus | null;
  to: OrderStatus;
}

/** Told of every transition once it committed (the payment hub refunds a canceled paid order; attribution reports a paid one). */
export type OrderTransitionListener = (t: OrderTransition) => Promise<void> | void;

/** What the board hears when an order is created or moves (it reloads the card, the store scope applies there). */
export interface OrderChange {
  id: number;
  number: number;
  location_id: number;
  from_status: OrderStatus | null;
  status: OrderStatus;
  version: number;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

const facts = (o: NamedOrder): OrderFacts => ({ status: o.status, fulfilment: o.fulfilment, fraudStatus: o.fraudStatus, paysInPerson: o.paysInPerson });

interface StoredPricing {
  applied?: Array<{ promotion_id: number; name: string; promotion_type: string; code: string | null; discount: number }>;
  coupon_rejection?: string | null;
}

const toCard = (o: NamedOrder): z.input<typeof OrderCard> => ({
  id: o.id,
  number: o.number,
  status: o.status,
  fraud_status: o.fraudStatus,
  channel: o.channel,
  external_id: o.externalId,
  fulfilment: o.fulfilment,
  pays_in_person: o.paysInPerson,
  location: { id: o.locationId, name: o.locationName },
  customer: { id: o.customerId, name: o.customerName },
  items_count: o._count.items,
  total: fromCents(o.totalCents),
  created_at: o.createdAt.toISOString(),
  updated_at: o.updatedAt.toISOString(),
});

function toOrder(o: NamedOrder) {
  const pricing = (o.pricing ?? {}) as StoredPricing;
  return {
    ...toCard(o),
    shopping_cart_id: o.shoppingCartId,
    // Optional parts absent from a stored address (orders seeded before they were written) read as null.
    address: o.address ? ({ complement: null, neighborhood: null, ...(o.address as object) } as never) : null,
    region_id: o.regionId,
    slot: o.slotId !== null && o.slotDate ? { slot_id: o.slotId, date: o.slotDate } : null,
    sub_total: fromCents(o.subTotalCents),
    discount: fromCents(o.discountCents),
    manual_discount: fromCents(o.manualDiscountCents),
    delivery_fee: fromCents(o.deliveryFeeCents),
    coupon_code: o.couponCode,
    coupon_rejection: pricing.coupon_rejection ?? null,
    applied_promotions: pricing.applied ?? [],
    version: o.version,
    paid_at: iso(o.paidAt),
    picking_started_at: iso(o.pickingStartedAt),
    picked_at: iso(o.pickedAt),
    ready_at: iso(o.readyAt),
    dispatched_at: iso(o.dispatchedAt),
    completed_at: iso(o.completedAt),
    canceled_at: iso(o.canceledAt),
    refunded_at: iso(o.refundedAt),
  };
}

const toItem = (i: OrderItemRow) => ({
  id: i.id,
  position: i.position,
  product_id: i.productId,
  sku: i.sku,
  name: i.name,
  unit_measurement: i.unitMeasurement,
  quantity: i.quantity,
  weight: i.weight,
  unit_price: fromCents(i.unitPriceCents),
  sub_total: fromCents(i.subTotalCents),
  discount: fromCents(i.discountCents),
  total: fromCents(i.totalCents),
  pick_status: i.pickStatus,
  picked_quantity: i.pickedQuantity,
  picked_weight: i.pickedWeight,
  substitute: i.substituteSku
    ? { product_id: i.substituteProductId, sku: i.substituteSku, name: i.substituteName ?? '', unit_price: i.substituteUnitPriceCents === null ? null : fromCents(i.substituteUnitPriceCents) }
    : null,
  picked_at: iso(i.pickedAt),
});

const toEvent = (e: OrderEventRow) => ({
  id: e.id,
  from_status: e.fromStatus,
  to_status: e.toStatus,
  actor: { kind: e.actorKind, user_id: e.actorUserId, name: e.actorName },
  note: e.note,
  created_at: e.createdAt.toISOString(),
});

/** A 422 naming the body field a refused id came from. */
const unknownField = (code: 'ORDER_CUSTOMER_UNKNOWN' | 'ORDER_LOCATION_UNKNOWN' | 'ORDER_CART_UNKNOWN' | 'ORDER_SLOT_UNKNOWN', field: string) =>
  new AppError(422, code, code, {}, [{ field, code: 'custom', message: translate(code, 'pt-BR') }]);

const refusedMove = (o: NamedOrder, to: OrderStatus) => {
  const reason = o.status === 'canceled' && to === 'canceled' ? 'ORDER_ALREADY_CANCELED' : refusal(facts(o), to);
  return reason ? new ConflictError(reason, { from: ORDER_STATUS_LABELS[o.status], to: ORDER_STATUS_LABELS[to] }) : null;
};

/** Orders: intake (the store's e-commerce, an approved cart), lists, the board, and moves through the one state machine. */
export function createOrdersService({ repo, catalog, pricing, slots, regions, scope, cache = noOrdersCache, notify = () => {}, onListenerError = () => {} }: Deps) {
  const listeners: OrderTransitionListener[] = [];

  /** Tells the screens and the listeners of a change of `before` into `now`; the listeners are awaited, their failures reported, never thrown. */
  async function announce(before: NamedOrder | null, now: NamedOrder) {
    notify(now.accountId, { id: now.id, number: now.number, location_id: now.locationId, from_status: before?.status ?? null, status: now.status, version: now.version });
    if (before && before.status === now.status) return;
    const transition: OrderTransition = { accountId: now.accountId, order: now, from: before?.status ?? null, to: now.status };
    for (const listener of listeners) {
      try {
        await listener(transition);
      } catch (err) {
        onListenerError(err, transition);
      }
    }
  }

  /** Moves `row` to `to` as `actor` (409 with the reason when refused, or when a concurrent change won); the order after the move. */
  async function moveAs(row: NamedOrder, to: OrderStatus, actor: OrderActor, note: string | null) {
    const refused = refusedMove(row, to);
    if (refused) throw refused;
    const moved = await repo.move(row.accountId, row.id, { from: row.status, version: row.version, to, actor, note });
    const now = (await repo.find(row.accountId, row.id))!;
    if (!moved) throw refusedMove(now, to) ?? new ConflictError('ORDER_CHANGED');
    if (to === 'canceled') await releaseHolds(now);
    await announce(row, now);
    return now;
  }

  /** Gives back a canceled order's promotion uses and its place in the delivery window. */
  async function releaseHolds(o: NamedOrder) {
    const reference = `pedido-${o.id}`;
    await pricing.release(o.accountId, reference);
    if (o.slotId !== null && o.slotDate && o.slotReference) {
      await slots.release({ accountId: o.accountId, slotId: o.slotId, date: o.slotDate, reference: o.slotReference });
    }
  }

  /**
   * The store's delivery region serving the address (its point, else the geocoded text) and its fee;
   * none when no region of the store serves it (the fee is then agreed outside, 0 here).
   */
  async function regionOf(caller: Caller, locationId: number, address: NonNullable<CreateOrderInput['address']>) {
    const q =
      address.latitude !== undefined && address.longitude !== undefined
        ? { lat: address.latitude, lng: address.longitude }
        : { address: [`${address.street}, ${address.number}`, address.neighborhood, address.city, address.state, address.zip_code].filter(Boolean).join(', ') };
    const { data } = await regions.search(caller, q);
    const serving = data.find((r) => r.location_id === locationId);
    return serving ? { regionId: serving.region_id, deliveryFeeCents: toCents(serving.delivery_fee) } : { regionId: null, deliveryFeeCents: 0 };
  }

  /** The account's order, when the caller may see its store; 404 otherwise. */
  async function visible(caller: Caller, id: number) {
    const [row, allowed] = await Promise.all([repo.find(caller.accountId, id), scope(caller.accountId, caller.userId)]);
    if (!row || (allowed !== null && !allowed.includes(row.locationId))) found(null, 'ORDER_NOT_FOUND');
    return row!;
  }

  async function full(row: NamedOrder): Promise<z.input<typeof FullOrder>> {
    const [items, events] = await Promise.all([repo.items(row.id), repo.events(row.id)]);
    return { order: toOrder(row), items: items.map(toItem), events: events.map(toEvent), next_statuses: nextStatuses(facts(row)) };
  }

  /** What the intake prices: the body's lines, or the approved cart's confirmed lines. */
  async function source(caller: Caller, input: CreateOrderInput, allowed: number[] | null) {
    if (input.shopping_cart_id !== undefined) {
      const cart = await repo.cart(caller.accountId, input.shopping_cart_id);
      if (!cart || (allowed !== null && !allowed.includes(cart.locationId))) throw unknownField('ORDER_CART_UNKNOWN', 'shopping_cart_id');
      if (!['approved', 'link_sent', 'opened'].includes(cart.status)) throw new ConflictError('ORDER_CART_NOT_APPROVED');
      if (!cart.items.length) throw new BusinessRuleError('ORDER_CART_EMPTY');
      return {
        customerId: cart.customerId,
        locationId: cart.locationId,
        channel: 'shopping_cart' as const,
        externalId: null,
        couponCode: input.coupon_code ?? cart.couponCode ?? null,
        items: cart.items.map((i) => ({ product_id: i.productId!, quantity: i.quantity })),
      };
    }
    return {
      customerId: input.customer_id!,
      locationId: input.location_id!,
      channel: input.channel!,
      externalId: input.external_id!,
      couponCode: input.coupon_code ?? null,
      items: input.items!,
    };
  }

  /** The existing order of this intake, as a replay answers it. */
  const replayOf = (caller: Caller, input: CreateOrderInput) =>
    input.shopping_cart_id !== undefined
      ? repo.findIntake(caller.accountId, { shoppingCartId: input.shopping_cart_id })
      : repo.findIntake(caller.accountId, { channel: input.channel!, externalId: input.external_id! });

  async function visibleReplay(caller: Caller, input: CreateOrderInput, allowed: number[] | null) {
    const existing = await replayOf(caller, input);
    return existing && (allowed === null || allowed.includes(existing.locationId)) ? existing : null;
  }

  /** The order as it is now; the account's screens hear of it when it changed. */
  async function changed(caller: Caller, before: NamedOrder, effect: boolean) {
    const now = await visible(caller, before.id);
    if (effect) await announce(before, now);
    return { number: now.number, order: await full(now) };
  }

  const operations = createOrderOperations({ repo, catalog, pricing, visible, regionOf, changed });

  return {
    ...operations,

    /**
     * Creates an order priced from the store's current offers and the promotions engine, books its
     * slot and redeems its promotions; the same intake again answers the order it created.
     */
    async create(caller: Caller, input: CreateOrderInput, lang: Lang): Promise<{ created: boolean; order: z.input<typeof FullOrder> }> {
      const allowed = await scope(caller.accountId, caller.userId);
      const previous = await visibleReplay(caller, input, allowed);
      if (previous) return { created: false, order: await full(previous) };

      const s = await source(caller, input, allowed);
      const [customer, location] = await Promise.all([repo.customer(caller.accountId, s.customerId), repo.location(caller.accountId, s.locationId)]);
      if (!customer) throw unknownField('ORDER_CUSTOMER_UNKNOWN', 'customer_id');
      if (!location || (allowed !== null && !allowed.includes(location.id))) throw unknownField('ORDER_LOCATION_UNKNOWN', 'location_id');

      if (input.slot) {
        const slot = await repo.slot(caller.accountId, input.slot.slot_id);
        if (!slot || slot.locationId !== s.locationId || slot.mode !== input.fulfilment) throw unknownField('ORDER_SLOT_UNKNOWN', 'slot.slot_id');
      }

      const region = input.fulfilment === 'delivery' && input.address ? await regionOf(caller, s.locationId, input.address) : { regionId: null, deliveryFeeCents: 0 };
      const customerKey = customer.cpf ?? `CLIENTE${customer.id}`;
      const priced = await priceOrder(
        { catalog, pricing, productIdsBySku: (skus) => repo.productIdsBySku(caller.accountId, skus) },
        caller.accountId,
        { locationId: s.locationId, customer: customerKey, couponCode: s.couponCode, items: s.items },
        lang,
      );
      const data: NewOrder = {
        locationId: s.locationId,
        customerId: s.customerId,
        channel: s.channel,
        externalId: s.externalId,
        shoppingCartId: input.shopping_cart_id ?? null,
        status: 'created',
        fraudStatus: 'not_required',
        fulfilment: input.fulfilment,
        paysInPerson: input.pays_in_person,
        address: input.address ? { ...input.address } : null,
        slotId: input.slot?.slot_id ?? null,
        slotDate: input.slot?.date ?? null,
        subTotalCents: priced.subTotalCents,
        discountCents: priced.discountCents,
        regionId: region.regionId,
        deliveryFeeCents: region.deliveryFeeCents,
        totalCents: priced.totalCents + region.deliveryFeeCents,
        pricing: { applied: priced.applied, coupon_rejection: priced.couponRejection },
        couponCode: s.couponCode,
        adUserId: input.ad_user_id ?? null,
        adSessionId: input.ad_session_id ?? null,
        createdById: caller.userId,
        items: priced.lines.map((l: PricedLine) => ({ ...l })),
      };

      let created: { id: number; number: number };
      try {
        created = await repo.create(caller.accountId, data, { userId: caller.userId, kind: 'user' });
      } catch (err) {
        // The same intake concurrently: the unique (channel, external id) or cart let one win.
        if (isUniqueViolation(err)) {
          const winner = await visibleReplay(caller, input, allowed);
          if (winner) return { created: false, order: await full(winner) };
        }
        throw err;
      }

      // By id, never reused (a number may be, after an undone intake): the promotions ledger and the slot key on it.
      const reference = `pedido-${created.id}`;
      let booked = false;
      try {
        if (input.slot) {
          await slots.book({ accountId: caller.accountId, slotId: input.slot.slot_id, date: input.slot.date, reference });
          booked = true;
          await repo.setSlotReference(caller.accountId, created.id, reference);
        }
        if (priced.applied.length) {
          await pricing.redeem(
            caller.accountId,
            { order_id: reference, location_id: s.locationId, customer: customerKey, items: priced.engineItems, shipping: 0, coupon_code: s.couponCode ?? undefined },
            lang,
          );
        }
      } catch (err) {
        // The order never happened: give back what it took.
        if (booked) await slots.release({ accountId: caller.accountId, slotId: input.slot!.slot_id, date: input.slot!.date, reference });
        await pricing.release(caller.accountId, reference);
        await repo.remove(caller.accountId, created.id);
        throw err;
      }
      const row = (await repo.find(caller.accountId, created.id))!;
      await announce(null, row);
      return { created: true, order: await full(row) };
    },

    /** A page of the account's orders (the caller's stores), its cards' JSON built by the database. */
    async list(caller: Caller, q: OrderListQuery): Promise<JsonText<{ data: z.input<typeof OrderCard>[]; meta: ReturnType<typeof pageOf>['meta'] }>> {
      const allowed = await scope(caller.accountId, caller.userId);
      const f = { status: q.status, locationId: q.location_id, channel: q.channel, customerId: q.customer_id, number: q.number, from: q.from, to: q.to, allowedLocationIds: allowed };
      const key = `list:${JSON.stringify([f, q.page, q.quantity, q.order_by, q.order_direction])}`;
      const text = await cache.read(caller.accountId, q.location_id, key, async () => {
        const { cards, total } = await repo.listJson(caller.accountId, f, q);
        const { meta } = pageOf([], q, total);
        return `{"data":${cards},"meta":${JSON.stringify(meta)}}`;
      });
      return new JsonText(text);
    },

    /** The board: per status, how many orders and the most recent cards (JSON built by the database). */
    async board(caller: Caller, q: OrderBoardQuery): Promise<JsonText<z.input<typeof OrderBoard>>> {
      const allowed = await scope(caller.accountId, caller.userId);
      const f = { locationId: q.location_id, channel: q.channel, from: q.from, to: q.to, allowedLocationIds: allowed };
      const text = await cache.read(caller.accountId, q.location_id, `board:${JSON.stringify([f, q.quantity])}`, async () => {
        const { counts, cards } = await repo.board(caller.accountId, f, q.quantity);
        const columns = ORDER_STATUSES.map(
          (status) => `{"status":"${status}","label":${JSON.stringify(ORDER_STATUS_LABELS[status])},"count":${counts.get(status) ?? 0},"orders":${cards.get(status) ?? '[]'}}`,
        );
        return `{"columns":[${columns.join(',')}]}`;
      });
      return new JsonText(text);
    },

    async get(caller: Caller, id: number) {
      return full(await visible(caller, id));
    },

    /**
     * Moves the order through the state machine: a refused move is a 409 with its reason; of
     * concurrent moves from the same state, one happens and the others are judged again after it.
     */
    async move(caller: Caller, id: number, to: OrderStatus, note: string | null) {
      const now = await moveAs(await visible(caller, id), to, { kind: 'user', userId: caller.userId }, note);
      return { number: now.number, order: await full(now) };
    },

    /**
     * Moves the account's order on a provider's word (a confirmed or refunded payment, a courier's
     * update), without a member: the same state machine and refusals as a member's move.
     */
    async moveByProvider(accountId: number, id: number, to: OrderStatus, actor: 'payment' | 'delivery', note: string | null) {
      const row = await repo.find(accountId, id);
      if (!row) found(null, 'ORDER_NOT_FOUND');
      return moveAs(row!, to, { kind: actor, userId: null }, note);
    },

    /**
     * Writes on the order's timeline what a provider did that moves nothing (a difference charged,
     * a refund, an adjustment to the final total), and tells the open screens.
     */
    async noteByProvider(accountId: number, id: number, actor: 'payment' | 'delivery', note: string) {
      await repo.note(accountId, id, { kind: actor, userId: null }, note);
      const row = await repo.find(accountId, id);
      if (row) notify(accountId, { id: row.id, number: row.number, location_id: row.locationId, from_status: row.status, status: row.status, version: row.version });
    },

    /** Registers a listener of every committed transition (creation included). */
    onTransition(listener: OrderTransitionListener) {
      listeners.push(listener);
    },

    /** The account's order (no store scope: for providers and jobs), or null. */
    find: (accountId: number, id: number) => repo.find(accountId, id),

    /** The account's order when the caller may see its store; 404 otherwise. */
    visible,

    /** The order with its lines, timeline and next statuses, as the order page reads it. */
    full,

    /** How many orders a store has. */
    countAtLocation: (accountId: number, locationId: number) => repo.countAtLocation(accountId, locationId),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
