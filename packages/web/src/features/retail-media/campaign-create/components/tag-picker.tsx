import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError } from '../../../../shared/ui/notify';
import { campaignTagsQuery, useAccountId, useCreateCampaignTag, type CampaignTag } from '../api';
import { TAG_SEARCH_DEBOUNCE_MS } from '../objective-steps';
import { t } from '../../../../i18n';

const CREATE = '__create__';

interface Props {
  value: CampaignTag[];
  onChange: (tags: CampaignTag[]) => void;
  error?: string;
}

/** The advertiser's tags: searched 1 s after typing stops (spec §9), or created from the typed name. */
export function TagPicker({ value, onChange, error }: Props) {
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), TAG_SEARCH_DEBOUNCE_MS);
  const tags = useQuery(campaignTagsQuery(useAccountId(), name));
  const create = useCreateCampaignTag();

  const known = new Map<string, CampaignTag>([...(tags.data ?? []), ...value].map((tag) => [String(tag.id), tag]));
  const typed = search.trim();
  const exists = [...known.values()].some((tag) => tag.name.toLowerCase() === typed.toLowerCase());
  const data = [...known.values()].map((tag) => ({ value: String(tag.id), label: tag.name }));
  if (typed && !exists) data.push({ value: CREATE, label: t('rmCreate.tags.create', { name: typed }) });

  const change = (ids: string[]) => {
    if (ids.includes(CREATE)) {
      create.mutateAsync(typed).then(
        (tag) => {
          onChange([...value, tag]);
          setSearch('');
        },
        (e: unknown) => notifyError(e),
      );
      return;
    }
    onChange(ids.map((id) => known.get(id)).filter((tag): tag is CampaignTag => !!tag));
  };

  return (
    <MultiSelect
      label={t('rmCreate.tags.label')}
      description={t('rmCreate.tags.hint')}
      placeholder={t('rmCreate.tags.placeholder')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The API already searched by name; the typed-name option must stay visible.
      filter={({ options }) => options}
      data={data}
      value={value.map((tag) => String(tag.id))}
      onChange={change}
      nothingFoundMessage={tags.isFetching ? t('common.loading') : t('rmCreate.tags.none')}
      disabled={create.isPending}
      error={error}
      clearable
    />
  );
}
