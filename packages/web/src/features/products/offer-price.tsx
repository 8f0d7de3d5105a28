import { Stack, Text } from '@mantine/core';
import type { ProductOffer } from './api';
import { formatPeriod, formatPrice } from './product-format';
import { t } from '../../i18n';

/** A store's price: the promotional one (with the regular struck through and its period) when it has one. */
export function OfferPrice({ offer, align = 'flex-start' }: { offer: ProductOffer | null | undefined; align?: 'flex-start' | 'flex-end' }) {
  if (!offer) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('products.offer.none')}
      </Text>
    );
  }
  const promo = offer.promotional_price;
  if (promo === null || promo === undefined) {
    return (
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {formatPrice(offer.price)}
      </Text>
    );
  }
  const running = offer.promotion_active;
  const period = formatPeriod(offer.promotion_start, offer.promotion_end);
  return (
    <Stack gap={0} align={align}>
      {running ? (
        <>
          <Text size="sm" fw={600} c="green.8" style={{ whiteSpace: 'nowrap' }} data-testid="offer-promo-price">
            {formatPrice(promo)}
          </Text>
          <Text size="xs" c="dimmed" td="line-through" style={{ whiteSpace: 'nowrap' }}>
            {formatPrice(offer.price)}
          </Text>
        </>
      ) : (
        <>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {formatPrice(offer.price)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('products.offer.promoLater', { price: formatPrice(promo) })}
          </Text>
        </>
      )}
      {period && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {period}
        </Text>
      )}
    </Stack>
  );
}
