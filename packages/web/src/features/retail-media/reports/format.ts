import type { MantineColor } from '@mantine/core';
import type { CampaignAdType, CampaignStatus, RmaContext, RmReportKind } from '@backoffice/contracts';
import { RMA_CONTEXTS } from '@backoffice/contracts';
import { formatInt, formatMoney } from '../../../shared/ui/format';
import { t } from '../../../i18n';

export { formatInt, formatMoney };

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A ratio (0.0123) as "1,23%". */
export const formatPercent = (ratio: number) => percent.format(ratio);
/** Return on ad spend as "2,50x". */
export const formatRoas = (roas: number) => `${decimal.format(roas)}x`;

/** A YYYY-MM-DD day as dd/mm/aaaa. */
export function formatDate(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** An hour of the day as "08h". */
export const formatHour = (hour: number) => t('rmReports.hour.label', { hour: String(hour).padStart(2, '0') });

export const reportLabel = (report: RmReportKind) => t(`rmReports.nav.${report}`);
export const adTypeLabel = (type: CampaignAdType) => t(`rmCampaigns.types.${type}`);
export const statusLabel = (status: CampaignStatus) => t(`rmCampaigns.status.${status}`);

/** The decision API's contexts by their pt-BR names; anything else as it came. */
export const contextLabel = (context: string) => ((RMA_CONTEXTS as readonly string[]).includes(context) ? t(`rmReports.contexts.${context as RmaContext}`) : context);

export const STATUS_COLORS: Record<CampaignStatus, MantineColor> = {
  active: 'green',
  scheduled: 'blue',
  paused: 'yellow',
  finished: 'gray',
  canceled: 'red',
};
