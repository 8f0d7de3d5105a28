import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconReceipt, IconShoppingCart, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ORDER_STATUS_LABELS, formatCpf, formatPhone, type OrderStatus } from '@backoffice/contracts';
import { formatMoney } from '../../shared/ui/format';
import type { ChatDetail } from './api';
import { formatWhen } from './chat-labels';
import { t } from '../../i18n';

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" c={value ? undefined : 'dimmed'} truncate="end" maw="65%">
        {value || t('chats.panel.none')}
      </Text>
    </Group>
  );
}

function Section({ icon, title, children, testId }: { icon: React.ReactNode; title: string; children: React.ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Group gap="xs">
          {icon}
          <Title order={5}>{title}</Title>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

const orderStatus = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;

/** The customer panel (spec §2 /chats/{id}): their data, latest carts and latest orders. */
export function CustomerPanel({ chat, columns = 1 }: { chat: ChatDetail; columns?: 1 | 3 }) {
  const { customer } = chat;
  return (
    <SimpleGrid cols={{ base: 1, md: columns }} spacing="md" data-testid="customer-panel" style={{ alignItems: 'start' }}>
      <Section icon={<IconUser size={18} />} title={t('chats.panel.customer')} testId="panel-customer">
        <Stack gap={6}>
          <Text fw={700}>{customer.name}</Text>
          <Field label={t('chats.panel.phone')} value={customer.phone ? formatPhone(customer.phone) : null} />
          <Field label={t('chats.panel.email')} value={customer.email} />
          <Field label={t('chats.panel.cpf')} value={customer.cpf ? formatCpf(customer.cpf) : null} />
          <Field label={t('chats.panel.since')} value={formatWhen(customer.created_at)} />
          <Field label={t('chats.panel.orders')} value={t('chats.panel.ordersTotal', { count: chat.orders_count, total: formatMoney(chat.orders_total) })} />
          <Group gap={4}>
            <Badge size="sm" variant="light" color={customer.opt_in ? 'teal' : 'gray'}>
              {customer.opt_in ? t('chats.panel.optIn') : t('chats.panel.optOut')}
            </Badge>
            {customer.tags.map((tag) => (
              <Badge key={tag} size="sm" variant="light" color="grape" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/customers/edit/$id" params={{ id: String(customer.id) }} />}>
            {t('chats.panel.openCustomer')}
          </Anchor>
        </Stack>
      </Section>
      <Section icon={<IconShoppingCart size={18} />} title={t('chats.panel.carts')} testId="panel-carts">
        {chat.carts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('chats.cart.none')}
          </Text>
        ) : (
          <Stack gap={6}>
            {chat.carts.map((cart) => (
              <Group key={cart.id} justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0}>
                  <Anchor size="sm" fw={600} renderRoot={(props) => <Link {...props} to="/shopping-cart/$id" params={{ id: String(cart.id) }} />}>
                    {t('chats.message.cartTitle', { id: cart.id })}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatWhen(cart.created_at)} · {t(`chats.cartStatus.${cart.status}`)}
                  </Text>
                </Stack>
                <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(cart.total)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
      <Section icon={<IconReceipt size={18} />} title={t('chats.panel.latestOrders')} testId="panel-orders">
        {chat.orders.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('chats.panel.noOrders')}
          </Text>
        ) : (
          <Stack gap={6}>
            {chat.orders.map((order) => (
              <Group key={order.id} justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0}>
                  <Anchor size="sm" fw={600} renderRoot={(props) => <Link {...props} to="/order/$id" params={{ id: String(order.id) }} />}>
                    {t('chats.panel.order', { number: order.number })}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {formatWhen(order.created_at)} · {orderStatus(order.status)}
                  </Text>
                </Stack>
                <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(order.total)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
    </SimpleGrid>
  );
}
