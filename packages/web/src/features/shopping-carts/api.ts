import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import { useSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import type { CartsSearch } from './search';
import { toUpdateBody, type CartChange } from './cart-changes';
import type { CartStatus } from './status';
import type { Cart, CartPreview } from './types';

export { storesQuery, type StoreOption } from '../locations/api';

export const useAccountId = () => useSession()?.account.id ?? 0;

/** Keys per account, so another account's carts never show after switching. */
export const cartKeys = {
  all: (accountId: number) => ['account', accountId, 'shopping-carts'] as const,
  lists: (accountId: number) => [...cartKeys.all(accountId), 'list'] as const,
  list: (accountId: number, query: CartsSearch) => [...cartKeys.lists(accountId), query] as const,
  detail: (accountId: number, id: number) => [...cartKeys.all(accountId), 'detail', id] as const,
  preview: (accountId: number, body: PreviewBody) => [...cartKeys.all(accountId), 'preview', body] as const,
  customers: (accountId: number, query: string) => [...cartKeys.all(accountId), 'customers', query] as const,
  customer: (accountId: number, id: number) => [...cartKeys.all(accountId), 'customer', id] as const,
};

// Lists and pages show their own error states: the global toast stays quiet.
export const cartsListQuery = (accountId: number, query: CartsSearch) =>
  queryOptions({
    queryKey: cartKeys.list(accountId, query),
    queryFn: () => unwrap(api.GET('/search/shopping-carts', { params: { query } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const cartQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: cartKeys.detail(accountId, id),
    queryFn: (): Promise<Cart> => unwrap(api.GET('/shopping-cart/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

export interface PreviewBody {
  customer_id: number;
  location_id: number;
  list: string;
}

/** The live resolution of a list as it is typed (nothing saved). */
export const previewQuery = (accountId: number, body: PreviewBody) =>
  queryOptions({
    queryKey: cartKeys.preview(accountId, body),
    queryFn: (): Promise<CartPreview> => unwrap(api.POST('/api/shopping-cart/preview', { body })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { silent: true },
  });

export const customerQuery = (accountId: number, id: number) =>
  queryOptions({
    queryKey: cartKeys.customer(accountId, id),
    queryFn: () => unwrap(api.GET('/api/customer/{id}', { params: { path: { id } } })),
    meta: { silent: true },
  });

export const customersSearchQuery = (accountId: number, query: string) =>
  queryOptions({
    queryKey: cartKeys.customers(accountId, query),
    queryFn: () => unwrap(api.GET('/search/customers', { params: { query: { search: query || undefined, page: 1, quantity: 20 } } })),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** The customer's page behind the link: no session, no account in the key. */
export const publicCartQuery = (token: string) =>
  queryOptions({
    queryKey: ['public-shopping-cart', token] as const,
    queryFn: () => unwrap(api.GET('/public/shopping-cart/{token}', { params: { path: { token } } })),
    retry: false,
    meta: { silent: true },
  });

function useCartCache() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return (cart: Cart) => {
    queryClient.setQueryData(cartKeys.detail(accountId, cart.id), cart);
    return queryClient.invalidateQueries({ queryKey: cartKeys.lists(accountId) });
  };
}

/** Creates the cart from the list; the page goes to its review. */
export function useGenerateCart() {
  const store = useCartCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: PreviewBody & { coupon_code?: string }) => unwrap(api.POST('/api/shopping-cart/generate', { body })),
    onSuccess: (cart) => store(cart),
  });
}

/** One change of the review (quantity, a choice, an added or removed item, the coupon): the API answers the re-priced cart. */
export function useUpdateCart(cart: Pick<Cart, 'id' | 'version'>) {
  const store = useCartCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: (change: CartChange) => unwrap(api.PUT('/api/shopping-cart/{cart_id}', { params: { path: { cart_id: cart.id } }, body: toUpdateBody(change, cart.version) })),
    onSuccess: (cart) => store(cart),
  });
}

/** A state change (spec §4); a refused transition (409) is shown in the server's words by the caller. */
export function useCartStatus(cartId: number) {
  const store = useCartCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: (statusType: CartStatus) => unwrap(api.PUT('/api/shopping-cart/{cart_id}/status', { params: { path: { cart_id: cartId } }, body: { statusType } })),
    // The server's words: "Carrinho cancelado com sucesso", "Carrinho restaurado com sucesso"…
    onSuccess: ({ message, cart }) => {
      notifySuccess(message);
      return store(cart);
    },
  });
}

/** Queues the link's message (202); the cart's link_delivery then says queued → sent or failed. */
export function useSendLink(cartId: number) {
  const store = useCartCache();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => unwrap(api.POST('/api/shopping-cart/send-link/{cart_id}', { params: { path: { cart_id: cartId } } })),
    onSuccess: (cart) => store(cart),
  });
}

/** The customer's "Finalizar compra": the API answers where the checkout is. */
export function usePublicCheckout(token: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: () => unwrap(api.POST('/public/shopping-cart/{token}/checkout', { params: { path: { token } } })),
  });
}
