import { ActionIcon, Button, Card, Group, MultiSelect, NumberInput, SegmentedControl, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_AUDIENCE_RULES, type AudienceOperator } from '@backoffice/contracts';
import type { AudienceAttribute } from './api';
import { emptyRule, ruleValueField, type AudienceFormValues } from './audience-form-values';
import { t } from '../../../i18n';

interface Props {
  form: UseFormReturnType<AudienceFormValues>;
  attributes: AudienceAttribute[];
  loading: boolean;
}

/** Spec §7 rules on `GET /audience/attributes`: attribute, operator and a value that fits both. */
export function RulesBuilder({ form, attributes, loading }: Props) {
  const rules = form.values.rules;
  const attributeOptions = attributes.map((a) => ({ value: a.key, label: a.label }));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Stack gap={0}>
          <Text fw={500} size="sm">
            {t('rmAudiences.form.rules')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('rmAudiences.form.rulesHint')}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={loading || rules.length >= MAX_AUDIENCE_RULES}
          onClick={() => form.insertListItem('rules', emptyRule())}
        >
          {t('rmAudiences.form.addRule')}
        </Button>
      </Group>
      {rules.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('rmAudiences.form.noRules')}
        </Text>
      )}
      {rules.map((rule, i) => {
        const attr = attributes.find((a) => a.key === rule.attribute);
        const operatorOptions = (attr?.operators ?? []).map((op) => ({ value: op, label: t(`rmAudiences.rules.operators.${op}`) }));
        const field = ruleValueField(attr?.type, rule.operator);
        const valueError = form.errors[`rules.${i}.value`];
        const options = attr?.options?.map((o) => ({ value: o.value, label: o.label }));
        const valueLabel = t('rmAudiences.form.ruleValue');
        let input;
        if (!attr || !rule.operator) input = <TextInput label={valueLabel} disabled placeholder={t('rmAudiences.form.ruleChooseFirst')} />;
        else if (field === 'flag')
          input = (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {valueLabel}
              </Text>
              <SegmentedControl
                data={[
                  { value: 'true', label: t('common.yes') },
                  { value: 'false', label: t('common.no') },
                ]}
                {...form.getInputProps(`rules.${i}.flag`)}
              />
            </Stack>
          );
        else if (field === 'number') input = <NumberInput label={valueLabel} min={0} thousandSeparator="." decimalSeparator="," error={valueError} {...form.getInputProps(`rules.${i}.number`)} />;
        else if (field === 'range')
          input = (
            <Group gap="xs" grow align="flex-start">
              <NumberInput label={t('rmAudiences.form.ruleMin')} min={0} thousandSeparator="." decimalSeparator="," error={valueError} {...form.getInputProps(`rules.${i}.min`)} />
              <NumberInput label={t('rmAudiences.form.ruleMax')} min={0} thousandSeparator="." decimalSeparator="," {...form.getInputProps(`rules.${i}.max`)} />
            </Group>
          );
        else if (field === 'list')
          input = options ? (
            <MultiSelect label={valueLabel} data={options} searchable error={valueError} {...form.getInputProps(`rules.${i}.list`)} />
          ) : (
            <TagsInput label={valueLabel} placeholder={t('rmAudiences.form.ruleTagsPlaceholder')} error={valueError} {...form.getInputProps(`rules.${i}.list`)} />
          );
        else
          input = options ? (
            <Select label={valueLabel} data={options} searchable error={valueError} value={rule.text || null} onChange={(v) => form.setFieldValue(`rules.${i}.text`, v ?? '')} />
          ) : (
            <TextInput label={valueLabel} maxLength={120} error={valueError} {...form.getInputProps(`rules.${i}.text`)} />
          );
        return (
          <Card key={i} withBorder radius="md" padding="sm" data-testid="audience-rule">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <Select
                label={t('rmAudiences.form.ruleAttribute')}
                data={attributeOptions}
                searchable
                w={{ base: '100%', sm: 220 }}
                value={rule.attribute}
                error={form.errors[`rules.${i}.attribute`]}
                onChange={(key) => {
                  const next = attributes.find((a) => a.key === key);
                  // A new attribute starts its value over, on its first operator.
                  form.setFieldValue(`rules.${i}`, { ...emptyRule(), attribute: key, operator: (next?.operators[0] as AudienceOperator | undefined) ?? null });
                }}
              />
              <Select
                label={t('rmAudiences.form.ruleOperator')}
                data={operatorOptions}
                disabled={!attr}
                w={{ base: '100%', sm: 180 }}
                value={rule.operator}
                error={form.errors[`rules.${i}.operator`]}
                onChange={(op) => form.setFieldValue(`rules.${i}.operator`, op as AudienceOperator | null)}
              />
              <div style={{ flex: 1, minWidth: 200 }}>{input}</div>
              <ActionIcon variant="subtle" color="red" mt={26} aria-label={t('rmAudiences.form.removeRule', { n: i + 1 })} onClick={() => form.removeListItem('rules', i)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
