import { Anchor, Badge, Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconFileText, IconRobot, IconShoppingCart, IconTemplate } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ChatMessage } from './api';
import { DeliveryTicks, formatTime } from './chat-labels';
import { t } from '../../i18n';

const BUBBLE_OUT = 'var(--mantine-color-teal-light)';
const BUBBLE_IN = 'var(--mantine-color-body)';

function MediaContent({ media }: { media: NonNullable<ChatMessage['media']> }) {
  if (media.media_type.startsWith('image/'))
    return (
      <Anchor href={media.url} target="_blank" rel="noreferrer">
        <Image src={media.url} alt={media.name ?? t('chats.message.image')} radius="sm" mah={260} w="auto" maw="100%" fit="contain" />
      </Anchor>
    );
  if (media.media_type.startsWith('video/')) return <video src={media.url} controls style={{ maxWidth: '100%', maxHeight: 260, borderRadius: 4 }} />;
  return (
    <Anchor href={media.url} target="_blank" rel="noreferrer" size="sm">
      <Group gap={6} wrap="nowrap">
        <IconFileText size={20} />
        <Text size="sm" truncate="end">
          {media.name ?? t('chats.message.document')}
        </Text>
      </Group>
    </Anchor>
  );
}

function CartCard({ message }: { message: ChatMessage }) {
  return (
    <Card withBorder padding="xs" radius="sm" data-testid="cart-link-card">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconShoppingCart size={22} color="var(--mantine-color-teal-7)" />
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600}>
            {t('chats.message.cartTitle', { id: message.cart_id ?? '' })}
          </Text>
          {message.body && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {message.body}
            </Text>
          )}
          {message.cart_id && (
            <Anchor size="xs" renderRoot={(props) => <Link {...props} to="/shopping-cart/$id" params={{ id: String(message.cart_id) }} />}>
              {t('chats.message.openCart')}
            </Anchor>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** Who wrote an outgoing message: the bot, or the attendant by name. */
function authorOf(message: ChatMessage): string | null {
  if (message.author === 'bot') return t('chats.message.bot');
  if (message.author === 'attendant') return message.author_user?.name ?? t('chats.message.attendant');
  return null;
}

/** One message: the customer's on the left, ours (bot, attendant) on the right with the delivery ticks. */
export function MessageBubble({ message }: { message: ChatMessage }) {
  const out = message.direction === 'out';
  const author = authorOf(message);
  return (
    <Group justify={out ? 'flex-end' : 'flex-start'} wrap="nowrap" data-testid="chat-message" data-direction={message.direction} data-kind={message.kind} data-author={message.author}>
      <Box
        px="sm"
        py={6}
        maw="min(78%, 520px)"
        style={{
          background: out ? BUBBLE_OUT : BUBBLE_IN,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: out ? '12px 12px 2px 12px' : '12px 12px 12px 2px',
          boxShadow: '0 1px 1px rgba(0,0,0,0.05)',
        }}
      >
        <Stack gap={4}>
          {author && (
            <Group gap={4}>
              {message.author === 'bot' && <IconRobot size={13} color="var(--mantine-color-grape-6)" />}
              <Text size="xs" fw={700} c={message.author === 'bot' ? 'grape' : 'teal.8'}>
                {author}
              </Text>
              {message.kind === 'template' && (
                <Badge size="xs" variant="light" color="gray" leftSection={<IconTemplate size={10} />}>
                  {t('chats.message.template')}
                </Badge>
              )}
            </Group>
          )}
          {message.kind === 'media' && message.media && <MediaContent media={message.media} />}
          {message.kind === 'cart_link' ? (
            <CartCard message={message} />
          ) : (
            message.body && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="chat-message-body">
                {message.body}
              </Text>
            )
          )}
          <Group gap={4} justify="flex-end">
            <Text size="xs" c="dimmed">
              {formatTime(message.created_at)}
            </Text>
            {out && <DeliveryTicks status={message.delivery_status} error={message.delivery_error} />}
          </Group>
        </Stack>
      </Box>
    </Group>
  );
}
