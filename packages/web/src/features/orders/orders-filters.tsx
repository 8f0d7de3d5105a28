import { Box, Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ORDER_CHANNELS, ORDER_STATUSES } from '@backoffice/contracts';
import { PeriodFilter } from '../../shared/components/period-picker';
import { SearchInput } from '../../shared/components/search-input';
import { orderCustomersQuery, storesQuery, useAccountId } from './api';
import { hasOrdersFilters, type OrdersFilters, type OrdersSearch } from './search';
import { channelLabel, statusLabel } from './status';
import { t } from '../../i18n';

const WIDTH = { base: '100%', xs: 220 };
const NONE: Partial<OrdersFilters> = { status: undefined, location_id: undefined, channel: undefined, customer_id: undefined, number: undefined, from: undefined, to: undefined };

/** Status, store, channel, period, customer and number; every change goes to the URL. */
export function OrdersFiltersBar({ search, onChange }: { search: OrdersSearch; onChange: (patch: Partial<OrdersFilters>) => void }) {
  const accountId = useAccountId();
  const stores = useQuery(storesQuery(accountId));
  const [customerText, setCustomerText] = useState('');
  const customers = useQuery(orderCustomersQuery(accountId, customerText.trim()));
  const customerOptions = (customers.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <Group align="flex-end" gap="sm" data-testid="orders-filters">
      <Box w={WIDTH} style={{ display: 'flex' }}>
        <SearchInput
          label={t('orders.filters.number')}
          placeholder={t('orders.filters.numberPlaceholder')}
          value={search.number ? String(search.number) : undefined}
          onChange={(text) => {
            const number = Number(text.replace(/\D/g, ''));
            onChange({ number: number > 0 ? number : undefined });
          }}
          miw={160}
        />
      </Box>
      <Select
        label={t('orders.filters.status')}
        placeholder={t('orders.filters.allStatuses')}
        data={ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        value={search.status ?? null}
        onChange={(value) => onChange({ status: ORDER_STATUSES.find((s) => s === value) })}
        clearable
        w={WIDTH}
      />
      <Select
        label={t('orders.filters.store')}
        placeholder={t('orders.filters.allStores')}
        data={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={search.location_id ? String(search.location_id) : null}
        onChange={(value) => onChange({ location_id: value ? Number(value) : undefined })}
        searchable
        clearable
        nothingFoundMessage={t('orders.filters.noStore')}
        w={WIDTH}
      />
      <Select
        label={t('orders.filters.channel')}
        placeholder={t('orders.filters.allChannels')}
        data={ORDER_CHANNELS.map((c) => ({ value: c, label: channelLabel(c) }))}
        value={search.channel ?? null}
        onChange={(value) => onChange({ channel: ORDER_CHANNELS.find((c) => c === value) })}
        clearable
        w={WIDTH}
      />
      <Select
        label={t('orders.filters.customer')}
        placeholder={t('orders.filters.customerPlaceholder')}
        data={search.customer_id && !customerOptions.some((o) => o.value === String(search.customer_id)) ? [...customerOptions, { value: String(search.customer_id), label: t('orders.filters.customerId', { id: search.customer_id }) }] : customerOptions}
        value={search.customer_id ? String(search.customer_id) : null}
        onChange={(value) => onChange({ customer_id: value ? Number(value) : undefined })}
        searchable
        searchValue={customerText}
        onSearchChange={setCustomerText}
        filter={({ options }) => options}
        clearable
        nothingFoundMessage={t('orders.filters.noCustomer')}
        w={WIDTH}
      />
      <PeriodFilter label={t('orders.filters.period')} placeholder={t('orders.filters.periodPlaceholder')} start={search.from} end={search.to} onChange={(from, to) => onChange({ from, to })} />
      {hasOrdersFilters(search) && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => onChange(NONE)}>
          {t('orders.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
