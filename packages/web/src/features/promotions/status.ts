import type { MantineColor } from '@mantine/core';
import type { PromotionAction, PromotionStatus } from '@backoffice/contracts';

export const STATUS_COLORS: Record<PromotionStatus, MantineColor> = {
  scheduled: 'blue',
  active: 'green',
  paused: 'yellow',
  finished: 'gray',
  canceled: 'red',
};

/**
 * The state actions (spec §4) that change something for a promotion in each status: cancel and
 * pause both only clear `active`, so a paused one can only come back; an ended one (finished or
 * canceled) keeps just view, edit, duplicate and delete.
 */
export const STATUS_ACTIONS: Record<PromotionStatus, readonly PromotionAction[]> = {
  scheduled: ['pause', 'cancel'],
  active: ['pause', 'finish', 'cancel'],
  paused: ['reactivate'],
  finished: [],
  canceled: [],
};

export const actionsFor = (status: PromotionStatus): readonly PromotionAction[] => STATUS_ACTIONS[status];

/** Colour of each action's confirm button: the ones that end a promotion are red. */
export const ACTION_COLORS: Record<PromotionAction, MantineColor> = {
  pause: 'yellow',
  reactivate: 'green',
  finish: 'gray',
  cancel: 'red',
};
