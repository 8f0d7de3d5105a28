import { NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Input, TextInput, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { PromotionFormValues } from '../form-values';
import { ProductPicker } from './product-picker';
import { t } from '../../../i18n';

type Form = UseFormReturnType<PromotionFormValues>;

const half = { sm: 'calc(50% - var(--mantine-spacing-md) / 2)' };

/** What the customer gets, by type: "leve X pague Y", a fixed price, or a percent/fixed discount. */
export function FormBenefit({ form }: { form: Form }) {
  const v = form.getValues();
  if (v.promotion_type === 'buy_pay') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label={t('promotions.form.take')} min={2} allowDecimal={false} required key={form.key('benefit_take')} {...form.getInputProps('benefit_take')} />
        <NumberInput label={t('promotions.form.pay')} min={1} allowDecimal={false} required key={form.key('benefit_pay')} {...form.getInputProps('benefit_pay')} />
      </SimpleGrid>
    );
  }
  if (v.promotion_type === 'fixed_price') {
    return (
      <TextInput
        label={t('promotions.form.price')}
        leftSection={<Text size="sm">R$</Text>}
        placeholder="0,00"
        inputMode="decimal"
        required
        maw={half}
        key={form.key('benefit_price')}
        {...form.getInputProps('benefit_price')}
      />
    );
  }
  const percent = v.benefit_type === 'percent';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Input.Wrapper label={t('promotions.form.benefitType')}>
        <SegmentedControl
          fullWidth
          mt={4}
          data={[
            { value: 'percent', label: t('promotions.form.percent') },
            { value: 'fixed', label: t('promotions.form.fixed') },
          ]}
          value={v.benefit_type}
          onChange={(value) => form.setFieldValue('benefit_type', value === 'fixed' ? 'fixed' : 'percent')}
        />
      </Input.Wrapper>
      <TextInput
        label={t(percent ? 'promotions.form.valuePercent' : 'promotions.form.valueFixed')}
        leftSection={percent ? undefined : <Text size="sm">R$</Text>}
        rightSection={percent ? <Text size="sm">%</Text> : undefined}
        placeholder={percent ? '10' : '0,00'}
        inputMode="decimal"
        required
        key={form.key('benefit_value')}
        {...form.getInputProps('benefit_value')}
      />
    </SimpleGrid>
  );
}

/** When it applies: a minimum order value or item count (on some products), else a unit count. */
export function FormConditions({ form }: { form: Form }) {
  const v = form.getValues();
  const rules = v.promotionRules;
  const setRule = (rule: 'totalValue' | 'orderItems', on: boolean) => {
    // One trigger at a time: a minimum value or a minimum number of items.
    form.setFieldValue('promotionRules', { ...rules, totalValue: rule === 'totalValue' && on, orderItems: rule === 'orderItems' && on });
  };
  return (
    <Stack gap="md">
      {v.promotion_type !== 'buy_pay' && !rules.totalValue && !rules.orderItems && (
        <NumberInput
          label={t('promotions.form.quantity')}
          description={t('promotions.form.quantityHint')}
          min={1}
          allowDecimal={false}
          maw={half}
          key={form.key('trigger_quantity')}
          {...form.getInputProps('trigger_quantity')}
        />
      )}
      <Switch label={t('promotions.form.ruleTotalValue')} checked={rules.totalValue} onChange={(e) => setRule('totalValue', e.currentTarget.checked)} />
      {rules.totalValue && (
        <TextInput
          label={t('promotions.form.minValue')}
          leftSection={<Text size="sm">R$</Text>}
          placeholder="0,00"
          inputMode="decimal"
          required
          maw={half}
          key={form.key('trigger_min_value')}
          {...form.getInputProps('trigger_min_value')}
        />
      )}
      <Switch label={t('promotions.form.ruleOrderItems')} checked={rules.orderItems} onChange={(e) => setRule('orderItems', e.currentTarget.checked)} />
      {rules.orderItems && (
        <NumberInput
          label={t('promotions.form.minQuantity')}
          min={1}
          allowDecimal={false}
          required
          maw={half}
          key={form.key('trigger_min_quantity')}
          {...form.getInputProps('trigger_min_quantity')}
        />
      )}
      {(rules.totalValue || rules.orderItems) && (
        <ProductPicker
          label={t('promotions.form.triggerOffers')}
          description={t('promotions.form.triggerOffersHint')}
          value={v.trigger_offers}
          onChange={(skus) => form.setFieldValue('trigger_offers', skus)}
          error={form.errors.trigger_offers}
        />
      )}
    </Stack>
  );
}
