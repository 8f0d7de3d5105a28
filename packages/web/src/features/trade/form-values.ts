import { schemaResolver } from '@mantine/form';
import { CreateTradeBody, UpdateTradeBody, type TradeKind } from '@backoffice/contracts';
import type { CreateTradeInput, TradeAgreementDetail, UpdateTradeInput } from './api';
import { otherParty } from './components/trade-describe';

/** The form's state: the body's fields, with the choices not made yet left empty. */
export interface TradeFormValues {
  counterpart_id: number | null;
  title: string;
  kind: TradeKind | null;
  description: string;
  location_ids: number[];
  product_ids: number[];
  start_date: string | null;
  end_date: string | null;
  investment: number | string;
}

export const emptyTradeForm = (): TradeFormValues => ({
  counterpart_id: null,
  title: '',
  kind: null,
  description: '',
  location_ids: [],
  product_ids: [],
  start_date: null,
  end_date: null,
  investment: '',
});

/** An agreement as the edit form starts it. */
export const tradeFormOf = (a: TradeAgreementDetail): TradeFormValues => ({
  counterpart_id: otherParty(a).id,
  title: a.title,
  kind: a.kind,
  description: a.description ?? '',
  location_ids: a.location_ids,
  product_ids: a.product_ids,
  start_date: a.start_date,
  end_date: a.end_date,
  investment: a.investment,
});

/** The update body (no counterpart: it never changes). Empty choices stay invalid so the schema names them. */
export function toUpdateBody(v: TradeFormValues): UpdateTradeInput {
  const description = v.description.trim();
  return {
    title: v.title,
    kind: v.kind as TradeKind,
    description: description ? description : null,
    location_ids: v.location_ids,
    product_ids: v.product_ids,
    start_date: v.start_date ?? '',
    end_date: v.end_date ?? '',
    investment: v.investment === '' ? (undefined as unknown as number) : Number(v.investment),
  };
}

export const toCreateBody = (v: TradeFormValues): CreateTradeInput => ({ ...toUpdateBody(v), counterpart_id: v.counterpart_id as number });

const checkCreate = schemaResolver(CreateTradeBody, { sync: true });
const checkUpdate = schemaResolver(UpdateTradeBody, { sync: true });

/** The contracts' schema on the body the form would send: errors keyed by the same field names. */
export const validateTradeForm = (creating: boolean) => (v: TradeFormValues) => (creating ? checkCreate(toCreateBody(v)) : checkUpdate(toUpdateBody(v)));

/** A typed DD/MM/YYYY (or YYYY-MM-DD) as the YYYY-MM-DD the API takes; null when it is not a real day. */
export function parseBrDate(text: string): string | null {
  const br = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text);
  const [y, m, d] = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const value = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}
