import type { TradeAction, TradeStatus } from '@backoffice/contracts';

export const STATUS_COLORS: Record<TradeStatus, string> = {
  draft: 'gray',
  proposed: 'yellow',
  approved: 'teal',
  rejected: 'red',
  running: 'blue',
  done: 'green',
  canceled: 'dark',
};

export const ACTION_COLORS: Record<TradeAction, string> = {
  propose: 'blue',
  approve: 'green',
  reject: 'red',
  revise: 'gray',
  start: 'blue',
  finish: 'green',
  cancel: 'red',
};

/** Steps that ask first (and reject asks for the reason). */
export const CONFIRMED_ACTIONS: ReadonlySet<TradeAction> = new Set(['approve', 'reject', 'finish', 'cancel']);
