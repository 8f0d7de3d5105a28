import type { z } from 'zod';
import {
  TRADE_PROOF_MAX_BYTES,
  TRADE_PROOF_TYPES,
  fromCents,
  toCents,
  type CreateTradeInput,
  type TradeAction,
  type TradeAgreementDetail,
  type TradeKind,
  type TradeProof,
  type TradeStatus,
  type UpdateTradeInput,
  type TradeResults,
} from '@backoffice/contracts';
import { AppError, BusinessRuleError, ConflictError, ValidationError, found } from '../../lib/errors.ts';
import { businessDate } from '../../lib/business-day.ts';
import { pageOf } from '../../lib/paging.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { sanitizeFileName, storeMedia, type MediaPolicy, type UploadedFile } from '../flyers/flyer-media.ts';
import { ACTION_VERBS, SIDE_NAMES, STATUS_LABELS, checkStep, type Side } from './trade-flow.ts';
import type { AgreementData, AgreementRow, TradeRepo } from './trade.repo.ts';

/** Who asks: the account (brand or retailer side) and its user. */
export interface Caller {
  accountId: number;
  userId: number;
}

interface Deps {
  repo: TradeRepo;
  storage: MediaStorage;
  /** Ids of the retailer's products of the brands the brand's link to it names (analytics' brand scope). */
  brandProducts: (brandId: number, retailerId: number) => Promise<Set<number>>;
  clock?: () => Date;
}

type Detail = z.input<typeof TradeAgreementDetail>;
type Sums = { units: number; cents: number };

const DAY = 86_400_000;
const dateValue = (d: string) => new Date(`${d}T00:00:00.000Z`);
const dateText = (d: Date) => d.toISOString().slice(0, 10);
const sideOf = (row: AgreementRow, accountId: number): Side => (row.brandAccountId === accountId ? 'brand' : 'retailer');
const authorSide = (row: AgreementRow): Side => (row.authorAccountId === row.brandAccountId ? 'brand' : 'retailer');
const pct = (now: number, before: number) => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10);
const round3 = (n: number) => Math.round(n * 1000) / 1000;

function comparison(cur: Sums, prev: Sums) {
  return {
    current: { units: round3(cur.units), value: fromCents(cur.cents) },
    previous: { units: round3(prev.units), value: fromCents(prev.cents) },
    units_change_pct: pct(cur.units, prev.units),
    value_change_pct: pct(cur.cents, prev.cents),
  };
}

const PROOF_POLICY: MediaPolicy = {
  accept: TRADE_PROOF_TYPES,
  rejected: () => new ValidationError('TRADE_PROOF_TYPE', {}, [{ field: 'file', code: 'media_type', message: 'Envie uma imagem JPEG, PNG ou WebP.' }]),
  limitOf: () => TRADE_PROOF_MAX_BYTES,
  kindOf: () => 'imagens',
};

/**
 * Trade agreements between a brand and a linked retailer: both parties see and act on their part
 * (anyone else gets 404), the status flow of `trade-flow.ts`, the store's proof photos and the
 * sell-out of the period against the previous one. `clock` is the present (São Paulo business day).
 */
export function createTradeService(deps: Deps) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());
  const today = () => dateValue(businessDate(now()));

  async function visible(caller: Caller, id: number) {
    await repo.startDue(caller.accountId, today());
    return found(await repo.find(caller.accountId, id), 'TRADE_NOT_FOUND');
  }

  async function serialize(caller: Caller, rows: AgreementRow[]) {
    const names = new Map((await repo.names([...new Set(rows.flatMap((r) => [r.brandAccountId, r.retailerAccountId]))])).map((a) => [a.id, a.name]));
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      kind: r.kind as TradeKind,
      description: r.description,
      brand: { id: r.brandAccountId, name: names.get(r.brandAccountId) ?? '' },
      retailer: { id: r.retailerAccountId, name: names.get(r.retailerAccountId) ?? '' },
      author_side: authorSide(r),
      my_side: sideOf(r, caller.accountId),
      location_ids: r.locationIds,
      product_ids: r.productIds,
      start_date: dateText(r.startDate),
      end_date: dateText(r.endDate),
      investment: fromCents(r.investmentCents),
      status: r.status as TradeStatus,
      rejection_reason: r.rejectionReason,
      decided_at: r.decidedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }));
  }

  async function detail(caller: Caller, row: AgreementRow): Promise<Detail> {
    const [agreement] = await serialize(caller, [row]);
    const events = await repo.history(row.id);
    const users = new Map((await repo.userNames(events.flatMap((e) => (e.userId ? [e.userId] : [])))).map((u) => [u.id, u.name]));
    const history = events.map((e) => ({
      from_status: e.fromStatus as TradeStatus | null,
      to_status: e.toStatus as TradeStatus,
      side: e.accountId === null ? ('system' as const) : e.accountId === row.brandAccountId ? ('brand' as const) : ('retailer' as const),
      user_name: e.userId ? (users.get(e.userId) ?? null) : null,
      note: e.note,
      created_at: e.createdAt.toISOString(),
    }));
    return { ...agreement!, history };
  }

  /** The stores must be the retailer's and the products its products of the brand's brands (422 naming the others). */
  async function checkScope(brandId: number, retailerId: number, input: UpdateTradeInput): Promise<AgreementData> {
    const locationIds = [...new Set(input.location_ids)].sort((a, b) => a - b);
    const productIds = [...new Set(input.product_ids)].sort((a, b) => a - b);
    const stores = new Set((await repo.locations(retailerId, locationIds)).map((l) => l.id));
    const badStores = locationIds.filter((id) => !stores.has(id));
    if (badStores.length) throw new BusinessRuleError('TRADE_LOCATIONS_UNKNOWN', { ids: badStores.join(', ') });
    const allowed = await deps.brandProducts(brandId, retailerId);
    const badProducts = productIds.filter((id) => !allowed.has(id));
    if (badProducts.length) throw new BusinessRuleError('TRADE_PRODUCTS_UNKNOWN', { ids: badProducts.join(', ') });
    return {
      title: input.title,
      kind: input.kind,
      description: input.description ?? null,
      locationIds,
      productIds,
      startDate: dateValue(input.start_date),
      endDate: dateValue(input.end_date),
      investmentCents: BigInt(toCents(input.investment)),
    };
  }

  return {
    /** The agreements where the account is the brand or the retailer, newest first. */
    async list(caller: Caller, q: { page: number; quantity: number; status?: TradeStatus; counterpart_id?: number }) {
      await repo.startDue(caller.accountId, today());
      const { rows, total } = await repo.list(caller.accountId, { status: q.status, counterpartId: q.counterpart_id, skip: (q.page - 1) * q.quantity, take: q.quantity });
      return pageOf(await serialize(caller, rows), q, total);
    },

    async get(caller: Caller, id: number) {
      return detail(caller, await visible(caller, id));
    },

    /** A draft by the caller's side: an industry account agrees with a retailer, any other with a brand; they must be linked. */
    async create(caller: Caller, input: CreateTradeInput) {
      const industry = (await repo.accountType(caller.accountId)) === 'industry';
      const brandId = industry ? caller.accountId : input.counterpart_id;
      const retailerId = industry ? input.counterpart_id : caller.accountId;
      if (brandId === retailerId || !(await repo.linked(brandId, retailerId))) throw new BusinessRuleError('TRADE_COUNTERPART_NOT_LINKED');
      const data = await checkScope(brandId, retailerId, input);
      const row = await repo.create({ ...data, brandAccountId: brandId, retailerAccountId: retailerId, authorAccountId: caller.accountId, userId: caller.userId });
      return detail(caller, row);
    },

    /**
     * Whom the caller may agree with: a brand, its linked retailers (their stores, their products of
     * its brands); a retailer, the brands linked to it (its stores, its products of each brand's brands).
     */
    async counterparts(caller: Caller) {
      const industry = (await repo.accountType(caller.accountId)) === 'industry';
      const parties = industry ? await repo.linkedRetailers(caller.accountId) : await repo.linkedBrands(caller.accountId);
      const data = await Promise.all(
        parties.map(async (p) => {
          const [brandId, retailerId] = industry ? [caller.accountId, p.id] : [p.id, caller.accountId];
          const [allowed, locations] = await Promise.all([deps.brandProducts(brandId, retailerId), repo.storesOf(retailerId)]);
          const products = await repo.products(retailerId, [...allowed]);
          return { id: p.id, name: p.name, side: industry ? ('retailer' as const) : ('brand' as const), locations, products };
        }),
      );
      return { data };
    },

    /** Replaces the fields of the caller's own draft (403 for the other side, 409 once proposed). */
    async update(caller: Caller, id: number, input: UpdateTradeInput) {
      const row = await visible(caller, id);
      const editable = () => new ConflictError('TRADE_NOT_EDITABLE', { status: STATUS_LABELS[row.status as TradeStatus] });
      // The other side sees the agreement but never writes it: 403 naming the author, as for its steps.
      if (row.authorAccountId !== caller.accountId) throw new AppError(403, 'TRADE_WRONG_SIDE', 'TRADE_WRONG_SIDE', { side: `${SIDE_NAMES[authorSide(row)]}, que redigiu o acordo` });
      if (row.status !== 'draft') throw editable();
      const data = await checkScope(row.brandAccountId, row.retailerAccountId, input);
      if (!(await repo.update(caller.accountId, id, data))) throw editable();
      return detail(caller, found(await repo.find(caller.accountId, id), 'TRADE_NOT_FOUND'));
    },

    /** One step of the flow, by the side it belongs to: 409 from a status it does not leave, 403 for the wrong side. */
    async act(caller: Caller, id: number, action: TradeAction, note: string | null) {
      const row = await visible(caller, id);
      const status = row.status as TradeStatus;
      const step = checkStep(action, status, sideOf(row, caller.accountId), authorSide(row));
      const refused = () => new ConflictError('TRADE_TRANSITION_REFUSED', { action: ACTION_VERBS[action], status: STATUS_LABELS[status] });
      if (!step.ok && step.status === 409) throw refused();
      if (!step.ok) throw new AppError(403, 'TRADE_WRONG_SIDE', 'TRADE_WRONG_SIDE', { side: step.side });
      if (action === 'reject' && !note) {
        throw new ValidationError('TRADE_REASON_REQUIRED', {}, [{ field: 'note', code: 'required', message: 'Informe o motivo da recusa.' }]);
      }
      const decided = action === 'approve' || action === 'reject';
      const extra = {
        ...(decided ? { decidedByUserId: caller.userId, decidedAt: now() } : {}),
        ...(action === 'reject' ? { rejectionReason: note } : {}),
        ...(action === 'revise' ? { rejectionReason: null, decidedByUserId: null, decidedAt: null } : {}),
      };
      if (!(await repo.transition(id, status, step.to, { accountId: caller.accountId, userId: caller.userId, note }, extra))) throw refused();
      return this.get(caller, id);
    },

    /** A photo of the action at one of its stores, by the retailer while it runs. */
    async uploadProof(caller: Caller, id: number, fields: { location_id?: string; note?: string }, file: UploadedFile | null): Promise<z.input<typeof TradeProof>> {
      const row = await visible(caller, id);
      if (row.retailerAccountId !== caller.accountId) throw new AppError(403, 'TRADE_PROOF_RETAILER_ONLY', 'TRADE_PROOF_RETAILER_ONLY');
      if (row.status !== 'running') throw new ConflictError('TRADE_PROOF_NOT_RUNNING', { status: STATUS_LABELS[row.status as TradeStatus] });
      const locationId = Number(fields.location_id);
      if (!/^\d{1,9}$/.test(fields.location_id ?? '') || !row.locationIds.includes(locationId)) {
        throw new ValidationError('TRADE_PROOF_LOCATION', {}, [{ field: 'location_id', code: 'custom', message: 'Informe uma loja do acordo.' }]);
      }
      const note = fields.note?.trim() || null;
      if (note && note.length > 1000) {
        throw new ValidationError('VALIDATION_ERROR', { field: 'note', detail: '≤ 1000' }, [{ field: 'note', code: 'too_big', message: '≤ 1000' }]);
      }
      if (!file) throw new ValidationError('TRADE_PROOF_FILE_REQUIRED', {}, [{ field: 'file', code: 'required', message: 'Envie uma foto no campo "file".' }]);
      const { stored, type, ext } = await storeMedia(deps.storage, caller.accountId, file, PROOF_POLICY);
      const proof = await repo.addProof({
        agreementId: id, accountId: caller.accountId, locationId, userId: caller.userId, url: stored.url, mediaType: type, fileName: sanitizeFileName(file.filename, ext), size: stored.size, note,
      });
      return toProof(proof);
    },

    async proofs(caller: Caller, id: number) {
      await visible(caller, id);
      return { data: (await repo.proofs(id)).map(toProof) };
    },

    /** Sell-out of the agreement's products at its stores in its period and in the equal period before, per product and per store. */
    async results(caller: Caller, id: number): Promise<z.input<typeof TradeResults>> {
      const row = await visible(caller, id);
      const days = Math.round((row.endDate.getTime() - row.startDate.getTime()) / DAY) + 1;
      const previous: [Date, Date] = [new Date(row.startDate.getTime() - days * DAY), new Date(row.startDate.getTime() - DAY)];
      const [sales, products, stores] = await Promise.all([
        repo.sellOut(row.retailerAccountId, row.productIds, row.locationIds, [row.startDate, row.endDate], previous),
        repo.products(row.retailerAccountId, row.productIds),
        repo.locations(row.retailerAccountId, row.locationIds),
      ]);
      const zero = (): Sums => ({ units: 0, cents: 0 });
      const total = { current: zero(), previous: zero() };
      const byProduct = new Map(products.map((p) => [p.id, { current: zero(), previous: zero() }]));
      const byStore = new Map(stores.map((s) => [s.id, { current: zero(), previous: zero() }]));
      for (const s of sales) {
        for (const acc of [total, byProduct.get(s.product_id), byStore.get(s.location_id)]) {
          if (!acc) continue;
          acc[s.period].units += Number(s.units);
          acc[s.period].cents += Number(s.gmv_cents);
        }
      }
      return {
        period: { start_date: dateText(row.startDate), end_date: dateText(row.endDate) },
        previous_period: { start_date: dateText(previous[0]), end_date: dateText(previous[1]) },
        total: comparison(total.current, total.previous),
        by_product: products.map((p) => ({ product_id: p.id, sku: p.sku, name: p.name, ...comparison(byProduct.get(p.id)!.current, byProduct.get(p.id)!.previous) })),
        by_store: stores.map((s) => ({ location_id: s.id, name: s.name, ...comparison(byStore.get(s.id)!.current, byStore.get(s.id)!.previous) })),
      };
    },
  };
}
export type TradeService = ReturnType<typeof createTradeService>;

function toProof(p: Awaited<ReturnType<TradeRepo['proofs']>>[number]): z.input<typeof TradeProof> {
  return {
    id: p.id,
    location_id: p.locationId,
    url: p.url,
    media_type: p.mediaType as (typeof TRADE_PROOF_TYPES)[number],
    file_name: p.fileName,
    size: p.size,
    note: p.note,
    created_at: p.createdAt.toISOString(),
  };
}

