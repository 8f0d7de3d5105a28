import { Text, Timeline } from '@mantine/core';
import { IconArrowRight, IconFilePlus, IconX } from '@tabler/icons-react';
import { formatDateTime } from '../../shared/ui/format';
import { statusLabel } from './status';
import type { OrderEvent } from './types';
import { t } from '../../i18n';

function who(event: OrderEvent) {
  if (event.actor.name) return event.actor.name;
  const key = `orders.timeline.actor.${event.actor.kind}`;
  const label = t(key);
  return label === key ? event.actor.kind : label;
}

/** Every move of the order, oldest first: who, when, from → to and the note. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <Timeline active={events.length - 1} bulletSize={22} lineWidth={2} data-testid="order-timeline">
      {events.map((event) => (
        <Timeline.Item
          key={event.id}
          data-testid="order-event"
          bullet={event.from_status === null ? <IconFilePlus size={12} /> : event.to_status === 'canceled' ? <IconX size={12} /> : <IconArrowRight size={12} />}
          color={event.to_status === 'canceled' ? 'red' : undefined}
          title={
            <Text size="sm" fw={600}>
              {!event.from_status
                ? t('orders.timeline.created', { to: statusLabel(event.to_status) })
                : event.from_status === event.to_status
                  ? t('orders.timeline.updated', { status: statusLabel(event.to_status) })
                  : t('orders.timeline.moved', { from: statusLabel(event.from_status), to: statusLabel(event.to_status) })}
            </Text>
          }
        >
          <Text size="xs" c="dimmed">
            {t('orders.timeline.byAt', { who: who(event), when: formatDateTime(event.created_at) })}
          </Text>
          {event.note && (
            <Text size="sm" mt={2}>
              {event.note}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
