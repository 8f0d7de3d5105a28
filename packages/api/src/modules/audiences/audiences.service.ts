import type { z } from 'zod';
import {
  AUDIENCE_ATTRIBUTES,
  MAX_AUDIENCE_PRICE,
  fromCents,
  toCents,
  type ApproveAudienceInput,
  type Audience,
  type AudienceListQuery,
  type AudienceRule,
  type CreateAudienceInput,
  type RejectAudienceInput,
  type UpdateAudienceInput,
} from '@backoffice/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { isAdvertiser, managesPublisher, type RmCaller, type RmScope, type RmScopes } from '../retail-media/scope.ts';
import type { AudienceDefinition, AudienceRow, AudiencesRepo } from './audiences.repo.ts';

interface Deps {
  repo: AudiencesRepo;
  scopes: Pick<RmScopes, 'resolve' | 'currencyCents'>;
}

const WRITERS = new Set(['admin', 'manager']);

/** The proposer may still change (or withdraw) its proposal while the publisher has not reviewed it. */
const proposerMayChange = (scope: RmScope, a: Pick<AudienceRow, 'createdByAccountId' | 'status'>) =>
  a.createdByAccountId === scope.caller.accountId && a.status === 'awaiting_approval';

function toAudience(scope: RmScope, a: AudienceRow, names: Map<number, string>): z.input<typeof Audience> {
  const publisherSide = managesPublisher(scope, a.publisherId);
  const writer = WRITERS.has(scope.caller.role);
  // An advertiser learns only whether it is among a private audience's advertisers, never who the others are.
  const advertiserIds = publisherSide ? a.advertiserIds : a.advertiserIds.filter((id) => id === scope.caller.accountId);
  const approved = a.status === 'approved' && a.priceCents !== null;
  const mayChange = writer && (publisherSide || proposerMayChange(scope, a));
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    status: a.status,
    price: approved ? fromCents(a.priceCents!) : null,
    price_type: approved ? (a.priceCents === 0n ? 'free' : 'fixed') : null,
    estimated_audience: a.estimatedAudience,
    reach_range: a.reachRange,
    billing_type: 'up_front',
    visibility: a.visibility,
    advertiser_ids: advertiserIds,
    advertisers: publisherSide ? a.advertiserIds.map((id) => ({ id, name: names.get(id) ?? '' })) : [],
    publisher: a.publisher,
    created_by_account: a.createdByAccount,
    rules: a.rules as AudienceRule[],
    note: a.note,
    created_at: a.createdAt.toISOString(),
    reviewed_at: a.reviewedAt?.toISOString() ?? null,
    permissions: { can_review: writer && publisherSide, can_edit: mayChange, can_delete: mayChange },
  };
}

const definitionOf = (input: UpdateAudienceInput): AudienceDefinition => ({
  name: input.name,
  description: input.description,
  estimatedAudience: input.estimated_audience,
  reachRange: input.reach_range,
  visibility: input.visibility,
  advertiserIds: input.visibility === 'private' ? [...new Set(input.advertiser_ids)] : [],
  rules: input.rules,
});

/**
 * Retail media audiences (spec §3, §4): advertisers propose them on publishers whose link enables
 * audience campaigns, publishers create them on their inventory; the publisher approves each with
 * a price (free or fixed) or rejects it with a note. Anyone who may not see one gets AUDIENCE_NOT_FOUND.
 */
export function createAudiencesService({ repo, scopes }: Deps) {
  async function serialize(scope: RmScope, rows: AudienceRow[]) {
    const ids = [...new Set(rows.filter((r) => managesPublisher(scope, r.publisherId)).flatMap((r) => r.advertiserIds))];
    const names = await repo.accountNames(ids);
    return rows.map((r) => toAudience(scope, r, names));
  }
  const one = async (scope: RmScope, row: AudienceRow) => (await serialize(scope, [row]))[0]!;
  const visible = async (scope: RmScope, id: number) => found(await repo.find(scope, id), 'AUDIENCE_NOT_FOUND');

  /** A private audience's advertisers are advertisers linked to its publisher; a proposer names only itself. */
  async function checkAdvertisers(scope: RmScope, publisherId: number, def: AudienceDefinition) {
    if (def.visibility !== 'private') return;
    const allowed = managesPublisher(scope, publisherId)
      ? await repo.linkedAdvertisers(publisherId, def.advertiserIds)
      : new Set([scope.caller.accountId]);
    const unknown = def.advertiserIds.filter((id) => !allowed.has(id));
    if (unknown.length) {
      throw new ValidationError('AUDIENCE_ADVERTISERS_NOT_LINKED', { ids: unknown.join(', ') }, [
        { field: 'advertiser_ids', code: 'custom', message: `Anunciantes sem vínculo com o publisher: ${unknown.join(', ')}.` },
      ]);
    }
  }

  /** Throws unless the caller may change the definition of (or delete) a visible audience. */
  function assertMayChange(scope: RmScope, a: AudienceRow) {
    if (managesPublisher(scope, a.publisherId) || proposerMayChange(scope, a)) return;
    throw new ForbiddenError('AUDIENCE_LOCKED');
  }

  return {
    async list(caller: RmCaller, q: AudienceListQuery) {
      const scope = await scopes.resolve(caller);
      const { rows, total } = await repo.list(scope, { status: q.status, name: q.name, publisherId: q.publisher_id }, q.page, q.quantity);
      return pageOf(await serialize(scope, rows), q, total);
    },

    attributes: () =>
      AUDIENCE_ATTRIBUTES.map((a) => ({
        key: a.key,
        label: a.label,
        type: a.type,
        operators: [...a.operators],
        ...(a.options ? { options: a.options.map((o) => ({ ...o })) } : {}),
      })),

    async get(caller: RmCaller, id: number) {
      const scope = await scopes.resolve(caller);
      return one(scope, await visible(scope, id));
    },

    /** The publisher creates on its inventory; a linked advertiser with audience campaigns enabled proposes. */
    async create(caller: RmCaller, input: CreateAudienceInput) {
      const scope = await scopes.resolve(caller);
      const publisherId = input.publisher_id;
      const def = definitionOf(input);
      let proposer: number | null = null;
      if (!managesPublisher(scope, publisherId)) {
        if (!isAdvertiser(caller) || !scope.linkedPublishers.includes(publisherId)) throw new NotFoundError('PUBLISHER_NOT_FOUND');
        const link = await repo.link(publisherId, caller.accountId);
        if (!link?.enableAudienceCampaign) throw new ForbiddenError('AUDIENCE_NOT_ENABLED');
        proposer = caller.accountId;
      }
      await checkAdvertisers(scope, publisherId, def);
      return one(scope, await repo.create(publisherId, proposer, def));
    },

    async update(caller: RmCaller, id: number, input: UpdateAudienceInput) {
      const scope = await scopes.resolve(caller);
      const current = await visible(scope, id);
      assertMayChange(scope, current);
      const def = definitionOf(input);
      await checkAdvertisers(scope, current.publisherId, def);
      return one(scope, await repo.update(id, def));
    },

    async remove(caller: RmCaller, id: number) {
      const scope = await scopes.resolve(caller);
      assertMayChange(scope, await visible(scope, id));
      if (!(await repo.deleteUnused(id))) throw new ConflictError('AUDIENCE_IN_USE');
    },

    /**
     * Approves with a price: free stores 0; fixed takes reais, or integer cents when the caller's
     * account uses a cents currency (spec §5). Approving an approved audience re-prices it.
     */
    async approve(caller: RmCaller, id: number, input: ApproveAudienceInput) {
      const scope = await scopes.resolve(caller);
      const current = await visible(scope, id);
      if (!managesPublisher(scope, current.publisherId)) throw new ForbiddenError('AUDIENCE_REVIEW_FORBIDDEN');
      let priceCents = 0;
      if (input.price_type === 'fixed') {
        const price = input.price!;
        if (await scopes.currencyCents(caller.accountId)) {
          if (!Number.isInteger(price)) {
            throw new ValidationError('AUDIENCE_PRICE_CENTS', {}, [
              { field: 'price', code: 'custom', message: 'Sua conta usa moeda em centavos: informe um número inteiro de centavos.' },
            ]);
          }
          priceCents = price;
        } else priceCents = toCents(price);
        if (priceCents > toCents(MAX_AUDIENCE_PRICE)) {
          const max = MAX_AUDIENCE_PRICE.toLocaleString('pt-BR', { minimumFractionDigits: 2 });
          throw new ValidationError('AUDIENCE_PRICE_TOO_HIGH', { max }, [
            { field: 'price', code: 'custom', message: `O preço máximo é R$ ${max}.` },
          ]);
        }
      }
      const row = await repo.review(id, {
        status: 'approved',
        priceCents: BigInt(priceCents),
        billingType: input.billing_type,
        note: null,
        reviewedById: caller.userId,
        reviewedAt: new Date(),
      });
      return one(scope, row);
    },

    async reject(caller: RmCaller, id: number, input: RejectAudienceInput) {
      const scope = await scopes.resolve(caller);
      const current = await visible(scope, id);
      if (!managesPublisher(scope, current.publisherId)) throw new ForbiddenError('AUDIENCE_REVIEW_FORBIDDEN');
      const row = await repo.review(id, {
        status: 'rejected',
        priceCents: null,
        billingType: current.billingType,
        note: input.note,
        reviewedById: caller.userId,
        reviewedAt: new Date(),
      });
      return one(scope, row);
    },
  };
}

export type AudiencesService = ReturnType<typeof createAudiencesService>;
