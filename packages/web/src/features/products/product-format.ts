import { formatMoney } from '../../shared/ui/format';
import { t } from '../../i18n';

const UNIT_KEYS = ['un', 'kg', 'g', 'l'] as const;

/** "Unidade · 1 kg": how it is sold and the size printed on the pack. */
export function formatUnit(unit: string, sizePack: string | null | undefined): string {
  const label = (UNIT_KEYS as readonly string[]).includes(unit) ? t(`products.units.${unit}`) : unit;
  return sizePack ? `${label} · ${sizePack}` : label;
}

/** "SKU 123 · GTIN 789…" lines of a product. */
export function formatCodes(sku: string, gtin: string | null | undefined): string[] {
  return [t('products.skuLine', { sku }), ...(gtin ? [t('products.gtinLine', { gtin })] : [])];
}

/** The deepest category, the one people recognise ("Mercearia › Arroz" → "Arroz"), and the full path. */
export function formatCategories(categories: string[]): { last: string | null; path: string } {
  return { last: categories.at(-1) ?? null, path: categories.join(' › ') };
}

export const formatPrice = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatMoney(value));

/** The margin of a sale at `price` of what costs `cost`: (price − cost) ÷ price; null unless both are known and the price is above zero. */
export function productMargin(price: number | null | undefined, cost: number | null | undefined): number | null {
  if (price === null || price === undefined || cost === null || cost === undefined || !(price > 0)) return null;
  return (price - cost) / price;
}

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** "34,7%" (negative when the cost is above the price). */
export const formatMargin = (rate: number) => percent.format(rate);

/** dd/mm/aaaa of an instant, in Brazil's time. */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** "12/11 a 30/11/2026" for a promotion's period (either end may be open). */
export function formatPeriod(start: string | null | undefined, end: string | null | undefined): string | null {
  if (start && end) return t('products.offer.period', { start: formatDay(start), end: formatDay(end) });
  if (end) return t('products.offer.until', { end: formatDay(end) });
  if (start) return t('products.offer.from', { start: formatDay(start) });
  return null;
}

export type AvailabilityState = 'available' | 'out_of_stock' | 'unavailable';

/** What a shopper would see: switched off, on but with no stock, or on sale. */
export function availabilityState(isAvailable: boolean, stock: number): AvailabilityState {
  if (!isAvailable) return 'unavailable';
  return stock > 0 ? 'available' : 'out_of_stock';
}
