import { Card, Group, Progress, Table, Text, Title } from '@mantine/core';
import { formatInt, formatMoney } from '../../shared/ui/format';
import type { CartAbandonmentStore } from './api';
import { formatRate } from './format';
import { t } from '../../i18n';

const rateColor = (rate: number) => (rate >= 0.6 ? 'red' : rate >= 0.3 ? 'orange' : 'teal');

/** "Por loja": each store's funnel, from the most value left behind down. */
export function StoresTable({ stores }: { stores: CartAbandonmentStore[] }) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Title order={5} px="lg" pt="md" pb="xs">
        {t('cartMetrics.stores.title')}
      </Title>
      <Table.ScrollContainer minWidth={860} type="native">
        <Table verticalSpacing="sm" highlightOnHover data-testid="cart-metrics-stores">
          <Table.Thead style={{ whiteSpace: 'nowrap' }}>
            <Table.Tr>
              <Table.Th>{t('cartMetrics.stores.store')}</Table.Th>
              <Table.Th ta="right">{t('cartMetrics.stores.created')}</Table.Th>
              <Table.Th ta="right">{t('cartMetrics.stores.linksSent')}</Table.Th>
              <Table.Th ta="right">{t('cartMetrics.stores.opened')}</Table.Th>
              <Table.Th ta="right">{t('cartMetrics.stores.converted')}</Table.Th>
              <Table.Th ta="right">{t('cartMetrics.stores.abandoned')}</Table.Th>
              <Table.Th w={170}>{t('cartMetrics.stores.rate')}</Table.Th>
              <Table.Th ta="right">{t('cartMetrics.stores.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stores.map((s) => (
              <Table.Tr key={s.location_id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {s.name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatInt(s.created)}</Table.Td>
                <Table.Td ta="right">{formatInt(s.links_sent)}</Table.Td>
                <Table.Td ta="right">{formatInt(s.opened)}</Table.Td>
                <Table.Td ta="right">{formatInt(s.converted)}</Table.Td>
                <Table.Td ta="right">{formatInt(s.abandoned)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Progress value={s.abandonment_rate * 100} color={rateColor(s.abandonment_rate)} size="sm" radius="xl" w={80} aria-hidden />
                    <Text size="sm">{formatRate(s.abandonment_rate)}</Text>
                  </Group>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(s.abandoned_value)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
