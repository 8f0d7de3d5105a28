import { Badge, Tooltip, type MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { CHAT_CHANNEL_LABELS, type ChatChannel, type ChatDeliveryStatus, type ChatStatus } from '@backoffice/contracts';
import { t } from '../../i18n';

export const STATUS_COLORS: Record<ChatStatus, MantineColor> = { bot: 'grape', waiting: 'orange', open: 'teal', closed: 'gray' };

export const statusLabel = (status: ChatStatus) => t(`chats.status.${status}`);
/** The spec's channel labels (§2): whatsapp, whatsapp_bot, rappi, magento e-commerce, vtex. */
export const channelLabel = (channel: ChatChannel) => CHAT_CHANNEL_LABELS[channel];

export function ChatStatusBadge({ status, size = 'sm' }: { status: ChatStatus; size?: 'xs' | 'sm' }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size={size} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}

export function ChannelBadge({ channel }: { channel: ChatChannel }) {
  return (
    <Badge color="gray" variant="outline" size="sm" tt="none" data-channel={channel}>
      {channelLabel(channel)}
    </Badge>
  );
}

/** A tag's chip in its own colour. */
export function TagBadge({ name, color }: { name: string; color: string }) {
  return (
    <Badge size="sm" radius="sm" tt="none" variant="light" color={color} styles={{ root: { border: `1px solid ${color}` } }}>
      {name}
    </Badge>
  );
}

/** WhatsApp's ticks: a clock while queued, one tick sent, two delivered, two blue read, a warning when it failed. */
export function DeliveryTicks({ status, error }: { status: ChatDeliveryStatus | null; error?: string | null }) {
  if (!status) return null;
  const label = t(`chats.delivery.${status}`);
  const icon =
    status === 'queued' ? (
      <IconClock size={14} />
    ) : status === 'sent' ? (
      <IconCheck size={14} />
    ) : status === 'failed' ? (
      <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" />
    ) : (
      <IconChecks size={14} color={status === 'read' ? 'var(--mantine-color-blue-6)' : undefined} />
    );
  return (
    <Tooltip label={error ? `${label}: ${error}` : label} withArrow>
      <span role="img" aria-label={label} data-testid="delivery-ticks" data-delivery={status} style={{ display: 'inline-flex', lineHeight: 0 }}>
        {icon}
      </span>
    </Tooltip>
  );
}

const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });
const dayTime = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/** "14:05" today, "23/11 14:05" before. */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return dayKey.format(date) === dayKey.format(now) ? time.format(date) : dayTime.format(date).replace(',', '');
}

export const formatTime = (iso: string) => time.format(new Date(iso));

/** Minutes as "12 min" or "2 h 05 min"; a dash when there is nothing to measure. */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '—';
  const rounded = Math.round(minutes);
  if (rounded < 60) return `${rounded} min`;
  const hours = Math.floor(rounded / 60);
  return `${hours} h ${String(rounded % 60).padStart(2, '0')} min`;
}
