import { NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { parseCustomerList, type PromotionFormValues } from '../form-values';
import { ProductPicker } from './product-picker';
import { StorePicker } from './store-picker';
import { t } from '../../../i18n';

type Form = UseFormReturnType<PromotionFormValues>;

/** Usage limits: in total and per customer, each behind its switch. */
export function FormLimits({ form }: { form: Form }) {
  const v = form.getValues();
  const setRule = (rule: 'totalUsage' | 'perCustomer', on: boolean) => form.setFieldValue('promotionRules', { ...v.promotionRules, [rule]: on });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Stack gap="xs">
        <Switch label={t('promotions.form.ruleTotalUsage')} checked={v.promotionRules.totalUsage} onChange={(e) => setRule('totalUsage', e.currentTarget.checked)} />
        {v.promotionRules.totalUsage && (
          <NumberInput label={t('promotions.form.limitTotal')} min={1} allowDecimal={false} required key={form.key('limit_total')} {...form.getInputProps('limit_total')} />
        )}
      </Stack>
      <Stack gap="xs">
        <Switch label={t('promotions.form.rulePerCustomer')} checked={v.promotionRules.perCustomer} onChange={(e) => setRule('perCustomer', e.currentTarget.checked)} />
        {v.promotionRules.perCustomer && (
          <NumberInput
            label={t('promotions.form.limitPerCustomer')}
            min={1}
            allowDecimal={false}
            required
            key={form.key('limit_per_customer')}
            {...form.getInputProps('limit_per_customer')}
          />
        )}
      </Stack>
    </SimpleGrid>
  );
}

function Choice({ label, value, onChange, data }: { label: string; value: string; onChange: (value: string) => void; data: { value: string; label: string }[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl data={data} value={value} onChange={onChange} w="fit-content" aria-label={label} />
    </Stack>
  );
}

/** Which products, stores and customers the promotion covers ("all" sends an empty list). */
export function FormScope({ form }: { form: Form }) {
  const v = form.getValues();
  const customers = parseCustomerList(v.customers_text);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Choice
          label={t('promotions.form.target')}
          value={v.promotion_target}
          onChange={(value) => form.setFieldValue('promotion_target', value === 'selected' ? 'selected' : 'all')}
          data={[
            { value: 'all', label: t('promotions.form.allProducts') },
            { value: 'selected', label: t('promotions.form.selectedProducts') },
          ]}
        />
        {v.promotion_target === 'selected' && (
          <ProductPicker
            label={t('promotions.form.selectedOffers')}
            value={v.selected_offers}
            onChange={(skus) => form.setFieldValue('selected_offers', skus)}
            error={form.errors.selected_offers}
          />
        )}
      </Stack>
      <Stack gap="xs">
        <Choice
          label={t('promotions.form.locations')}
          value={v.locationsCheck}
          onChange={(value) => form.setFieldValue('locationsCheck', value === 'selected' ? 'selected' : 'all')}
          data={[
            { value: 'all', label: t('promotions.form.allStores') },
            { value: 'selected', label: t('promotions.form.selectedStores') },
          ]}
        />
        {v.locationsCheck === 'selected' && (
          <StorePicker value={v.location_ids} onChange={(ids) => form.setFieldValue('location_ids', ids)} error={form.errors.location_ids} />
        )}
      </Stack>
      <Stack gap="xs">
        <Choice
          label={t('promotions.form.customers')}
          value={v.customersCheck}
          onChange={(value) => form.setFieldValue('customersCheck', value === 'selected' ? 'selected' : 'all')}
          data={[
            { value: 'all', label: t('promotions.form.allCustomers') },
            { value: 'selected', label: t('promotions.form.selectedCustomers') },
          ]}
        />
        {v.customersCheck === 'selected' && (
          <Textarea
            label={t('promotions.form.customerList')}
            description={t('promotions.form.customerListHint', { count: customers.length })}
            autosize
            minRows={3}
            maxRows={10}
            key={form.key('customers_text')}
            {...form.getInputProps('customers_text')}
          />
        )}
      </Stack>
    </Stack>
  );
}
