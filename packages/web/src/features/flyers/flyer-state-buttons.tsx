import { Button, Group } from '@mantine/core';
import { IconBan, IconFlagCheck, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { FlyerStatus } from '@backoffice/contracts';
import { flyerActionsFor, isStateAction, type FlyerRowAction } from './flyer-status';
import { t } from '../../i18n';

const BUTTONS: Partial<Record<FlyerRowAction, { icon: ComponentType<{ size?: number }>; color?: string }>> = {
  pause: { icon: IconPlayerPause, color: 'yellow' },
  reactivate: { icon: IconPlayerPlay, color: 'green' },
  finish: { icon: IconFlagCheck },
  cancel: { icon: IconBan, color: 'red' },
  delete: { icon: IconTrash, color: 'red' },
};

/** The view page's state changes that fit the status, as buttons (each asks for confirmation). */
export function FlyerStateButtons({ status, onAction }: { status: FlyerStatus; onAction: (action: FlyerRowAction) => void }) {
  return (
    <Group gap="xs">
      {flyerActionsFor(status)
        .filter(isStateAction)
        .map((action) => {
          const { icon: Icon, color } = BUTTONS[action] ?? { icon: IconFlagCheck };
          return (
            <Button key={action} size="xs" variant="light" color={color} leftSection={<Icon size={14} />} onClick={() => onAction(action)}>
              {t(`flyers.actions.${action}`)}
            </Button>
          );
        })}
    </Group>
  );
}
