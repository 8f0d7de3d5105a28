import type { MantineColor } from '@mantine/core';
import type { CampaignAdType, CampaignGoalKey, CampaignStatus, CampaignStrategyType, CampaignTargetingType } from '@backoffice/contracts';
import { formatInt, formatMoney } from '../../../shared/ui/format';
import { t } from '../../../i18n';

export const STATUS_COLORS: Record<CampaignStatus, MantineColor> = {
  active: 'green',
  scheduled: 'blue',
  paused: 'yellow',
  finished: 'gray',
  canceled: 'red',
};

/** Spec labels: Ativa, Agendada, Pausada, Encerrada, Cancelada. */
export const statusLabel = (status: CampaignStatus) => t(`rmCampaigns.status.${status}`);
export const typeLabel = (type: CampaignAdType) => t(`rmCampaigns.types.${type}`);
export const targetingLabel = (targeting: CampaignTargetingType) => t(`rmCampaigns.targeting.${targeting}`);
export const strategyLabel = (strategy: CampaignStrategyType) => t(`rmCampaigns.strategy.${strategy}`);
export const goalLabel = (goal: CampaignGoalKey) => t(`rmCampaigns.goals.${goal}`);

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A ratio (0.0123) as "1,23%". */
export const formatPercent = (ratio: number) => percent.format(ratio);
/** Return on ad spend as "2,50x". */
export const formatRoas = (roas: number) => `${decimal.format(roas)}x`;
export { formatInt, formatMoney };

/** A YYYY-MM-DD day as dd/mm/aaaa. */
export function formatDate(day: string): string {
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** "01/12/2026 – 31/12/2026", or from the start with "Sempre ativa" when there is no end. */
export function describePeriod(c: { start_at: string; end_at: string | null }): string {
  return c.end_at
    ? t('rmCampaigns.period.range', { start: formatDate(c.start_at), end: formatDate(c.end_at) })
    : t('rmCampaigns.period.alwaysOnFrom', { start: formatDate(c.start_at) });
}

/** dd/mm/aaaa (or YYYY-MM-DD) typed in a date field, as YYYY-MM-DD; null when it is no real day. */
export function parseBrDate(text: string): string | null {
  const trimmed = text.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [y, m, d] = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const value = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const probe = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(probe.getTime()) && probe.toISOString().startsWith(value) ? value : null;
}
