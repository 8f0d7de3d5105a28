import type { z } from 'zod';
import type { CampaignAdType, CampaignMetrics, CampaignStatus, RmReportDownloadQuery, RmReportFormat, RmReportKind } from '@backoffice/contracts';
import type { RmCaller } from '../retail-media/scope.ts';
import { tableOf, toCsv, toXlsx, type Column, type Table } from '../../lib/spreadsheet.ts';
import type { RmReportsService } from './rm-reports.service.ts';

type Metrics = z.input<typeof CampaignMetrics>;
type Report<K extends keyof RmReportsService> = Awaited<ReturnType<RmReportsService[K]>>;

const AD_TYPE: Record<CampaignAdType, string> = {
  product: 'Produto',
  banner: 'Banner',
  sponsored_brand: 'Marca patrocinada',
  digital_signage: 'Sinalização digital',
};
const STATUS: Record<CampaignStatus, string> = { active: 'Ativa', scheduled: 'Agendada', paused: 'Pausada', finished: 'Encerrada', canceled: 'Cancelada' };
const BLOCK: Record<string, string> = { status: 'Status da campanha', daily_budget: 'Orçamento diário', total_budget: 'Orçamento total', wallet: 'Saldo da carteira' };

const METRICS: Array<Column<Metrics>> = [
  { header: 'Impressões', kind: 'int', value: (m) => m.impressions },
  { header: 'Visualizações', kind: 'int', value: (m) => m.views },
  { header: 'Cliques', kind: 'int', value: (m) => m.clicks },
  { header: 'CTR (%)', kind: 'percent', value: (m) => m.ctr },
  { header: 'Conversões', kind: 'int', value: (m) => m.conversions },
  { header: 'Taxa de conversão (%)', kind: 'percent', value: (m) => m.conversion_rate },
  { header: 'Vendas (R$)', kind: 'money', value: (m) => m.income },
  { header: 'Investimento (R$)', kind: 'money', value: (m) => m.total_spent },
  { header: 'CPC médio (R$)', kind: 'money', value: (m) => m.avg_cpc },
  { header: 'eCPM (R$)', kind: 'money', value: (m) => m.ecpm },
  { header: 'CPA (R$)', kind: 'money', value: (m) => m.cpa },
  { header: 'ROAS', kind: 'decimal', value: (m) => m.roas },
  { header: 'ACoS (%)', kind: 'percent', value: (m) => m.adcost },
];
const withMetrics = <T extends Metrics>(columns: Array<Column<T>>): Array<Column<T>> => [...columns, ...(METRICS as Array<Column<T>>)];
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

type Query = z.output<typeof RmReportDownloadQuery>;

/** The table of each report as its screen shows it (days, hours of the day, campaigns, placements, every ad). */
async function build(reports: RmReportsService, report: RmReportKind, caller: RmCaller, q: Query): Promise<{ start: string; end: string; table: Table }> {
  const done = (r: { start_date: string; end_date: string }, table: Table) => ({ start: r.start_date, end: r.end_date, table });
  switch (report) {
    case 'overview': {
      const r = await reports.overview(caller, q);
      return done(r, tableOf('Visão geral', withMetrics<Report<'overview'>['days'][number]>([{ header: 'Data', kind: 'date', value: (d) => d.date }]), r.days));
    }
    case 'hour_overview': {
      const r = await reports.hourOverview(caller, q);
      return done(r, tableOf('Por hora', withMetrics<Report<'hourOverview'>['hours'][number]>([{ header: 'Hora', kind: 'text', value: (h) => hourLabel(h.hour) }]), r.hours));
    }
    case 'advertisers': {
      const r = await reports.advertisers(caller, q);
      return done(
        r,
        tableOf(
          'Anunciantes',
          withMetrics<Report<'advertisers'>['rows'][number]>([
            { header: 'ID', kind: 'int', value: (a) => a.advertiser_id },
            { header: 'Anunciante', kind: 'text', value: (a) => a.advertiser_name },
            { header: 'Campanhas ativas', kind: 'int', value: (a) => a.active_campaigns },
            { header: 'Saldo da carteira (R$)', kind: 'money', value: (a) => a.wallet_balance ?? null },
          ]),
          r.rows,
        ),
      );
    }
    case 'advertisers_state': {
      const r = await reports.advertisersState(caller, q);
      return done(
        r,
        tableOf(
          'Situação do anunciante',
          withMetrics<Report<'advertisersState'>['campaigns'][number]>([
            { header: 'ID', kind: 'int', value: (c) => c.campaign_id },
            { header: 'Campanha', kind: 'text', value: (c) => c.name },
            { header: 'Publisher', kind: 'text', value: (c) => c.publisher_name },
            { header: 'Formato', kind: 'text', value: (c) => AD_TYPE[c.ad_type] },
            { header: 'Status', kind: 'text', value: (c) => STATUS[c.status] },
            { header: 'Orçamento diário (R$)', kind: 'money', value: (c) => c.daily_budget },
            { header: 'Orçamento total (R$)', kind: 'money', value: (c) => c.total_budget ?? null },
            { header: 'Gasto hoje (R$)', kind: 'money', value: (c) => c.spent_today },
            { header: 'Orçamento consumido (R$)', kind: 'money', value: (c) => c.consumed_budget },
            { header: 'Em veiculação', kind: 'text', value: (c) => (c.serving ? 'Sim' : 'Não') },
            { header: 'Bloqueada por', kind: 'text', value: (c) => (c.blocked_by ? BLOCK[c.blocked_by]! : '') },
          ]),
          r.campaigns,
        ),
      );
    }
    case 'opportunity_cost': {
      const r = await reports.opportunityCost(caller, q);
      return done(
        r,
        tableOf<Report<'opportunityCost'>['rows'][number]>(
          'Custo de oportunidade',
          [
            { header: 'Posição', kind: 'text', value: (o) => o.placement },
            { header: 'Contexto', kind: 'text', value: (o) => o.context },
            { header: 'Solicitações', kind: 'int', value: (o) => o.requests },
            { header: 'Preenchidas', kind: 'int', value: (o) => o.filled },
            { header: 'Não preenchidas', kind: 'int', value: (o) => o.unfilled },
            { header: 'Taxa de preenchimento (%)', kind: 'percent', value: (o) => o.fill_rate },
            { header: 'Anúncios pedidos', kind: 'int', value: (o) => o.ads_requested },
            { header: 'Anúncios servidos', kind: 'int', value: (o) => o.ads_returned },
            { header: 'Receita (R$)', kind: 'money', value: (o) => o.revenue },
            { header: 'Receita potencial (R$)', kind: 'money', value: (o) => o.potential_revenue },
          ],
          r.rows,
        ),
      );
    }
    case 'daily_consolidation': {
      const r = await reports.dailyConsolidation(caller, q);
      return done(
        r,
        tableOf(
          'Consolidado diário',
          withMetrics<Report<'dailyConsolidation'>['rows'][number]>([
            { header: 'Data', kind: 'date', value: (d) => d.date },
            { header: 'Publisher', kind: 'text', value: (d) => d.publisher_name },
            { header: 'Anunciante', kind: 'text', value: (d) => d.advertiser_name },
          ]),
          r.rows,
        ),
      );
    }
    case 'ads': {
      const r = await reports.ads(caller, { ...q, page: 1, quantity: 1, order_by: 'total_spent', order_direction: 'desc' }, true);
      return done(
        r,
        tableOf(
          'Anúncios',
          withMetrics<Report<'ads'>['data'][number]>([
            { header: 'ID', kind: 'int', value: (a) => a.ad_id },
            { header: 'Anúncio', kind: 'text', value: (a) => a.ad_name },
            { header: 'Formato', kind: 'text', value: (a) => AD_TYPE[a.ad_type] },
            { header: 'Campanha', kind: 'text', value: (a) => a.campaign_name },
            { header: 'Anunciante', kind: 'text', value: (a) => a.advertiser_name },
            { header: 'Publisher', kind: 'text', value: (a) => a.publisher_name },
          ]),
          r.data,
        ),
      );
    }
  }
}

const CONTENT_TYPE: Record<RmReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A report as a file: the same filters and scope as its screen. */
export function createRmReportDownloads(reports: RmReportsService) {
  return {
    async download(caller: RmCaller, report: RmReportKind, q: Query) {
      const { start, end, table } = await build(reports, report, caller, q);
      return {
        filename: `relatorio-${report}-${start}-${end}.${q.format}`,
        contentType: CONTENT_TYPE[q.format],
        body: q.format === 'csv' ? toCsv(table) : await toXlsx(table),
      };
    },
  };
}

export type RmReportDownloads = ReturnType<typeof createRmReportDownloads>;
