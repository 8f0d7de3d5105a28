import { ActionIcon, Badge, Card, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { PAYMENT_METHOD_KINDS, PAYMENT_METHOD_KIND_LABELS } from '@backoffice/contracts';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { formatMoney } from '../../shared/ui/format';
import { useCreateConfig, useRestoreConfig, useUpdateConfig } from './api';
import { ConfigModal, valuesToSetting, type ConfigValues } from './config-modal';
import type { MethodRow, MethodSetting, Origin } from './effective';
import { t } from '../../i18n';

const ORIGIN_COLORS: Record<Origin, string> = { store: 'blue', account: 'teal', hub: 'gray' };

/**
 * The methods of one scope (the account's defaults, or a store), online and in-person groups: an
 * active switch, the minimum order and installments, where the setting comes from; editing creates
 * or changes the scope's own configuration, "Restaurar padrão" removes it. Each answer's message is shown.
 */
export function MethodsTable({ rows, locationId, scopeLabel }: { rows: MethodRow[]; locationId: number | null; scopeLabel: string }) {
  const create = useCreateConfig();
  const update = useUpdateConfig();
  const restore = useRestoreConfig();
  const confirm = useConfirmModal();
  const [editing, setEditing] = useState<MethodRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const save = (row: MethodRow, setting: Partial<MethodSetting>) => {
    setBusy(row.method.method);
    const done = row.own
      ? update.mutateAsync({ id: row.own._id, body: setting })
      : create.mutateAsync({ location_id: locationId, method: row.method.method, ...row.inherited, ...setting });
    return done.finally(() => setBusy(null));
  };

  const askRestore = (row: MethodRow) =>
    confirm.open({
      title: t('paymentMethods.restore.title', { method: row.method.label }),
      message: locationId === null ? t('paymentMethods.restore.accountMessage') : t('paymentMethods.restore.storeMessage'),
      confirmLabel: t('paymentMethods.restore.confirm'),
      confirmColor: 'orange',
      onConfirm: () => restore.mutateAsync(row.own!._id),
    });

  return (
    <>
      {PAYMENT_METHOD_KINDS.map((kind) => (
        <Card key={kind} withBorder radius="md" padding={0} data-testid={`methods-${kind}`}>
          <Text fw={700} p="md" pb="xs">
            {PAYMENT_METHOD_KIND_LABELS[kind]}
          </Text>
          <Table.ScrollContainer minWidth={620} type="native">
            {/* Fixed columns: the online and in-person tables line up. */}
            <Table verticalSpacing="sm" highlightOnHover layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('paymentMethods.columns.method')}</Table.Th>
                  <Table.Th w={130}>{t('paymentMethods.columns.active')}</Table.Th>
                  <Table.Th w={150} ta="right">{t('paymentMethods.columns.minOrder')}</Table.Th>
                  <Table.Th w={100} ta="right">{t('paymentMethods.columns.installments')}</Table.Th>
                  <Table.Th w={170} pl="lg">{t('paymentMethods.columns.origin')}</Table.Th>
                  <Table.Th w={90}>{t('paymentMethods.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows
                  .filter((r) => r.method.kind === kind)
                  .map((row) => {
                    const { method, effective, origin } = row;
                    return (
                      <Table.Tr key={method.method} data-testid="method-row" data-method={method.method} data-origin={origin}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {method.label}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Switch
                            checked={effective.active}
                            disabled={busy === method.method}
                            aria-label={t('paymentMethods.activeOf', { method: method.label })}
                            label={effective.active ? t('paymentMethods.active') : t('paymentMethods.inactive')}
                            onChange={(e) => void save(row, { active: e.currentTarget.checked }).catch(() => undefined)}
                          />
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm">{effective.min_order_value === null ? t('paymentMethods.noMinimum') : formatMoney(effective.min_order_value)}</Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm">{!method.installments ? '—' : effective.max_installments === null ? t('paymentMethods.upfront') : t('paymentMethods.upTo', { count: effective.max_installments })}</Text>
                        </Table.Td>
                        <Table.Td pl="lg">
                          <Badge variant="light" color={ORIGIN_COLORS[origin]} tt="none" data-testid="method-origin">
                            {t(`paymentMethods.origin.${origin}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Tooltip label={t('paymentMethods.edit')}>
                              <ActionIcon variant="subtle" color="gray" aria-label={t('paymentMethods.editOf', { method: method.label })} onClick={() => setEditing(row)}>
                                <IconPencil size={16} />
                              </ActionIcon>
                            </Tooltip>
                            {row.own && (
                              <Tooltip label={t('paymentMethods.restore.button')}>
                                <ActionIcon variant="subtle" color="orange" aria-label={t('paymentMethods.restoreOf', { method: method.label })} onClick={() => askRestore(row)}>
                                  <IconRestore size={16} />
                                </ActionIcon>
                              </Tooltip>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ))}
      {editing && (
        <ConfigModal
          row={editing}
          locationId={locationId}
          scopeLabel={scopeLabel}
          onClose={() => setEditing(null)}
          onSave={(values: ConfigValues) => save(editing, valuesToSetting(values))}
        />
      )}
      {confirm.modal}
    </>
  );
}
