import { Card, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatInt, formatMoney } from '../../shared/ui/format';
import type { PaymentFigures, PaymentsRow } from './api';
import { t } from '../../i18n';

/** An amount with its count under it ("R$ 120,00 / 3"). */
function Amount({ value, count, strong }: { value: number; count?: number; strong?: boolean }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={strong ? 700 : 500} c={value < 0 ? 'red.7' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(value)}
      </Text>
      {count !== undefined && (
        <Text size="xs" c="dimmed">
          {formatInt(count)}
        </Text>
      )}
    </Stack>
  );
}

function FigureCells({ figures, strong }: { figures: PaymentFigures; strong?: boolean }) {
  return (
    <>
      <Table.Td ta="right">
        <Amount value={figures.received} count={figures.received_count} strong={strong} />
      </Table.Td>
      <Table.Td ta="right">
        <Amount value={figures.refunded} count={figures.refunded_count} strong={strong} />
      </Table.Td>
      <Table.Td ta="right">
        <Amount value={figures.pending} count={figures.pending_count} strong={strong} />
      </Table.Td>
      <Table.Td ta="right">
        <Amount value={figures.net} strong />
      </Table.Td>
    </>
  );
}

const Th = ({ children, right }: { children: ReactNode; right?: boolean }) => (
  <Table.Th ta={right ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
    {children}
  </Table.Th>
);

/** One line per store and method, sorted by store, with the period's totals in the last line. */
export function PaymentsTable({ rows, totals }: { rows: PaymentsRow[]; totals: PaymentFigures }) {
  const sorted = [...rows].sort((a, b) => a.location_name.localeCompare(b.location_name, 'pt-BR') || b.received - a.received);
  return (
    <Card withBorder radius="md" padding={0}>
      <Stack gap={2} px="md" pt="lg" pb="sm">
        <Title order={5}>{t('financial.table.title')}</Title>
        <Text size="xs" c="dimmed">
          {t('financial.table.hint')}
        </Text>
      </Stack>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table verticalSpacing="xs" horizontalSpacing="md" highlightOnHover data-testid="financial-table">
          <Table.Thead>
            <Table.Tr>
              <Th>{t('financial.table.store')}</Th>
              <Th>{t('financial.table.method')}</Th>
              <Th right>{t('financial.table.received')}</Th>
              <Th right>{t('financial.table.refunded')}</Th>
              <Th right>{t('financial.table.pending')}</Th>
              <Th right>{t('financial.table.net')}</Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((row) => (
              <Table.Tr key={`${row.location_id}-${row.method}`} data-testid="financial-row">
                <Table.Td>
                  <Text size="sm">{row.location_name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.method_label}</Text>
                </Table.Td>
                <FigureCells figures={row} />
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr data-testid="financial-totals-row" bg="var(--mantine-color-default-hover)">
              <Table.Td colSpan={2}>
                <Text size="sm" fw={700}>
                  {t('financial.table.total')}
                </Text>
              </Table.Td>
              <FigureCells figures={totals} strong />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
