import { Anchor, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDateTime, formatMoney } from '../../shared/ui/format';
import type { PaymentTransactionRow } from './api';
import type { TransactionSort, TransactionsSearch } from './search';
import { TransactionStatusBadge } from './status-badges';
import { cardLabel } from './status';
import { t, tn } from '../../i18n';

function SortHeader({ by, search, onSort, children, right }: { by: TransactionSort; search: TransactionsSearch; onSort: (by: TransactionSort) => void; children: ReactNode; right?: boolean }) {
  const active = search.tx_sort === by;
  const Icon = !active ? IconSelector : search.tx_dir === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th ta={right ? 'right' : undefined} aria-sort={active ? (search.tx_dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(by)} fw={700} fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}>
        {children}
        <Icon size={14} />
      </UnstyledButton>
    </Table.Th>
  );
}

const Th = ({ children, right }: { children: ReactNode; right?: boolean }) => (
  <Table.Th ta={right ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
    {children}
  </Table.Th>
);

const Money = ({ value, dim }: { value: number; dim?: boolean }) => (
  <Text size="sm" fw={dim ? 400 : 600} c={dim && value === 0 ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
    {formatMoney(value)}
  </Text>
);

/** One payment transaction a line: when, order (a link), store, method, status and amounts. */
export function TransactionsTable({ rows, search, onSort }: { rows: PaymentTransactionRow[]; search: TransactionsSearch; onSort: (by: TransactionSort) => void }) {
  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid="transactions-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader by="created_at" search={search} onSort={onSort}>
              {t('financial.transactions.columns.date')}
            </SortHeader>
            <Th>{t('financial.transactions.columns.order')}</Th>
            <Th>{t('financial.transactions.columns.store')}</Th>
            <Th>{t('financial.transactions.columns.method')}</Th>
            <Th>{t('financial.transactions.columns.status')}</Th>
            <SortHeader by="amount" search={search} onSort={onSort} right>
              {t('financial.transactions.columns.amount')}
            </SortHeader>
            <Th right>{t('financial.transactions.columns.captured')}</Th>
            <Th right>{t('financial.transactions.columns.refunded')}</Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const card = cardLabel(row.card);
            return (
              <Table.Tr key={row.id} data-testid="transaction-row">
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(row.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Anchor renderRoot={(props) => <Link {...props} to="/order/$id" params={{ id: String(row.order_id) }} />} size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {t('financial.orderNumber', { number: row.order_number })}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.location.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{row.installments > 1 ? t('financial.transactions.installments', { method: row.method_label, count: row.installments }) : row.method_label}</Text>
                    {card && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {card}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <TransactionStatusBadge status={row.status} />
                  </Group>
                  {row.refusal && (
                    <Text size="xs" c="red.7" mt={2}>
                      {row.refusal.reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={row.amount} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={row.captured_amount} dim />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={row.refunded_amount} dim />
                  {row.refunds_count > 0 && (
                    <Text size="xs" c="dimmed">
                      {tn('financial.transactions.refundsCount', row.refunds_count, { count: row.refunds_count })}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
