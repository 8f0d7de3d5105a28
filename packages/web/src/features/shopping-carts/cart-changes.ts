import type { paths } from '../../shared/api/schema';

type UpdateBody = paths['/api/shopping-cart/{cart_id}']['put']['requestBody']['content']['application/json'];

/** One change the attendant makes in the review; each is one PUT and the cart comes back re-priced. */
export type CartChange =
  | { kind: 'quantity'; itemId: number; quantity: number }
  | { kind: 'choose'; itemId: number; productId: number }
  | { kind: 'remove'; itemId: number }
  | { kind: 'add'; productId: number; quantity: number }
  | { kind: 'addText'; text: string }
  | { kind: 'coupon'; code: string | null };

/**
 * The PUT /api/shopping-cart/{cart_id} body of a change, with the version the screen shows: a cart
 * changed meanwhile (another tab, another attendant) is refused with a 409 instead of overwritten.
 */
export function toUpdateBody(change: CartChange, version: number): UpdateBody {
  switch (change.kind) {
    case 'quantity':
      return { version, operations: [{ op: 'set_quantity', item_id: change.itemId, quantity: change.quantity }] };
    case 'choose':
      return { version, operations: [{ op: 'choose_product', item_id: change.itemId, product_id: change.productId }] };
    case 'remove':
      return { version, operations: [{ op: 'remove', item_id: change.itemId }] };
    case 'add':
      return { version, operations: [{ op: 'add', product_id: change.productId, quantity: change.quantity }] };
    case 'addText':
      return { version, operations: [{ op: 'add', text: change.text }] };
    case 'coupon':
      return { version, operations: [], coupon_code: change.code };
  }
}
