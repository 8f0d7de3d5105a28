import type { z } from 'zod';
import { fromCents, type PublicCart } from '@backoffice/contracts';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/queue.ts';
import { translate, type Lang } from '../../i18n/messages.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import type { CartCatalog } from './shopping-carts.service.ts';
import { LINK_SENDABLE } from './cart-status.ts';
import type { CartTokens } from './cart-token.ts';
import type { CartLinks } from './cart-view.ts';
import type { CartRow, ShoppingCartsRepo } from './shopping-carts.repo.ts';

interface Deps {
  repo: ShoppingCartsRepo;
  catalog: Pick<CartCatalog, 'offersFor'>;
  messaging: Pick<MessagingService, 'record' | 'deliver' | 'latestFor'>;
  queue: JobQueue;
  tokens: CartTokens;
  /** Where the public SPA lives: links are `${appUrl}/carrinho/${token}`. */
  appUrl: string;
  clock?: () => Date;
}

/** The message of a cart version: resending the same version is the same message. */
export const linkDedupKey = (cartId: number, version: number) => `shopping_cart:${cartId}:v${version}`;
/** One send job per cart version (BullMQ ids take no colon). */
export const linkJobId = (cartId: number, version: number) => `cart-link-${cartId}-v${version}`;

const brl = (cents: number | bigint) => `R$ ${fromCents(cents).toFixed(2).replace('.', ',')}`;
const withQuery = (url: string, key: string, value: string) => `${url}${url.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;

/** The checkout link a customer receives, its delivery by the messaging provider, and the public page behind it. */
export function createCartLinksService({ repo, catalog, messaging, queue, tokens, appUrl, clock = () => new Date() }: Deps) {
  const urls = (token: string, checkoutLink: string | null): CartLinks => ({
    link: `${appUrl}/carrinho/${token}`,
    checkoutUrl: checkoutLink ? withQuery(checkoutLink, 'cart', token) : null,
  });

  /** The cart behind a token: signed by us, of an existing cart of that account, not cancelled. */
  async function byToken(token: string) {
    const payload = tokens.verify(token);
    const row = payload && (await repo.find(payload.accountId, payload.cartId));
    if (!row || row.status === 'deleted' || payload.version > row.version) throw new NotFoundError('CART_NOT_FOUND');
    const account = (await repo.account(row.accountId))!;
    return { row, account };
  }

  return {
    /** The cart's link and checkout address for its current version. */
    async linksOf(row: Pick<CartRow, 'id' | 'accountId' | 'version'>): Promise<CartLinks> {
      const account = await repo.account(row.accountId);
      return urls(tokens.sign({ cartId: row.id, accountId: row.accountId, version: row.version }), account?.checkoutLink ?? null);
    },

    /**
     * Records the link message for the cart's version (once: the same version is the same message)
     * and queues its send; the job marks the cart link_sent.
     */
    async queueSend(row: CartRow, lang: Lang) {
      if (!LINK_SENDABLE.includes(row.status)) throw new ConflictError('CART_SEND_NOT_APPROVED', { status: translate(`CART_STATUS_${row.status}`, lang) });
      if (!row.customer.phone) throw new BusinessRuleError('CART_CUSTOMER_NO_PHONE');
      const account = (await repo.account(row.accountId))!;
      const { link } = urls(tokens.sign({ cartId: row.id, accountId: row.accountId, version: row.version }), account.checkoutLink);
      // The customer reads it in Portuguese, whatever the attendant's language.
      const body = translate('CART_LINK_TEXT', 'pt-BR', { name: row.customer.name.split(' ')[0]!, store: account.name, total: brl(row.totalCents), link });
      await messaging.record({
        accountId: row.accountId,
        to: row.customer.phone,
        body,
        subjectType: 'shopping_cart',
        subjectId: row.id,
        dedupKey: linkDedupKey(row.id, row.version),
      });
      await queue.add('cart.send-link', { accountId: row.accountId, cartId: row.id, version: row.version }, { jobId: linkJobId(row.id, row.version), attempts: 5 });
    },

    /** The `cart.send-link` job: sends the version's message (once) and marks the cart link_sent. */
    async deliver({ accountId, cartId, version }: { accountId: number; cartId: number; version: number }) {
      const message = (await messaging.latestFor(accountId, 'shopping_cart', [cartId])).get(cartId);
      // A newer version's message replaced this one: its own job sends it.
      if (!message || message.dedupKey !== linkDedupKey(cartId, version)) return;
      const sent = await messaging.deliver(message.id);
      await repo.markLinkSent(accountId, cartId, sent?.sentAt ?? clock());
    },

    /** The customer's read-only view; the first visit marks a sent cart opened. */
    async publicCart(token: string): Promise<z.input<typeof PublicCart>> {
      const { row, account } = await byToken(token);
      if (row.status === 'link_sent') {
        await repo.markOpened(row.accountId, row.id, clock());
        row.status = 'opened';
      }
      const confirmed = row.items.filter((i) => i.status === 'confirmed' && i.productId !== null);
      const offers = new Map((await catalog.offersFor(row.accountId, row.location.id, confirmed.map((i) => i.productId!))).map((o) => [o.productId, o]));
      return {
        id: row.id,
        status: row.status,
        customer_name: row.customer.name.split(' ')[0]!,
        store: { name: row.location.name },
        account: { name: account.name, logo: account.logoUrl, header_color: account.headerColor },
        items: confirmed.map((i) => {
          const o = offers.get(i.productId!);
          return {
            name: o?.name ?? i.product?.name ?? i.query,
            quantity: i.quantity,
            unit_measurement: i.unitMeasurement,
            size_pack: o?.sizePack ?? null,
            weight_per_unit: o?.weightPerUnit ?? null,
            asset: o?.imageUrl ?? null,
            price: fromCents(i.unitPriceCents),
            sub_total: fromCents(i.subTotalCents),
            discount: fromCents(i.discountCents),
            total: fromCents(i.subTotalCents - i.discountCents),
          };
        }),
        sub_total: fromCents(row.subTotalCents),
        discount: fromCents(row.discountCents),
        total: fromCents(row.totalCents),
        coupon_code: row.couponCode,
        checkout_url: urls(token, account.checkoutLink).checkoutUrl,
        converted: row.convertedAt !== null,
        updated_at: row.updatedAt.toISOString(),
      };
    },

    /** "Finalizar compra": records the conversion and answers where the store's checkout is. */
    async checkout(token: string) {
      const { row, account } = await byToken(token);
      const { checkoutUrl } = urls(token, account.checkoutLink);
      if (!checkoutUrl) throw new BusinessRuleError('CART_NO_CHECKOUT_LINK');
      await repo.markConverted(row.accountId, row.id, clock());
      return { checkout_url: checkoutUrl };
    },
  };
}
export type CartLinksService = ReturnType<typeof createCartLinksService>;
