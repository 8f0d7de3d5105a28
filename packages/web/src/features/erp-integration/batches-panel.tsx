import { Anchor, Badge, Group, Select, Table, Text } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ERP_BATCH_KINDS, type ErpBatchKind } from '@backoffice/contracts';
import { EmptyState } from '../../shared/components/empty-state';
import { ListFooter } from '../../shared/components/list-footer';
import { LoadError } from '../../shared/components/load-error';
import { formatDateTime, formatInt } from '../../shared/ui/format';
import { t, tn } from '../../i18n';
import { erpBatchesQuery, useAccountId, type ErpBatch } from './api';
import { BatchDrawer } from './batch-drawer';
import { BatchStatusBadge } from './batch-status-badge';
import type { ErpSearch } from './erp-search';
import { SkeletonRows } from '../../shared/components/skeleton-rows';

const COLUMNS = ['batchId', 'kind', 'status', 'rows', 'applied', 'rejected', 'receivedAt'] as const;

function BatchRow({ batch, onOpen }: { batch: ErpBatch; onOpen: () => void }) {
  return (
    <Table.Tr data-testid="erp-batch-row" style={{ cursor: 'pointer' }} onClick={onOpen}>
      <Table.Td maw={260}>
        <Anchor
          component="button"
          type="button"
          fw={500}
          size="sm"
          style={{ wordBreak: 'break-all', textAlign: 'left' }}
          aria-label={t('erpIntegration.batches.open', { batchId: batch.batch_id })}
          onClick={(e) => {
            e.stopPropagation();
            onOpen();
          }}
        >
          {batch.batch_id}
        </Anchor>
      </Table.Td>
      <Table.Td>{t(`erpIntegration.kinds.${batch.kind}`)}</Table.Td>
      <Table.Td>
        <BatchStatusBadge status={batch.status} />
      </Table.Td>
      <Table.Td ta="right">{formatInt(batch.total)}</Table.Td>
      <Table.Td ta="right">{formatInt(batch.applied)}</Table.Td>
      <Table.Td ta="right">
        {batch.rejected_count ? (
          <Badge color="red" variant="light">
            {formatInt(batch.rejected_count)}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            0
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(batch.created_at)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The last batches the ERP sent (newest first), filtered by kind; a row opens the batch with its refused rows. */
export function BatchesPanel({ search, onSearchChange }: { search: ErpSearch; onSearchChange: (update: (prev: ErpSearch) => ErpSearch) => void }) {
  const accountId = useAccountId();
  const batches = useQuery(erpBatchesQuery(accountId, search.page, search.kind));
  const open = batches.data?.data.find((b) => b.id === search.batch);
  const setBatch = (batch: number | undefined) => onSearchChange((prev) => ({ ...prev, batch }));

  let body;
  if (batches.isError) body = <LoadError m="md" title={t('erpIntegration.batches.loadError')} error={batches.error} retrying={batches.isFetching} onRetry={() => void batches.refetch()} />;
  else if (batches.data && batches.data.meta.total === 0) body = <EmptyState icon={<IconStack2 size={26} />} title={t('erpIntegration.batches.empty')} hint={t('erpIntegration.batches.emptyHint')} />;
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} ta={c === 'rows' || c === 'applied' || c === 'rejected' ? 'right' : undefined}>
                    {t(`erpIntegration.batches.columns.${c}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batches.data
                ? batches.data.data.map((b) => <BatchRow key={b.id} batch={b} onOpen={() => setBatch(b.id)} />)
                : <SkeletonRows columns={COLUMNS.length} testId="erp-batch-skeleton" />}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListFooter
          meta={batches.data?.meta}
          page={search.page}
          fetching={batches.isFetching}
          onPage={(page) => onSearchChange((prev) => ({ ...prev, page }))}
          totalLabel={(total) => tn('erpIntegration.batches.total', total, { total: formatInt(total) })}
        />
      </>
    );

  return (
    <>
      <Group px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Select
          label={t('erpIntegration.batches.kindFilter')}
          w={220}
          data={[{ value: '', label: t('erpIntegration.allKinds') }, ...ERP_BATCH_KINDS.map((k) => ({ value: k, label: t(`erpIntegration.kinds.${k}`) }))]}
          value={search.kind ?? ''}
          allowDeselect={false}
          onChange={(v) => onSearchChange((prev) => ({ ...prev, page: 1, kind: (v || undefined) as ErpBatchKind | undefined }))}
        />
      </Group>
      {body}
      <BatchDrawer id={search.batch} batchId={open?.batch_id} onClose={() => setBatch(undefined)} />
    </>
  );
}
