import { Alert, Anchor, Badge, Button, Divider, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle, IconExternalLink, IconSend, IconShoppingCartPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { formatMoney } from '../../shared/ui/format';
import { chatQuery, storesQuery, useAccountId, useChatCart, type ChatDetail } from './api';
import { formatWhen } from './chat-labels';
import { useSendMessage } from './use-send-message';
import { t } from '../../i18n';

/** Carts whose link may go to the customer: approved ones (and those already sent, to send again). */
const SENDABLE = new Set(['approved', 'link_sent', 'opened']);
const errorText = (error: unknown, fallback: string) => (error instanceof ApiError && error.code !== 'NETWORK_ERROR' && error.code !== 'HTTP_ERROR' ? (error.details?.[0]?.message ?? error.message) : fallback);

const reviewHref = (id: number) => `/shopping-carts/review-bar/${id}`;

/**
 * The cart dialog of a conversation: make a cart from the customer's list (the last one they sent,
 * or one typed here) in the chat's store, review and approve it (the review screen, in a new tab),
 * then send its link into the conversation.
 */
export function CartModal({ chat, opened, onClose }: { chat: ChatDetail; opened: boolean; onClose: () => void }) {
  const accountId = useAccountId();
  // Fresh carts each time the dialog opens (one may have been approved in the other tab).
  const detail = useQuery({ ...chatQuery(accountId, chat.id), enabled: opened, refetchOnWindowFocus: opened });
  const stores = useQuery({ ...storesQuery(accountId), enabled: opened });
  const generate = useChatCart(chat.id);
  const send = useSendMessage(chat.id);
  const [list, setList] = useState('');
  const [store, setStore] = useState<number | null>(chat.location?.id ?? null);
  const { refetch } = detail;
  useEffect(() => {
    if (opened) void refetch();
  }, [opened, refetch]);
  const carts = (detail.data ?? chat).carts;

  return (
    <Modal opened={opened} onClose={onClose} centered size="lg" title={<Text fw={600}>{t('chats.cart.title')}</Text>}>
      <Stack gap="md">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('chats.cart.fromList')}
          </Text>
          <Textarea
            label={t('chats.cart.list')}
            description={t('chats.cart.listHint')}
            placeholder={t('chats.cart.listPlaceholder')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={10_000}
            value={list}
            onChange={(e) => setList(e.currentTarget.value)}
          />
          <Group align="flex-end" gap="sm">
            <Select
              label={t('chats.cart.store')}
              data={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              value={store ? String(store) : null}
              onChange={(v) => setStore(v ? Number(v) : null)}
              placeholder={t('chats.cart.storePlaceholder')}
              searchable
              comboboxProps={{ withinPortal: false }}
              style={{ flex: 1 }}
            />
            <Button
              leftSection={<IconShoppingCartPlus size={18} />}
              loading={generate.isPending}
              onClick={() => generate.mutate({ ...(list.trim() ? { list: list.trim() } : {}), ...(store ? { location_id: store } : {}) }, { onSuccess: () => setList('') })}
            >
              {t('chats.cart.generate')}
            </Button>
          </Group>
          {generate.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="cart-generate-error">
              {errorText(generate.error, t('chats.cart.generateError'))}
            </Alert>
          )}
          {generate.data && (
            <Alert color="teal" variant="light" data-testid="cart-generated">
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t('chats.cart.generated', { id: generate.data.id })}</Text>
                <Anchor href={reviewHref(generate.data.id)} target="_blank" size="sm">
                  <Group gap={4}>
                    {t('chats.cart.review')} <IconExternalLink size={14} />
                  </Group>
                </Anchor>
              </Group>
            </Alert>
          )}
        </Stack>
        <Divider />
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('chats.cart.customerCarts')}
          </Text>
          {send.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="cart-send-error">
              {errorText(send.error, t('chats.cart.sendError'))}
            </Alert>
          )}
          {carts.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('chats.cart.none')}
            </Text>
          )}
          {carts.map((cart) => (
            <Group key={cart.id} justify="space-between" wrap="nowrap" gap="sm" p="xs" data-testid="chat-cart" data-cart-id={cart.id} data-status={cart.status} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}>
              <Stack gap={2} miw={0}>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {t('chats.message.cartTitle', { id: cart.id })}
                  </Text>
                  <Badge size="sm" variant="light">
                    {t(`chats.cartStatus.${cart.status}`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('chats.cart.summary', { items: cart.items_count, total: formatMoney(cart.total), when: formatWhen(cart.created_at) })}
                </Text>
              </Stack>
              {SENDABLE.has(cart.status) ? (
                <Button
                  size="xs"
                  leftSection={<IconSend size={14} />}
                  loading={send.isPending && send.variables?.kind === 'cart_link' && send.variables.cart_id === cart.id}
                  onClick={() => send.mutate({ kind: 'cart_link', cart_id: cart.id }, { onSuccess: onClose })}
                >
                  {t('chats.cart.sendLink')}
                </Button>
              ) : (
                <Button size="xs" variant="default" component="a" href={reviewHref(cart.id)} target="_blank" rightSection={<IconExternalLink size={14} />}>
                  {t('chats.cart.review')}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}
