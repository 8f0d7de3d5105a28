const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** 0.875 → "87,5%"; none → "—". */
export const formatRate = (rate: number | null) => (rate === null ? '—' : percent.format(rate));
/** 42.5 → "42,5 min"; none → "—". */
export const formatMinutes = (minutes: number | null) => (minutes === null ? '—' : `${decimal.format(minutes)} min`);
/** 3.2 → "3,2 km". */
export const formatKm = (km: number) => `${decimal.format(km)} km`;
/** A rate as percentage points for a chart axis (0.875 → 87.5); none stays none (a gap in the line). */
export const ratePoints = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);
export const formatPoints = (value: number) => decimal.format(value);
