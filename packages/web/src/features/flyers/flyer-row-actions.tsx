import { ActionIcon, Group, Menu, Tooltip } from '@mantine/core';
import { IconBan, IconCopy, IconDotsVertical, IconEye, IconFlagCheck, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { FlyerStatus } from '@backoffice/contracts';
import { flyerActionsFor, type FlyerRowAction } from './flyer-status';
import { t } from '../../i18n';

const ICONS: Record<FlyerRowAction, ComponentType<{ size?: number }>> = {
  view: IconEye,
  edit: IconPencil,
  duplicate: IconCopy,
  pause: IconPlayerPause,
  reactivate: IconPlayerPlay,
  finish: IconFlagCheck,
  cancel: IconBan,
  delete: IconTrash,
};

const COLORS: Partial<Record<FlyerRowAction, string>> = { cancel: 'red', delete: 'red' };

interface Props {
  flyer: { name: string; status: FlyerStatus };
  onAction: (action: FlyerRowAction) => void;
  /** Only readers: view, no changes. */
  readOnly?: boolean;
}

/** View and edit at hand, the other actions that fit the status in a menu (spec §4). */
export function FlyerRowActions({ flyer, onAction, readOnly = false }: Props) {
  const actions = flyerActionsFor(flyer.status).filter((a) => !readOnly || a === 'view');
  const inline = actions.filter((a) => a === 'view' || a === 'edit');
  const menu = actions.filter((a) => a !== 'view' && a !== 'edit');
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {inline.map((action) => {
        const Icon = ICONS[action];
        return (
          <Tooltip key={action} label={t(`flyers.actions.${action}`)}>
            <ActionIcon variant="subtle" color="gray" onClick={() => onAction(action)} aria-label={`${t(`flyers.actions.${action}`)}: ${flyer.name}`}>
              <Icon size={18} />
            </ActionIcon>
          </Tooltip>
        );
      })}
      {menu.length > 0 && (
        <Menu position="bottom-end" withinPortal shadow="md" width={200}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`${t('flyers.actions.more')}: ${flyer.name}`}>
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {menu.map((action) => {
              const Icon = ICONS[action];
              return (
                <Menu.Item key={action} color={COLORS[action]} leftSection={<Icon size={16} />} onClick={() => onAction(action)}>
                  {t(`flyers.actions.${action}`)}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
