import { TRADE_FLOW, tradeActorSide, type TradeAction, type TradeSide, type TradeStatus } from '@backoffice/contracts';

export type Side = TradeSide;
// The flow itself is in the contracts (TRADE_FLOW), so the screens offer exactly the steps checked here.
export { TRADE_FLOW };

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

export const SIDE_NAMES: Record<Side, string> = { brand: 'à indústria', retailer: 'ao varejista' };

export type StepCheck = { ok: true; to: TradeStatus } | { ok: false; status: 409 } | { ok: false; status: 403; side: string };

/** Whether `me` may take `action` on an agreement in `status` written by `author`. */
export function checkStep(action: TradeAction, status: TradeStatus, me: Side, author: Side): StepCheck {
  const step = TRADE_FLOW[action];
  const actor = step.by[status];
  if (!actor) return { ok: false, status: 409 };
  const needed = tradeActorSide(actor, author);
  if (needed && needed !== me) {
    const who = actor === 'author' ? `${SIDE_NAMES[needed]}, que redigiu o acordo` : actor === 'other' ? `${SIDE_NAMES[needed]}, a outra parte` : SIDE_NAMES[needed];
    return { ok: false, status: 403, side: who };
  }
  return { ok: true, to: step.to };
}
