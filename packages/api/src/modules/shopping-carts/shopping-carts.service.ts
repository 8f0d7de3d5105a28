import type { z } from 'zod';
import type { CartListQuery, CartOperation, CartStatus, GenerateCartInput, ShoppingCart, UpdateCartInput } from '@backoffice/contracts';
import { AppError, BusinessRuleError, ConflictError, ValidationError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { translate, type Lang } from '../../i18n/messages.ts';
import type { OfferMatch, OfferMatching } from '../catalog/offer-matching.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import type { RedemptionsService } from '../promotions/redemptions.service.ts';
import { resolveLine } from './cart-matching.ts';
import { priceCart } from './cart-pricing.ts';
import { canTransition } from './cart-status.ts';
import { groupsOf, productIdsOf, toCart, toLine, toSummary, type Offers } from './cart-view.ts';
import { MAX_UNITS, parseLine, parseList, toCartUnits, type ParsedLine } from './list-parser.ts';
import type { CartLinksService } from './cart-links.service.ts';
import type { CartRow, ItemData, ShoppingCartsRepo, Totals } from './shopping-carts.repo.ts';

export type CartCatalog = Pick<OfferMatching, 'matchMany' | 'alternatives' | 'offersFor'>;

interface Deps {
  repo: ShoppingCartsRepo;
  catalog: CartCatalog;
  pricing: Pick<RedemptionsService, 'evaluate'>;
  scope: StoreScope;
  messaging: Pick<MessagingService, 'latestFor'>;
  links: CartLinksService;
}

/** Matches asked per line: enough to see whether the best one is clearly ahead. */
const MATCHES_PER_LINE = 6;
const ALTERNATIVES = 3;

/** A cart line before pricing (ItemData without the amounts). */
type Draft = Omit<ItemData, 'unitPriceCents' | 'subTotalCents' | 'discountCents'>;

const statusLabel = (s: CartStatus, lang: Lang) => translate(`CART_STATUS_${s}`, lang);

/** A 422 about one field of the request (the error's details name it). */
const fieldError = (code: 'CART_CUSTOMER_UNKNOWN' | 'CART_LOCATION_UNKNOWN', field: string) =>
  new AppError(422, code, code, {}, [{ field, code: 'not_found', message: translate(code, 'pt-BR') }]);

/** A 400 for an added line with nothing to search for ("12", "2kg"). */
const nothingToBuy = (field: string) => {
  const detail = translate('CART_LINE_NOTHING', 'pt-BR');
  return new ValidationError('VALIDATION_ERROR', { field, detail }, [{ field, code: 'custom', message: detail }]);
};

/** Units of a line whose product is not known yet: its count, else one. */
const unknownUnits = (p: ParsedLine) => (p.unit === 'un' ? Math.min(Math.ceil(p.quantity), MAX_UNITS) : 1);

/** Shopping carts: a customer's list matched against a store's offers, reviewed, priced by the promotions engine. */
export function createShoppingCartsService({ repo, catalog, pricing, scope, messaging, links }: Deps) {
  /** The cart, when it is the account's and at one of the caller's stores; 404 otherwise. */
  async function visible(caller: Caller, id: number): Promise<CartRow> {
    return found(await repo.find(caller.accountId, id, await scope(caller.accountId, caller.userId)), 'CART_NOT_FOUND');
  }

  /** Each parsed line resolved against the store's offers: one catalog round trip, plus alternatives for the missing ones. */
  async function resolveLines(accountId: number, locationId: number, parsed: ParsedLine[]) {
    const matches = parsed.length ? await catalog.matchMany(accountId, locationId, parsed.map((p) => p.query), MATCHES_PER_LINE) : [];
    const offers = new Map<number, OfferMatch>();
    for (const m of matches.flat()) offers.set(m.productId, m);
    const resolutions = parsed.map((p, i) => resolveLine(p, matches[i] ?? []));
    const alternatives = await Promise.all(
      resolutions.map((r) => (r.status === 'stock_out' && r.product ? catalog.alternatives(accountId, locationId, r.product.productId, ALTERNATIVES) : [])),
    );
    for (const m of alternatives.flat()) offers.set(m.productId, m);
    const drafts: Draft[] = parsed.map((p, i) => {
      const r = resolutions[i]!;
      const candidates = r.status === 'pending' ? r.candidates : r.status === 'stock_out' ? alternatives[i]! : [];
      return {
        detail: p.detail.slice(0, 500),
        query: p.query.slice(0, 200),
        quantity: r.product ? toCartUnits(p, r.product) : unknownUnits(p),
        unitMeasurement: r.product?.unitMeasurement ?? (p.unit === 'kg' || p.unit === 'g' ? 'kg' : 'un'),
        status: r.status,
        productId: r.product?.productId ?? null,
        candidateIds: candidates.map((c) => c.productId),
      };
    });
    return { drafts, offers };
  }

  /** Prices the drafts: the amounts of each line and the cart's totals. */
  async function price(accountId: number, ctx: { locationId: number; customer: { id: number; cpf: string | null } }, drafts: Draft[], offers: Offers, couponCode: string | null, lang: Lang) {
    const priced = await priceCart(
      pricing,
      accountId,
      {
        locationId: ctx.locationId,
        customer: ctx.customer.cpf ?? `CLIENTE${ctx.customer.id}`,
        couponCode,
        lines: drafts.map((d) => ({ status: d.status, quantity: d.quantity, offer: d.productId !== null ? (offers.get(d.productId) ?? null) : null })),
      },
      lang,
    );
    const items: ItemData[] = drafts.map((d, i) => ({ ...d, ...priced.lines[i]! }));
    const totals: Totals = {
      couponCode,
      subTotalCents: priced.subTotalCents,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      pricing: { applied: priced.applied, coupon_rejection: priced.coupon_rejection },
    };
    return { items, totals };
  }

  /** The customer and the store of a new cart, both the account's (and the store one of the caller's). */
  async function parties(caller: Caller, input: GenerateCartInput) {
    const [customer, location, allowed] = await Promise.all([
      repo.customer(caller.accountId, input.customer_id),
      repo.location(caller.accountId, input.location_id),
      scope(caller.accountId, caller.userId),
    ]);
    if (!customer) throw fieldError('CART_CUSTOMER_UNKNOWN', 'customer_id');
    if (!location || (allowed && !allowed.includes(location.id))) throw fieldError('CART_LOCATION_UNKNOWN', 'location_id');
    return { customer, location };
  }

  /** The cart as the API answers it: offers of its products now (`known`: those already read), and its link's delivery. */
  async function view(row: CartRow, known?: Offers, { isNew = false } = {}): Promise<z.input<typeof ShoppingCart>> {
    const ids = productIdsOf(row.items);
    const missing = known ? ids.filter((id) => !known.has(id)) : ids;
    const [fetched, latest] = await Promise.all([
      missing.length ? catalog.offersFor(row.accountId, row.location.id, missing) : [],
      // A cart just created has had no message sent about it.
      isNew ? new Map<number, never>() : messaging.latestFor(row.accountId, 'shopping_cart', [row.id]),
    ]);
    const offers = new Map(known ?? []);
    for (const o of fetched) offers.set(o.productId, o);
    return toCart(row, offers, latest.get(row.id) ?? null, await links.linksOf(row));
  }

  /** Applies one change to the lines under review; `added` holds the resolved lines of text additions, in order. */
  function apply(items: Draft[], op: CartOperation, offers: Map<number, OfferMatch>, added: Draft[]): Draft[] {
    const item = () => {
      const it = 'item_id' in op ? items.find((i) => i.id === op.item_id) : undefined;
      if (!it) throw new BusinessRuleError('CART_ITEM_NOT_FOUND', { id: 'item_id' in op ? op.item_id : '' });
      return it;
    };
    const sellable = (productId: number) => {
      const offer = offers.get(productId);
      if (!offer) throw new BusinessRuleError('CART_PRODUCT_NOT_OFFERED', { id: productId });
      if (!offer.available) throw new BusinessRuleError('CART_PRODUCT_UNAVAILABLE', { name: offer.name });
      return offer;
    };
    switch (op.op) {
      case 'set_quantity':
        item().quantity = op.quantity;
        return items;
      case 'choose_product': {
        const it = item();
        const offer = sellable(op.product_id);
        const line = parseLine(it.detail);
        Object.assign(it, {
          productId: offer.productId,
          status: 'confirmed',
          candidateIds: [],
          unitMeasurement: offer.unitMeasurement,
          quantity: op.quantity ?? (line ? toCartUnits(line, offer) : it.quantity),
        });
        return items;
      }
      case 'confirm': {
        const it = item();
        if (it.status === 'confirmed') return items;
        if (it.productId === null) throw new BusinessRuleError('CART_CONFIRM_NO_PRODUCT', { query: it.query });
        sellable(it.productId);
        Object.assign(it, { status: 'confirmed', candidateIds: [] });
        return items;
      }
      case 'remove':
        item();
        return items.filter((i) => i.id !== op.item_id);
      case 'add': {
        if (op.product_id !== undefined) {
          const offer = sellable(op.product_id);
          return [
            ...items,
            { detail: offer.name, query: offer.name, quantity: op.quantity ?? 1, unitMeasurement: offer.unitMeasurement, status: 'confirmed', productId: offer.productId, candidateIds: [] },
          ];
        }
        const line = added.shift();
        if (!line) return items;
        return [...items, { ...line, quantity: op.quantity ?? line.quantity }];
      }
    }
  }

  return {
    /** Parses, matches and prices a list without saving anything. */
    async preview(caller: Caller, input: GenerateCartInput, lang: Lang) {
      const { customer, location } = await parties(caller, input);
      const { drafts, offers } = await resolveLines(caller.accountId, location.id, parseList(input.list));
      const { items, totals } = await price(caller.accountId, { locationId: location.id, customer }, drafts, offers, input.coupon_code, lang);
      const lines = items.map((i) => toLine(i, offers));
      return {
        items: lines,
        groups: groupsOf(lines),
        sub_total: totals.subTotalCents / 100,
        discount: totals.discountCents / 100,
        total: totals.totalCents / 100,
        coupon_code: totals.couponCode,
        coupon_rejection: totals.pricing.coupon_rejection,
        applied_promotions: totals.pricing.applied,
      };
    },

    /** A new cart (in review) from the customer's list. */
    async generate(caller: Caller, input: GenerateCartInput, lang: Lang) {
      const { customer, location } = await parties(caller, input);
      const { drafts, offers } = await resolveLines(caller.accountId, location.id, parseList(input.list));
      const { items, totals } = await price(caller.accountId, { locationId: location.id, customer }, drafts, offers, input.coupon_code, lang);
      const row = await repo.create(
        { accountId: caller.accountId, customerId: customer.id, locationId: location.id, listText: input.list, createdById: caller.userId },
        totals,
        items,
        { customer, location, productName: (id) => offers.get(id)?.name },
      );
      return view(row, offers, { isNew: true });
    },

    async get(caller: Caller, id: number) {
      return view(await visible(caller, id));
    },

    async list(caller: Caller, q: CartListQuery) {
      const { rows, total } = await repo.list(caller.accountId, q, await scope(caller.accountId, caller.userId));
      return pageOf(rows.map(toSummary), q, total);
    },

    /** Changes a cart under review and prices it again; the version goes up by one. */
    async update(caller: Caller, id: number, input: UpdateCartInput, lang: Lang) {
      const row = await visible(caller, id);
      if (row.status !== 'in_review') throw new ConflictError('CART_NOT_IN_REVIEW', { status: statusLabel(row.status, lang) });
      if (input.version !== undefined && input.version !== row.version) throw new ConflictError('CART_VERSION_CONFLICT');
      const texts = input.operations.flatMap((op, i) => {
        if (op.op !== 'add' || op.text === undefined) return [];
        const line = parseLine(op.text);
        if (!line) throw nothingToBuy(`operations.${i}.text`);
        return [line];
      });
      const wanted = input.operations.flatMap((op) => ('product_id' in op && op.product_id !== undefined ? [op.product_id] : []));
      const [current, resolved] = await Promise.all([
        catalog.offersFor(caller.accountId, row.location.id, [...productIdsOf(row.items), ...wanted]),
        resolveLines(caller.accountId, row.location.id, texts),
      ]);
      const offers = new Map(resolved.offers);
      for (const o of current) offers.set(o.productId, o);
      let drafts: Draft[] = row.items.map((i) => ({
        id: i.id,
        detail: i.detail,
        query: i.query,
        quantity: i.quantity,
        unitMeasurement: i.unitMeasurement,
        status: i.status,
        productId: i.productId,
        candidateIds: i.candidateIds,
      }));
      const added = [...resolved.drafts];
      for (const op of input.operations) drafts = apply(drafts, op, offers, added);
      const couponCode = input.coupon_code === undefined ? row.couponCode : input.coupon_code?.trim() || null;
      const { items, totals } = await price(caller.accountId, { locationId: row.location.id, customer: row.customer }, drafts, offers, couponCode, lang);
      if (!(await repo.replace(caller.accountId, id, row.version, totals, items))) throw new ConflictError('CART_VERSION_CONFLICT');
      return view(found(await repo.find(caller.accountId, id)), offers);
    },

    /** `PUT …/status`: the transitions of CART_TRANSITIONS; approving needs every line resolved. */
    async setStatus(caller: Caller, id: number, to: CartStatus, lang: Lang) {
      const row = await visible(caller, id);
      const from = row.status;
      if (to === from) throw new ConflictError('CART_STATUS_SAME', { status: statusLabel(from, lang) });
      if (to === 'link_sent') throw new ConflictError('CART_LINK_SENT_BY_SEND_LINK');
      if (!canTransition(from, to)) throw new ConflictError('CART_STATUS_TRANSITION', { from: statusLabel(from, lang), to: statusLabel(to, lang) });
      if (to === 'approved') {
        const pending = row.items.filter((i) => i.status === 'pending').length;
        if (pending) throw new BusinessRuleError('CART_APPROVE_PENDING', { count: pending });
        if (!row.items.some((i) => i.status === 'confirmed')) throw new BusinessRuleError('CART_APPROVE_EMPTY');
      }
      const moved = await repo.transition(caller.accountId, id, from, to, to === 'opened' && !row.openedAt ? { openedAt: new Date() } : {});
      if (!moved) throw new ConflictError('CART_VERSION_CONFLICT');
      const message = { in_review: 'CART_RESTORED', deleted: 'CART_CANCELED', approved: 'CART_APPROVED', opened: 'CART_MARKED_OPENED' } as const;
      return { message: translate(message[to], lang), cart: await view(found(await repo.find(caller.accountId, id))) };
    },

    /** Queues the link to the customer's phone (see CartLinksService) and answers the cart with its delivery. */
    async sendLink(caller: Caller, id: number, lang: Lang) {
      const row = await visible(caller, id);
      await links.queueSend(row, lang);
      return view(found(await repo.find(caller.accountId, id)));
    },
  };
}
export type ShoppingCartsService = ReturnType<typeof createShoppingCartsService>;
