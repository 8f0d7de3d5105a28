import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { hasUsersFilters, type UsersFilters, type UsersSearch } from './users-search';
import { isRole, roleOptions } from './roles';
import { t } from '../../i18n';

const TYPING_DEBOUNCE_MS = 500;

/** A text filter that reports after typing pauses, and follows the URL when it changes elsewhere (back, clear). */
function DebouncedFilter({ value, onChange, ...props }: { value: string | undefined; onChange: (value: string) => void; label: string; placeholder: string; type?: string }) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const report = useDebouncedCallback(onChange, TYPING_DEBOUNCE_MS);
  return (
    <TextInput
      {...props}
      value={text}
      leftSection={<IconSearch size={16} />}
      onChange={(e) => {
        setText(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') report.flush();
      }}
      miw={200}
      style={{ flex: 1 }}
    />
  );
}

export function UsersFiltersBar({ search, onChange }: { search: UsersSearch; onChange: (patch: Partial<UsersFilters>) => void }) {
  return (
    <Group align="flex-end" gap="sm">
      <DebouncedFilter label={t('users.filters.name')} placeholder={t('users.filters.namePlaceholder')} value={search.name} onChange={(name) => onChange({ name })} />
      <DebouncedFilter
        label={t('users.filters.email')}
        placeholder={t('users.filters.emailPlaceholder')}
        type="search"
        value={search.email}
        onChange={(email) => onChange({ email })}
      />
      <Select
        label={t('users.filters.role')}
        placeholder={t('users.filters.rolePlaceholder')}
        data={roleOptions()}
        value={search.role ?? null}
        onChange={(role) => onChange({ role: isRole(role) ? role : undefined })}
        clearable
        w={200}
      />
      {hasUsersFilters(search) && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => onChange({ name: undefined, email: undefined, role: undefined })}>
          {t('users.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
