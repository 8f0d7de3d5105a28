import { Badge, Card, Group, Progress, Table, Text, Title } from '@mantine/core';
import { formatInt } from '../../shared/ui/format';
import type { DeliveryDashboard, DeliveryFigures } from './api';
import { formatMinutes, formatRate } from './format';
import { t } from '../../i18n';

const rateColor = (rate: number) => (rate >= 0.9 ? 'teal' : rate >= 0.75 ? 'yellow' : 'red');

function Rate({ rate }: { rate: number | null }) {
  if (rate === null) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={rate * 100} color={rateColor(rate)} size="sm" radius="xl" w={72} aria-hidden />
      <Text size="sm">{formatRate(rate)}</Text>
    </Group>
  );
}

interface Row extends DeliveryFigures {
  key: string;
  name: string;
  detail?: string;
}

/** A titled table of figures per region or courier; an empty one says so. */
function FiguresTable({ title, first, rows, testId, empty }: { title: string; first: string; rows: Row[]; testId: string; empty: string }) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Title order={5} px="lg" pt="md" pb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" px="lg" pb="md" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={680} type="native">
          <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
            <Table.Thead style={{ whiteSpace: 'nowrap' }}>
              <Table.Tr>
                <Table.Th>{first}</Table.Th>
                <Table.Th ta="right">{t('deliveryHub.dashboard.table.deliveries')}</Table.Th>
                <Table.Th ta="right">{t('deliveryHub.dashboard.table.delivered')}</Table.Th>
                <Table.Th w={160}>{t('deliveryHub.dashboard.table.onTime')}</Table.Th>
                <Table.Th ta="right">{t('deliveryHub.dashboard.table.failed')}</Table.Th>
                <Table.Th ta="right">{t('deliveryHub.dashboard.table.averageTime')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {r.name}
                      </Text>
                      {r.detail && (
                        <Badge variant="light" color="gray" size="sm" tt="none">
                          {r.detail}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatInt(r.deliveries)}</Table.Td>
                  <Table.Td ta="right">{formatInt(r.delivered)}</Table.Td>
                  <Table.Td>
                    <Rate rate={r.on_time_rate} />
                  </Table.Td>
                  <Table.Td ta="right">{formatInt(r.failed)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMinutes(r.average_minutes)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

export function RegionsTable({ regions }: { regions: DeliveryDashboard['regions'] }) {
  const rows = regions.map((r) => ({ ...r, key: String(r.region_id ?? 'none'), name: r.region_id === null ? t('deliveryHub.dashboard.noRegion') : r.name }));
  return <FiguresTable title={t('deliveryHub.dashboard.regions')} first={t('deliveryHub.dashboard.table.region')} rows={rows} testId="delivery-regions" empty={t('deliveryHub.dashboard.noRows')} />;
}

export function CouriersTable({ couriers }: { couriers: DeliveryDashboard['couriers'] }) {
  const rows = couriers.map((c) => ({ ...c, key: c.name, detail: c.vehicle }));
  return <FiguresTable title={t('deliveryHub.dashboard.couriers')} first={t('deliveryHub.dashboard.table.courier')} rows={rows} testId="delivery-couriers" empty={t('deliveryHub.dashboard.noCouriers')} />;
}
