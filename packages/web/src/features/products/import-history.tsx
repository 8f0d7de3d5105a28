import { Card, Group, Table, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../shared/components/empty-state';
import { LoadError } from '../../shared/components/load-error';
import { PageLoader } from '../../shared/components/page-loader';
import { formatDateTime, formatInt } from '../../shared/ui/format';
import { useAccountId } from './api';
import { importHistoryQuery } from './import-api';
import { ImportStatusBadge, importPercent } from './import-progress';
import { t } from '../../i18n';

/** The account's recent imports, newest first; a click shows one above. */
export function ImportHistory({ selected, onSelect }: { selected: number | undefined; onSelect: (id: number) => void }) {
  const history = useQuery(importHistoryQuery(useAccountId()));
  let body;
  if (history.isError) body = <LoadError m="md" title={t('products.import.historyError')} error={history.error} retrying={history.isFetching} onRetry={() => void history.refetch()} />;
  else if (!history.data) body = <PageLoader compact label={t('products.import.historyLoading')} />;
  else if (history.data.data.length === 0) body = <EmptyState icon={<IconHistory size={26} />} title={t('products.import.historyEmpty')} hint={t('products.import.historyEmptyHint')} />;
  else
    body = (
      <Table.ScrollContainer minWidth={0} type="native">
        <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 760 }} data-testid="import-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('products.import.columns.when')}</Table.Th>
              <Table.Th>{t('products.import.columns.file')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('products.import.columns.source')}</Table.Th>
              <Table.Th>{t('products.import.columns.status')}</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t('products.import.columns.rows')}
              </Table.Th>
              <Table.Th ta="right">{t('products.import.columns.accepted')}</Table.Th>
              <Table.Th ta="right">{t('products.import.columns.rejected')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.data.map((item) => (
              <Table.Tr
                key={item.id}
                onClick={() => onSelect(item.id)}
                style={{ cursor: 'pointer' }}
                bg={item.id === selected ? 'var(--mantine-primary-color-light)' : undefined}
                data-testid="import-history-row"
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.created_at)}</Table.Td>
                <Table.Td>
                  <Text size="sm" truncate="end" maw={260} title={item.file_name ?? undefined}>
                    {item.file_name ?? t(`products.import.source.${item.source}`)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {t(`products.import.source.${item.source}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <ImportStatusBadge status={item.status} />
                    {(item.status === 'running' || item.status === 'queued') && (
                      <Text size="xs" c="dimmed">
                        {importPercent(item)}%
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatInt(item.total)}
                </Table.Td>
                <Table.Td ta="right">{formatInt(item.accepted)}</Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c={item.rejected_count ? 'red.7' : undefined} fw={item.rejected_count ? 600 : undefined}>
                    {formatInt(item.rejected_count)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Card withBorder radius="md" padding={0}>
      <Group px="lg" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Title order={4}>{t('products.import.history')}</Title>
      </Group>
      {body}
    </Card>
  );
}
