import { Alert, Button, Card, Divider, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { PublisherOption } from './api';
import { AudienceFields } from './audience-fields';
import { PlacementFields } from './placement-fields';
import { CONTEXT_FIELDS, TESTER_CHANNELS, TESTER_CONTEXTS, withContext, type TesterContext, type TesterValues } from './tester-rules';
import { t } from '../../../i18n';

type Form = UseFormReturnType<TesterValues>;

// Options are built when the form renders: the texts load with the private layout, after this module.
const contextOptions = () => TESTER_CONTEXTS.map((context) => ({ value: context, label: t(`rmAdApi.tester.contexts.${context}`) }));
const channelOptions = () => TESTER_CHANNELS.map((channel) => ({ value: channel, label: t(`rmAdApi.tester.channels.${channel}`) }));

const FIELD_LIMITS = { term: 200, category: 500, sku: 120, brand: 200, deviceId: 200, storeName: 200 } as const;

/** The inputs the current context asks for (search term, category, SKU, brand, or a screen and its store). */
function ContextFields({ form }: { form: Form }) {
  const fields = form.values.context ? CONTEXT_FIELDS[form.values.context] : [];
  if (fields.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: fields.length }} spacing="md">
      {fields.map((field) => (
        <TextInput
          key={field}
          label={t(`rmAdApi.tester.form.${field}`)}
          placeholder={t(`rmAdApi.tester.form.${field}Placeholder`)}
          description={field === 'category' ? t('rmTester.form.categoryHint') : undefined}
          withAsterisk
          maxLength={FIELD_LIMITS[field]}
          {...form.getInputProps(field)}
        />
      ))}
    </SimpleGrid>
  );
}

/** Who asks and from where: ids, store, site and the client's user agent. */
function OptionalFields({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput label={t('rmTester.form.sessionId')} maxLength={200} {...form.getInputProps('sessionId')} />
      <TextInput label={t('rmTester.form.userId')} maxLength={200} {...form.getInputProps('userId')} />
      <TextInput label={t('rmAdApi.tester.form.storeId')} description={t('rmAdApi.tester.form.storeIdHint')} inputWrapperOrder={['label', 'input', 'description', 'error']} maxLength={120} {...form.getInputProps('storeId')} />
      <TextInput label={t('rmAdApi.tester.form.site')} description={t('rmAdApi.tester.form.siteHint')} inputWrapperOrder={['label', 'input', 'description', 'error']} maxLength={200} {...form.getInputProps('site')} />
      <TextInput label={t('rmAdApi.tester.form.userAgent')} maxLength={1000} style={{ gridColumn: '1 / -1' }} {...form.getInputProps('userAgent')} />
    </SimpleGrid>
  );
}

/** The request: publisher, context and its fields, channel, placements, audience and optional ids. */
export function TesterForm({
  form,
  publishers,
  accountId,
  submitting,
  otherErrors,
  onSubmit,
}: {
  form: Form;
  publishers: PublisherOption[];
  accountId: number;
  submitting: boolean;
  otherErrors: string[];
  onSubmit: (values: TesterValues) => void;
}) {
  const setContext = (context: string | null) => {
    form.setValues(withContext(form.getValues(), (context ?? '') as TesterContext | ''));
    for (const field of ['term', 'category', 'sku', 'brand', 'deviceId', 'storeName']) form.clearFieldError(field);
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
            onChange={(value) => form.setFieldValue('publisherId', value ?? '')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select label={t('rmTester.form.context')} placeholder={t('rmTester.form.contextPlaceholder')} data={contextOptions()} withAsterisk allowDeselect={false} {...form.getInputProps('context')} onChange={setContext} />
            <Select
              label={t('rmAdApi.tester.form.channel')}
              placeholder={t('rmAdApi.tester.form.channelPlaceholder')}
              data={channelOptions()}
              clearable
              {...form.getInputProps('channel')}
              onChange={(v) => form.setFieldValue('channel', (v ?? '') as TesterValues['channel'])}
            />
          </SimpleGrid>
          <ContextFields form={form} />
          <Divider />
          <PlacementFields form={form} accountId={accountId} />
          <Divider label={t('rmAdApi.tester.form.audience')} labelPosition="left" />
          <AudienceFields form={form} />
          <Divider label={t('rmTester.form.optional')} labelPosition="left" />
          <OptionalFields form={form} />
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
