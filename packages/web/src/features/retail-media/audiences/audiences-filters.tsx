import { Group, Select } from '@mantine/core';
import { AUDIENCE_STATUSES, type AudienceStatus } from '@backoffice/contracts';
import { SearchInput } from '../../../shared/components/search-input';
import type { AudiencesFilters, AudiencesSearch } from './audiences-search';
import { t } from '../../../i18n';

const isStatus = (v: string | null): v is AudienceStatus => (AUDIENCE_STATUSES as readonly string[]).includes(v ?? '');

/** Spec §2: the status filter is clearable and searchable, with the "Filtrar por status" placeholder. */
export function AudiencesFiltersBar({ search, onChange }: { search: AudiencesSearch; onChange: (patch: Partial<AudiencesFilters>) => void }) {
  return (
    <Group align="flex-end" gap="sm">
      <SearchInput label={t('rmAudiences.filters.name')} placeholder={t('rmAudiences.filters.namePlaceholder')} type="search" value={search.name} onChange={(name) => onChange({ name })} />
      <Select
        label={t('rmAudiences.filters.status')}
        placeholder={t('rmAudiences.filters.statusPlaceholder')}
        data={AUDIENCE_STATUSES.map((s) => ({ value: s, label: t(`rmAudiences.status.${s}`) }))}
        value={search.status ?? null}
        onChange={(status) => onChange({ status: isStatus(status) ? status : undefined })}
        clearable
        clearButtonProps={{ 'aria-label': t('rmAudiences.filters.clearStatus') }}
        searchable
        nothingFoundMessage={t('rmAudiences.filters.noStatus')}
        w={{ base: '100%', xs: 240 }}
      />
    </Group>
  );
}
