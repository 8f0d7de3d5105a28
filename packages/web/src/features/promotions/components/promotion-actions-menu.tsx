import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBan, IconCopy, IconDots, IconEye, IconFlagCheck, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { PromotionAction } from '@backoffice/contracts';
import type { Promotion } from '../api';
import { actionsFor } from '../status';
import { t } from '../../../i18n';

export const ACTION_ICONS: Record<PromotionAction, typeof IconBan> = {
  pause: IconPlayerPause,
  reactivate: IconPlayerPlay,
  finish: IconFlagCheck,
  cancel: IconBan,
};

interface Props {
  promotion: Promotion;
  canWrite: boolean;
  onAction: (promotion: Promotion, action: PromotionAction) => void;
  onDuplicate: (promotion: Promotion) => void;
  onDelete: (promotion: Promotion) => void;
}

/** A row's menu: view for everyone; edit, duplicate, the status's actions and delete for writers. */
export function PromotionActionsMenu({ promotion, canWrite, onAction, onDuplicate, onDelete }: Props) {
  const id = String(promotion.id);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`${t('promotions.actions.menu')}: ${promotion.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} />} renderRoot={(props) => <Link {...props} to="/promotional/view/$id" params={{ id }} />}>
          {t('promotions.actions.view')}
        </Menu.Item>
        {canWrite && (
          <>
            <Menu.Item leftSection={<IconPencil size={16} />} renderRoot={(props) => <Link {...props} to="/promotional/edit/$id" params={{ id }} />}>
              {t('promotions.actions.edit')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onDuplicate(promotion)}>
              {t('promotions.actions.duplicate')}
            </Menu.Item>
            {actionsFor(promotion.status).map((action) => {
              const Icon = ACTION_ICONS[action];
              return (
                <Menu.Item key={action} leftSection={<Icon size={16} />} color={action === 'cancel' ? 'red' : undefined} onClick={() => onAction(promotion, action)}>
                  {t(`promotions.actions.${action}.label`)}
                </Menu.Item>
              );
            })}
            <Menu.Divider />
            <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={() => onDelete(promotion)}>
              {t('promotions.actions.delete.label')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
