import { ActionIcon, Badge, Button, Card, Collapse, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconRefresh, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import type { ErpDeliveryStatus } from '@backoffice/contracts';
import { EmptyState } from '../../shared/components/empty-state';
import { ListFooter } from '../../shared/components/list-footer';
import { LoadError } from '../../shared/components/load-error';
import { formatDateTime, formatInt } from '../../shared/ui/format';
import { t, tn } from '../../i18n';
import { erpDeliveriesQuery, useAccountId, type ErpCallbackDelivery } from './api';
import { SkeletonRows } from '../../shared/components/skeleton-rows';

const COLORS: Record<ErpDeliveryStatus, string> = { pending: 'yellow', delivered: 'green', failed: 'red' };
const COLUMNS = ['event', 'order', 'status', 'attempts', 'last', 'createdAt'] as const;

function Attempts({ delivery }: { delivery: ErpCallbackDelivery }) {
  return (
    <Stack gap={4} py="xs" data-testid="erp-delivery-attempts">
      {delivery.attempt_log.map((a) => (
        <Group key={a.attempt} gap="xs" wrap="nowrap">
          <Badge size="sm" variant="light" color={a.status_code && a.status_code < 300 ? 'green' : 'red'} miw={70}>
            {a.status_code ?? t('erpIntegration.deliveries.noAnswer')}
          </Badge>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('erpIntegration.deliveries.attemptLine', { attempt: a.attempt, at: formatDateTime(a.at), duration: formatInt(a.duration_ms) })}
          </Text>
          {a.error && (
            <Text size="xs" c="red" lineClamp={2}>
              {a.error}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function DeliveryRow({ delivery }: { delivery: ErpCallbackDelivery }) {
  const [open, setOpen] = useState(false);
  return (
    <Fragment>
      <Table.Tr data-testid="erp-delivery-row">
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" size="sm" aria-label={t('erpIntegration.deliveries.showAttempts', { id: delivery.id })} onClick={() => setOpen((o) => !o)} disabled={!delivery.attempt_log.length}>
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
            <Text size="sm">{t(`erpIntegration.deliveries.events.${delivery.event.replace('.', '_')}`)}</Text>
          </Group>
        </Table.Td>
        <Table.Td>{delivery.order_id ? `#${delivery.order_id}${delivery.order_status ? ` · ${delivery.order_status}` : ''}` : '—'}</Table.Td>
        <Table.Td>
          <Badge color={COLORS[delivery.status]} variant="light" tt="none">
            {t(`erpIntegration.deliveries.statuses.${delivery.status}`)}
          </Badge>
        </Table.Td>
        <Table.Td ta="right">{delivery.attempts}</Table.Td>
        <Table.Td maw={280}>
          <Text size="sm" lineClamp={1} c={delivery.last_error ? 'red' : undefined}>
            {delivery.last_status_code ?? ''} {delivery.last_error ?? ''}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{formatDateTime(delivery.created_at)}</Text>
        </Table.Td>
      </Table.Tr>
      <Table.Tr style={{ display: open ? undefined : 'none' }}>
        <Table.Td colSpan={COLUMNS.length} py={0}>
          <Collapse expanded={open}>
            <Attempts delivery={delivery} />
          </Collapse>
        </Table.Td>
      </Table.Tr>
    </Fragment>
  );
}

/** The callbacks sent to the ERP, newest first, each with its attempts (HTTP status, duration, error). */
export function DeliveriesLog({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const accountId = useAccountId();
  const deliveries = useQuery(erpDeliveriesQuery(accountId, page));
  let body;
  if (deliveries.isError) body = <LoadError m="md" title={t('erpIntegration.deliveries.loadError')} error={deliveries.error} retrying={deliveries.isFetching} onRetry={() => void deliveries.refetch()} />;
  else if (deliveries.data && deliveries.data.meta.total === 0) body = <EmptyState icon={<IconSend size={26} />} title={t('erpIntegration.deliveries.empty')} hint={t('erpIntegration.deliveries.emptyHint')} />;
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} ta={c === 'attempts' ? 'right' : undefined}>
                    {t(`erpIntegration.deliveries.columns.${c}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data
                ? deliveries.data.data.map((d) => <DeliveryRow key={d.id} delivery={d} />)
                : <SkeletonRows columns={COLUMNS.length} />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListFooter meta={deliveries.data?.meta} page={page} fetching={deliveries.isFetching} onPage={onPage} totalLabel={(total) => tn('erpIntegration.deliveries.total', total, { total: formatInt(total) })} />
      </>
    );
  return (
    <Card withBorder radius="md" padding={0}>
      <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Title order={4}>{t('erpIntegration.deliveries.title')}</Title>
        <Button size="xs" variant="subtle" leftSection={<IconRefresh size={14} />} loading={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
          {t('erpIntegration.deliveries.refresh')}
        </Button>
      </Group>
      {body}
    </Card>
  );
}
