import { createHash } from 'node:crypto';
import { fromCents, type ConversionBody, type OrderChannel } from '@backoffice/contracts';

/** A line of an order as attribution reads it (amounts in cents). */
export interface SoldLine {
  sku: string;
  quantity: number;
  unitPriceCents: number;
  /** What the line costs after its discounts: the income it brings. */
  totalCents: number;
  pickStatus: string;
  pickedQuantity: number | null;
  substituteSku: string | null;
}

/** The order fields a conversion is made of. */
export interface AttributedOrder {
  number: number;
  channel: OrderChannel;
  externalId: string | null;
  adUserId: string | null;
  adSessionId: string | null;
  customerId: number;
  createdAt: Date;
}

export interface Buyer {
  email: string | null;
  phone: string | null;
  cpf: string | null;
}

/** Channels that are the store's own site: its order id is the one the site reports to `/v1/beacon/conversion` too, so both count once. */
const SITE_CHANNELS: readonly OrderChannel[] = ['vtex', 'magento'];

/** The order's id in attribution: the site's order id for an order of the site, else `pedido-<number>`. */
export const conversionOrderId = (o: Pick<AttributedOrder, 'channel' | 'externalId' | 'number'>) =>
  SITE_CHANNELS.includes(o.channel) && o.externalId ? o.externalId : `pedido-${o.number}`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const digits = (text: string) => text.replace(/\D/g, '');

/**
 * The buyer's identifiers hashed as the conversion API documents them (SHA-256 hex): the e-mail in
 * lower case without spaces, the phone's digits with the country code (E.164 without '+'), the
 * CPF's digits. The raw values never leave this function.
 */
export function hashedBuyer(b: Buyer): Pick<ConversionBody, 'email_hashed' | 'phone_hashed' | 'social_id_hashed'> {
  const email = b.email?.trim().toLowerCase();
  const phone = b.phone ? digits(b.phone) : '';
  const cpf = b.cpf ? digits(b.cpf) : '';
  return {
    email_hashed: email ? sha256(email) : undefined,
    phone_hashed: phone ? sha256(phone) : undefined,
    social_id_hashed: cpf ? sha256(cpf) : undefined,
  };
}

/**
 * The conversion items of these lines: a missing line sold nothing, a substituted one sold its
 * substitute, a picked one its picked quantity. Each line's income is its total to the cent: when
 * the total does not divide by the units, the line is split into units at ⌊total/units⌋ and units
 * at one cent more (same SKU), which add up to it exactly.
 */
export function soldItems(lines: SoldLine[]): ConversionBody['items'] {
  return lines.flatMap((l) => {
    if (l.pickStatus === 'missing') return [];
    const sku = l.pickStatus === 'substituted' && l.substituteSku ? l.substituteSku : l.sku;
    const units = Math.max(1, l.pickedQuantity ?? l.quantity);
    const base = Math.floor(l.totalCents / units);
    const rest = l.totalCents - base * units;
    // Below the list price, the paid price is the promotional one; above it (a weighed line: the list price is per kg), it is the price.
    const item = (quantity: number, paid: number) => ({
      sku,
      seller_id: null,
      product_id: null,
      quantity,
      price: fromCents(Math.max(paid, l.unitPriceCents)),
      promotional_price: paid < l.unitPriceCents ? fromCents(paid) : null,
    });
    return [...(units - rest > 0 ? [item(units - rest, base)] : []), ...(rest > 0 ? [item(rest, base + 1)] : [])];
  });
}

/**
 * The lines less what was refunded of them: the sold lines' totals (a missing line sold nothing)
 * lowered in proportion so that together they drop by exactly `refundedCents` (down to nothing),
 * the cents left by rounding going to the largest remainders.
 */
export function lessRefunded(lines: SoldLine[], refundedCents: number): SoldLine[] {
  const sold = lines.map((l) => (l.pickStatus === 'missing' ? 0 : l.totalCents));
  const total = sold.reduce((a, b) => a + b, 0);
  if (refundedCents <= 0 || total <= 0) return lines;
  const kept = Math.max(0, total - refundedCents);
  const shares = sold.map((cents) => (cents * kept) / total);
  const floors = shares.map(Math.floor);
  let rest = kept - floors.reduce((a, b) => a + b, 0);
  const byRemainder = shares.map((s, i) => [s - floors[i]!, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (rest <= 0) break;
    floors[i]!++;
    rest--;
  }
  return lines.map((l, i) => (l.pickStatus === 'missing' ? l : { ...l, totalCents: floors[i]! }));
}

/**
 * The order as `POST /v1/beacon/conversion` takes it: the buyer is the site's user (or session)
 * the order was placed with, else the customer (`cliente-<id>`), linked to the site's users by the
 * hashed e-mail, phone and CPF.
 */
export function conversionOf(o: AttributedOrder, buyer: Buyer, lines: SoldLine[]): ConversionBody {
  const user = o.adUserId ?? (o.adSessionId ? undefined : `cliente-${o.customerId}`);
  return {
    order_id: conversionOrderId(o),
    user_id: user,
    session_id: o.adSessionId ?? undefined,
    created_at: o.createdAt.toISOString(),
    channel: o.channel,
    items: soldItems(lines),
    ...(user ? hashedBuyer(buyer) : {}),
  };
}
