import { Alert, Button, Card, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconDownload, IconEdit, IconEyeOff, IconFileExport, IconShieldLock, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { LoadError } from '../../shared/components/load-error';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { customerAuditQuery, useAccountId, useAnonymizeCustomer, useExportCustomer, type Customer, type CustomerAuditEntry } from './api';
import { formatDateTime } from './customer-format';
import { t } from '../../i18n';

const ACTION_ICONS: Record<CustomerAuditEntry['action'], ComponentType<{ size?: number }>> = {
  create: IconUserPlus,
  update: IconEdit,
  export: IconFileExport,
  anonymize: IconEyeOff,
};
const ACTION_COLORS: Record<CustomerAuditEntry['action'], string> = { create: 'teal', update: 'blue', export: 'grape', anonymize: 'red' };

/** The changed fields' names as the form labels them ("Telefone, Endereços"). */
function fieldNames(fields: string[]): string {
  const label = (field: string) => {
    const key = `customers.audit.fields.${field}`;
    const text = t(key);
    return text === key ? field : text;
  };
  return fields.map(label).join(', ');
}

/** Who did what and when, the most recent first. */
function AuditTrail({ customerId }: { customerId: number }) {
  const audit = useQuery(customerAuditQuery(useAccountId(), customerId));
  if (audit.isError) return <LoadError title={t('customers.audit.loadError')} error={audit.error} retrying={audit.isFetching} onRetry={() => void audit.refetch()} />;
  if (!audit.data)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('customers.audit.loading')}
        </Text>
      </Group>
    );
  if (audit.data.data.length === 0) return <Text size="sm" c="dimmed">{t('customers.audit.empty')}</Text>;
  return (
    <Timeline bulletSize={26} lineWidth={2} data-testid="customer-audit">
      {audit.data.data.map((entry) => {
        const Icon = ACTION_ICONS[entry.action];
        return (
          <Timeline.Item
            key={entry.id}
            bullet={<Icon size={14} />}
            color={ACTION_COLORS[entry.action]}
            title={
              <Text size="sm" fw={600}>
                {t(`customers.audit.actions.${entry.action}`)}
              </Text>
            }
            data-testid="customer-audit-entry"
          >
            <Text size="xs" c="dimmed">
              {t('customers.audit.byWhen', { who: entry.user ? entry.user.name : t('customers.audit.system'), when: formatDateTime(entry.created_at) })}
            </Text>
            {entry.fields.length > 0 && (
              <Text size="xs" mt={2}>
                {t('customers.audit.changed', { fields: fieldNames(entry.fields) })}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/**
 * "Privacidade (LGPD)": the customer's data as a JSON file, the anonymisation (admins, after a
 * confirmation; cannot be undone) and the audit trail of who touched the personal data.
 */
export function CustomerPrivacyCard({ customer, canAnonymize }: { customer: Customer; canAnonymize: boolean }) {
  const exporter = useExportCustomer(customer.id);
  const anonymize = useAnonymizeCustomer(customer.id);
  const confirm = useConfirmModal();
  const anonymized = customer.anonymized_at !== null;

  const askAnonymize = () =>
    confirm.open({
      title: t('customers.privacy.confirmTitle'),
      message: (
        <Stack gap="xs">
          <Text size="sm">{t('customers.privacy.confirmMessage', { name: customer.name })}</Text>
          <Text size="sm" fw={600} c="red.8">
            {t('customers.privacy.confirmWarning')}
          </Text>
        </Stack>
      ),
      confirmLabel: t('customers.privacy.confirm'),
      confirmColor: 'red',
      onConfirm: () => anonymize.mutateAsync(),
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="customer-privacy">
      <Stack gap="md">
        <Group gap="xs">
          <IconShieldLock size={22} color="var(--mantine-color-blue-6)" />
          <Title order={4}>{t('customers.privacy.title')}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('customers.privacy.subtitle')}
        </Text>
        {anonymized && (
          <Alert color="gray" variant="light" icon={<IconEyeOff size={18} />} data-testid="customer-anonymized">
            {t('customers.privacy.anonymizedAt', { when: formatDateTime(customer.anonymized_at!) })}
          </Alert>
        )}
        <Group gap="sm">
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporter.isPending} onClick={() => exporter.mutate()}>
            {t('customers.privacy.export')}
          </Button>
          {canAnonymize && !anonymized && (
            <Button color="red" variant="light" leftSection={<IconEyeOff size={16} />} onClick={askAnonymize}>
              {t('customers.privacy.anonymize')}
            </Button>
          )}
        </Group>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('customers.audit.title')}
          </Text>
          <AuditTrail customerId={customer.id} />
        </Stack>
      </Stack>
      {confirm.modal}
    </Card>
  );
}
