import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CAMPAIGN_AD_TYPES, CAMPAIGN_TARGETINGS, type CampaignAdType, type CampaignTargetingType } from '@backoffice/contracts';
import { SearchInput } from '../../../../shared/components/search-input';
import { useSession } from '../../../../shared/session/session';
import { campaignTagsQuery, counterpartsQuery, useAccountId, type CampaignTag, type RetailMediaRole } from '../api';
import { targetingLabel, typeLabel } from '../describe';
import { CLEARED_FILTERS, hasCampaignsFilters, type CampaignsFilters, type CampaignsSearch } from '../search';
import { t } from '../../../../i18n';

/** Spec §9: the tag search asks the API 1000 ms after typing stops. */
export const TAG_SEARCH_DEBOUNCE_MS = 1000;

type OnChange = (patch: Partial<CampaignsFilters>) => void;

/** `rmid`: the other side of the campaigns (publishers for an advertiser, advertisers for a publisher). */
function CounterpartSelect({ value, onChange }: { value: number | undefined; onChange: OnChange }) {
  const role = (useSession()?.account.retail_media_role ?? 'none') as RetailMediaRole;
  const { data = [] } = useQuery(counterpartsQuery(useAccountId(), role));
  const groups = (['publishers', 'advertisers'] as const)
    .map((group) => ({ group: t(`rmCampaigns.filters.groups.${group}`), items: data.filter((c) => c.group === group).map((c) => ({ value: String(c.id), label: c.name })) }))
    .filter((g) => g.items.length > 0);
  if (role === 'none') return null;
  return (
    <Select
      label={t(`rmCampaigns.filters.rmid.${role}`)}
      placeholder={t('rmCampaigns.filters.rmidAll')}
      data={role === 'both' ? groups : groups.flatMap((g) => g.items)}
      value={value ? String(value) : null}
      onChange={(v) => onChange({ rmid: v ? Number(v) : undefined })}
      searchable
      clearable
      nothingFoundMessage={t('common.empty')}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

/** `tag_id`: a searchable tag list whose search reaches the API after a 1000 ms pause. */
function TagSelect({ value, onChange }: { value: number | undefined; onChange: OnChange }) {
  const [searchValue, setSearchValue] = useState('');
  const [debounced] = useDebouncedValue(searchValue, TAG_SEARCH_DEBOUNCE_MS);
  const accountId = useAccountId();
  const tags = useQuery(campaignTagsQuery(accountId, debounced.trim()));
  // Every tag (cached): the chosen one stays an option while a search for another name is on screen.
  const allTags = useQuery({ ...campaignTagsQuery(accountId, ''), enabled: Boolean(value) });
  const list: CampaignTag[] = tags.data ?? [];
  const options = list.map((tag) => ({ value: String(tag.id), label: tag.name }));
  const chosen = value && !options.some((o) => o.value === String(value)) ? allTags.data?.find((tag) => tag.id === value) : undefined;
  if (chosen) options.unshift({ value: String(chosen.id), label: chosen.name });
  return (
    <Select
      label={t('rmCampaigns.filters.tag')}
      placeholder={t('rmCampaigns.filters.tagAll')}
      data={options}
      value={value ? String(value) : null}
      onChange={(v) => onChange({ tag_id: v ? Number(v) : undefined })}
      searchable
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      // The API has already filtered by name.
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={tags.isFetching ? t('common.loading') : t('rmCampaigns.filters.noTags')}
      w={{ base: '100%', xs: 200 }}
      data-testid="campaign-tag-filter"
    />
  );
}

export function CampaignsFiltersBar({ search, onChange }: { search: CampaignsSearch; onChange: OnChange }) {
  return (
    <Group align="flex-end" gap="sm">
      <SearchInput
        label={t('rmCampaigns.filters.name')}
        placeholder={t('rmCampaigns.filters.namePlaceholder')}
        type="search"
        value={search.campaign_name}
        onChange={(text) => onChange({ campaign_name: text })}
      />
      <CounterpartSelect value={search.rmid} onChange={onChange} />
      <TagSelect value={search.tag_id} onChange={onChange} />
      <Select
        label={t('rmCampaigns.filters.type')}
        placeholder={t('rmCampaigns.filters.allTypes')}
        data={CAMPAIGN_AD_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
        value={search.ad_type ?? null}
        onChange={(v) => onChange({ ad_type: (v as CampaignAdType | null) ?? undefined })}
        clearable
        w={{ base: '100%', xs: 190 }}
      />
      <Select
        label={t('rmCampaigns.filters.targeting')}
        placeholder={t('rmCampaigns.filters.allTargetings')}
        data={CAMPAIGN_TARGETINGS.map((value) => ({ value, label: targetingLabel(value) }))}
        value={search.campaign_targeting ?? null}
        onChange={(v) => onChange({ campaign_targeting: (v as CampaignTargetingType | null) ?? undefined })}
        clearable
        w={{ base: '100%', xs: 170 }}
      />
      {hasCampaignsFilters(search) && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => onChange(CLEARED_FILTERS)}>
          {t('rmCampaigns.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
