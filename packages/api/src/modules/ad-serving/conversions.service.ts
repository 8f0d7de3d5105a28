import { toCents, type ConversionAccepted, type ConversionBody } from '@backoffice/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { translate, type Lang } from '../../i18n/messages.ts';
import { identifiersOf, recordIdentities, screenHashes, type IgnoredReason } from './identities.ts';

/** One line of an order as stored in rm_conversions.items (unit prices in cents; the site's ids as it sent them). */
export interface StoredItem {
  sku: string;
  seller_id: string | number | null;
  product_id: string | number | null;
  quantity: number;
  price_cents: number;
  promotional_price_cents: number | null;
}

/** What the buyer paid per unit: the promotional price when there is one. */
export const paidCents = (item: Pick<StoredItem, 'price_cents' | 'promotional_price_cents'>) => item.promotional_price_cents ?? item.price_cents;

export const storedItems = (items: ConversionBody['items']): StoredItem[] =>
  items.map((i) => ({
    sku: i.sku,
    seller_id: i.seller_id ?? null,
    product_id: i.product_id ?? null,
    quantity: i.quantity,
    price_cents: toCents(i.price),
    promotional_price_cents: i.promotional_price == null ? null : toCents(i.promotional_price),
  }));

/** Whether a publisher takes conversions: it exists and has retail media (publisher or both). */
export interface ActivePublishers {
  isActive(publisherId: number): Promise<boolean>;
}

const IGNORED_MESSAGES: Record<IgnoredReason, 'CONVERSION_HASH_NOT_SHA256' | 'CONVERSION_HASH_OF_EMPTY'> = {
  not_sha256: 'CONVERSION_HASH_NOT_SHA256',
  hash_of_empty: 'CONVERSION_HASH_OF_EMPTY',
};

/** Linking may wait for an attribution of the linked people in progress (their locks). */
const LINK_TX_OPTIONS = { maxWait: 5_000, timeout: 15_000 } as const;

export interface ConversionsDeps {
  db: Db;
  /** The app's clock: `received_at` is compared with the event consumer's drain start, on the same clock. */
  now?: () => Date;
  /** Which publishers exist with active retail media: the public endpoints' gate (publisher-gate.ts). */
  publishers: ActivePublishers;
}

/**
 * Orders reported by a publisher's site: stored once per (publisher, order_id), with the buyer's
 * hashed identifiers (SHA-256 only) linking its user ids across channels, and attributed later by
 * the event consumer (attribution.ts).
 */
export function createConversionsService({ db, now = () => new Date(), publishers }: ConversionsDeps) {
  return {
    /**
     * Stores the order unless it is already known (404 for a publisher without retail media);
     * resolves once the row and its identities are committed. Hashed fields that are not SHA-256
     * are left out of everything and listed in `ignored`, worded in `lang`.
     */
    async record(publisherId: number, body: ConversionBody, lang: Lang = 'pt-BR'): Promise<z.input<typeof ConversionAccepted>> {
      if (!(await publishers.isActive(publisherId))) throw new NotFoundError('PUBLISHER_NOT_FOUND');
      const { stored, ignored } = screenHashes(body);
      const items = storedItems(body.items);
      const total = items.reduce((sum, i) => sum + i.quantity * paidCents(i), 0);
      const receivedAt = now();
      const identifiers = body.user_id ? identifiersOf(stored) : [];
      const insert = (tx: Pick<Db, '$queryRaw'>) => tx.$queryRaw<{ id: bigint }[]>`
        INSERT INTO rm_conversions (publisher_id, order_id, user_id, session_id, ordered_at, items, total_cents, received_at,
                                    channel, brand, gender, uf, city, is_company,
                                    email_hashed, phone_hashed, social_id_hashed, first_name_hashed, last_name_hashed)
        VALUES (${publisherId}, ${body.order_id}, ${body.user_id ?? null}, ${body.session_id ?? null}, ${new Date(body.created_at)},
                ${JSON.stringify(items)}::jsonb, ${BigInt(total)}, ${receivedAt},
                ${body.channel ?? null}, ${body.brand ?? null}, ${body.gender ?? null}, ${body.uf ?? null}, ${body.city ?? null}, ${body.is_company ?? null},
                ${stored.email_hashed ?? null}, ${stored.phone_hashed ?? null}, ${stored.social_id_hashed ?? null},
                ${stored.first_name_hashed ?? null}, ${stored.last_name_hashed ?? null})
        ON CONFLICT (publisher_id, order_id) DO NOTHING
        RETURNING id`;
      // Without identifiers to link, one statement; with them, the order and its identities commit together.
      const inserted =
        identifiers.length === 0
          ? await insert(db)
          : await db.$transaction(async (tx) => {
              const rows = await insert(tx);
              if (rows.length) await recordIdentities(tx, publisherId, body.user_id!, identifiers, receivedAt);
              return rows;
            }, LINK_TX_OPTIONS);
      return {
        accepted: true,
        order_id: body.order_id,
        duplicate: inserted.length === 0,
        ignored: ignored.map(({ field, reason }) => ({ field, message: translate(IGNORED_MESSAGES[reason], lang, { field }) })),
      };
    },

    /**
     * Replaces what an order stored earlier sold (picked lines at delivery; nothing once canceled or
     * refunded) and sends it back to attribution, which takes back its earlier credits in the rollups
     * as it makes the new ones; the same lines again change nothing. False when the publisher has no such order.
     */
    async revise(publisherId: number, orderId: string, sold: ConversionBody['items']): Promise<boolean> {
      const items = storedItems(sold);
      const total = items.reduce((sum, i) => sum + i.quantity * paidCents(i), 0);
      const changed = await db.$executeRaw`
        UPDATE rm_conversions SET items = ${JSON.stringify(items)}::jsonb, total_cents = ${BigInt(total)}, attributed_at = NULL
         WHERE publisher_id = ${publisherId} AND order_id = ${orderId}
           AND items <> ${JSON.stringify(items)}::jsonb`;
      return changed > 0 || (await db.rmConversion.count({ where: { publisherId, orderId } })) > 0;
    },
  };
}

export type ConversionsService = ReturnType<typeof createConversionsService>;
