import { IconShoppingCartOff } from '@tabler/icons-react';
import { ApiError } from '../../shared/api/client';
import { LoadError } from '../../shared/components/load-error';
import { RecordNotFound } from '../../shared/components/not-found';
import { t } from '../../i18n';

/** Spec §8: a cart that cannot be loaded shows the response's error text, or the fixed loading error. */
export function CartLoadError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404)
    return <RecordNotFound icon={<IconShoppingCartOff size={28} />} title={t('shoppingCarts.notFound.title')} text={error.message} backTo="/shopping-carts" backLabel={t('shoppingCarts.backToList')} />;
  const known = error instanceof ApiError && error.code !== 'NETWORK_ERROR' && error.code !== 'HTTP_ERROR';
  return <LoadError m="md" title={t('shoppingCarts.loadCartError')} error={known ? error : new ApiError(0, 'CART_LOAD', t('shoppingCarts.loadCartErrorFixed'))} retrying={retrying} onRetry={onRetry} testId="cart-load-error" />;
}
