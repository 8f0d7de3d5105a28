import { ActionIcon, Alert, Badge, Button, Checkbox, Group, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { CreateAdvertiserBody, RM_STRATEGIES, UpdateLinkBody, type LinkType, type RmStrategy } from '@backoffice/contracts';
import { ApiError } from '../../../shared/api/client';
import { addBrand, defaultStrategyChoices, formatCnpj, keepDefaultStrategy, valuesToCreateBody, valuesToLinkBody, type LinkFormValues } from './link-form-values';
import { t } from '../../../i18n';

const checkLink = schemaResolver(UpdateLinkBody, { sync: true });
const checkCreate = schemaResolver(CreateAdvertiserBody, { sync: true });

interface Props {
  initialValues: LinkFormValues;
  /** Linking a new advertiser asks for its CNPJ. */
  create?: boolean;
  /** Spec §6 read-only mode: everything disabled; no save, cancel or remove. */
  readOnly?: boolean;
  /** Spec §5: the seller id is disabled for some roles (the API's `can_edit_seller_id`). */
  canEditSellerId: boolean;
  submitLabel: string;
  onSubmit: (values: LinkFormValues) => Promise<unknown>;
  onCancel?: () => void;
  onRemove?: () => void;
}

/** Spec §3 link-edit form: type, seller id, brands, sub-publishers, strategies and default, audiences, total budget. */
export function LinkForm({ initialValues, create = false, readOnly = false, canEditSellerId, submitLabel, onSubmit, onCancel, onRemove }: Props) {
  const [brand, setBrand] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useForm<LinkFormValues>({
    initialValues,
    validate: (values) => (create ? checkCreate(valuesToCreateBody(values)) : checkLink(valuesToLinkBody(values))) as Record<string, string>,
  });
  const strategyChoices = defaultStrategyChoices(form.values.strategies).map((s) => ({ value: s, label: t(`rmConfig.link.strategies.${s}`) }));
  const pushBrand = () => {
    form.setFieldValue('brands', addBrand(form.values.brands, brand));
    setBrand('');
  };

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    setSending(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details?.length) for (const d of error.details) form.setFieldError(d.field, d.message);
      else setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('errors.title')}>
            {serverError}
          </Alert>
        )}
        {create && (
          <TextInput
            label={t('rmConfig.link.document')}
            description={t('rmConfig.link.documentHint')}
            placeholder="00.000.000/0000-00"
            withAsterisk
            inputMode="numeric"
            {...form.getInputProps('document')}
            onChange={(e) => form.setFieldValue('document', formatCnpj(e.currentTarget.value))}
          />
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('rmConfig.link.type')}
          </Text>
          <SegmentedControl
            disabled={readOnly}
            data={[
              { value: 'industry', label: t('rmConfig.link.types.industry') },
              { value: 'seller', label: t('rmConfig.link.types.seller') },
            ]}
            value={form.values.type}
            onChange={(v) => form.setFieldValue('type', v as LinkType)}
          />
        </Stack>
        <TextInput
          label={t('rmConfig.link.sellerId')}
          description={canEditSellerId ? undefined : t('rmConfig.link.sellerIdLocked')}
          disabled={readOnly || !canEditSellerId}
          withAsterisk={form.values.type === 'seller'}
          maxLength={60}
          {...form.getInputProps('seller_id')}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('rmConfig.link.brands')}
          </Text>
          {form.values.brands.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('rmConfig.link.noBrands')}
            </Text>
          )}
          <Group gap={6} data-testid="link-brands">
            {form.values.brands.map((b) => (
              <Badge
                key={b}
                variant="light"
                size="lg"
                tt="none"
                rightSection={
                  !readOnly && (
                    <ActionIcon size="xs" variant="transparent" aria-label={t('rmConfig.link.removeBrand', { brand: b })} onClick={() => form.setFieldValue('brands', form.values.brands.filter((x) => x !== b))}>
                      <IconX size={12} />
                    </ActionIcon>
                  )
                }
              >
                {b}
              </Badge>
            ))}
          </Group>
          {!readOnly && (
            <Group gap="xs" align="flex-end">
              <TextInput
                aria-label={t('rmConfig.link.newBrand')}
                placeholder={t('rmConfig.link.newBrand')}
                value={brand}
                maxLength={60}
                onChange={(e) => setBrand(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    pushBrand();
                  }
                }}
                style={{ flex: 1 }}
              />
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={pushBrand} disabled={!brand.trim()}>
                {t('rmConfig.link.addBrand')}
              </Button>
            </Group>
          )}
          {form.errors.brands && (
            <Text size="xs" c="red">
              {form.errors.brands}
            </Text>
          )}
        </Stack>
        <Checkbox.Group
          label={t('rmConfig.link.strategiesLabel')}
          value={form.values.strategies}
          error={form.errors.strategies}
          onChange={(v) => {
            const strategies = v as RmStrategy[];
            form.setValues({ strategies, defaultStrategy: keepDefaultStrategy(strategies, form.values.defaultStrategy) });
          }}
        >
          <Group gap="lg" mt={6}>
            {RM_STRATEGIES.map((s) => (
              <Checkbox key={s} value={s} label={t(`rmConfig.link.strategies.${s}`)} disabled={readOnly} />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label={t('rmConfig.link.defaultStrategy')}
          data={strategyChoices}
          disabled={readOnly || strategyChoices.length === 0}
          value={form.values.defaultStrategy}
          error={form.errors.defaultStrategy}
          onChange={(v) => form.setFieldValue('defaultStrategy', v as RmStrategy | null)}
          allowDeselect={false}
        />
        <Switch label={t('rmConfig.link.allowManageSubpublishers')} disabled={readOnly} {...form.getInputProps('allow_manage_subpublishers', { type: 'checkbox' })} />
        <Switch label={t('rmConfig.link.enableAudienceCampaign')} disabled={readOnly} {...form.getInputProps('enable_audience_campaign', { type: 'checkbox' })} />
        <Switch label={t('rmConfig.link.allowTotalBudgetCampaign')} disabled={readOnly} {...form.getInputProps('allow_total_budget_campaign', { type: 'checkbox' })} />
        {!readOnly && (
          <Group justify="space-between" gap="sm">
            <div>
              {onRemove && (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onRemove} disabled={sending}>
                  {t('rmConfig.link.remove')}
                </Button>
              )}
            </div>
            <Group gap="sm">
              {onCancel && (
                <Button variant="default" onClick={onCancel} disabled={sending}>
                  {t('common.cancel')}
                </Button>
              )}
              <Button type="submit" loading={sending} leftSection={<IconDeviceFloppy size={18} />}>
                {submitLabel}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
}
