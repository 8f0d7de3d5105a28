import { Button, Group, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { SearchInput } from '../../shared/components/search-input';
import { hasUsersFilters, type UsersFilters, type UsersSearch } from './users-search';
import { isRole, roleOptions } from './roles';
import { t } from '../../i18n';

export function UsersFiltersBar({ search, onChange }: { search: UsersSearch; onChange: (patch: Partial<UsersFilters>) => void }) {
  return (
    <Group align="flex-end" gap="sm">
      <SearchInput label={t('users.filters.name')} placeholder={t('users.filters.namePlaceholder')} value={search.name} onChange={(name) => onChange({ name })} miw={200} />
      <SearchInput
        label={t('users.filters.email')}
        placeholder={t('users.filters.emailPlaceholder')}
        type="search"
        value={search.email}
        onChange={(email) => onChange({ email })}
        miw={200}
      />
      <Select
        label={t('users.filters.role')}
        placeholder={t('users.filters.rolePlaceholder')}
        data={roleOptions()}
        value={search.role ?? null}
        onChange={(role) => onChange({ role: isRole(role) ? role : undefined })}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      {hasUsersFilters(search) && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => onChange({ name: undefined, email: undefined, role: undefined })}>
          {t('users.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
