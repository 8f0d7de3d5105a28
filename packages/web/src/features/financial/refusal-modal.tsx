import { Alert, Badge, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../shared/components/load-error';
import { formatDateTime } from '../../shared/ui/format';
import { refusalQuery, useAccountId } from './api';
import { t } from '../../i18n';

/** "Por que foi recusado?": the provider's code, the reason in Portuguese and what to do next. */
export function RefusalModal({ transactionId, onClose }: { transactionId: number | null; onClose: () => void }) {
  const accountId = useAccountId();
  const refusal = useQuery({ ...refusalQuery(accountId, transactionId ?? 0), enabled: transactionId !== null });
  const data = refusal.data;
  let body;
  if (refusal.isError) body = <LoadError error={refusal.error} retrying={refusal.isFetching} onRetry={() => void refusal.refetch()} testId="refusal-error" />;
  else if (!data)
    body = (
      <Group justify="center" py="lg">
        <Loader size="sm" />
      </Group>
    );
  else
    body = (
      <Stack gap="sm" data-testid="refusal-answer">
        <Group gap="xs">
          <Badge variant="light" color="red" tt="none" ff="monospace">
            {data.code}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('financial.refusal.at', { when: formatDateTime(data.refused_at) })}
          </Text>
        </Group>
        <Text fw={600}>{data.reason}</Text>
        <Alert variant="light" color={data.can_retry ? 'blue' : 'orange'} icon={<IconBulb size={18} />} title={t('financial.refusal.advice')}>
          {data.advice}
        </Alert>
        <Text size="sm" c="dimmed">
          {data.can_retry ? t('financial.refusal.canRetry') : t('financial.refusal.cannotRetry')}
        </Text>
      </Stack>
    );
  return (
    <Modal opened={transactionId !== null} onClose={onClose} title={<Text fw={600}>{t('financial.refusal.title')}</Text>} centered>
      {body}
    </Modal>
  );
}
