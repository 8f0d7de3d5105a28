import type { z } from 'zod';
import { fromCents, toCents, type Promotion, type PromotionAction, type PromotionInput, type PromotionListQuery } from '@backoffice/contracts';
import { ConflictError, found } from '../../lib/errors.ts';
import type { MessageCode } from '../../i18n/messages.ts';
import { isUniqueViolation } from '../users/users.repo.ts';
import { actionChange, promotionStatus } from './promotion-status.ts';
import { businessRange } from '../../lib/business-day.ts';
import type { PromotionData, PromotionRow, PromotionsRepo } from './promotions.repo.ts';
import { pageOf } from '../../lib/paging.ts';

interface Deps {
  repo: PromotionsRepo;
  clock?: () => Date;
}

type Benefits = PromotionInput['benefits'];
type Trigger = PromotionInput['trigger'];

export const ACTION_MESSAGES: Record<PromotionAction, MessageCode> = {
  cancel: 'PROMOTION_CANCELED',
  finish: 'PROMOTION_FINISHED',
  pause: 'PROMOTION_PAUSED',
  reactivate: 'PROMOTION_REACTIVATED',
};

// Money is stored in cents and spoken in reais: these two pairs are the only conversion points.
const benefitsToStorage = (b: Benefits) => ({
  ...b,
  ...(b.price !== undefined ? { price: toCents(b.price) } : {}),
  ...(b.type === 'fixed' && b.value !== undefined ? { value: toCents(b.value) } : {}),
});
const benefitsFromStorage = (b: Benefits): Benefits => ({
  ...b,
  ...(b.price !== undefined ? { price: fromCents(b.price) } : {}),
  ...(b.type === 'fixed' && b.value !== undefined ? { value: fromCents(b.value) } : {}),
});
const triggerToStorage = (t: Trigger) => (t.kind === 'total' ? { ...t, min_value: toCents(t.min_value) } : t);
const triggerFromStorage = (t: Trigger): Trigger => (t.kind === 'total' ? { ...t, min_value: fromCents(t.min_value) } : t);

function toData(input: PromotionInput, current?: PromotionRow): PromotionData {
  const code = input.promotion_type === 'coupon' && input.code ? input.code : null;
  return {
    name: input.name,
    description: input.description ?? null,
    promotionType: input.promotion_type,
    code,
    codeNormalized: code?.toUpperCase() ?? null,
    startAt: new Date(input.start_promotion),
    endAt: new Date(input.end_promotion),
    active: input.active,
    // An edit that keeps the promotion inactive keeps the moment it was disabled.
    disabledAt: input.active ? null : (current?.disabledAt ?? null),
    benefits: benefitsToStorage(input.benefits),
    trigger: triggerToStorage(input.trigger),
    limitTotal: input.limits?.total ?? null,
    limitPerCustomer: input.limits?.per_customer ?? null,
    locationIds: [...new Set(input.location_ids)],
    customers: input.customers,
    selectedOffers: input.selected_offers,
    priority: input.priority,
    exclusive: input.exclusive,
  };
}

const toPromotion = (p: PromotionRow, now: Date): z.input<typeof Promotion> => ({
  id: p.id,
  name: p.name,
  description: p.description,
  promotion_type: p.promotionType,
  code: p.code,
  start_promotion: p.startAt.toISOString(),
  end_promotion: p.endAt.toISOString(),
  active: p.active,
  disabled_at: p.disabledAt?.toISOString() ?? null,
  status: promotionStatus(p, now),
  benefits: benefitsFromStorage(p.benefits as Benefits),
  trigger: triggerFromStorage(p.trigger as Trigger),
  limits: { total: p.limitTotal, per_customer: p.limitPerCustomer },
  uses_count: p.usesCount,
  location_ids: p.locationIds,
  customers: p.customers,
  selected_offers: p.selectedOffers,
  priority: p.priority,
  exclusive: p.exclusive,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

/** Promotions of an account: listing by computed status, CRUD and the state actions of spec §4. */
export function createPromotionsService(deps: Deps) {
  const now = deps.clock ?? (() => new Date());
  const { repo } = deps;

  const codeTaken = (code: string | null) => (err: unknown) => {
    // The unique (account_id, code_normalized) index is the check: no read-then-write race.
    if (isUniqueViolation(err)) throw new ConflictError('PROMOTION_CODE_TAKEN', { code: code ?? '' });
    throw err;
  };

  return {
    async list(accountId: number, q: z.output<typeof PromotionListQuery>) {
      const at = now();
      const { rows, total } = await repo.list(
        accountId,
        {
          status: q.status === 'running' ? 'active' : q.status,
          promotionType: q.promotion_type,
          ...businessRange(q),
          search: q.search,
        },
        at,
        q.page,
        q.quantity,
      );
      return pageOf(rows.map((r) => toPromotion(r, at)), q, total);
    },

    async get(accountId: number, id: number) {
      return toPromotion(found(await repo.find(accountId, id), 'PROMOTION_NOT_FOUND'), now());
    },

    async create(accountId: number, input: PromotionInput) {
      const data = toData(input);
      if (!data.active) data.disabledAt = now();
      const row = await repo.create(accountId, data).catch(codeTaken(data.code));
      return toPromotion(row, now());
    },

    async update(accountId: number, id: number, input: PromotionInput) {
      const current = found(await repo.find(accountId, id), 'PROMOTION_NOT_FOUND');
      const data = toData(input, current);
      if (!data.active && !data.disabledAt) data.disabledAt = now();
      const row = await repo.update(accountId, id, data).catch(codeTaken(data.code));
      return toPromotion(found(row, 'PROMOTION_NOT_FOUND'), now());
    },

    async remove(accountId: number, id: number) {
      if (!(await repo.remove(accountId, id))) found(null, 'PROMOTION_NOT_FOUND');
    },

    /** Runs one state action; returns the promotion as it now is. */
    async act(accountId: number, id: number, action: PromotionAction) {
      const at = now();
      const current = found(await repo.find(accountId, id), 'PROMOTION_NOT_FOUND');
      const row = found(await repo.update(accountId, id, actionChange(action, current.startAt, at)), 'PROMOTION_NOT_FOUND');
      return toPromotion(row, at);
    },
  };
}
export type PromotionsService = ReturnType<typeof createPromotionsService>;
