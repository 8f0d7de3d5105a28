import { Alert, Button, Card, Divider, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { testerAdSizesQuery, type PublisherOption } from './api';
import { CONTEXT_FIELD, MAX_QUANTITY, TESTER_CONTEXTS, TESTER_DEVICES, TESTER_TYPES, withContext, withType, type TesterContext, type TesterType, type TesterValues } from './tester-rules';
import { t } from '../../../i18n';

const TYPE_OPTIONS = TESTER_TYPES.map((type) => ({ value: type, label: t(`rmTester.types.${type}`) }));
const CONTEXT_OPTIONS = TESTER_CONTEXTS.map((context) => ({ value: context, label: t(`rmTester.contexts.${context}`) }));
const DEVICE_OPTIONS = TESTER_DEVICES.map((device) => ({ value: device, label: t(`rmTester.devices.${device}`) }));

/** The input of the current context (search term, category, SKU or brand), or nothing for home. */
function ContextField({ form }: { form: UseFormReturnType<TesterValues> }) {
  const field = form.values.context ? CONTEXT_FIELD[form.values.context] : null;
  if (!field) return null;
  const hint = field === 'category' ? t('rmTester.form.categoryHint') : undefined;
  return (
    <TextInput
      key={field}
      label={t(`rmTester.form.${field}`)}
      placeholder={t(`rmTester.form.${field}Placeholder`)}
      description={hint}
      withAsterisk
      maxLength={field === 'category' ? 500 : 200}
      {...form.getInputProps(field)}
    />
  );
}

function SizeField({ form, accountId }: { form: UseFormReturnType<TesterValues>; accountId: number }) {
  const sizes = useQuery(testerAdSizesQuery(accountId, form.values.publisherId));
  const options = (sizes.data ?? []).map((s) => ({
    value: `${s.width}x${s.height}`,
    label: t('rmTester.form.sizeOption', { name: s.name, width: s.width, height: s.height }),
  }));
  // Two formats may share dimensions; the select needs unique values.
  const unique = options.filter((o, i) => options.findIndex((x) => x.value === o.value) === i);
  const empty = sizes.isSuccess && unique.length === 0;
  return (
    <Select
      label={t('rmTester.form.size')}
      placeholder={t('rmTester.form.sizePlaceholder')}
      data={unique}
      withAsterisk
      disabled={sizes.isPending && sizes.fetchStatus !== 'idle'}
      description={empty ? t('rmTester.form.sizesEmpty') : undefined}
      {...form.getInputProps('size')}
    />
  );
}

/** The request: publisher, type, quantity, banner size, context and its field, optional ids. */
export function TesterForm({
  form,
  publishers,
  accountId,
  submitting,
  otherErrors,
  onSubmit,
}: {
  form: UseFormReturnType<TesterValues>;
  publishers: PublisherOption[];
  accountId: number;
  submitting: boolean;
  otherErrors: string[];
  onSubmit: (values: TesterValues) => void;
}) {
  const setType = (type: string | null) => form.setValues(withType(form.getValues(), (type ?? '') as TesterType | ''));
  const setContext = (context: string | null) => {
    form.setValues(withContext(form.getValues(), (context ?? '') as TesterContext | ''));
    form.clearFieldError('term');
    form.clearFieldError('category');
    form.clearFieldError('sku');
    form.clearFieldError('brand');
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={form.onSubmit(onSubmit)} data-testid="tester-form">
        <Stack gap="md">
          <Title order={4}>{t('rmTester.form.title')}</Title>
          <Select
            label={t('rmTester.form.publisher')}
            placeholder={t('rmTester.form.publisherPlaceholder')}
            data={publishers}
            searchable={publishers.length > 8}
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('publisherId')}
            onChange={(value) => form.setValues({ publisherId: value ?? '', size: '' })}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select label={t('rmTester.form.type')} placeholder={t('rmTester.form.typePlaceholder')} data={TYPE_OPTIONS} withAsterisk allowDeselect={false} {...form.getInputProps('type')} onChange={setType} />
            <NumberInput
              label={t('rmTester.form.quantity')}
              description={t('rmTester.form.quantityHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              min={1}
              max={MAX_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              withAsterisk
              {...form.getInputProps('quantity')}
            />
          </SimpleGrid>
          {form.values.type === 'banner' && <SizeField form={form} accountId={accountId} />}
          <Select label={t('rmTester.form.context')} placeholder={t('rmTester.form.contextPlaceholder')} data={CONTEXT_OPTIONS} withAsterisk allowDeselect={false} {...form.getInputProps('context')} onChange={setContext} />
          <ContextField form={form} />
          <Divider label={t('rmTester.form.optional')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t('rmTester.form.sessionId')} maxLength={200} {...form.getInputProps('sessionId')} />
            <TextInput label={t('rmTester.form.userId')} maxLength={200} {...form.getInputProps('userId')} />
          </SimpleGrid>
          <Select label={t('rmTester.form.device')} placeholder={t('rmTester.form.devicePlaceholder')} data={DEVICE_OPTIONS} clearable {...form.getInputProps('device')} onChange={(v) => form.setFieldValue('device', v ?? '')} />
          {otherErrors.length > 0 && (
            <Alert color="red" variant="light" data-testid="tester-form-error">
              {otherErrors.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => form.reset()}>
              {t('rmTester.form.clear')}
            </Button>
            <Button type="submit" loading={submitting} leftSection={<IconPlayerPlay size={16} />}>
              {t('rmTester.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
