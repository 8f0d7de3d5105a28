const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** 0.6667 → "66,7%". */
export const formatRate = (rate: number) => percent.format(rate);
/** A rate as percentage points for a chart axis (0.6667 → 66.7). */
export const ratePoints = (rate: number) => Math.round(rate * 1000) / 10;
/** 22.5 → "22,5". */
export const formatDecimal = (value: number) => decimal.format(value);
/** Minutes as "22,5 min" ("< 1 min" under 3 seconds), or "—" when nothing was measured. */
export const formatMinutes = (value: number | null) => (value === null ? '—' : value === 0 ? '< 1 min' : `${decimal.format(value)} min`);
/** Lines per hour as "6,7", or "—" when no time was measured. */
export const formatPerHour = (value: number | null) => (value === null ? '—' : decimal.format(value));
