import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../../shared/components/field';
import { formatInt } from '../../../shared/ui/format';
import { storesQuery, useAccountId, type Promotion } from '../api';
import { describeBenefit, describePeriod, describeTrigger, typeLabel } from '../describe';
import { t } from '../../../i18n';

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
          <Field label={t('promotions.view.type')}>{typeLabel(p.promotion_type)}</Field>
          <Field label={t('promotions.view.period')}>{describePeriod(p)}</Field>
          <Field label={t('promotions.view.benefit')}>
            <Text size="sm" fw={600} data-testid="promotion-benefit">
              {describeBenefit(p)}
            </Text>
          </Field>
          <Field label={t('promotions.view.trigger')}>{describeTrigger(p) || t('promotions.view.anyPurchase')}</Field>
          <Field label={t('promotions.view.limitTotal')}>{limitText(p.limits.total)}</Field>
          <Field label={t('promotions.view.limitPerCustomer')}>{limitText(p.limits.per_customer)}</Field>
          <Field label={t('promotions.view.stores')}>
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
          </Field>
          <Field label={t('promotions.view.customers')}>
            {p.customers.length === 0 ? t('promotions.form.allCustomers') : t('promotions.view.customersCount', { count: formatInt(p.customers.length) })}
          </Field>
          <Field label={t('promotions.view.priority')}>{String(p.priority)}</Field>
          <Field label={t('promotions.view.stacking')}>{p.exclusive ? t('promotions.form.exclusive') : t('promotions.view.stacks')}</Field>
        </SimpleGrid>
        {p.customers.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={3}>
            {p.customers.join(', ')}
          </Text>
        )}
        {p.description && <Field label={t('promotions.form.description')}>{p.description}</Field>}
      </Stack>
    </Card>
  );
}
