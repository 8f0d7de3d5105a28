import { createTestApp, DEMO, DEMO_PASSWORD, bearer, type TestApp } from '../../../test/helpers.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { hashPassword } from '../../lib/password.ts';
import { businessDate, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';

export const DAY = 86_400_000;
const RETAIL_MEDIA_MODULE = 8;

/** A São Paulo day `offset` days from now, as YYYY-MM-DD. */
export const dayFromNow = (offset: number) => businessDate(new Date(Date.now() + offset * DAY));

export interface CampaignsFixture {
  t: TestApp;
  ids: { bomPreco: number; aurora: number; rede: number; serra: number; loose: number };
  tokens: { admin: string; operator: string; brand: string; partner: string; serra: string; loose: string };
  users: { admin: number; brand: number; serra: number };
  /** Inserts a campaign directly (dates as day offsets; end null = always on). */
  campaign(
    data: Pick<Prisma.CampaignUncheckedCreateInput, 'publisherId' | 'advertiserId'> &
      Partial<Prisma.CampaignUncheckedCreateInput> & { start?: number; end?: number | null },
  ): Promise<number>;
  /** Adds an rm_daily_stats row for a campaign (creating an approved ad for it when needed). */
  stat(campaignId: number, day: string, sums: Partial<Record<'impressions' | 'views' | 'clicks' | 'conversions' | 'incomeCents' | 'spentCents', number>>): Promise<void>;
  snapshot(campaignId: number): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * An advertiser account of its own (module retail media, one admin user), linked to the given
 * publishers; returns its id and a token.
 */
async function advertiser(t: TestApp, slug: string, name: string, email: string, publishers: number[]) {
  const account = await t.db.account.create({
    data: { slug, name, type: 'industry', retailMediaRole: 'advertiser', logoUrl: null, headerColor: '#2f9e44' },
    select: { id: true },
  });
  await t.db.accountAccessModule.create({ data: { accountId: account.id, moduleId: RETAIL_MEDIA_MODULE } });
  const user = await t.db.user.create({ data: { email, name, passwordHash: await hashPassword(DEMO_PASSWORD) }, select: { id: true } });
  await t.db.membership.create({ data: { accountId: account.id, userId: user.id, role: 'admin', status: 'active', allModules: true } });
  for (const publisherId of publishers) {
    await t.db.advertiserLink.create({
      data: { publisherId, advertiserId: account.id, strategies: ['standard', 'objective_based'], defaultStrategy: 'standard' },
    });
  }
  return { id: account.id, userId: user.id, token: await t.login(email) };
}

/** The demo accounts plus Laticínios Serra (an advertiser linked to Bom Preço) and an unlinked advertiser. */
export async function campaignsFixture(): Promise<CampaignsFixture> {
  const t = await createTestApp();
  const accounts = await t.db.account.findMany({ select: { id: true, slug: true } });
  const idOf = (slug: string) => accounts.find((a) => a.slug === slug)!.id;
  const userOf = async (email: string) => (await t.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  const bomPreco = idOf('supermercado-bom-preco');
  const serra = await advertiser(t, 'laticinios-serra', 'Laticínios Serra', 'gestor@laticinios.test', [bomPreco]);
  const loose = await advertiser(t, 'marca-solta', 'Marca Solta', 'gestor@solta.test', []);
  const ids = { bomPreco, aurora: idOf('cafe-aurora'), rede: idOf('rede-parceira-midia'), serra: serra.id, loose: loose.id };
  const tokens = {
    admin: await t.login(DEMO.admin),
    operator: await t.login(DEMO.operator),
    brand: await t.login(DEMO.brand),
    partner: await t.login(DEMO.partner),
    serra: serra.token,
    loose: loose.token,
  };
  const users = { admin: await userOf(DEMO.admin), brand: await userOf(DEMO.brand), serra: serra.userId };
  const adOf = new Map<number, number>();

  return {
    t,
    ids,
    tokens,
    users,
    async campaign({ start = -5, end = 30, ...data }) {
      const row = await t.db.campaign.create({
        data: {
          name: 'Campanha de teste',
          adType: 'product',
          dailyBudgetCents: 10_000n,
          startAt: startOfBusinessDay(dayFromNow(start)),
          endAt: end === null ? null : endOfBusinessDay(dayFromNow(end)),
          ...data,
        },
        select: { id: true },
      });
      return row.id;
    },
    async stat(campaignId, day, s) {
      let adId = adOf.get(campaignId);
      const c = await t.db.campaign.findUniqueOrThrow({ where: { id: campaignId }, select: { publisherId: true, advertiserId: true } });
      if (!adId) {
        adId = (await t.db.ad.create({ data: { campaignId, adType: 'product', status: 'approved', sku: 'x' }, select: { id: true } })).id;
        adOf.set(campaignId, adId);
      }
      await t.db.rmDailyStat.create({
        data: {
          day: new Date(`${day}T00:00:00Z`),
          campaignId,
          adId,
          publisherId: c.publisherId,
          advertiserId: c.advertiserId,
          impressions: BigInt(s.impressions ?? 0),
          views: BigInt(s.views ?? 0),
          clicks: BigInt(s.clicks ?? 0),
          conversions: BigInt(s.conversions ?? 0),
          incomeCents: BigInt(s.incomeCents ?? 0),
          spentCents: BigInt(s.spentCents ?? 0),
          placement: `p${Math.random()}`,
        },
      });
    },
    snapshot: (campaignId) =>
      t.db.campaign.findUnique({
        where: { id: campaignId },
        include: { keywords: true, categories: true, products: true, tags: true, ads: true, auditChanges: true },
      }),
    close: () => t.close(),
  };
}

export const auth = bearer;
