import type { TradeAction, TradeStatus } from '@backoffice/contracts';

export type Side = 'brand' | 'retailer';
/** Who may take a step: the side that wrote the agreement, the other one, the retailer, or either. */
export type Actor = 'author' | 'other' | 'retailer' | 'either';

interface Step {
  to: TradeStatus;
  /** By the status it leaves. */
  by: Partial<Record<TradeStatus, Actor>>;
}

/**
 * The status flow: the author drafts, edits and proposes; only the other side approves or rejects;
 * a rejected one goes back to draft by its author; the retailer starts it (or its period does);
 * either side records it done. Before approval only the author withdraws it; an approved one not
 * yet running may be canceled by either side; a running or finished one is never canceled.
 */
export const TRADE_FLOW: Record<TradeAction, Step> = {
  propose: { to: 'proposed', by: { draft: 'author' } },
  approve: { to: 'approved', by: { proposed: 'other' } },
  reject: { to: 'rejected', by: { proposed: 'other' } },
  revise: { to: 'draft', by: { rejected: 'author' } },
  start: { to: 'running', by: { approved: 'retailer' } },
  finish: { to: 'done', by: { running: 'either' } },
  cancel: { to: 'canceled', by: { draft: 'author', proposed: 'author', rejected: 'author', approved: 'either' } },
};

export const ACTION_VERBS: Record<TradeAction, string> = {
  propose: 'propor',
  approve: 'aprovar',
  reject: 'recusar',
  revise: 'revisar',
  start: 'iniciar',
  finish: 'concluir',
  cancel: 'cancelar',
};

export const STATUS_LABELS: Record<TradeStatus, string> = {
  draft: 'rascunho',
  proposed: 'proposto',
  approved: 'aprovado',
  rejected: 'recusado',
  running: 'em andamento',
  done: 'concluído',
  canceled: 'cancelado',
};

const SIDE_NAMES: Record<Side, string> = { brand: 'à indústria', retailer: 'ao varejista' };

export type StepCheck = { ok: true; to: TradeStatus } | { ok: false; status: 409 } | { ok: false; status: 403; side: string };

/** Whether `me` may take `action` on an agreement in `status` written by `author`. */
export function checkStep(action: TradeAction, status: TradeStatus, me: Side, author: Side): StepCheck {
  const step = TRADE_FLOW[action];
  const actor = step.by[status];
  if (!actor) return { ok: false, status: 409 };
  const other: Side = author === 'brand' ? 'retailer' : 'brand';
  const needed: Side | null = actor === 'author' ? author : actor === 'other' ? other : actor === 'retailer' ? 'retailer' : null;
  if (needed && needed !== me) {
    const who = actor === 'author' ? `${SIDE_NAMES[needed]}, que redigiu o acordo` : actor === 'other' ? `${SIDE_NAMES[needed]}, a outra parte` : SIDE_NAMES[needed];
    return { ok: false, status: 403, side: who };
  }
  return { ok: true, to: step.to };
}
