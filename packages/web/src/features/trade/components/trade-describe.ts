import type { TradeAgreement } from '../api';
import { formatMoney } from '../../../shared/ui/format';

const day = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** A YYYY-MM-DD business day as DD/MM/YYYY. */
export const formatDate = (date: string) => day.format(new Date(`${date}T12:00:00Z`));

/** "01/12/2026 – 15/12/2026". */
export const formatPeriod = (a: { start_date: string; end_date: string }) => `${formatDate(a.start_date)} – ${formatDate(a.end_date)}`;

/** The party on the other side of the agreement from the current account. */
export const otherParty = (a: Pick<TradeAgreement, 'my_side' | 'brand' | 'retailer'>) => (a.my_side === 'brand' ? a.retailer : a.brand);

export const formatInvestment = (value: number) => formatMoney(value);
