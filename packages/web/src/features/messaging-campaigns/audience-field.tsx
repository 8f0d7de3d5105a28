import { Input, SegmentedControl, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MESSAGING_AUDIENCE_LIST_MAX, MESSAGING_AUDIENCE_TYPES } from '@backoffice/contracts';
import { api, unwrap } from '../../shared/api/client';
import { formatInt } from '../../shared/ui/format';
import { messagingKeys, useAccountId } from './api';
import { splitPhones, type CampaignFormValues } from './campaign-form-values';
import { RemoteMultiSelect, type Option } from './remote-multi-select';
import { StorePicker } from './store-picker';
import { t, tn } from '../../i18n';

const customerOption = (c: { id: number; name: string; phone: string | null }): Option => ({ id: c.id, label: c.phone ? `${c.name} · ${c.phone}` : c.name });
const productOption = (p: { id: number; name: string; product_sku: string }): Option => ({ id: p.id, label: `${p.name} (${p.product_sku})` });

const searchCustomers = (text: string) =>
  unwrap(api.GET('/search/customers', { params: { query: { page: 1, quantity: 20, opt_in: 'true', ...(text ? { search: text } : {}) } } })).then((r) => r.data.map(customerOption));
const resolveCustomer = (id: number) => unwrap(api.GET('/api/customer/{id}', { params: { path: { id } } })).then(customerOption);
const searchProducts = (text: string) =>
  unwrap(api.GET('/search/products', { params: { query: { page: 1, quantity: 20, ...(text ? { query: text } : {}) } } })).then((r) => r.data.map(productOption));
const resolveProduct = (id: number) => unwrap(api.GET('/api/product/{id}', { params: { path: { id } } })).then(productOption);

/**
 * Who receives the campaign (always only customers who accepted messages and have a mobile phone):
 * everyone, by tags, by stores, an explicit list, or the buyers of products.
 */
export function AudienceField({ form }: { form: UseFormReturnType<CampaignFormValues> }) {
  const accountId = useAccountId();
  const { values } = form;
  const type = values.audience_type;
  const listSize = values.customer_ids.length + splitPhones(values.phones).length;

  return (
    <Stack gap="sm">
      <Input.Wrapper label={t('messagingCampaigns.audience.label')} description={t('messagingCampaigns.audience.hint')} error={form.errors.audience_type}>
        <SegmentedControl
          mt={6}
          fullWidth
          data={MESSAGING_AUDIENCE_TYPES.map((a) => ({ value: a, label: t(`messagingCampaigns.audience.types.${a}`) }))}
          value={type}
          onChange={(v) => form.setFieldValue('audience_type', v as CampaignFormValues['audience_type'])}
          data-testid="audience-type"
        />
      </Input.Wrapper>
      {type === 'all' && (
        <Text size="sm" c="dimmed">
          {t('messagingCampaigns.audience.allHint')}
        </Text>
      )}
      {type === 'tags' && (
        <TagsInput
          label={t('messagingCampaigns.audience.tags')}
          description={t('messagingCampaigns.audience.tagsHint')}
          placeholder={t('messagingCampaigns.audience.tagsPlaceholder')}
          withAsterisk
          maxTags={50}
          clearable
          splitChars={[',', ';']}
          {...form.getInputProps('tags')}
        />
      )}
      {type === 'stores' && (
        <StorePicker
          required
          all={false}
          ids={values.location_ids}
          onAllChange={() => undefined}
          onIdsChange={(ids) => form.setFieldValue('location_ids', ids)}
          error={form.errors.location_ids}
        />
      )}
      {type === 'list' && (
        <>
          <RemoteMultiSelect
            label={t('messagingCampaigns.audience.customers')}
            description={t('messagingCampaigns.audience.customersHint')}
            placeholder={t('messagingCampaigns.audience.customersPlaceholder')}
            queryKey={[...messagingKeys.all(accountId), 'customers']}
            search={searchCustomers}
            resolve={resolveCustomer}
            value={values.customer_ids}
            onChange={(ids) => form.setFieldValue('customer_ids', ids)}
            error={form.errors.customer_ids}
            testId="audience-customers"
          />
          <Textarea
            label={t('messagingCampaigns.audience.phones')}
            description={t('messagingCampaigns.audience.phonesHint')}
            placeholder={'(11) 98765-4321\n(21) 99876-5432'}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('phones')}
          />
          <Text size="sm" c={listSize > MESSAGING_AUDIENCE_LIST_MAX ? 'red' : 'dimmed'} data-testid="audience-size">
            {tn('messagingCampaigns.audience.listSize', listSize, { count: formatInt(listSize), max: formatInt(MESSAGING_AUDIENCE_LIST_MAX) })}
          </Text>
        </>
      )}
      {type === 'product' && (
        <RemoteMultiSelect
          label={t('messagingCampaigns.audience.products')}
          description={t('messagingCampaigns.audience.productsHint')}
          placeholder={t('messagingCampaigns.audience.productsPlaceholder')}
          queryKey={[...messagingKeys.all(accountId), 'products']}
          search={searchProducts}
          resolve={resolveProduct}
          value={values.product_ids}
          onChange={(ids) => form.setFieldValue('product_ids', ids)}
          error={form.errors.product_ids}
          testId="audience-products"
        />
      )}
    </Stack>
  );
}
