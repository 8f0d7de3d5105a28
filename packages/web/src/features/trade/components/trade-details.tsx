import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TradeAgreementDetail } from '../api';
import { formatInvestment, formatPeriod } from './trade-describe';
import { t } from '../../../i18n';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

interface Props {
  agreement: TradeAgreementDetail;
  storeName: (id: number) => string;
  productName: (id: number) => string;
}

/** Who, what, where, when and how much. */
export function TradeDetails({ agreement: a, storeName, productName }: Props) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="trade-details">
      <Stack gap="md">
        <Title order={4}>{t('trade.view.details')}</Title>
        {a.status === 'rejected' && a.rejection_reason && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('trade.view.rejected')}>
            {a.rejection_reason}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          <Item label={t('trade.sides.brand')}>{a.brand.name}</Item>
          <Item label={t('trade.sides.retailer')}>{a.retailer.name}</Item>
          <Item label={t('trade.columns.period')}>{formatPeriod(a)}</Item>
          <Item label={t('trade.columns.investment')}>{formatInvestment(a.investment)}</Item>
          <Item label={t('trade.form.kind')}>{t(`trade.kinds.${a.kind}`)}</Item>
          <Item label={t('trade.view.author')}>{a.author_side === 'brand' ? a.brand.name : a.retailer.name}</Item>
        </SimpleGrid>
        {a.description && <Item label={t('trade.form.description')}>{a.description}</Item>}
        <Item label={t('trade.form.stores')}>
          <Group gap={6} mt={2}>
            {a.location_ids.map((id) => (
              <Badge key={id} variant="outline" color="gray" radius="sm" tt="none">
                {storeName(id)}
              </Badge>
            ))}
          </Group>
        </Item>
        <Item label={t('trade.form.products')}>
          <Group gap={6} mt={2}>
            {a.product_ids.map((id) => (
              <Badge key={id} variant="light" color="blue" radius="sm" tt="none">
                {productName(id)}
              </Badge>
            ))}
          </Group>
        </Item>
      </Stack>
    </Card>
  );
}
