import type { PaymentBalance, PaymentTransaction, PaymentTransactionRow, PaymentsByLocation } from './api';

const FIGURES = { received: 0, received_count: 0, refunded: 0, refunded_count: 0, pending: 0, pending_count: 0, net: 0 };

export const BY_LOCATION: PaymentsByLocation = {
  from: '2026-11-20',
  to: '2026-11-22',
  totals: { received: 1250.5, received_count: 12, refunded: 80.25, refunded_count: 2, pending: 310, pending_count: 3, net: 1170.25 },
  rows: [
    { location_id: 3, location_name: 'Bom Preço Centro', method: 'credit_card', method_label: 'Cartão de crédito', ...FIGURES, received: 900.5, received_count: 8, refunded: 80.25, refunded_count: 2, net: 820.25 },
    { location_id: 3, location_name: 'Bom Preço Centro', method: 'pix', method_label: 'Pix', ...FIGURES, received: 350, received_count: 4, pending: 310, pending_count: 3, net: 350 },
  ],
  days: [
    { date: '2026-11-20', received: 400, refunded: 0, pending: 100 },
    { date: '2026-11-21', received: 500.5, refunded: 80.25, pending: 0 },
    { date: '2026-11-22', received: 350, refunded: 0, pending: 210 },
  ],
};

export const EMPTY_BY_LOCATION: PaymentsByLocation = { from: '2026-11-20', to: '2026-11-22', totals: FIGURES, rows: [], days: [] };

const BASE = {
  order_id: 42,
  order_number: 1007,
  location: { id: 3, name: 'Bom Preço Centro' },
  provider: 'simulator',
  provider_reference: 'sim_tx_1',
  installments: 1,
  card: null,
  refusal: null,
  pix_copy_paste: null,
  boleto_line: null,
  created_at: '2026-11-21T13:00:00.000Z',
  authorized_at: null,
  captured_at: null,
  refused_at: null,
  updated_at: '2026-11-21T13:00:00.000Z',
} as const;

export function transaction(patch: Partial<PaymentTransaction> = {}): PaymentTransaction {
  return {
    ...BASE,
    id: 9,
    method: 'credit_card',
    method_label: 'Cartão de crédito',
    status: 'captured',
    status_label: 'Pago',
    amount: 36.43,
    captured_amount: 36.43,
    refunded_amount: 0,
    refundable_amount: 36.43,
    card: { brand: 'visa', last4: '1111' },
    authorized_at: '2026-11-21T13:00:01.000Z',
    captured_at: '2026-11-21T13:00:03.000Z',
    refunds: [],
    ...patch,
  };
}

/** The order's payments against its total: by default all of it charged, nothing owed or over. */
export function balance(patch: Partial<PaymentBalance> = {}): PaymentBalance {
  return { order_total: 36.43, charged: 36.43, adjusted: 0, refunded: 0, owed: 0, over: 0, ...patch };
}

export const REFUSED = transaction({
  id: 8,
  status: 'refused',
  status_label: 'Recusado',
  captured_amount: 0,
  refundable_amount: 0,
  card: { brand: 'visa', last4: '9995' },
  refusal: { code: 'insufficient_funds', reason: 'Saldo ou limite insuficiente.' },
  refused_at: '2026-11-21T12:58:00.000Z',
});

export function transactionRow(patch: Partial<PaymentTransactionRow> = {}): PaymentTransactionRow {
  const { refunds: _refunds, ...tx } = transaction();
  return { ...tx, refunds_count: 0, ...patch };
}
