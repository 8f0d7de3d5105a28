import { Badge, Group, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { myAttendantQuery, useAccountId, useSetMyStatus } from './api';
import { t } from '../../i18n';

/** The signed-in attendant's own online/away switch, with how many chats they hold; nothing for a non-attendant. */
export function MyStatusSwitch({ withLoad = true }: { withLoad?: boolean }) {
  const me = useQuery(myAttendantQuery(useAccountId()));
  const setStatus = useSetMyStatus();
  const attendant = me.data;
  if (!attendant) return null;
  const online = (setStatus.isPending ? setStatus.variables : attendant.status) === 'online';
  return (
    <Group gap="xs" wrap="nowrap" data-testid="my-status">
      <Switch
        color="teal"
        checked={online}
        disabled={setStatus.isPending || !attendant.active}
        onChange={(e) => setStatus.mutate(e.currentTarget.checked ? 'online' : 'away')}
        label={online ? t('chats.attendants.online') : t('chats.attendants.away')}
        aria-label={t('chats.attendants.myStatus')}
      />
      {withLoad && (
        <Badge variant="light" tt="none" color={attendant.open_chats >= attendant.max_chats ? 'red' : 'gray'} title={t('chats.attendants.loadHint')}>
          <Text span size="xs" fw={600}>
            {t('chats.attendants.load', { open: attendant.open_chats, max: attendant.max_chats })}
          </Text>
        </Badge>
      )}
    </Group>
  );
}
