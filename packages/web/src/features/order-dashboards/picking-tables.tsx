import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ORDER_STATUS_LABELS } from '@backoffice/contracts';
import { formatDateTime, formatInt } from '../../shared/ui/format';
import type { PickingDashboard } from './api';
import { formatDecimal, formatPerHour } from './format';
import { t } from '../../i18n';

/** Lines, missing and substituted lines, hours and items per hour of each operator. */
export function OperatorsTable({ operators }: { operators: PickingDashboard['operators'] }) {
  if (!operators.length)
    return (
      <Text c="dimmed" size="sm" px="lg" pb="md" data-testid="picking-operators-empty">
        {t('orderDashboards.picking.noOperators')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid="picking-operators-table">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('orderDashboards.picking.operator')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.picking.lines')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.picking.missing')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.picking.substituted')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.picking.hours')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.picking.perHour')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {operators.map((o) => (
            <Table.Tr key={o.operator_id ?? 0}>
              <Table.Td>
                <Text size="sm" fw={500} c={o.operator_id === null ? 'dimmed' : undefined}>
                  {o.name}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatInt(o.lines)}</Table.Td>
              <Table.Td ta="right">{formatInt(o.missing_lines)}</Table.Td>
              <Table.Td ta="right">{formatInt(o.substituted_lines)}</Table.Td>
              <Table.Td ta="right">{formatDecimal(o.picking_hours)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatPerHour(o.items_per_hour)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Orders late against their window: ready after its start, or not ready with it started. */
export function LateTable({ late }: { late: PickingDashboard['late'] }) {
  if (!late.length)
    return (
      <Text c="dimmed" size="sm" px="lg" pb="md" data-testid="picking-late-empty">
        {t('orderDashboards.picking.noLate')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid="picking-late-table">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('orderDashboards.picking.order')}</Table.Th>
            <Table.Th>{t('orderDashboards.store')}</Table.Th>
            <Table.Th>{t('orderDashboards.picking.mode')}</Table.Th>
            <Table.Th>{t('orderDashboards.picking.status')}</Table.Th>
            <Table.Th>{t('orderDashboards.picking.window')}</Table.Th>
            <Table.Th>{t('orderDashboards.picking.readyAt')}</Table.Th>
            <Table.Th ta="right">{t('orderDashboards.picking.delay')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {late.map((o) => (
            <Table.Tr key={o.order_id}>
              <Table.Td>
                <Anchor renderRoot={(props) => <Link {...props} to="/order/$id" params={{ id: String(o.order_id) }} />} size="sm" fw={700}>
                  #{o.number}
                </Anchor>
              </Table.Td>
              <Table.Td>{o.location.name}</Table.Td>
              <Table.Td>{t(`orderDashboards.picking.modes.${o.fulfilment}`)}</Table.Td>
              <Table.Td>{ORDER_STATUS_LABELS[o.status]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(o.window_start)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {o.ready_at ? (
                  formatDateTime(o.ready_at)
                ) : (
                  <Badge color="orange" variant="light">
                    {t('orderDashboards.picking.notReady')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('orderDashboards.picking.minutes', { value: formatInt(o.minutes_late) })}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
