import { Alert, Card, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { TRADE_KINDS } from '@backoffice/contracts';
import { ApiError } from '../../../shared/api/client';
import { FormActions } from '../../../shared/components/form-actions';
import { notifyError } from '../../../shared/ui/notify';
import { tradeCounterpartsQuery, useAccountId } from '../api';
import { parseBrDate, validateTradeForm, type TradeFormValues } from '../form-values';
import { TradeLoadError } from './trade-load-states';
import { t } from '../../../i18n';

interface Props {
  initialValues: TradeFormValues;
  /** Create: the other party is chosen here; edit: it is fixed (its name shown). */
  creating: boolean;
  submitLabel: string;
  pending: boolean;
  /** Saves; rejects with the API's error, placed beside its field or above the form. */
  onSubmit: (values: TradeFormValues) => Promise<unknown>;
  onCancel: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

const FIELDS = new Set(['counterpart_id', 'title', 'kind', 'description', 'location_ids', 'product_ids', 'start_date', 'end_date', 'investment']);

/** The one agreement form of create and edit, validated with the contracts' schemas. */
export function TradeForm({ initialValues, creating, submitLabel, pending, onSubmit, onCancel }: Props) {
  const parties = useQuery(tradeCounterpartsQuery(useAccountId()));
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TradeFormValues>({ initialValues, validate: validateTradeForm(creating) });
  const party = parties.data?.find((p) => p.id === form.values.counterpart_id);

  const submit = form.onSubmit((values) => {
    setServerError(null);
    onSubmit(values).catch((error: unknown) => {
      if (!(error instanceof ApiError)) return notifyError(error);
      const placed = (error.details ?? []).filter((d) => FIELDS.has(d.field));
      for (const d of placed) form.setFieldError(d.field, d.message);
      if (!placed.length) setServerError(error.message);
    });
  });

  if (parties.isError) return <TradeLoadError error={parties.error} retrying={parties.isFetching} onRetry={() => void parties.refetch()} />;
  const partyLabel = t(creating && parties.data?.[0]?.side === 'brand' ? 'trade.form.brand' : 'trade.form.retailer');
  const noParties = parties.data && parties.data.length === 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError}
          </Alert>
        )}
        {creating && noParties && (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} data-testid="trade-no-parties">
            {t('trade.form.noParties')}
          </Alert>
        )}
        <Section title={t('trade.form.general')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {creating ? (
              <Select
                label={partyLabel}
                placeholder={t('trade.form.partyPlaceholder')}
                data={(parties.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                value={form.values.counterpart_id ? String(form.values.counterpart_id) : null}
                onChange={(v) => {
                  form.setFieldValue('counterpart_id', v ? Number(v) : null);
                  // Stores and products belong to the party: a new party starts them over.
                  form.setFieldValue('location_ids', []);
                  form.setFieldValue('product_ids', []);
                }}
                error={form.errors.counterpart_id}
                disabled={parties.isPending}
                searchable
                withAsterisk
                data-testid="trade-party"
              />
            ) : (
              <TextInput label={t('trade.form.party')} value={party?.name ?? ''} readOnly variant="filled" />
            )}
            <Select
              label={t('trade.form.kind')}
              placeholder={t('trade.form.kindPlaceholder')}
              data={TRADE_KINDS.map((value) => ({ value, label: t(`trade.kinds.${value}`) }))}
              withAsterisk
              {...form.getInputProps('kind')}
              data-testid="trade-kind"
            />
          </SimpleGrid>
          <TextInput label={t('trade.form.title')} placeholder={t('trade.form.titlePlaceholder')} withAsterisk {...form.getInputProps('title')} data-testid="trade-title" />
          <Textarea label={t('trade.form.description')} placeholder={t('trade.form.descriptionPlaceholder')} autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
        </Section>
        <Section title={t('trade.form.scope')}>
          {!party && (
            <Text size="sm" c="dimmed">
              {t('trade.form.pickPartyFirst')}
            </Text>
          )}
          <MultiSelect
            label={t('trade.form.stores')}
            placeholder={t('trade.form.storesPlaceholder')}
            data={(party?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={form.values.location_ids.map(String)}
            onChange={(v) => form.setFieldValue('location_ids', v.map(Number))}
            error={form.errors.location_ids}
            disabled={!party}
            searchable
            clearable
            withAsterisk
            nothingFoundMessage={t('trade.form.nothingFound')}
            data-testid="trade-stores"
          />
          <MultiSelect
            label={t('trade.form.products')}
            description={t('trade.form.productsHint')}
            placeholder={t('trade.form.productsPlaceholder')}
            data={(party?.products ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.sku})` }))}
            value={form.values.product_ids.map(String)}
            onChange={(v) => form.setFieldValue('product_ids', v.map(Number))}
            error={form.errors.product_ids}
            disabled={!party}
            searchable
            clearable
            withAsterisk
            maxDropdownHeight={260}
            nothingFoundMessage={t('trade.form.nothingFound')}
            data-testid="trade-products"
          />
        </Section>
        <Section title={t('trade.form.periodAndInvestment')}>
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <DateInput
              label={t('trade.form.start')}
              dateParser={parseBrDate}
              placeholder={t('trade.form.datePlaceholder')}
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} />}
              withAsterisk
              miw={180}
              {...form.getInputProps('start_date')}
              data-testid="trade-start"
            />
            <DateInput
              label={t('trade.form.end')}
              dateParser={parseBrDate}
              placeholder={t('trade.form.datePlaceholder')}
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} />}
              minDate={form.values.start_date ?? undefined}
              withAsterisk
              miw={180}
              {...form.getInputProps('end_date')}
              data-testid="trade-end"
            />
            <NumberInput
              label={t('trade.form.investment')}
              prefix="R$ "
              decimalSeparator=","
              thousandSeparator="."
              decimalScale={2}
              fixedDecimalScale
              min={0}
              hideControls
              withAsterisk
              miw={180}
              {...form.getInputProps('investment')}
              data-testid="trade-investment"
            />
          </Group>
        </Section>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} submitDisabled={creating && noParties} />
      </Stack>
    </form>
  );
}
