import { Anchor, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { TradeAgreement } from '../api';
import { formatInvestment, formatPeriod, otherParty } from './trade-describe';
import { TradeStatusBadge } from './trade-status-badge';
import { t } from '../../../i18n';

const SKELETON_ROWS = 6;
const COLUMNS = 5;
/** Columns shown from Mantine's `sm` breakpoint: on phones the party and period go under the title. */
const SECONDARY = new Set([1, 2, 3]);

/** The agreements of a page; undefined while the first page loads (skeleton rows). */
export function TradeTable({ agreements }: { agreements: TradeAgreement[] | undefined }) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover={!!agreements} aria-busy={!agreements} miw={{ sm: 820 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('trade.columns.title')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('trade.columns.party')}</Table.Th>
            <Table.Th visibleFrom="sm" miw={200}>{t('trade.columns.period')}</Table.Th>
            <Table.Th visibleFrom="sm" ta="right">{t('trade.columns.investment')}</Table.Th>
            <Table.Th miw={{ base: 0, sm: 130 }}>{t('trade.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {agreements
            ? agreements.map((a) => {
                const party = otherParty(a);
                return (
                  <Table.Tr key={a.id} data-testid="trade-row">
                    <Table.Td maw={320}>
                      <Stack gap={2}>
                        <Anchor renderRoot={(props) => <Link {...props} to="/trade/view/$id" params={{ id: String(a.id) }} />} size="sm" fw={500} lineClamp={2}>
                          {a.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {t(`trade.kinds.${a.kind}`)}
                        </Text>
                        <Text hiddenFrom="sm" size="xs" c="dimmed">
                          {party.name} · {formatPeriod(a)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Stack gap={0}>
                        <Text size="sm">{party.name}</Text>
                        <Text size="xs" c="dimmed">
                          {t(a.my_side === 'brand' ? 'trade.sides.retailer' : 'trade.sides.brand')}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatPeriod(a)}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" ta="right">
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatInvestment(a.investment)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TradeStatusBadge status={a.status} />
                    </Table.Td>
                  </Table.Tr>
                );
              })
            : Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <Table.Tr key={row} data-testid="trade-row-skeleton">
                  {Array.from({ length: COLUMNS }, (_, col) => (
                    <Table.Td key={col} visibleFrom={SECONDARY.has(col) ? 'sm' : undefined}>
                      <Skeleton height={14} radius="sm" width={col === 0 ? '80%' : '60%'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
