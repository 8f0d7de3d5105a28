import type { MessagingAudienceType } from '@backoffice/contracts';
import { isoToDateHour } from '../../shared/ui/sao-paulo-time';
import type { MessagingCampaign } from './api';
import { t, tn } from '../../i18n';

const dayFormat = (iso: string) => {
  const { date, hour } = isoToDateHour(iso);
  const [y, m, d] = date.split('-');
  return { day: `${d}/${m}/${y}`, hour };
};

/** "23/11/2026 00:00" in São Paulo time. */
export function formatSpDateTime(iso: string): string {
  const { day, hour } = dayFormat(iso);
  return `${day} ${hour}`;
}

/** "23/11/2026 – 29/11/2026" (São Paulo days). */
export const formatPeriodDates = (start: string, end: string) => `${dayFormat(start).day} – ${dayFormat(end).day}`;

/** The audience in a line: "Etiquetas: vip, churrasco", "Lista de 12 clientes"… */
export function describeAudience(audience: MessagingCampaign['audience'], storeNames?: Map<number, string>, locationIds: number[] = []): string {
  const type: MessagingAudienceType = audience.type;
  switch (type) {
    case 'all':
      return t('messagingCampaigns.audience.describe.all');
    case 'tags':
      return t('messagingCampaigns.audience.describe.tags', { tags: audience.tags.join(', ') });
    case 'stores':
      return t('messagingCampaigns.audience.describe.stores', { stores: locationIds.map((id) => storeNames?.get(id) ?? `#${id}`).join(', ') });
    case 'list':
      return tn('messagingCampaigns.audience.describe.list', audience.customer_ids.length + audience.phones.length, { count: audience.customer_ids.length + audience.phones.length });
    case 'product':
      return tn('messagingCampaigns.audience.describe.product', audience.product_ids.length, { count: audience.product_ids.length });
  }
}

/** The campaign's stores: "Todas as lojas" when none is chosen. */
export function formatStores(ids: number[], names?: Map<number, string>): string {
  if (ids.length === 0) return t('messagingCampaigns.allStores');
  return ids.map((id) => names?.get(id) ?? `#${id}`).join(', ');
}
