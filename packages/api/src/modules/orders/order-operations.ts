import type { z } from 'zod';
import {
  ORDER_STATUS_LABELS,
  toCents,
  type FullOrder,
  type OrderAddressChange,
  type OrderDiscountInput,
  type OrderStatus,
  type PickItemsInput,
} from '@backoffice/contracts';
import { AppError, ConflictError } from '../../lib/errors.ts';
import type { Lang } from '../../i18n/messages.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { OfferMatch } from '../catalog/offer-matching.ts';
import type { Caller } from '../locations/locations.service.ts';
import type { RedemptionsService } from '../promotions/redemptions.service.ts';
import { DEFAULT_WEIGHT_PER_UNIT } from '../shopping-carts/list-parser.ts';
import { refusal, type OrderFacts } from './order-status.ts';
import type { LineAdded, LineChange, NamedOrder, OrderChangeSet, OrderItemRow, OrdersRepo, OrderTotals } from './orders.repo.ts';

interface Deps {
  repo: OrdersRepo;
  catalog: Pick<CatalogService, 'offersFor'>;
  pricing: Pick<RedemptionsService, 'evaluate'>;
  /** The account's order the caller may see; 404 otherwise. */
  visible: (caller: Caller, id: number) => Promise<NamedOrder>;
  /** The store's region serving the address and its fee (regionId null: none serves it). */
  regionOf: (caller: Caller, locationId: number, address: OrderAddressChange) => Promise<{ regionId: number | null; deliveryFeeCents: number }>;
  /** Answers the order as it is now, after telling the account's screens when it changed (`effect`). */
  changed: (caller: Caller, before: NamedOrder, effect: boolean) => Promise<{ number: number; order: z.input<typeof FullOrder> }>;
}

type Issue = { field: string; code: string; message: string };
const unprocessable = (code: 'ORDER_PRODUCTS_UNKNOWN' | 'ORDER_PRODUCT_NOT_WEIGHED' | 'ORDER_ITEMS_UNKNOWN' | 'ORDER_PRODUCT_ALREADY', issues: Issue[]) =>
  new AppError(422, code, code, { items: issues.map((i) => i.field).join(', ') }, issues);
const fieldError = (code: 'ORDER_SUBSTITUTE_NOT_ACCEPTED' | 'ORDER_OPERATOR_UNKNOWN' | 'ORDER_DISCOUNT_TOO_HIGH' | 'ORDER_REGION_NONE', field: string, message: string, params = {}) =>
  new AppError(422, code, code, params, [{ field, code: 'custom', message }]);

const facts = (o: NamedOrder): OrderFacts => ({ status: o.status, fulfilment: o.fulfilment, fraudStatus: o.fraudStatus, paysInPerson: o.paysInPerson });
const reais = (cents: number) => (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Before the order leaves the store: its discount and its address may still change. */
const IN_STORE: readonly OrderStatus[] = ['created', 'payment_pending', 'paid', 'picking', 'picked', 'ready'];
/** After these, the fraud analysis no longer matters. */
const FRAUD_CLOSED: readonly OrderStatus[] = ['delivered', 'picked_up', 'canceled', 'refunded'];
const FRAUD_LABELS = { pending: 'pendente', approved: 'aprovada', denied: 'recusada' } as const;

/** A line as it will be charged: what the engine sees and what the order adds up. */
interface Charged {
  /** The line's id, or the index of an added line. */
  key: string;
  sku: string;
  /** Units the engine counts the line in (null: one unit of its amount, as weighed lines). */
  units: number | null;
  subTotalCents: number;
}

/** The amount a line costs in its state: missing lines nothing, substitutes their own price, weighed ones their weight. */
export function chargeOf(i: Pick<OrderItemRow, 'pickStatus' | 'subTotalCents' | 'unitMeasurement' | 'unitPriceCents' | 'pickedWeight' | 'weight' | 'pickedQuantity' | 'quantity'>): number {
  if (i.pickStatus === 'missing') return 0;
  if (i.pickStatus === 'substituted') return Number(i.subTotalCents);
  if (i.unitMeasurement === 'kg') return Math.round(Number(i.unitPriceCents) * (i.pickedWeight ?? i.weight ?? 0));
  return Number(i.unitPriceCents) * (i.pickedQuantity ?? i.quantity);
}

/** Picking, its restart, the manual discount, the fraud analysis and the delivery address of an order. */
export function createOrderOperations({ repo, catalog, pricing, visible, regionOf, changed }: Deps) {
  /**
   * The promotions engine on the lines as they will be charged (the intake's pricing), with the
   * manual discount (kept, never above the items) and the delivery fee: the order's totals.
   */
  async function reprice(row: NamedOrder, lines: Charged[], lang: Lang, fees: { manualDiscountCents?: number; deliveryFeeCents?: number } = {}) {
    const charged = lines.filter((l) => l.subTotalCents > 0);
    const discounts = new Map<string, number>();
    let applied: unknown[] = [];
    let couponRejection: string | null = null;
    if (charged.length) {
      const customer = await repo.customer(row.accountId, row.customerId);
      const evaluation = await pricing.evaluate(
        row.accountId,
        {
          location_id: row.locationId,
          customer: customer?.cpf ?? `CLIENTE${row.customerId}`,
          items: charged.map((l) =>
            l.units !== null && l.subTotalCents % l.units === 0
              ? { sku: l.sku, quantity: l.units, unit_price: l.subTotalCents / l.units / 100 }
              : { sku: l.sku, quantity: 1, unit_price: l.subTotalCents / 100 },
          ),
          shipping: 0,
          coupon_code: row.couponCode ?? undefined,
        },
        lang,
      );
      for (const e of evaluation.items) discounts.set(e.sku, toCents(e.discount));
      applied = evaluation.applied.map((a) => ({ promotion_id: a.promotion_id, name: a.name, promotion_type: a.promotion_type, code: a.code ?? null, discount: a.discount }));
      couponRejection = evaluation.rejected_coupon?.reason ?? null;
    }
    const perLine = new Map(lines.map((l) => [l.key, { subTotalCents: l.subTotalCents, discountCents: Math.min(discounts.get(l.sku) ?? 0, l.subTotalCents) }]));
    const subTotalCents = lines.reduce((a, l) => a + l.subTotalCents, 0);
    const discountCents = [...perLine.values()].reduce((a, l) => a + l.discountCents, 0);
    const itemsCents = subTotalCents - discountCents;
    const manualDiscountCents = Math.min(fees.manualDiscountCents ?? Number(row.manualDiscountCents), itemsCents);
    const deliveryFeeCents = fees.deliveryFeeCents ?? Number(row.deliveryFeeCents);
    const totals: OrderTotals = { subTotalCents, discountCents, manualDiscountCents, deliveryFeeCents, totalCents: itemsCents - manualDiscountCents + deliveryFeeCents };
    return { perLine, totals, pricing: { ...((row.pricing ?? {}) as object), applied, coupon_rejection: couponRejection } };
  }

  /** The store's offers of these products (by id or SKU); each entry names its body field when refused. */
  async function offersOf(row: NamedOrder, wanted: Array<{ field: string; product_id?: number; sku?: string }>) {
    const bySku = await repo.productIdsBySku(row.accountId, wanted.flatMap((w) => (w.sku !== undefined ? [w.sku] : [])));
    const ids = wanted.map((w) => w.product_id ?? bySku.get(w.sku!) ?? null);
    const offers = new Map<number, OfferMatch>(
      (await catalog.offersFor(row.accountId, row.locationId, ids.filter((id): id is number => id !== null))).map((o) => [o.productId, o]),
    );
    const unknown: Issue[] = [];
    const found = wanted.map((w, i) => {
      const offer = ids[i] !== null ? offers.get(ids[i]!) : undefined;
      if (!offer) unknown.push({ field: w.field, code: 'custom', message: `Sem oferta nesta loja: ${w.product_id ?? w.sku}.` });
      return offer!;
    });
    if (unknown.length) throw unprocessable('ORDER_PRODUCTS_UNKNOWN', unknown);
    return found;
  }

  /** Writes a change; of concurrent ones, the losers get why (judged on the order as it is now). */
  async function write(caller: Caller, row: NamedOrder, c: Omit<OrderChangeSet, 'from' | 'version' | 'userId'>, whyNot: (now: NamedOrder) => AppError | 'same' | null) {
    const done = await repo.change(caller.accountId, row.id, { ...c, from: row.status, version: row.version, userId: caller.userId });
    if (!done) {
      const now = await visible(caller, row.id);
      const why = whyNot(now);
      if (why === 'same') return changed(caller, row, false);
      throw why ?? new ConflictError('ORDER_CHANGED');
    }
    return changed(caller, row, true);
  }

  return {
    /**
     * Records the picking of lines (picked by quantity or weight, substituted by an offer of the
     * store the customer accepted, missing) and lines added; totals recomputed to the cent.
     */
    async pickItems(caller: Caller, id: number, input: PickItemsInput, lang: Lang) {
      const row = await visible(caller, id);
      const notPicking = (o: NamedOrder) => (o.status !== 'picking' ? new ConflictError('ORDER_NOT_PICKING', { from: ORDER_STATUS_LABELS[o.status] }) : null);
      const refused = notPicking(row);
      if (refused) throw refused;
      const operator = input.operator_id !== undefined ? await repo.operator(caller.accountId, input.operator_id) : null;
      if (input.operator_id !== undefined && !operator) throw fieldError('ORDER_OPERATOR_UNKNOWN', 'operator_id', 'Operador não encontrado nesta conta.');

      const items = await repo.items(id);
      const byId = new Map(items.map((i) => [i.id, i]));
      const unknown = input.items.flatMap((l, i) => (byId.has(l.item_id) ? [] : [{ field: `items.${i}.item_id`, code: 'custom', message: `Item ${l.item_id} não é deste pedido.` }]));
      if (unknown.length) throw unprocessable('ORDER_ITEMS_UNKNOWN', unknown);

      const notAccepted = input.items.findIndex((l) => l.substitute && !l.substitute.accepted);
      if (notAccepted >= 0) throw fieldError('ORDER_SUBSTITUTE_NOT_ACCEPTED', `items.${notAccepted}.substitute.accepted`, 'O cliente não aceitou a substituição.');

      const subs = input.items.flatMap((l, i) => (l.substitute ? [{ i, s: l.substitute }] : []));
      const subOffers = await offersOf(
        row,
        subs.map(({ i, s }) => ({ field: `items.${i}.substitute.${s.product_id !== undefined ? 'product_id' : 'sku'}`, product_id: s.product_id, sku: s.sku })),
      );
      const added = await offersOf(
        row,
        input.add.map((a, i) => ({ field: `add.${i}.${a.product_id !== undefined ? 'product_id' : 'sku'}`, product_id: a.product_id, sku: a.sku })),
      );
      const already = new Set(items.map((i) => i.productId));
      const repeated = added.flatMap((o, i) =>
        already.has(o.productId) ? [{ field: `add.${i}.${input.add[i]!.product_id !== undefined ? 'product_id' : 'sku'}`, code: 'custom', message: `Produto já está no pedido: ${o.sku}.` }] : [],
      );
      if (repeated.length) throw unprocessable('ORDER_PRODUCT_ALREADY', repeated);

      const unweighed: Issue[] = [];
      const weightOf = (weighed: boolean, field: string, weight: number | undefined) => {
        if (!weighed && weight !== undefined) unweighed.push({ field, code: 'custom', message: 'Peso só vale para produtos vendidos por kg.' });
      };
      const now = new Date();
      const pickedBy = { pickedById: caller.userId, pickedByOperatorId: operator?.id ?? null, pickedAt: now };
      const changes = new Map<number, LineChange>();
      input.items.forEach((l, i) => {
        const item = byId.get(l.item_id)!;
        if (l.status === 'missing') {
          changes.set(item.id, { id: item.id, pickStatus: 'missing', pickedQuantity: 0, pickedWeight: null, substituteProductId: null, substituteSku: null, substituteName: null, substituteUnitPriceCents: null, ...pickedBy });
        } else if (l.status === 'picked') {
          const weighed = item.unitMeasurement === 'kg';
          weightOf(weighed, `items.${i}.weight`, l.weight);
          changes.set(item.id, {
            id: item.id,
            pickStatus: 'picked',
            pickedQuantity: l.quantity ?? item.quantity,
            pickedWeight: weighed ? (l.weight ?? item.weight) : null,
            substituteProductId: null,
            substituteSku: null,
            substituteName: null,
            substituteUnitPriceCents: null,
            ...pickedBy,
          });
        } else {
          const s = l.substitute!;
          const offer = subOffers[subs.findIndex((x) => x.i === i)]!;
          const weighed = offer.unitMeasurement === 'kg';
          weightOf(weighed, `items.${i}.substitute.weight`, s.weight);
          const quantity = s.quantity ?? item.quantity;
          const weight = weighed ? (s.weight ?? Math.round(quantity * (offer.weightPerUnit || DEFAULT_WEIGHT_PER_UNIT) * 1000) / 1000) : null;
          changes.set(item.id, {
            id: item.id,
            pickStatus: 'substituted',
            pickedQuantity: quantity,
            pickedWeight: weight,
            substituteProductId: offer.productId,
            substituteSku: offer.sku,
            substituteName: offer.name,
            substituteUnitPriceCents: offer.priceCents,
            subTotalCents: weight !== null ? Math.round(offer.priceCents * weight) : offer.priceCents * quantity,
            ...pickedBy,
          });
        }
      });
      const adds: LineAdded[] = added.map((offer, i) => {
        const a = input.add[i]!;
        const weighed = offer.unitMeasurement === 'kg';
        weightOf(weighed, `add.${i}.weight`, a.weight);
        const weight = weighed ? (a.weight ?? Math.round(a.quantity * (offer.weightPerUnit || DEFAULT_WEIGHT_PER_UNIT) * 1000) / 1000) : null;
        const subTotalCents = weight !== null ? Math.round(offer.priceCents * weight) : offer.priceCents * a.quantity;
        return {
          productId: offer.productId,
          sku: offer.sku,
          name: offer.name,
          unitMeasurement: offer.unitMeasurement,
          quantity: a.quantity,
          weight,
          unitPriceCents: offer.priceCents,
          subTotalCents,
          discountCents: 0,
          totalCents: subTotalCents,
          pickStatus: 'picked',
          pickedQuantity: a.quantity,
          pickedWeight: weight,
          ...pickedBy,
        };
      });
      if (unweighed.length) throw unprocessable('ORDER_PRODUCT_NOT_WEIGHED', unweighed);

      const lines: Charged[] = [
        ...items.map((item) => {
          const c = changes.get(item.id);
          const state = { ...item, ...(c ?? {}), subTotalCents: c?.subTotalCents !== undefined ? BigInt(c.subTotalCents) : item.subTotalCents };
          const sub = chargeOf(state as OrderItemRow);
          const weighed = state.pickStatus === 'substituted' ? state.pickedWeight !== null : item.unitMeasurement === 'kg';
          return { key: `i${item.id}`, sku: state.substituteSku ?? item.sku, units: weighed ? null : (state.pickedQuantity ?? item.quantity), subTotalCents: sub };
        }),
        ...adds.map((a, i) => ({ key: `a${i}`, sku: a.sku, units: a.weight !== null ? null : a.quantity, subTotalCents: a.subTotalCents })),
      ];
      const priced = await reprice(row, lines, lang);
      const lineChanges = items.map((item) => {
        const p = priced.perLine.get(`i${item.id}`)!;
        return { ...(changes.get(item.id) ?? { id: item.id }), subTotalCents: p.subTotalCents, discountCents: p.discountCents, totalCents: p.subTotalCents - p.discountCents };
      });
      adds.forEach((a, i) => {
        const p = priced.perLine.get(`a${i}`)!;
        a.discountCents = p.discountCents;
        a.totalCents = p.subTotalCents - p.discountCents;
      });
      const count = (s: string) => input.items.filter((l) => l.status === s).length;
      const note =
        `Separação: ${count('picked')} separado(s), ${count('substituted')} substituído(s), ${count('missing')} em falta, ${adds.length} incluído(s)` +
        (operator ? ` — operador ${operator.name} (#${operator.id}).` : '.');
      return write(caller, row, { totals: priced.totals, pricing: priced.pricing, lines: lineChanges, add: adds, note }, notPicking);
    },

    /** Back to picking from picked or ready: every line pending again, at what was ordered. */
    async restart(caller: Caller, id: number, lang: Lang) {
      const row = await visible(caller, id);
      const notRestartable = (o: NamedOrder) =>
        (o.status !== 'picked' && o.status !== 'ready') || refusal(facts(o), 'picking') ? new ConflictError('ORDER_RESTART_NOT_ALLOWED', { from: ORDER_STATUS_LABELS[o.status] }) : null;
      const refused = notRestartable(row);
      if (refused) throw refused;
      const items = await repo.items(id);
      const pending = items.map((i) => ({ ...i, pickStatus: 'pending' as const, pickedQuantity: null, pickedWeight: null }));
      const priced = await reprice(
        row,
        pending.map((i) => ({ key: `i${i.id}`, sku: i.sku, units: i.unitMeasurement === 'kg' ? null : i.quantity, subTotalCents: chargeOf(i) })),
        lang,
      );
      const lines: LineChange[] = pending.map((i) => {
        const p = priced.perLine.get(`i${i.id}`)!;
        return {
          id: i.id,
          pickStatus: 'pending',
          pickedQuantity: null,
          pickedWeight: null,
          substituteProductId: null,
          substituteSku: null,
          substituteName: null,
          substituteUnitPriceCents: null,
          pickedById: null,
          pickedByOperatorId: null,
          pickedAt: null,
          subTotalCents: p.subTotalCents,
          discountCents: p.discountCents,
          totalCents: p.subTotalCents - p.discountCents,
        };
      });
      return write(caller, row, { to: 'picking', totals: priced.totals, pricing: priced.pricing, lines, note: 'Separação reiniciada: todos os itens voltaram a pendentes.' }, notRestartable);
    },

    /** A manual discount (an amount, or a percent of the items' total), never above the items' total. */
    async discount(caller: Caller, input: OrderDiscountInput) {
      const row = await visible(caller, input.order_id);
      const closed = (o: NamedOrder) => (IN_STORE.includes(o.status) ? null : new ConflictError('ORDER_DISCOUNT_CLOSED', { from: ORDER_STATUS_LABELS[o.status] }));
      const refused = closed(row);
      if (refused) throw refused;
      const itemsCents = Number(row.subTotalCents) - Number(row.discountCents);
      const cents = input.amount !== undefined ? toCents(input.amount) : Math.round((itemsCents * input.percent!) / 100);
      if (cents > itemsCents) {
        const field = input.amount !== undefined ? 'amount' : 'percent';
        throw fieldError('ORDER_DISCOUNT_TOO_HIGH', field, `O desconto passa do total dos itens (R$ ${reais(itemsCents)}).`, { max: reais(itemsCents) });
      }
      // The same discount again (a retry, a double click): nothing new happens.
      if (Number(row.manualDiscountCents) === cents) return changed(caller, row, false);
      const fee = Number(row.deliveryFeeCents);
      const totals: OrderTotals = {
        subTotalCents: Number(row.subTotalCents),
        discountCents: Number(row.discountCents),
        manualDiscountCents: cents,
        deliveryFeeCents: fee,
        totalCents: itemsCents - cents + fee,
      };
      const how = input.percent !== undefined ? ` (${input.percent.toLocaleString('pt-BR')}%)` : '';
      return write(caller, row, { totals, note: `Desconto manual de R$ ${reais(cents)}${how}: ${input.reason}` }, (now) =>
        closed(now) ?? (Number(now.manualDiscountCents) === cents ? 'same' : null),
      );
    },

    /** The payment hub's fraud analysis result: picking waits on it (the state machine). */
    async fraud(caller: Caller, id: number, status: 'pending' | 'approved' | 'denied') {
      const row = await visible(caller, id);
      const closed = (o: NamedOrder) => (FRAUD_CLOSED.includes(o.status) ? new ConflictError('ORDER_FRAUD_CLOSED', { from: ORDER_STATUS_LABELS[o.status] }) : null);
      const refused = closed(row);
      if (refused) throw refused;
      if (row.fraudStatus === status) return changed(caller, row, false);
      return write(caller, row, { fraudStatus: status, note: `Análise de fraude ${FRAUD_LABELS[status]}.` }, (now) => closed(now) ?? (now.fraudStatus === status ? 'same' : null));
    },

    /** A delivery order's new address before it leaves the store: the serving region's fee, totals recomputed. */
    async address(caller: Caller, id: number, address: OrderAddressChange) {
      const row = await visible(caller, id);
      const locked = (o: NamedOrder) =>
        o.fulfilment !== 'delivery'
          ? new ConflictError('ORDER_NOT_FOR_DELIVERY')
          : IN_STORE.includes(o.status)
            ? null
            : new ConflictError('ORDER_ADDRESS_LOCKED', { from: ORDER_STATUS_LABELS[o.status] });
      const refused = locked(row);
      if (refused) throw refused;
      const region = await regionOf(caller, row.locationId, address);
      if (region.regionId === null) {
        throw fieldError('ORDER_REGION_NONE', address.latitude !== undefined ? 'latitude' : 'zip_code', 'Nenhuma região de entrega da loja atende este endereço.');
      }
      const itemsCents = Number(row.subTotalCents) - Number(row.discountCents);
      const manual = Number(row.manualDiscountCents);
      const totals: OrderTotals = {
        subTotalCents: Number(row.subTotalCents),
        discountCents: Number(row.discountCents),
        manualDiscountCents: manual,
        deliveryFeeCents: region.deliveryFeeCents,
        totalCents: itemsCents - manual + region.deliveryFeeCents,
      };
      const text = `${address.street}, ${address.number} — ${address.city}/${address.state}`;
      return write(caller, row, { totals, address: { value: { ...address }, regionId: region.regionId }, note: `Endereço de entrega alterado: ${text}.` }, locked);
    },
  };
}
