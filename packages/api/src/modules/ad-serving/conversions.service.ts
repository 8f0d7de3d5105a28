import { toCents, type ConversionAccepted, type ConversionBody } from '@backoffice/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';

/** One line of an order as stored in rm_conversions.items (money in cents). */
export interface StoredItem {
  sku: string;
  quantity: number;
  price_cents: number;
  promotional_price_cents: number | null;
}

/** What the buyer paid per unit: the promotional price when there is one. */
export const paidCents = (item: StoredItem) => item.promotional_price_cents ?? item.price_cents;

export const storedItems = (items: ConversionBody['items']): StoredItem[] =>
  items.map((i) => ({
    sku: i.sku,
    quantity: i.quantity,
    price_cents: toCents(i.price),
    promotional_price_cents: i.promotional_price == null ? null : toCents(i.promotional_price),
  }));

export interface ConversionsDeps {
  db: Db;
  /** The app's clock: `received_at` is compared with the event consumer's drain start, on the same clock. */
  now?: () => Date;
}

/**
 * Orders reported by a publisher's site: stored once per (publisher, order_id) and attributed
 * later by the event consumer (attribution.ts).
 */
export function createConversionsService({ db, now = () => new Date() }: ConversionsDeps) {
  return {
    /** Stores the order unless it is already known; resolves once the row is committed. */
    async record(publisherId: number, body: ConversionBody): Promise<z.input<typeof ConversionAccepted>> {
      const items = storedItems(body.items);
      const total = items.reduce((sum, i) => sum + i.quantity * paidCents(i), 0);
      const inserted = await db.$queryRaw<{ id: bigint }[]>`
        INSERT INTO rm_conversions (publisher_id, order_id, user_id, session_id, ordered_at, items, total_cents, received_at)
        VALUES (${publisherId}, ${body.order_id}, ${body.user_id ?? null}, ${body.session_id ?? null}, ${new Date(body.created_at)},
                ${JSON.stringify(items)}::jsonb, ${BigInt(total)}, ${now()})
        ON CONFLICT (publisher_id, order_id) DO NOTHING
        RETURNING id`;
      return { accepted: true, order_id: body.order_id, duplicate: inserted.length === 0 };
    },
  };
}

export type ConversionsService = ReturnType<typeof createConversionsService>;
