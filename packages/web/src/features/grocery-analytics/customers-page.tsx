import { SimpleGrid } from '@mantine/core';
import { IconReceipt, IconReceipt2, IconRepeat, IconUserCheck, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { formatInt, formatMoney } from '../../shared/ui/format';
import { customersQuery, type GroceryCustomers } from './api';
import { CohortsPanel, CustomersPerDayPanel, FrequencyPanel, RfmPanel } from './customers-panels';
import { changeOf, comparedWith, GroceryDashboard, GroceryKpis, type GroceryKpi, type GroceryPageProps } from './grocery-frame';
import type { StoreSearch } from './grocery-search';
import { t } from '../../i18n';

type Summary = NonNullable<GroceryCustomers['cards']['summary']>;

const twoDecimals = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
/** Orders per customer: 1.4667 → "1,47". */
const formatFrequency = (value: number) => twoDecimals.format(value);

/** Customers, new, returning, orders, frequency and average ticket, each against the comparison. */
function customerKpis(data: GroceryCustomers, s: Summary): GroceryKpi[] {
  const against = comparedWith(data);
  const label = (key: string) => t(`groceryAnalytics.customers.cards.${key}`);
  return [
    { key: 'customers', label: label('customers'), value: formatInt(s.customers.value), icon: IconUsers, color: 'cyan', extra: changeOf(s.customers, formatInt, against) },
    { key: 'new', label: label('new'), value: formatInt(s.new_customers.value), icon: IconUserPlus, color: 'teal', extra: changeOf(s.new_customers, formatInt, against) },
    {
      key: 'returning',
      label: label('returning'),
      value: formatInt(s.returning_customers.value),
      icon: IconUserCheck,
      color: 'indigo',
      extra: changeOf(s.returning_customers, formatInt, against),
    },
    { key: 'orders', label: label('orders'), value: formatInt(s.orders.value), icon: IconReceipt, color: 'blue', extra: changeOf(s.orders, formatInt, against) },
    { key: 'frequency', label: label('frequency'), value: formatFrequency(s.frequency.value), icon: IconRepeat, color: 'orange', extra: changeOf(s.frequency, formatFrequency, against) },
    { key: 'ticket', label: label('ticket'), value: formatMoney(s.average_ticket.value), icon: IconReceipt2, color: 'violet', extra: changeOf(s.average_ticket, formatMoney, against) },
  ];
}

// RFM and cohorts look back a year: they show even when the period itself had no customer.
function CustomersBody({ data, search }: { data: GroceryCustomers; search: StoreSearch }) {
  const summary = data.cards.summary;
  return (
    <>
      {summary && <GroceryKpis cards={customerKpis(data, summary)} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <CustomersPerDayPanel search={search} />
        <FrequencyPanel search={search} />
      </SimpleGrid>
      <RfmPanel search={search} />
      <CohortsPanel search={search} />
    </>
  );
}

const summary = (accountId: number, search: StoreSearch) => customersQuery(accountId, 'summary', search);

/** Spec §7 /analytics/customers: a supermarket's customers (new, returning, frequency, ticket, RFM, cohorts); the supermarket is chosen first. */
export function CustomersPage(props: GroceryPageProps) {
  return (
    <GroceryDashboard {...props} section="customers" summary={summary}>
      {(data, search) => <CustomersBody data={data} search={search} />}
    </GroceryDashboard>
  );
}
