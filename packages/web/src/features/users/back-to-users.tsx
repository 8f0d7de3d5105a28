import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';

export function BackToUsers() {
  return (
    <Anchor component={Link} to="/users/list" size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('users.edit.backToList')}
      </Group>
    </Anchor>
  );
}
