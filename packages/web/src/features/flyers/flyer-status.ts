import type { MantineColor } from '@mantine/core';
import type { FlyerAction, FlyerStatus } from '@backoffice/contracts';

/** Row actions a flyer may offer; `FlyerAction`s go to the API's actions route, the rest are screens or DELETE. */
export type FlyerRowAction = 'view' | 'edit' | 'duplicate' | FlyerAction | 'delete';

/**
 * Spec §4: which actions fit each computed status. Pausing needs a flyer on the air and
 * reactivating a paused one; canceling a paused flyer would change nothing (both leave it inactive
 * until its end), so it is not offered; a finished or canceled flyer can only be seen, copied or deleted.
 */
export const FLYER_STATUS_ACTIONS: Record<FlyerStatus, readonly FlyerRowAction[]> = {
  scheduled: ['view', 'edit', 'duplicate', 'cancel', 'delete'],
  active: ['view', 'edit', 'duplicate', 'pause', 'finish', 'cancel', 'delete'],
  pause: ['view', 'edit', 'duplicate', 'reactivate', 'finish', 'delete'],
  finished: ['view', 'duplicate', 'delete'],
  canceled: ['view', 'duplicate', 'delete'],
};

export const flyerActionsFor = (status: FlyerStatus): readonly FlyerRowAction[] => FLYER_STATUS_ACTIONS[status];

/** The actions that change the flyer's state (each behind a confirmation). */
export const isStateAction = (action: FlyerRowAction): action is FlyerAction | 'delete' =>
  action === 'pause' || action === 'reactivate' || action === 'finish' || action === 'cancel' || action === 'delete';

export const FLYER_STATUS_COLORS: Record<FlyerStatus, MantineColor> = {
  scheduled: 'blue',
  active: 'green',
  pause: 'yellow',
  finished: 'gray',
  canceled: 'red',
};
