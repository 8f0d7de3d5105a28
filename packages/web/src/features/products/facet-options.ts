import type { ComboboxData } from '@mantine/core';
import { formatInt } from '../../shared/ui/format';
import type { ProductFacets } from './api';
import { t } from '../../i18n';

const counted = (name: string, count: number) => `${name} (${formatInt(count)})`;

/**
 * The category filter's options: a group per department ("Mercearia"), first the whole department,
 * then its categories by their path ("Mercearia > Café"), which is what the API filters by. A value
 * in the URL that the facets no longer list still shows.
 */
export function categoryOptions(facets: ProductFacets | undefined, current: string | undefined): ComboboxData {
  const groups = (facets?.categories ?? []).map((top) => ({
    group: top.name,
    items: [{ value: top.name, label: counted(t('products.filters.wholeCategory', { name: top.name }), top.count) }, ...top.children.map((c) => ({ value: c.path, label: counted(c.name, c.count) }))],
  }));
  const known = groups.some((g) => g.items.some((i) => i.value === current));
  return current && !known ? [{ value: current, label: current }, ...groups] : groups;
}

/** The brand filter's options, with how many products each has. */
export function brandOptions(facets: ProductFacets | undefined, current: string | undefined): ComboboxData {
  const items = (facets?.brands ?? []).map((b) => ({ value: b.name, label: counted(b.name, b.count) }));
  return current && !items.some((i) => i.value === current) ? [{ value: current, label: current }, ...items] : items;
}
