import { t } from '../../i18n';

/** "São Paulo/SP", or what is known of it. */
export function cityState(location: { city: string | null; state: string | null }): string {
  if (location.city && location.state) return `${location.city}/${location.state}`;
  return location.city ?? location.state ?? t('locations.noCity');
}

/** The slots screen of a store opens on the mode it serves: pickup only for pickup-only stores. */
export const slotsMode = (deliveryType: string): 'delivery' | 'pickup' => (deliveryType === 'pickup' ? 'pickup' : 'delivery');
