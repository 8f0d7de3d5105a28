import { ActionIcon, Card, Group, Select, SimpleGrid, Tooltip, type ComboboxData } from '@mantine/core';
import { IconArrowsDiff, IconBuildingSkyscraper, IconBuildingStore, IconCategory, IconFilterOff, IconPackage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { COMPARISONS, type Comparison } from '@backoffice/contracts';
import { PeriodPicker } from '../../shared/components/period-picker';
import { useAccountId } from '../sales-dashboard/api';
import { filterOptionsQuery, type FilterOptions, type Store } from './api';
import { type IndustrySearch } from './industry-search';
import { hasScope, withoutScope } from './scope';
import { t } from '../../i18n';

type Change = (next: IndustrySearch) => void;

/** The period and what it is compared with (the page header's right). */
export function PeriodFilters({ search, onSearchChange }: { search: IndustrySearch; onSearchChange: Change }) {
  return (
    <>
      <PeriodPicker value={{ start_date: search.from, end_date: search.to }} onChange={(p) => onSearchChange({ ...search, from: p.start_date, to: p.end_date })} testId="industry-period" />
      <Select
        label={t('industryAnalytics.filters.compare')}
        data={COMPARISONS.map((c) => ({ value: c, label: t(`industryAnalytics.compare.${c}`) }))}
        value={search.compare}
        onChange={(v) => v && onSearchChange({ ...search, compare: v as Comparison })}
        allowDeselect={false}
        leftSection={<IconArrowsDiff size={16} />}
        w={{ base: '100%', xs: 290 }}
        data-testid="industry-compare"
      />
    </>
  );
}

const EMPTY: FilterOptions = { retailers: [], stores: [], categories: [], products: [] };

/** Rows as choices: one retailer's, or every retailer's grouped under its name (a flat list when there is one). */
function choices(rows: Store[], retailerId: number | undefined): ComboboxData {
  const mine = retailerId ? rows.filter((r) => r.retailer_id === retailerId) : rows;
  const retailers = [...new Set(mine.map((r) => r.retailer))];
  if (retailers.length <= 1) return mine.map((r) => ({ value: String(r.id), label: r.name }));
  return retailers.map((group) => ({ group, items: mine.filter((r) => r.retailer === group).map((r) => ({ value: String(r.id), label: r.name })) }));
}

/** A value of the URL that the list does not have (nothing sold in the period) still shows as chosen. */
function withFallback(data: ComboboxData, value: string | undefined, label: string): ComboboxData {
  if (!value) return data;
  const items = data as Array<string | { value?: string; items?: Array<{ value: string }> }>;
  const values = items.flatMap((d) => (typeof d === 'string' ? [d] : d.items ? d.items.map((i) => i.value) : [d.value]));
  return values.includes(value) ? data : [...(data as Array<{ value: string; label: string }>), { value, label }];
}

function FilterSelect({ label, placeholder, icon, data, value, onChange, testId }: { label: string; placeholder: string; icon: ReactNode; data: ComboboxData; value: string | undefined; onChange: (v: string | undefined) => void; testId: string }) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      leftSection={icon}
      clearable
      searchable
      nothingFoundMessage={t('industryAnalytics.filters.none')}
      comboboxProps={{ width: 'target', position: 'bottom-start' }}
      maxDropdownHeight={320}
      data-testid={testId}
    />
  );
}

/**
 * What the brand narrows to: a linked retailer, one of its stores, a category, one of its products
 * (the choices: what sold in the period). A store brings its retailer; another retailer clears the
 * store and the product.
 */
export function ScopeFilters({ search, onSearchChange }: { search: IndustrySearch; onSearchChange: Change }) {
  const options = useQuery(filterOptionsQuery(useAccountId(), search)).data ?? EMPTY;
  const { retailer_id, location_id, category, product_id } = search;
  const str = (v: number | undefined) => (v ? String(v) : undefined);
  const set = (change: Partial<IndustrySearch>) => {
    onSearchChange(Object.fromEntries(Object.entries({ ...search, ...change }).filter(([, v]) => v !== undefined)) as IndustrySearch);
  };

  const retailers = withFallback(
    options.retailers.map((r) => ({ value: String(r.id), label: r.name })),
    str(retailer_id),
    t('industryAnalytics.filters.retailerFallback', { id: retailer_id ?? '' }),
  );
  const stores = withFallback(choices(options.stores, retailer_id), str(location_id), t('industryAnalytics.filters.storeFallback', { id: location_id ?? '' }));
  const categories = withFallback(options.categories, category, category ?? '');
  const products = withFallback(choices(options.products, retailer_id), str(product_id), t('industryAnalytics.filters.productFallback', { id: product_id ?? '' }));

  return (
    <Card withBorder radius="md" padding="sm" data-testid="industry-filters">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ flex: 1 }} miw={0}>
          <FilterSelect
            label={t('industryAnalytics.filters.retailer')}
            placeholder={t('industryAnalytics.filters.allRetailers')}
            icon={<IconBuildingSkyscraper size={16} />}
            data={retailers}
            value={str(retailer_id)}
            onChange={(v) => set({ retailer_id: v ? Number(v) : undefined, location_id: undefined, product_id: undefined })}
            testId="industry-filter-retailer"
          />
          <FilterSelect
            label={t('industryAnalytics.filters.store')}
            placeholder={t('industryAnalytics.filters.allStores')}
            icon={<IconBuildingStore size={16} />}
            data={stores}
            value={str(location_id)}
            onChange={(v) => {
              const store = options.stores.find((s) => String(s.id) === v);
              set(store ? { retailer_id: store.retailer_id, location_id: store.id } : { location_id: v ? Number(v) : undefined });
            }}
            testId="industry-filter-store"
          />
          <FilterSelect
            label={t('industryAnalytics.filters.category')}
            placeholder={t('industryAnalytics.filters.allCategories')}
            icon={<IconCategory size={16} />}
            data={categories}
            value={category}
            onChange={(v) => set({ category: v })}
            testId="industry-filter-category"
          />
          <FilterSelect
            label={t('industryAnalytics.filters.product')}
            placeholder={t('industryAnalytics.filters.allProducts')}
            icon={<IconPackage size={16} />}
            data={products}
            value={str(product_id)}
            onChange={(v) => set({ product_id: v ? Number(v) : undefined })}
            testId="industry-filter-product"
          />
        </SimpleGrid>
        {hasScope(search) && (
          <Tooltip label={t('industryAnalytics.filters.clear')} withArrow>
            <ActionIcon variant="light" color="gray" size={36} aria-label={t('industryAnalytics.filters.clear')} onClick={() => onSearchChange(withoutScope(search))} data-testid="industry-clear-filters">
              <IconFilterOff size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Card>
  );
}
