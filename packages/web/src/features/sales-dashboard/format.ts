const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const points = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

/** Which way a change goes: up, down, flat, or unknown (no comparison, or nothing before). */
export type Trend = 'up' | 'down' | 'flat' | 'none';
export const trendOf = (change: number | null): Trend => (change === null ? 'none' : change > 0 ? 'up' : change < 0 ? 'down' : 'flat');

const ARROWS: Record<Trend, string> = { up: '▲', down: '▼', flat: '=', none: '' };

/** A relative change as "▲ 12,3%" / "▼ 33,3%" / "= 0%", or "—" when there is none. */
export function formatChange(change: number | null): string {
  const trend = trendOf(change);
  return change === null ? '—' : `${ARROWS[trend]} ${percent.format(Math.abs(change))}`;
}

/**
 * A rate's change in percentage points: 0.325 against 0.31 → "▲ 1,5 p.p."; "—" when the API gives no
 * change (no comparison, or a previous rate of 0: nothing with a cost was sold then).
 */
export function formatPointsChange({ value, previous, change }: { value: number; previous: number | null; change: number | null }): { text: string; trend: Trend } {
  if (previous === null || change === null) return { text: '—', trend: 'none' };
  const diff = Math.round((value - previous) * 1000) / 10;
  const trend = trendOf(diff);
  return { text: `${ARROWS[trend]} ${points.format(Math.abs(diff))} p.p.`, trend };
}

/** "05/11/2026" for a YYYY-MM-DD day (read at noon UTC, so no offset moves it). */
export const formatDate = (day: string) => date.format(new Date(`${day}T12:00:00Z`));
