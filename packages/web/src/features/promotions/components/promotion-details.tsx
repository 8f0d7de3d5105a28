import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatInt } from '../../../shared/ui/format';
import { storesQuery, useAccountId, type Promotion } from '../api';
import { describeBenefit, describePeriod, describeTrigger, typeLabel } from '../describe';
import { t } from '../../../i18n';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
    </Stack>
  );
}

function limitText(value: number | null) {
  return value ? formatInt(value) : t('promotions.view.noLimit');
}

/** Everything the promotion is, in plain Portuguese. */
export function PromotionDetails({ promotion: p }: { promotion: Promotion }) {
  const stores = useQuery(storesQuery(useAccountId()));
  const storeNames = p.location_ids.map((id) => stores.data?.find((s) => s.id === id)?.name ?? `#${id}`);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4}>{t('promotions.view.details')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
          <Item label={t('promotions.view.type')}>{typeLabel(p.promotion_type)}</Item>
          <Item label={t('promotions.view.period')}>{describePeriod(p)}</Item>
          <Item label={t('promotions.view.benefit')}>
            <Text size="sm" fw={600} data-testid="promotion-benefit">
              {describeBenefit(p)}
            </Text>
          </Item>
          <Item label={t('promotions.view.trigger')}>{describeTrigger(p) || t('promotions.view.anyPurchase')}</Item>
          <Item label={t('promotions.view.limitTotal')}>{limitText(p.limits.total)}</Item>
          <Item label={t('promotions.view.limitPerCustomer')}>{limitText(p.limits.per_customer)}</Item>
          <Item label={t('promotions.view.stores')}>
            {p.location_ids.length === 0 ? (
              t('promotions.form.allStores')
            ) : (
              <Group gap={6}>
                {storeNames.map((name, i) => (
                  <Badge key={p.location_ids[i]} variant="default" radius="sm" tt="none">
                    {name}
                  </Badge>
                ))}
              </Group>
            )}
          </Item>
          <Item label={t('promotions.view.customers')}>
            {p.customers.length === 0 ? t('promotions.form.allCustomers') : t('promotions.view.customersCount', { count: formatInt(p.customers.length) })}
          </Item>
          <Item label={t('promotions.view.priority')}>{String(p.priority)}</Item>
          <Item label={t('promotions.view.stacking')}>{p.exclusive ? t('promotions.form.exclusive') : t('promotions.view.stacks')}</Item>
        </SimpleGrid>
        {p.customers.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={3}>
            {p.customers.join(', ')}
          </Text>
        )}
        {p.description && <Item label={t('promotions.form.description')}>{p.description}</Item>}
      </Stack>
    </Card>
  );
}
