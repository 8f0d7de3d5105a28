import { Stack, Table, Text } from '@mantine/core';
import { formatMoney } from '../../../shared/ui/format';
import type { WalletTransaction } from './api';
import { formatSignedAmount, formatWalletDate, movementTypeLabel, movementUserLabel } from './wallet-format';
import { t } from '../../../i18n';

/** Spec §2 wallet movements: date, value, type, user ("name {email}"), note and the balance after. */
export function MovementsTable({ movements }: { movements: WalletTransaction[] }) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ md: 900 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rmWallets.movements.columns.date')}</Table.Th>
            <Table.Th ta="right">{t('rmWallets.movements.columns.value')}</Table.Th>
            <Table.Th visibleFrom="md">{t('rmWallets.movements.columns.type')}</Table.Th>
            <Table.Th visibleFrom="md">{t('rmWallets.movements.columns.user')}</Table.Th>
            <Table.Th visibleFrom="md">{t('rmWallets.movements.columns.note')}</Table.Th>
            <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>{t('rmWallets.movements.columns.balanceAfter')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((m) => {
            const type = movementTypeLabel(m.transaction_type, m.transaction_subtype);
            const user = movementUserLabel(m.user_name, m.user_email);
            return (
              <Table.Tr key={m.id} data-testid="movement-row" data-type={m.transaction_type}>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatWalletDate(m.created_at)}
                    </Text>
                    <Text hiddenFrom="md" size="xs" c="dimmed">
                      {type}
                    </Text>
                    <Text hiddenFrom="md" size="xs" c="dimmed" lineClamp={2}>
                      {user}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600} c={m.transaction_type === 'credit' ? 'teal.7' : 'red.7'} style={{ whiteSpace: 'nowrap' }} data-testid="movement-amount">
                    {formatSignedAmount(m.amount, m.transaction_type)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm">{type}</Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" data-testid="movement-user">
                    {user}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" c={m.note ? undefined : 'dimmed'} lineClamp={2} maw={280}>
                    {m.note ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(m.balanceAfter)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
