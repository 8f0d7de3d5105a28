import { formatMoney } from '../../shared/ui/format';
import { t } from '../../i18n';
import { ITEM_STATUSES, type ItemStatus } from './status';
import type { CartGroups, CartItem, CartProduct } from './types';

const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** The default weight of one unit of a kg product (spec §9). */
export const DEFAULT_WEIGHT_PER_UNIT = 0.5;

/** A weight in kg as people say it: 500 g, 1,5 kg. */
export function formatWeight(kg: number): string {
  return kg < 1 ? `${number.format(Math.round(kg * 1000))} g` : `${number.format(kg)} kg`;
}

const isWeighed = (unit: string) => unit === 'kg';

/**
 * The quantity of a line: packs ("3 un"), or weighed units of `weight_per_unit` kg with the total
 * weight ("4 × 500 g = 2 kg").
 */
export function formatQuantity(line: { quantity: number; unit_measurement: string; weight_per_unit?: number | null }): string {
  if (isWeighed(line.unit_measurement)) {
    const each = line.weight_per_unit || DEFAULT_WEIGHT_PER_UNIT;
    return t('shoppingCarts.quantity.weighed', { quantity: line.quantity, each: formatWeight(each), total: formatWeight(each * line.quantity) });
  }
  return t('shoppingCarts.quantity.units', { quantity: line.quantity });
}

/** The weight per unit of a line's product, for formatQuantity. */
export const lineQuantity = (item: Pick<CartItem, 'quantity' | 'unit_measurement' | 'main_product'>) => ({
  quantity: item.quantity,
  unit_measurement: item.unit_measurement,
  weight_per_unit: item.main_product?.weight_per_unit,
});

/** The price of one cart unit: "R$ 5,49", or for a weighed product "R$ 12,45 / 500 g". */
export function formatUnitPrice(product: Pick<CartProduct, 'price' | 'unit_measurement' | 'weight_per_unit'>): string {
  const price = formatMoney(product.price);
  return isWeighed(product.unit_measurement) ? t('shoppingCarts.perWeighedUnit', { price, each: formatWeight(product.weight_per_unit || DEFAULT_WEIGHT_PER_UNIT) }) : price;
}

/** A product's name with its pack size when the name does not already say it. */
export function productLabel(product: { name: string; size_pack: string | null }): string {
  const size = product.size_pack?.trim();
  return size && !product.name.toLowerCase().includes(size.toLowerCase()) ? `${product.name} ${size}` : product.name;
}

/** Whether a product's promotional price is on now (it has a promotion period that includes now). */
export function onPromotion(product: Pick<CartProduct, 'start_promotion' | 'end_promotion' | 'price' | 'list_price'>, now = Date.now()): boolean {
  if (product.price >= product.list_price) return false;
  const start = product.start_promotion ? Date.parse(product.start_promotion) : -Infinity;
  const end = product.end_promotion ? Date.parse(product.end_promotion) : Infinity;
  return start <= now && now <= end;
}

export interface ItemGroup<T> {
  status: ItemStatus;
  items: T[];
}

/** The review's groups in their fixed order (confirmed, pending, stock_out), empty ones included. */
export function groupItems<T>(groups: Record<ItemStatus, T[]>): ItemGroup<T>[] {
  return ITEM_STATUSES.map((status) => ({ status, items: groups[status] }));
}

export const itemCount = (groups: CartGroups) => ITEM_STATUSES.reduce((n, s) => n + groups[s].length, 0);

/** Lines the attendant must decide before approving: which product a pending line is. */
export const pendingCount = (groups: CartGroups) => groups.pending.length;

/** Count of lines by status (a preview's summary). */
export function countByStatus(lines: ReadonlyArray<{ status: ItemStatus }>): Record<ItemStatus, number> {
  const counts = { confirmed: 0, pending: 0, stock_out: 0 };
  for (const line of lines) counts[line.status] += 1;
  return counts;
}
