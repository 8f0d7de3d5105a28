import type { z } from 'zod';
import { fromCents, saoPauloToday, type CampaignDashboardQuery, type CampaignKeywordsQuery, type CampaignProductsQuery } from '@backoffice/contracts';
import { BusinessRuleError, ConflictError, ForbiddenError, ValidationError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { recordAudit, type AuditEntry } from '../retail-media/audit.ts';
import { isAdvertiser, type RmCaller, type RmScopes } from '../retail-media/scope.ts';
import type { CampaignAccess } from './campaign-access.ts';
import { metricsOf, ZERO_SUMS, type StatSums } from './campaign-metrics.ts';
import type { CampaignsRepo, KeywordRow } from './campaigns.repo.ts';

interface Deps {
  repo: CampaignsRepo;
  scopes: RmScopes;
  access: CampaignAccess;
  catalogProducts: (publisherId: number, skus: string[]) => Promise<Array<{ sku: string; name: string; imageUrl: string | null; categories: string[] }>>;
  now: () => Date;
}

const DAY = 86_400_000;
const MAX_DASHBOARD_DAYS = 366;

const toKeyword = (k: KeywordRow) => ({
  id: k.id,
  keyword: k.keyword,
  active: k.disabledAt === null,
  disabled_at: k.disabledAt?.toISOString() ?? null,
  created_at: k.createdAt.toISOString(),
});

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === 'P2002';

/** A campaign's parts: keywords, categories, products, tags, audit timeline and dashboard. */
export function createCampaignPartsService({ repo, scopes, access, catalogProducts, now }: Deps) {
  const auditBase = (caller: RmCaller, campaignId: number) => ({ campaignId, entity: 'campaign' as const, entityId: campaignId, userId: caller.userId });

  async function productRows(campaignId: number, publisherId: number) {
    const products = await repo.campaignProducts(campaignId);
    const catalog = new Map((await repo.catalog(publisherId, products.map((p) => p.sku))).map((p) => [p.sku, p]));
    return products.map((p) => {
      const c = catalog.get(p.sku);
      return { sku: p.sku, name: c?.name ?? null, image_url: c?.imageUrl ?? null, last_category: c?.categories.at(-1) ?? null, active: p.active };
    });
  }

  return {
    async keywords(caller: RmCaller, id: number, q: z.output<typeof CampaignKeywordsQuery>) {
      await access.visible(caller, id);
      const { rows, total } = await repo.keywords(id, q.q, q.page, q.quantity);
      return pageOf(rows.map(toKeyword), q, total);
    },

    /** Adds the keywords the campaign lacks (one audit entry each); returns those added. */
    async addKeywords(caller: RmCaller, id: number, keywords: string[]) {
      await access.asOwner(caller, id);
      const existing = await repo.existingKeywords(id, keywords);
      const added = keywords.filter((k) => !existing.has(k));
      if (added.length === 0) return [];
      const rows = await repo.tx(async (tx) => {
        const created = await repo.addKeywords(tx, id, added);
        await recordAudit(
          tx,
          added.map((keyword) => ({ ...auditBase(caller, id), action: 'update', fieldName: 'keyword', oldValue: null, newValue: keyword })),
        );
        return created;
      });
      return rows.map(toKeyword);
    },

    /** Spec §6: only the advertiser pauses or resumes a keyword (the publisher sees "Pausada"). */
    async toggleKeyword(caller: RmCaller, id: number, keywordId: number, active: boolean) {
      await access.asOwner(caller, id);
      const kw = found(await repo.keyword(id, keywordId), 'KEYWORD_NOT_FOUND');
      if ((kw.disabledAt === null) === active) return toKeyword(kw);
      const row = await repo.tx(async (tx) => {
        const updated = await repo.setKeywordDisabled(tx, keywordId, active ? null : now());
        await recordAudit(tx, [
          {
            ...auditBase(caller, id),
            action: 'update',
            fieldName: 'keyword',
            oldValue: { keyword: kw.keyword, active: !active },
            newValue: { keyword: kw.keyword, active },
          },
        ]);
        return updated;
      });
      return toKeyword(row);
    },

    async removeKeyword(caller: RmCaller, id: number, keywordId: number) {
      await access.asOwner(caller, id);
      const kw = found(await repo.keyword(id, keywordId), 'KEYWORD_NOT_FOUND');
      await repo.tx(async (tx) => {
        await repo.deleteKeyword(tx, keywordId);
        await recordAudit(tx, [{ ...auditBase(caller, id), action: 'update', fieldName: 'keyword', oldValue: kw.keyword, newValue: null }]);
      });
    },

    async setCategories(caller: RmCaller, id: number, categories: string[]) {
      await access.asOwner(caller, id);
      const before = await repo.categories(id);
      const after = [...categories].sort();
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await repo.tx(async (tx) => {
          await repo.setCategories(tx, id, after);
          await recordAudit(tx, [{ ...auditBase(caller, id), action: 'update', fieldName: 'category', oldValue: before, newValue: after }]);
        });
      }
      return { categories: after };
    },

    async products(caller: RmCaller, id: number, q: z.output<typeof CampaignProductsQuery>) {
      const { row } = await access.visible(caller, id);
      const rows = await repo.stats.products(id, row.publisherId, q, { by: q.order_by, direction: q.order_direction });
      return rows.map((r) => ({
        sku: r.sku,
        name: r.name,
        image_url: r.image_url,
        last_category: r.categories?.at(-1) ?? null,
        active: r.active,
        conversions: Number(r.conversions),
        items_sold: Number(r.items_sold),
        sales: fromCents(r.income_cents),
      }));
    },

    /** Adds catalog SKUs; a product campaign also gets a pending_review ad for each new one. */
    async addProducts(caller: RmCaller, id: number, skus: string[]) {
      const { row } = await access.asOwner(caller, id);
      const wanted = [...new Set(skus)];
      await catalogProducts(row.publisherId, wanted);
      const current = (await repo.campaignProducts(id)).map((p) => p.sku);
      const added = wanted.filter((s) => !current.includes(s));
      if (added.length) {
        await repo.tx(async (tx) => {
          await repo.addProducts(tx, id, added);
          const ads = row.adType === 'product' ? await repo.createProductAds(tx, id, added, row.cpcCents) : [];
          await recordAudit(tx, [
            {
              ...auditBase(caller, id),
              action: 'update',
              fieldName: 'products',
              oldValue: [...current].sort(),
              newValue: [...current, ...added].sort(),
            },
            ...ads.map(
              (ad): AuditEntry => ({ campaignId: id, entity: 'ad', entityId: ad.id, action: 'create', userId: caller.userId, details: { ad_type: 'product', sku: ad.sku } }),
            ),
          ]);
        });
      }
      return productRows(id, row.publisherId);
    },

    /** Spec §6: the product toggle is the advertiser's only. */
    async toggleProduct(caller: RmCaller, id: number, sku: string, active: boolean) {
      const { row } = await access.asOwner(caller, id);
      const product = found((await repo.campaignProducts(id)).find((p) => p.sku === sku), 'CAMPAIGN_PRODUCT_NOT_FOUND');
      if (product.active !== active) {
        await repo.tx(async (tx) => {
          await repo.setProductActive(tx, id, sku, active);
          await recordAudit(tx, [
            { ...auditBase(caller, id), action: 'update', fieldName: 'products', oldValue: { sku, active: !active }, newValue: { sku, active } },
          ]);
        });
      }
      return found((await productRows(id, row.publisherId)).find((p) => p.sku === sku), 'CAMPAIGN_PRODUCT_NOT_FOUND');
    },

    /** Newest first; the creation payload only in debug mode (spec §2 audit timeline). */
    async audit(caller: RmCaller, id: number, debug: boolean) {
      await access.visible(caller, id);
      const rows = await repo.audit(id);
      return rows.map((a) => ({
        id: a.id,
        action: a.action,
        entity: a.entity,
        entity_id: a.entityId,
        field_name: a.fieldName,
        old_value: a.oldValue ?? null,
        new_value: a.newValue ?? null,
        details: a.action === 'create' && !debug ? null : (a.details ?? null),
        created_at: a.createdAt.toISOString(),
        user_name: a.user?.name ?? null,
        user_email: a.user?.email ?? null,
      }));
    },

    /** Totals and one row per day of the period (default: the last 30 days), zeros where nothing served. */
    async dashboard(caller: RmCaller, id: number, q: z.output<typeof CampaignDashboardQuery>) {
      await access.visible(caller, id);
      const today = saoPauloToday(now());
      const end = q.end_date ?? (q.start_date && q.start_date > today ? q.start_date : today);
      const start = q.start_date ?? addDays(end, -29);
      if (daysBetween(start, end) >= MAX_DASHBOARD_DAYS) {
        const detail = `o período pode ter no máximo ${MAX_DASHBOARD_DAYS} dias.`;
        throw new ValidationError('VALIDATION_ERROR', { field: 'start_date', detail }, [{ field: 'start_date', code: 'custom', message: detail }]);
      }
      const byDay = await repo.stats.daily(id, start, end);
      const days = [];
      const totals: Record<keyof StatSums, bigint> = { impressions: 0n, views: 0n, clicks: 0n, conversions: 0n, incomeCents: 0n, spentCents: 0n };
      for (let date = start; date <= end; date = addDays(date, 1)) {
        const s = byDay.get(date) ?? ZERO_SUMS;
        for (const k of Object.keys(totals) as Array<keyof StatSums>) totals[k] += BigInt(s[k]);
        days.push({
          date,
          impressions: Number(s.impressions),
          views: Number(s.views),
          clicks: Number(s.clicks),
          conversions: Number(s.conversions),
          income: fromCents(s.incomeCents),
          total_spent: fromCents(s.spentCents),
        });
      }
      return { start_date: start, end_date: end, totals: metricsOf(totals), days };
    },

    async setTags(caller: RmCaller, id: number, tagIds: number[]) {
      const { row } = await access.asOwner(caller, id, { open: false });
      const ids = [...new Set(tagIds)];
      const own = await repo.ownTags(row.advertiserId, ids);
      const missing = ids.filter((t) => !own.some((o) => o.id === t));
      if (missing.length) throw new BusinessRuleError('TAG_NOT_FOUND', { ids: missing.join(', ') });
      return repo.tx((tx) => repo.setTags(tx, id, ids));
    },

    async listTags(caller: RmCaller, name: string | undefined) {
      const scope = await scopes.resolve(caller);
      const advertiserId = isAdvertiser(caller) ? caller.accountId : null;
      if (!advertiserId && scope.managed.length === 0) return [];
      return repo.tagsFor(advertiserId, scope.managed, name);
    },

    async createTag(caller: RmCaller, name: string) {
      if (!isAdvertiser(caller)) throw new ForbiddenError('TAG_ADVERTISER_ONLY');
      if (await repo.tagNamed(caller.accountId, name)) throw new ConflictError('TAG_NAME_TAKEN', { name });
      try {
        return await repo.createTag(caller.accountId, name);
      } catch (e) {
        if (isUniqueViolation(e)) throw new ConflictError('TAG_NAME_TAKEN', { name });
        throw e;
      }
    },
  };
}
