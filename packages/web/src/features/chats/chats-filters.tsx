import { Button, Chip, Group, Select, Stack } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CHAT_CHANNELS, CHAT_STATUSES, type ChatChannel, type ChatStatus } from '@backoffice/contracts';
import { SearchInput } from '../../shared/components/search-input';
import { allAttendantsQuery, storesQuery, tagsQuery, useAccountId } from './api';
import { channelLabel, statusLabel } from './chat-labels';
import { hasChatsFilters, type ChatsFilters, type ChatsSearch } from './chats-search';
import { t } from '../../i18n';

const ALL = 'all';
const NONE = 'none';
const selectWidth = { base: '100%', xs: 200 };

/** Status chips, then the search, attendant, tag, channel, store and sort; every change goes to the URL. */
export function ChatsFiltersBar({ search, onChange }: { search: ChatsSearch; onChange: (patch: Partial<ChatsFilters>) => void }) {
  const accountId = useAccountId();
  const attendants = useQuery(allAttendantsQuery(accountId));
  const tags = useQuery(tagsQuery(accountId));
  const stores = useQuery(storesQuery(accountId));
  const attendantOptions = [
    { value: NONE, label: t('chats.filters.unassigned') },
    ...(attendants.data ?? []).map((a) => ({ value: String(a.user.id), label: a.user.name })),
  ];
  return (
    <Stack gap="sm">
      <Chip.Group multiple={false} value={search.status ?? ALL} onChange={(value) => onChange({ status: value === ALL ? undefined : (value as ChatStatus) })}>
        <Group gap="xs" role="group" aria-label={t('chats.filters.status')}>
          <Chip value={ALL} size="sm">
            {t('chats.filters.allStatuses')}
          </Chip>
          {CHAT_STATUSES.map((status) => (
            <Chip key={status} value={status} size="sm">
              {statusLabel(status)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group align="flex-end" gap="sm">
        <SearchInput label={t('chats.filters.search')} placeholder={t('chats.filters.searchPlaceholder')} type="search" value={search.search} onChange={(text) => onChange({ search: text })} miw={200} />
        <Select
          label={t('chats.filters.attendant')}
          placeholder={t('chats.filters.allAttendants')}
          data={attendantOptions}
          value={search.attendant === undefined ? null : String(search.attendant)}
          onChange={(v) => onChange({ attendant: v === null ? undefined : v === NONE ? 'none' : Number(v) })}
          searchable
          clearable
          nothingFoundMessage={t('chats.filters.noOption')}
          w={selectWidth}
        />
        <Select
          label={t('chats.filters.tag')}
          placeholder={t('chats.filters.allTags')}
          data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
          value={search.tag_id ? String(search.tag_id) : null}
          onChange={(v) => onChange({ tag_id: v ? Number(v) : undefined })}
          searchable
          clearable
          nothingFoundMessage={t('chats.filters.noOption')}
          w={selectWidth}
        />
        <Select
          label={t('chats.filters.channel')}
          placeholder={t('chats.filters.allChannels')}
          data={CHAT_CHANNELS.map((c) => ({ value: c, label: channelLabel(c) }))}
          value={search.channel ?? null}
          onChange={(v) => onChange({ channel: (v as ChatChannel | null) ?? undefined })}
          clearable
          w={selectWidth}
        />
        <Select
          label={t('chats.filters.store')}
          placeholder={t('chats.filters.allStores')}
          data={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={search.location_id ? String(search.location_id) : null}
          onChange={(v) => onChange({ location_id: v ? Number(v) : undefined })}
          searchable
          clearable
          nothingFoundMessage={t('chats.filters.noOption')}
          w={selectWidth}
        />
        <Select
          label={t('chats.filters.sort')}
          data={[
            { value: 'desc', label: t('chats.sort.desc') },
            { value: 'asc', label: t('chats.sort.asc') },
          ]}
          value={search.sort}
          onChange={(v) => onChange({ sort: v === 'asc' ? 'asc' : 'desc' })}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
        {hasChatsFilters(search) && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => onChange({ status: undefined, channel: undefined, attendant: undefined, tag_id: undefined, location_id: undefined, search: undefined })}
          >
            {t('chats.filters.clear')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
