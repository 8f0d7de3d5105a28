import type { StoreOption } from './api';
import { t } from '../../i18n';

/** "Pinheiros (São Paulo/SP)", with "· inativa" for a store that is closed. */
export function storeLabel(store: StoreOption): string {
  const place = [store.city, store.state].filter(Boolean).join('/');
  const label = place ? `${store.name} (${place})` : store.name;
  return store.active ? label : `${label} · ${t('products.inactiveStore')}`;
}

/** The stores as select options; ids that are not (or no longer) among them still show, by id. */
export function storeOptions(stores: StoreOption[] | undefined, keep: number[] = []) {
  const data = (stores ?? []).map((s) => ({ value: String(s.id), label: storeLabel(s) }));
  if (stores) for (const id of keep) if (!stores.some((s) => s.id === id)) data.push({ value: String(id), label: `#${id}` });
  return data;
}
