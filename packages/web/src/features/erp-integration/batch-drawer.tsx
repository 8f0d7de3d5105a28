import { Code, Drawer, Group, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../shared/components/empty-state';
import { ListFooter } from '../../shared/components/list-footer';
import { LoadError } from '../../shared/components/load-error';
import { formatDateTime, formatInt } from '../../shared/ui/format';
import { t } from '../../i18n';
import { erpBatchQuery, useAccountId, type ErpBatchDetail } from './api';
import { BatchStatusBadge } from './batch-status-badge';

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" c={color}>
        {formatInt(value)}
      </Text>
    </Stack>
  );
}

function Summary({ batch }: { batch: ErpBatchDetail }) {
  const percent = batch.total ? Math.round((batch.processed * 100) / batch.total) : 0;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <BatchStatusBadge status={batch.status} />
        <Text size="sm" c="dimmed">
          {t(`erpIntegration.kinds.${batch.kind}`)} · {t('erpIntegration.detail.receivedAt', { date: formatDateTime(batch.created_at) })}
        </Text>
      </Group>
      <Progress value={percent} color={batch.status === 'failed' ? 'red' : undefined} aria-label={t('erpIntegration.detail.progress', { processed: batch.processed, total: batch.total })} />
      <Text size="xs" c="dimmed">
        {t('erpIntegration.detail.progress', { processed: formatInt(batch.processed), total: formatInt(batch.total) })}
        {batch.finished_at ? ` · ${t('erpIntegration.detail.finishedAt', { date: formatDateTime(batch.finished_at) })}` : ''}
      </Text>
      <SimpleGrid cols={3}>
        <Count label={t('erpIntegration.detail.total')} value={batch.total} />
        <Count label={t('erpIntegration.detail.applied')} value={batch.applied} color="green" />
        <Count label={t('erpIntegration.detail.rejected')} value={batch.rejected_count} color={batch.rejected_count ? 'red' : undefined} />
      </SimpleGrid>
      {batch.error && (
        <Text size="sm" c="red">
          {batch.error}
        </Text>
      )}
    </Stack>
  );
}

function Errors({ batch, page, fetching, onPage }: { batch: ErpBatchDetail; page: number; fetching: boolean; onPage: (p: number) => void }) {
  if (batch.errors.meta.total === 0) return <EmptyState icon={<IconCircleCheck size={26} />} title={t('erpIntegration.detail.noErrors')} hint={t('erpIntegration.detail.noErrorsHint')} />;
  return (
    <>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs" data-testid="erp-batch-errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t('erpIntegration.detail.columns.row')}</Table.Th>
              <Table.Th w={220}>{t('erpIntegration.detail.columns.key')}</Table.Th>
              <Table.Th>{t('erpIntegration.detail.columns.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batch.errors.data.map((e) => (
              <Table.Tr key={e.index} data-testid="erp-batch-error">
                <Table.Td>{e.index}</Table.Td>
                <Table.Td>{e.key ? <Code style={{ wordBreak: 'break-all' }}>{e.key}</Code> : '—'}</Table.Td>
                <Table.Td>
                  <Text size="sm">{e.reason}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListFooter meta={batch.errors.meta} page={page} fetching={fetching} onPage={onPage} totalLabel={(total) => t('erpIntegration.detail.errorsTotal', { total: formatInt(total) })} />
    </>
  );
}

/** One batch: its progress and counts, and its refused rows (index, SKU or customer, reason), paged. */
export function BatchDrawer({ id, batchId, onClose }: { id: number | undefined; batchId: string | undefined; onClose: () => void }) {
  const accountId = useAccountId();
  const [page, setPage] = useState(1);
  const detail = useQuery({ ...erpBatchQuery(accountId, id ?? 0, page), enabled: id !== undefined });
  let body;
  if (detail.isError) body = <LoadError title={t('erpIntegration.detail.loadError')} error={detail.error} retrying={detail.isFetching} onRetry={() => void detail.refetch()} />;
  else if (!detail.data) body = <Stack>{[0, 1, 2, 3].map((i) => <Skeleton key={i} height={28} />)}</Stack>;
  else
    body = (
      <Stack gap="lg">
        <Summary batch={detail.data} />
        <Stack gap="xs">
          <Title order={5}>{t('erpIntegration.detail.errorsTitle')}</Title>
          <Errors batch={detail.data} page={page} fetching={detail.isFetching} onPage={setPage} />
        </Stack>
      </Stack>
    );
  return (
    <Drawer
      opened={id !== undefined}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      position="right"
      size="xl"
      title={t('erpIntegration.detail.title', { batchId: batchId ?? detail.data?.batch_id ?? '' })}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      data-testid="erp-batch-drawer"
    >
      {body}
    </Drawer>
  );
}
