import { Card, MultiSelect, SegmentedControl, Input, Select, SimpleGrid, Stack, TagsInput, Text, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { CAMPAIGN_KEYWORD_MAX, RM_AD_TYPE_LABELS, type CampaignAdType, type CampaignTargetingType } from '@backoffice/contracts';
import type { ReactNode } from 'react';
import { publisherCatalogQuery } from '../../ads/api';
import { subpublishersQuery, useAccountId, type Publisher } from '../api';
import type { StandardValues } from '../standard-values';
import { BudgetInput, CampaignNameInput } from './campaign-fields';
import { t } from '../../../../i18n';

export type StandardForm = UseFormReturnType<StandardValues>;
type Permissions = Publisher['permissions'];

export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={4}>{title}</Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/** Name (checked 1 s after typing), description and the ad type among the publisher's enabled ones. */
export function GeneralSection({ form, permissions }: { form: StandardForm; permissions: Permissions }) {
  const v = form.getValues();
  return (
    <Section title={t('rmCreate.standard.general')}>
      <CampaignNameInput value={v.name} onChange={(name) => form.setFieldValue('name', name)} error={form.errors.name as string | undefined} />
      <Textarea label={t('rmCreate.fields.description')} autosize minRows={2} maxRows={5} maxLength={1000} {...form.getInputProps('description')} />
      <Select
        label={t('rmCreate.fields.adType')}
        description={t('rmCreate.fields.adTypeHint')}
        required
        allowDeselect={false}
        data={permissions.ad_types.map((type) => ({ value: type, label: RM_AD_TYPE_LABELS[type] }))}
        value={v.ad_type}
        onChange={(value) => value && form.setFieldValue('ad_type', value as CampaignAdType)}
        error={form.errors.ad_type}
        maw={360}
      />
    </Section>
  );
}

/** Keyword or category targeting (spec §2 campaign_targeting). */
export function TargetingSection({ form, publisherId }: { form: StandardForm; publisherId: number }) {
  const v = form.getValues();
  // Category suggestions: the last categories of the publisher's catalog.
  const catalog = useQuery({ ...publisherCatalogQuery(useAccountId(), publisherId, '', 1), enabled: v.targeting === 'category' });
  const categories = [...new Set((catalog.data?.data ?? []).map((p) => p.last_category).filter((c): c is string => !!c))];
  return (
    <Section title={t('rmCreate.standard.targeting')} description={t('rmCreate.standard.targetingHint')}>
      <Input.Wrapper label={t('rmCreate.fields.targeting')}>
        <div>
          <SegmentedControl
            mt={4}
            data={[
              { value: 'keyword', label: t('rmCreate.fields.targetingKeyword') },
              { value: 'category', label: t('rmCreate.fields.targetingCategory') },
            ]}
            value={v.targeting}
            onChange={(value) => form.setFieldValue('targeting', value as CampaignTargetingType)}
          />
        </div>
      </Input.Wrapper>
      {v.targeting === 'keyword' ? (
        <TagsInput
          label={t('rmCreate.fields.keywords')}
          description={t('rmCreate.fields.keywordsHint')}
          placeholder={t('rmCreate.fields.keywordsPlaceholder')}
          maxLength={CAMPAIGN_KEYWORD_MAX}
          splitChars={[',', ';']}
          clearable
          {...form.getInputProps('keywords')}
        />
      ) : (
        <TagsInput
          label={t('rmCreate.fields.categories')}
          description={t('rmCreate.fields.categoriesHint')}
          placeholder={t('rmCreate.fields.categoriesPlaceholder')}
          data={categories}
          clearable
          {...form.getInputProps('categories')}
        />
      )}
    </Section>
  );
}

/** Daily budget (100 by default), a total budget when the link allows it, and the bid per click or per thousand impressions. */
export function BudgetSection({ form, permissions, currencyCents }: { form: StandardForm; permissions: Permissions; currencyCents: boolean }) {
  const v = form.getValues();
  return (
    <Section title={t('rmCreate.standard.budget')} description={currencyCents ? t('rmCreate.fields.centsHint') : undefined}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BudgetInput value={v.daily_budget} onChange={(value) => form.setFieldValue('daily_budget', value)} description={t('rmCreate.fields.dailyBudgetHint')} error={form.errors.daily_budget as string | undefined} />
        {permissions.allow_total_budget_campaign && (
          <BudgetInput
            label={t('rmCreate.fields.totalBudget')}
            description={t('rmCreate.fields.totalBudgetHint')}
            required={false}
            value={v.total_budget}
            onChange={(value) => form.setFieldValue('total_budget', value)}
            error={form.errors.total_budget as string | undefined}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Input.Wrapper label={t('rmCreate.fields.bidType')}>
          <SegmentedControl
            mt={4}
            fullWidth
            data={[
              { value: 'cpc', label: t('rmCreate.fields.cpc') },
              { value: 'cpm', label: t('rmCreate.fields.cpm') },
            ]}
            value={v.bid_type}
            onChange={(value) => form.setFieldValue('bid_type', value as 'cpc' | 'cpm')}
          />
        </Input.Wrapper>
        <BudgetInput
          label={t(v.bid_type === 'cpc' ? 'rmCreate.fields.cpcValue' : 'rmCreate.fields.cpmValue')}
          description={t('rmCreate.fields.bidHint')}
          required={false}
          value={v.bid}
          onChange={(value) => form.setFieldValue('bid', value)}
          error={form.errors.bid as string | undefined}
        />
      </SimpleGrid>
    </Section>
  );
}

/** A network publisher's sub-publishers where the campaign runs (when the link allows choosing them). */
export function SubpublishersField({ form, publisherId }: { form: StandardForm; publisherId: number }) {
  const list = useQuery(subpublishersQuery(useAccountId(), publisherId));
  const options = (list.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (options.length === 0) return null;
  return (
    <MultiSelect
      label={t('rmCreate.fields.subpublishers')}
      description={t('rmCreate.fields.subpublishersHint')}
      data={options}
      searchable
      clearable
      value={form.getValues().subpublisher_ids.map(String)}
      onChange={(ids) => form.setFieldValue('subpublisher_ids', ids.map(Number))}
      error={form.errors.subpublisher_ids}
    />
  );
}
