import { t } from '../../i18n';
import { SAO_PAULO_TZ } from '../../shared/ui/sao-paulo-time';

const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO_TZ, dateStyle: 'short', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('pt-BR', { timeZone: SAO_PAULO_TZ, dateStyle: 'short' });

/** A moment as São Paulo shows it: "23/11/2026, 00:00". */
export const formatSpDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatSpDate = (iso: string) => date.format(new Date(iso));

/** "23/11/2026 – 29/11/2026" for the list. */
export const formatPeriodDates = (start: string, end: string) => `${formatSpDate(start)} – ${formatSpDate(end)}`;

/** The stores of a flyer: "Todas as lojas", up to two names and "+N", or how many when names are unknown. */
export function formatStores(ids: number[], names?: Map<number, string>, shown = 2): string {
  if (ids.length === 0) return t('flyers.allStores');
  if (names && ids.every((id) => names.has(id))) {
    const listed = ids.slice(0, shown).map((id) => names.get(id)).join(', ');
    return ids.length > shown ? `${listed} ${t('flyers.moreStores', { count: ids.length - shown })}` : listed;
  }
  return ids.length === 1 ? t('flyers.oneStore') : t('flyers.storesCount', { count: ids.length });
}
