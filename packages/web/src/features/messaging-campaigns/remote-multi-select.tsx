import { Loader, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { t } from '../../i18n';

export interface Option {
  id: number;
  label: string;
}

interface Props {
  label: string;
  placeholder: string;
  description?: string;
  value: number[];
  onChange: (ids: number[]) => void;
  /** The query key's prefix (per account). */
  queryKey: readonly unknown[];
  /** Options matching the typed text (at most a page). */
  search: (text: string) => Promise<Option[]>;
  /** The label of one chosen id (campaigns saved earlier carry ids only). */
  resolve: (id: number) => Promise<Option>;
  error?: ReactNode;
  testId?: string;
}

const SEARCH_DEBOUNCE_MS = 350;
/** At most this many chosen ids have their names looked up one by one; the rest show by id. */
const RESOLVE_MAX = 30;

/** A multi-select whose options come from an API search as the person types; chosen ones keep their names. */
export function RemoteMultiSelect({ label, placeholder, description, value, onChange, queryKey, search, resolve, error, testId }: Props) {
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [known, setKnown] = useState<Map<number, string>>(() => new Map());
  const results = useQuery({ queryKey: [...queryKey, 'search', typed], queryFn: () => search(typed), placeholderData: keepPreviousData, meta: { silent: true } });
  const unresolved = value.filter((id) => !known.has(id)).slice(0, RESOLVE_MAX);
  const resolved = useQueries({
    queries: unresolved.map((id) => ({ queryKey: [...queryKey, 'one', id], queryFn: () => resolve(id), staleTime: 5 * 60_000, meta: { silent: true } })),
  });

  const labels = new Map(known);
  for (const r of resolved) if (r.data) labels.set(r.data.id, r.data.label);
  for (const o of results.data ?? []) labels.set(o.id, o.label);
  const ids = new Set([...value, ...(results.data ?? []).map((o) => o.id)]);
  const data = [...ids].map((id) => ({ value: String(id), label: labels.get(id) ?? `#${id}` }));

  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={placeholder}
      data={data}
      value={value.map(String)}
      onChange={(next) => {
        // Keep the names of what was picked: later searches no longer list them.
        setKnown(new Map([...labels].filter(([id]) => next.includes(String(id)))));
        onChange(next.map(Number));
      }}
      searchable
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      clearable
      hidePickedOptions
      nothingFoundMessage={results.isFetching ? t('common.loading') : t('common.empty')}
      rightSection={results.isFetching ? <Loader size={14} /> : undefined}
      maxDropdownHeight={260}
      error={error}
      data-testid={testId}
    />
  );
}
