import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Input, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput, TimePicker } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { PROMOTION_TYPES, type PromotionType } from '@backoffice/contracts';
import type { PromotionFormValues } from '../form-values';
import { typeLabel } from '../describe';
import { t } from '../../../i18n';

type Form = UseFormReturnType<PromotionFormValues>;

const typeOptions = () => PROMOTION_TYPES.map((value) => ({ value, label: typeLabel(value) }));

/** Name, how it applies (automatic or coupon code), type, period, active, priority and stacking. */
export function FormGeneral({ form }: { form: Form }) {
  const v = form.getValues();
  const setType = (type: PromotionType) => {
    form.setFieldValue('promotion_type', type);
    form.setFieldValue('promotion_trigger', type === 'coupon' ? 'coupon' : 'auto');
  };
  return (
    <Stack gap="md">
      <TextInput label={t('promotions.form.name')} required key={form.key('name')} {...form.getInputProps('name')} />
      <Textarea label={t('promotions.form.description')} autosize minRows={2} maxRows={6} key={form.key('description')} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Input.Wrapper label={t('promotions.form.trigger')}>
          <SegmentedControl
            fullWidth
            mt={4}
            data={[
              { value: 'auto', label: t('promotions.form.triggerAuto') },
              { value: 'coupon', label: t('promotions.form.triggerCoupon') },
            ]}
            value={v.promotion_trigger}
            onChange={(value) => setType(value === 'coupon' ? 'coupon' : v.promotion_type === 'coupon' ? 'discount' : v.promotion_type)}
          />
        </Input.Wrapper>
        <Select
          label={t('promotions.form.type')}
          data={typeOptions()}
          allowDeselect={false}
          required
          key={form.key('promotion_type')}
          {...form.getInputProps('promotion_type')}
          onChange={(value) => value && setType(value as PromotionType)}
        />
      </SimpleGrid>
      {v.promotion_type === 'coupon' && (
        <TextInput
          label={t('promotions.form.code')}
          description={t('promotions.form.codeHint')}
          required
          maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
          styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <DatePickerInput
          label={t('promotions.form.startDate')}
          valueFormat="DD/MM/YYYY"
          leftSection={<IconCalendar size={16} />}
          required
          key={form.key('start_date')}
          {...form.getInputProps('start_date')}
        />
        <TimePicker format="24h" withDropdown label={t('promotions.form.startHour')} leftSection={<IconClock size={16} />} key={form.key('start_hour')} {...form.getInputProps('start_hour')} />
        <DatePickerInput
          label={t('promotions.form.endDate')}
          valueFormat="DD/MM/YYYY"
          leftSection={<IconCalendar size={16} />}
          required
          minDate={v.start_date || undefined}
          key={form.key('end_date')}
          {...form.getInputProps('end_date')}
        />
        <TimePicker format="24h" withDropdown label={t('promotions.form.endHour')} leftSection={<IconClock size={16} />} key={form.key('end_hour')} {...form.getInputProps('end_hour')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="md">
        <NumberInput
          label={t('promotions.form.priority')}
          description={t('promotions.form.priorityHint')}
          min={0}
          max={1000}
          allowDecimal={false}
          key={form.key('priority')}
          {...form.getInputProps('priority')}
        />
        <Stack gap="sm" justify="center">
          <Switch label={t('promotions.form.active')} key={form.key('active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Switch
            label={t('promotions.form.exclusive')}
            description={t('promotions.form.exclusiveHint')}
            key={form.key('exclusive')}
            {...form.getInputProps('exclusive', { type: 'checkbox' })}
          />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
