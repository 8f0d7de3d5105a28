import { Badge } from '@mantine/core';
import { t } from '../../i18n';

const COLORS: Record<string, string> = { delivery: 'blue', pickup: 'grape', both: 'teal' };

/** Entrega, Retirada or Entrega e retirada. */
export function DeliveryTypeBadge({ type }: { type: string }) {
  return (
    <Badge variant="light" color={COLORS[type] ?? 'gray'} data-testid="location-delivery-type">
      {t(`locations.deliveryType.${type}`)}
    </Badge>
  );
}
