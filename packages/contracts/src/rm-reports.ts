import { z } from 'zod';
import { defineRoute, type RouteAccess } from './route.ts';
import { Money, endNotBeforeStart, paged } from './common.ts';
import { CAMPAIGN_AD_TYPES, CAMPAIGN_STATUSES, CampaignMetrics } from './campaigns.ts';
import { msg } from './messages.ts';

/** The retail-media reports (spec §2): one screen and one download each. */
export const RM_REPORTS = ['overview', 'hour_overview', 'advertisers', 'advertisers_state', 'opportunity_cost', 'daily_consolidation', 'ads'] as const;
export type RmReportKind = (typeof RM_REPORTS)[number];
export const RM_REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type RmReportFormat = (typeof RM_REPORT_FORMATS)[number];
/** Longest period one report covers, in days. */
export const RM_REPORT_MAX_DAYS = 366;
/** Default period when none is given: the last 30 days, today included (São Paulo). */
export const RM_REPORT_DEFAULT_DAYS = 30;
export const RM_REPORT_ADS_PAGE_SIZE = 50;
/** Spec §2: advertisers_state needs an advertiser first. */
export const SELECT_ADVERTISER_MESSAGE = msg('SELECT_ADVERTISER');

const DateOnly = z.iso.date();
const Int = z.number().int();
const PositiveId = z.coerce.number().int().positive();

export const RmReportQuery = z
  .object({
    start_date: DateOnly.optional().meta({ description: 'Primeiro dia (São Paulo). Padrão: 29 dias antes do fim.' }),
    end_date: DateOnly.optional().meta({ description: 'Último dia (São Paulo). Padrão: hoje.' }),
    publisher_id: PositiveId.optional().meta({ description: 'Só este publisher (um sub-publisher da rede, ou um publisher vinculado ao anunciante).' }),
    advertiser_id: PositiveId.optional().meta({ description: 'Só este anunciante (publishers). Obrigatório em advertisers_state.' }),
  })
  .superRefine(endNotBeforeStart);
export type RmReportQuery = z.infer<typeof RmReportQuery>;

export const RmReportAdsQuery = RmReportQuery.safeExtend({
  page: z.coerce.number().int().min(1).default(1),
  quantity: z.coerce.number().int().min(1).max(200).default(RM_REPORT_ADS_PAGE_SIZE),
  order_by: z.enum(['impressions', 'clicks', 'conversions', 'income', 'total_spent', 'ctr', 'roas']).default('total_spent'),
  order_direction: z.enum(['asc', 'desc']).default('desc'),
});

export const RmReportDownloadQuery = RmReportQuery.safeExtend({
  format: z.enum(RM_REPORT_FORMATS).default('xlsx').meta({ description: 'csv (separado por ";", UTF-8 com BOM) ou xlsx.' }),
});
export const RmReportDownloadParams = z.object({ report: z.enum(RM_REPORTS) });

const Period = { start_date: DateOnly, end_date: DateOnly };

export const RmReportOverview = z
  .object({
    ...Period,
    totals: CampaignMetrics,
    days: z.array(CampaignMetrics.safeExtend({ date: DateOnly })),
    by_ad_type: z.array(CampaignMetrics.safeExtend({ ad_type: z.enum(CAMPAIGN_AD_TYPES) })),
    by_context: z.array(CampaignMetrics.safeExtend({ context: z.string() })),
  })
  .meta({ id: 'RmReportOverview', description: 'Totais, série diária e quebras por formato e contexto.' });

export const RmReportHourOverview = z
  .object({
    ...Period,
    totals: CampaignMetrics,
    hours: z.array(CampaignMetrics.safeExtend({ hour: Int.min(0).max(23) })).meta({ description: 'Hora do dia em São Paulo (0–23), somando o período.' }),
    series: z
      .array(z.object({ hour: z.iso.datetime({ offset: true }), impressions: Int, clicks: Int, conversions: Int, income: Money, total_spent: Money }))
      .meta({ description: 'Hora a hora no período (só horas com eventos).' }),
  })
  .meta({ id: 'RmReportHourOverview' });

export const RmReportAdvertiserRow = CampaignMetrics.safeExtend({
  advertiser_id: Int,
  advertiser_name: z.string(),
  active_campaigns: Int,
  wallet_balance: Money.nullable().meta({ description: 'Saldo atual da carteira no publisher (null para quem não a vê).' }),
}).meta({ id: 'RmReportAdvertiserRow' });
export const RmReportAdvertisers = z
  .object({ ...Period, totals: CampaignMetrics, rows: z.array(RmReportAdvertiserRow) })
  .meta({ id: 'RmReportAdvertisers' });

export const RmReportCampaignState = CampaignMetrics.safeExtend({
  campaign_id: Int,
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  ad_type: z.enum(CAMPAIGN_AD_TYPES),
  publisher_name: z.string(),
  daily_budget: Money,
  total_budget: Money.nullable(),
  spent_today: Money,
  consumed_budget: Money.meta({ description: 'Gasto na vida da campanha.' }),
  serving: z.boolean().meta({ description: 'Está sendo servida agora (ativa, com orçamento diário, total e carteira).' }),
  blocked_by: z.enum(['daily_budget', 'total_budget', 'wallet', 'status']).nullable(),
}).meta({ id: 'RmReportCampaignState' });
export const RmReportAdvertiserState = z
  .object({
    ...Period,
    advertiser: z.object({ id: Int, name: z.string() }),
    wallet_balance: Money,
    totals: CampaignMetrics,
    campaigns: z.array(RmReportCampaignState),
  })
  .meta({ id: 'RmReportAdvertiserState' });

const OpportunityFigures = {
  requests: Int.meta({ description: 'Posições pedidas.' }),
  filled: Int.meta({ description: 'Posições respondidas com ao menos um anúncio.' }),
  unfilled: Int.meta({ description: 'Posições respondidas sem anúncio.' }),
  fill_rate: z.number().meta({ description: 'filled / requests (fração).' }),
  ads_requested: Int,
  ads_returned: Int,
  revenue: Money.meta({ description: 'Receita (gasto dos anunciantes) no período.' }),
  potential_revenue: Money.meta({
    description:
      'O que os anúncios pedidos e não servidos teriam rendido: (ads_requested − ads_returned) × (revenue ÷ ads_returned) da própria linha ' +
      '(posição e contexto, ou dia); uma linha sem anúncios servidos usa a receita por anúncio servido do período todo, e 0 quando nada foi servido. ' +
      'Nos totais, a soma das linhas por posição e contexto.',
  }),
};
export const RmReportOpportunityCost = z
  .object({
    ...Period,
    totals: z.object(OpportunityFigures),
    days: z.array(z.object({ date: DateOnly, ...OpportunityFigures })),
    rows: z.array(z.object({ placement: z.string(), context: z.string(), ...OpportunityFigures })),
  })
  .meta({
    id: 'RmReportOpportunityCost',
    description: 'Só publishers (inventário próprio e sub-publishers). Pedidos em rm_request_stats; receita = gasto dos anunciantes. advertiser_id não se aplica.',
  });

export const RmReportDailyRow = CampaignMetrics.safeExtend({
  date: DateOnly,
  publisher_id: Int,
  publisher_name: z.string(),
  advertiser_id: Int,
  advertiser_name: z.string(),
}).meta({ id: 'RmReportDailyRow' });
export const RmReportDailyConsolidation = z
  .object({ ...Period, totals: CampaignMetrics, rows: z.array(RmReportDailyRow) })
  .meta({ id: 'RmReportDailyConsolidation' });

export const RmReportAdRow = CampaignMetrics.safeExtend({
  ad_id: Int,
  ad_type: z.enum(CAMPAIGN_AD_TYPES),
  ad_name: z.string().meta({ description: 'Título, produto ou nome do arquivo do anúncio.' }),
  campaign_id: Int,
  campaign_name: z.string(),
  advertiser_name: z.string(),
  publisher_name: z.string(),
}).meta({ id: 'RmReportAdRow' });
export const RmReportAds = paged(RmReportAdRow).safeExtend({ ...Period, totals: CampaignMetrics }).meta({ id: 'RmReportAds' });

const tags = ['Retail media reports'] as const;
const permission = { kind: 'account', module: 'retail_media' } as const;
/** Bom Preço's reports as a publisher: its linked advertiser sees its own part, anybody else 404. */
const access: RouteAccess = { fixture: 'reportScope', allow: ['industry'], others: 404 };
const report = <R extends z.ZodType, Q extends z.ZodType = typeof RmReportQuery>(
  path: string,
  operationId: string,
  summary: string,
  response: R,
  querystring?: Q,
) =>
  defineRoute({
    method: 'GET',
    path: `/report/${path}`,
    operationId,
    summary,
    tags,
    permission,
    access,
    querystring: (querystring ?? RmReportQuery) as Q,
    responses: { 200: response },
    errors: [404],
  });

export const rmReportRoutes = {
  overview: report('overview', 'reportOverview', 'Visão geral: totais e série diária do período', RmReportOverview),
  hourOverview: report('hour_overview', 'reportHourOverview', 'Visão por hora do dia (São Paulo)', RmReportHourOverview),
  advertisers: report('advertisers', 'reportAdvertisers', 'Desempenho por anunciante', RmReportAdvertisers),
  advertisersState: {
    ...report(
      'advertisers_state',
      'reportAdvertiserState',
      'Situação de um anunciante: campanhas, orçamentos e carteira (advertiser_id obrigatório)',
      RmReportAdvertiserState,
    ),
    access: { ...access, fixture: 'advertiserStateScope' },
  },
  opportunityCost: {
    ...report('opportunity_cost', 'reportOpportunityCost', 'Custo de oportunidade: posições pedidas, preenchidas e vazias', RmReportOpportunityCost),
    // Publishers only: advertisers get 403 whatever publisher they name.
    access: { ...access, allow: [], forbid: ['industry', 'unlinkedAdvertiser'] } as RouteAccess,
  },
  dailyConsolidation: report('daily_consolidation', 'reportDailyConsolidation', 'Consolidado diário por publisher e anunciante', RmReportDailyConsolidation),
  ads: report('ads', 'reportAds', 'Desempenho por anúncio', RmReportAds, RmReportAdsQuery),
  download: defineRoute({
    method: 'GET',
    path: '/report/:report/download',
    operationId: 'downloadReport',
    summary: 'Baixa um relatório em CSV ou XLSX, com os mesmos filtros da tela',
    tags,
    permission,
    access: { ...access, fixture: 'reportDownload' },
    params: RmReportDownloadParams,
    querystring: RmReportDownloadQuery,
    responses: { 200: z.string().meta({ description: 'O arquivo (text/csv ou application/vnd.openxmlformats-officedocument.spreadsheetml.sheet).' }) },
    errors: [404],
  }),
};
