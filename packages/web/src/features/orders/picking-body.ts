import type { PickItemsBody } from './api';
import type { OrderItem } from './types';

/** A product of the store the picker chose (a substitute or an added line). */
export interface PickProduct {
  id: number;
  sku: string;
  name: string;
  unit_measurement: string;
  price: number | null;
}

/** How the picker marked a line in the panel, before it is sent. */
export type PickDecision =
  | { status: 'picked'; quantity: number | null; weight: number | null }
  | { status: 'missing' }
  | { status: 'substituted'; product: PickProduct | null; accepted: boolean; quantity: number | null; weight: number | null };

/** A line the picker includes (the customer asked for one more product). */
export interface AddedLine {
  product: PickProduct;
  quantity: number;
  weight: number | null;
}

export const isWeighed = (unit: string) => unit === 'kg';

const positive = (v: number | null): v is number => v !== null && Number.isFinite(v) && v > 0;

/**
 * The body of POST /api/order/items/{id} (contracts PickItemsBody): a weighed line carries the
 * weight read on the scale, a counted one its quantity only when it differs from what was ordered;
 * a substitution names its product and the customer's acceptance (a line still without its
 * substitute is not sent: `readyToSend` keeps the panel from sending it).
 */
export function pickBody(items: OrderItem[], decisions: ReadonlyMap<number, PickDecision>, added: readonly AddedLine[], operatorId: number | null): PickItemsBody {
  const lines: PickItemsBody['items'] = [];
  for (const item of items) {
    const d = decisions.get(item.id);
    if (!d) continue;
    if (d.status === 'missing') lines.push({ item_id: item.id, status: 'missing' });
    else if (d.status === 'picked') {
      const line: PickItemsBody['items'][number] = { item_id: item.id, status: 'picked' };
      if (isWeighed(item.unit_measurement)) {
        if (positive(d.weight)) line.weight = d.weight;
      } else if (positive(d.quantity) && d.quantity !== item.quantity) line.quantity = d.quantity;
      lines.push(line);
    } else if (d.product) {
      const substitute: NonNullable<PickItemsBody['items'][number]['substitute']> = { product_id: d.product.id, accepted: d.accepted };
      if (isWeighed(d.product.unit_measurement)) {
        if (positive(d.weight)) substitute.weight = d.weight;
      } else if (positive(d.quantity)) substitute.quantity = d.quantity;
      lines.push({ item_id: item.id, status: 'substituted', substitute });
    }
  }
  const add = added.map((a) => {
    const line: PickItemsBody['add'][number] = { product_id: a.product.id, quantity: a.quantity };
    if (isWeighed(a.product.unit_measurement) && positive(a.weight)) line.weight = a.weight;
    return line;
  });
  return { items: lines, add, ...(operatorId !== null ? { operator_id: operatorId } : {}) };
}

/** How many lines of each kind the panel will send: the confirmation's summary. */
export function pickCounts(decisions: ReadonlyMap<number, PickDecision>, added: readonly AddedLine[]) {
  const counts = { picked: 0, substituted: 0, missing: 0, added: added.length };
  for (const d of decisions.values()) counts[d.status] += 1;
  return counts;
}

/** Whether every marked line is complete: a substitution needs its product and the customer's acceptance. */
export function readyToSend(decisions: ReadonlyMap<number, PickDecision>, added: readonly AddedLine[]) {
  const values = [...decisions.values()];
  if (!values.length && !added.length) return false;
  return values.every((d) => d.status !== 'substituted' || (d.product !== null && d.accepted));
}
