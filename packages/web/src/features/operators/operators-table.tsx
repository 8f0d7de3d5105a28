import { Stack, Table, Text } from '@mantine/core';
import type { Operator } from './api';
import { OperatorActiveBadge, OperatorRoleBadge } from './operator-badges';
import { OperatorRowActions } from './operator-row-actions';
import { formatStores, formatVehicle, showCpf, showPhone } from './operator-format';
import { t } from '../../i18n';

interface Props {
  operators: Operator[];
  readOnly: boolean;
  onRemove: (operator: Operator) => void;
}

/** Name, role, stores, phone, vehicle and situation; on phones the secondary columns go under the name. */
export function OperatorsTable({ operators, readOnly, onRemove }: Props) {
  // The table keeps its desktop min width from `sm` (its miw); on phones it fits the screen.
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 860 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('operators.columns.name')}</Table.Th>
            <Table.Th>{t('operators.columns.role')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('operators.columns.stores')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('operators.columns.phone')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('operators.columns.vehicle')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('operators.columns.active')}</Table.Th>
            {!readOnly && <Table.Th ta="right">{t('operators.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {operators.map((operator) => {
            const vehicle = formatVehicle(operator.vehicle);
            const phone = showPhone(operator.phone);
            const storeNames = formatStores(operator.locations);
            return (
              <Table.Tr key={operator.id} data-testid="operator-row">
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {operator.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {t('operators.cpfLine', { cpf: showCpf(operator.cpf) ?? '' })}
                    </Text>
                    {operator.email && (
                      <Text size="xs" c="dimmed" truncate="end" maw={{ base: 200, lg: 280 }} title={operator.email}>
                        {operator.email}
                      </Text>
                    )}
                    <Stack hiddenFrom="sm" gap={2} align="flex-start">
                      <Text size="xs" c="dimmed">
                        {[storeNames, phone, vehicle].filter(Boolean).join(' · ')}
                      </Text>
                      <OperatorActiveBadge active={operator.active} />
                    </Stack>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <OperatorRoleBadge role={operator.role} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" lineClamp={2} maw={240} title={storeNames} c={operator.location_ids.length ? undefined : 'dimmed'}>
                    {storeNames}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c={phone ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                    {phone ?? t('operators.noPhone')}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c={vehicle ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                    {vehicle ?? t('operators.noVehicle')}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <OperatorActiveBadge active={operator.active} />
                </Table.Td>
                {!readOnly && (
                  <Table.Td>
                    <OperatorRowActions operator={operator} onRemove={onRemove} />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
