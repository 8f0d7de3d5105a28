const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** 0.6667 → "66,7%". */
export const formatRate = (rate: number) => percent.format(rate);
/** A rate as percentage points for a chart axis (0.6667 → 66.7). */
export const ratePoints = (rate: number) => Math.round(rate * 1000) / 10;
/** 66.7 → "66,7". */
export const formatPoints = (value: number) => decimal.format(value);
