import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { t } from '../../../i18n';

/** The "Voltar" link of the create, duplicate and view pages. */
export function BackToPromotions() {
  return (
    <Anchor component={Link} to="/promotional/list/" size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('common.back')}
      </Group>
    </Anchor>
  );
}
