import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { formatDateTime, formatInt } from '../../shared/ui/format';
import { notifyError } from '../../shared/ui/notify';
import { useAccountId } from './api';
import { downloadRejected, importQuery, importRunning, useImportFinished, type ProductImport } from './import-api';
import { t } from '../../i18n';

const STATUS_COLORS: Record<ProductImport['status'], string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };

export function ImportStatusBadge({ status }: { status: ProductImport['status'] }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ whiteSpace: 'nowrap' }} data-testid="import-status">
      {t(`products.import.status.${status}`)}
    </Badge>
  );
}

/** 0–100 (a finished import is 100 even with no rows). */
export const importPercent = (item: Pick<ProductImport, 'status' | 'percent'>): number => (item.status === 'done' ? 100 : Math.min(100, Math.max(0, item.percent)));

function Count({ label, value, color, testId }: { label: string; value: number; color?: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color} data-testid={testId}>
        {formatInt(value)}
      </Text>
    </Stack>
  );
}

/** One import: its progress while the job runs (polled), then its counts and rejected rows. */
export function ImportProgress({ id }: { id: number }) {
  const accountId = useAccountId();
  const query = useQuery(importQuery(accountId, id));
  const finished = useImportFinished();
  const [downloading, setDownloading] = useState(false);
  const wasRunning = useRef(false);
  const item = query.data;
  const running = item ? importRunning(item.status) : false;
  useEffect(() => {
    if (running) wasRunning.current = true;
    else if (wasRunning.current && item) {
      wasRunning.current = false;
      void finished();
    }
  }, [running, item, finished]);

  if (query.isError) return <LoadError title={t('products.import.loadError')} error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (!item) return null;
  const percent = importPercent(item);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadRejected(item.id);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="import-progress">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate="end" title={item.file_name ?? undefined}>
              {item.file_name ?? t(`products.import.source.${item.source}`)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('products.import.startedAt', { when: formatDateTime(item.created_at) })}
            </Text>
          </Stack>
          <ImportStatusBadge status={item.status} />
        </Group>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('products.import.processed', { processed: formatInt(item.processed), total: formatInt(item.total) })}
            </Text>
            <Text size="sm" fw={600} data-testid="import-percent">
              {percent}%
            </Text>
          </Group>
          <Progress value={percent} size="lg" animated={running} color={item.status === 'failed' ? 'red' : item.rejected_count > 0 && !running ? 'yellow' : undefined} aria-label={t('products.import.progress')} />
        </Stack>
        <SimpleGrid cols={3}>
          <Count label={t('products.import.total')} value={item.total} testId="import-total" />
          <Count label={t('products.import.accepted')} value={item.accepted} color="green.8" testId="import-accepted" />
          <Count label={t('products.import.rejected')} value={item.rejected_count} color={item.rejected_count ? 'red.7' : undefined} testId="import-rejected" />
        </SimpleGrid>
        {item.status === 'failed' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {item.error ?? t('products.import.failed')}
          </Alert>
        )}
        {item.rejected.length > 0 && (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600} size="sm">
                {t('products.import.rejectedRows')}
              </Text>
              <Button size="xs" variant="light" color="red" leftSection={<IconDownload size={14} />} loading={downloading} onClick={() => void download()}>
                {t('products.import.downloadRejected')}
              </Button>
            </Group>
            {item.rejected_count > item.rejected.length && (
              <Text size="xs" c="dimmed">
                {t('products.import.rejectedShown', { shown: formatInt(item.rejected.length), total: formatInt(item.rejected_count) })}
              </Text>
            )}
            <Table.ScrollContainer minWidth={420} mah={360} type="native">
              <Table striped verticalSpacing={6} stickyHeader data-testid="import-rejected-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={80}>{t('products.import.line')}</Table.Th>
                    <Table.Th w={160}>{t('products.import.sku')}</Table.Th>
                    <Table.Th>{t('products.import.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {item.rejected.map((row) => (
                    <Table.Tr key={`${row.line}-${row.sku ?? ''}`} data-testid="import-rejected-row">
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td ff="monospace">{row.sku ?? '—'}</Table.Td>
                      <Table.Td>{row.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
