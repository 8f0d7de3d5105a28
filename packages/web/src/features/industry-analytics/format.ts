import type { MantineColor } from '@mantine/core';
import { formatMoney } from '../../shared/ui/format';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** 1.3456 → "1,35" (frequencies, units per purchase); "—" when not measured. */
export const formatRatio = (value: number | null) => (value === null ? '—' : decimal.format(value));
/** Reais, or "—" when not measured. */
export const formatMaybeMoney = (value: number | null) => (value === null ? '—' : formatMoney(value));
/** Beyond a year of coverage the exact figure says nothing more. */
export const COVERAGE_CAP = 365;
/** Coverage in days: "4,5 dias", "1 dia", "38 dias" (whole from 10 up), "> 365 dias"; null (nothing sold in the period) as "—". */
export function formatDays(days: number | null) {
  if (days === null) return '—';
  if (days > COVERAGE_CAP) return `> ${COVERAGE_CAP} dias`;
  const shown = days >= 10 ? Math.round(days) : days;
  return `${oneDecimal.format(shown)} ${shown === 1 ? 'dia' : 'dias'}`;
}

/** Below this many days of coverage the stock is critical (red); below COVERAGE_LOW, low (yellow). */
export const COVERAGE_CRITICAL = 3;
export const COVERAGE_LOW = 7;
export type CoverageLevel = 'critical' | 'low' | 'ok' | 'unknown';
export const coverageLevel = (days: number | null): CoverageLevel =>
  days === null ? 'unknown' : days < COVERAGE_CRITICAL ? 'critical' : days < COVERAGE_LOW ? 'low' : 'ok';
export const COVERAGE_COLORS: Record<CoverageLevel, MantineColor> = { critical: 'red', low: 'yellow', ok: 'teal', unknown: 'gray' };
