import { ActionIcon, Badge, Card, Code, Table, Text, Title, Tooltip, type MantineColor } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { PromotionStatus } from '@backoffice/contracts';
import { formatInt, formatMoney } from '../../shared/ui/format';
import type { TopCoupon } from './api';
import { t } from '../../i18n';

const STATUS_COLORS: Record<PromotionStatus, MantineColor> = { scheduled: 'blue', active: 'green', paused: 'yellow', finished: 'gray', canceled: 'red' };

/** "Cupons mais usados": the period's top coupons, each linking to its promotion. */
export function TopCouponsTable({ coupons }: { coupons: TopCoupon[] }) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Title order={5} px="lg" pt="md" pb="xs">
        {t('couponMetrics.top.title')}
      </Title>
      {coupons.length === 0 ? (
        <Text c="dimmed" size="sm" px="lg" pb="lg">
          {t('couponMetrics.top.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={820} type="native">
          <Table verticalSpacing="sm" highlightOnHover data-testid="top-coupons">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('couponMetrics.top.code')}</Table.Th>
                <Table.Th>{t('couponMetrics.top.name')}</Table.Th>
                <Table.Th>{t('couponMetrics.top.status')}</Table.Th>
                <Table.Th ta="right">{t('couponMetrics.top.uses')}</Table.Th>
                <Table.Th ta="right">{t('couponMetrics.top.customers')}</Table.Th>
                <Table.Th ta="right">{t('couponMetrics.top.discount')}</Table.Th>
                <Table.Th ta="right">{t('couponMetrics.top.revenue')}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coupons.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Code fw={600}>{c.code ?? '—'}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{c.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={STATUS_COLORS[c.status]}>
                      {t(`couponMetrics.status.${c.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatInt(c.uses)}</Table.Td>
                  <Table.Td ta="right">{formatInt(c.customers)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(c.discount)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(c.revenue)}
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={t('couponMetrics.top.open', { code: c.code ?? c.name })}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('couponMetrics.top.open', { code: c.code ?? c.name })}
                        renderRoot={(props) => <Link {...props} to="/promotional/view/$id" params={{ id: String(c.id) }} />}
                      >
                        <IconExternalLink size={16} />
                      </ActionIcon>
                    </Tooltip>
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
