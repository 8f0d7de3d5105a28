import { Text, Timeline } from '@mantine/core';
import { IconCheck, IconMotorbike, IconPackage, IconSend, IconX } from '@tabler/icons-react';
import { formatDateTime } from '../../shared/ui/format';
import type { DeliveryEvent } from './api';
import { t } from '../../i18n';

const BULLET: Record<DeliveryEvent['status'], typeof IconCheck> = {
  requested: IconSend,
  courier_assigned: IconMotorbike,
  picked_up: IconPackage,
  delivered: IconCheck,
  failed: IconX,
  returned: IconX,
  canceled: IconX,
};
const BAD = new Set(['failed', 'returned', 'canceled']);

/** A delivery's statuses, oldest first, with the provider's note. */
export function DeliveryTimeline({ events }: { events: DeliveryEvent[] }) {
  return (
    <Timeline active={events.length - 1} bulletSize={22} lineWidth={2} data-testid="delivery-timeline">
      {events.map((e) => {
        const Bullet = BULLET[e.status];
        return (
          <Timeline.Item
            key={e.id}
            data-testid="delivery-event"
            bullet={<Bullet size={12} />}
            color={BAD.has(e.status) ? 'red' : e.status === 'delivered' ? 'teal' : undefined}
            title={
              <Text size="sm" fw={600}>
                {t(`deliveryHub.status.${e.status}`)}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(e.occurred_at)}
            </Text>
            {e.note && (
              <Text size="sm" mt={2}>
                {e.note}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
