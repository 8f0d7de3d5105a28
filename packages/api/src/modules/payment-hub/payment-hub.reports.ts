import type { z } from 'zod';
import {
  PAYMENT_METHOD_CATALOG,
  PAYMENT_PROVIDER_LABELS,
  TRANSACTION_STATUS_LABELS,
  fromCents,
  type PaymentMethodCode,
  type PaymentProviderName,
  type PaymentsByLocation,
  type PaymentsByLocationQuery,
  type PaymentTransactionExportQuery,
  type PaymentTransactionListQuery,
  type TransactionStatus,
} from '@backoffice/contracts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { businessDate } from '../../lib/business-day.ts';
import { pageOf } from '../../lib/paging.ts';
import { translate } from '../../i18n/messages.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import { brl, toListRow } from './payment-hub.mapping.ts';
import type { FigureRow, PaymentHubRepo, ReportFilters } from './payment-hub.repo.ts';

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;
/** The export's ceiling: a year of a large store fits. */
export const EXPORT_MAX_ROWS = 100_000;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);

type Figures = { received: bigint; received_count: number; refunded: bigint; refunded_count: number; pending: bigint; pending_count: number };
const empty = (): Figures => ({ received: 0n, received_count: 0, refunded: 0n, refunded_count: 0, pending: 0n, pending_count: 0 });
const money = (f: Figures) => ({
  received: fromCents(f.received),
  received_count: f.received_count,
  refunded: fromCents(f.refunded),
  refunded_count: f.refunded_count,
  pending: fromCents(f.pending),
  pending_count: f.pending_count,
  net: fromCents(f.received - f.refunded),
});

/** CSV field: quoted when it holds the separator, a quote or a line break. */
const cell = (v: string | number) => {
  const s = String(v);
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The finance screens' figures: received, refunded and pending by store and method, and the per-transaction list. */
export function createPaymentReports({ repo, scope }: { repo: PaymentHubRepo; scope: StoreScope }) {
  /** The period (default: the 30 days up to today, São Paulo) and the caller's stores; 404 for a store it does not see. */
  async function filters(caller: Caller, q: { from?: string; to?: string; location_id?: number; method?: PaymentMethodCode; status?: TransactionStatus; order_number?: number }): Promise<ReportFilters> {
    const today = businessDate(new Date());
    const to = q.to ?? (q.from && q.from > today ? q.from : today);
    const from = q.from ?? addDays(to, -29);
    if (daysBetween(from, to) >= MAX_DAYS) {
      const message = translate('PAYMENT_PERIOD_TOO_LONG', 'pt-BR');
      throw new ValidationError('PAYMENT_PERIOD_TOO_LONG', {}, [{ field: 'from', code: 'custom', message }]);
    }
    const allowed = await scope(caller.accountId, caller.userId);
    if (q.location_id !== undefined) {
      if (allowed && !allowed.includes(q.location_id)) throw new NotFoundError('LOCATION_NOT_FOUND');
      if (!(await repo.storeNames(caller.accountId, [q.location_id])).has(q.location_id)) throw new NotFoundError('LOCATION_NOT_FOUND');
    }
    return { from, to, locationId: q.location_id, method: q.method, status: q.status, orderNumber: q.order_number, allowedLocationIds: allowed };
  }

  return {
    async byLocation(caller: Caller, q: PaymentsByLocationQuery): Promise<z.input<typeof PaymentsByLocation>> {
      const f = await filters(caller, q);
      const { received, refunded, pending } = await repo.figures(caller.accountId, f);
      const rows = new Map<string, Figures & { location_id: number; method: PaymentMethodCode }>();
      const days = new Map<string, Figures>();
      const totals = empty();
      const add = (list: FigureRow[], cents: 'received' | 'refunded' | 'pending') => {
        for (const r of list) {
          const key = `${r.location_id}:${r.method}`;
          const row = rows.get(key) ?? { ...empty(), location_id: r.location_id, method: r.method as PaymentMethodCode };
          rows.set(key, row);
          const day = days.get(r.day) ?? empty();
          days.set(r.day, day);
          for (const target of [row, day, totals]) {
            target[cents] += BigInt(r.cents);
            target[`${cents}_count`] += Number(r.n);
          }
        }
      };
      add(received, 'received');
      add(refunded, 'refunded');
      add(pending, 'pending');
      const names = await repo.storeNames(caller.accountId, [...new Set([...rows.values()].map((r) => r.location_id))]);
      const series = [];
      if (q.per_day) {
        for (let d = f.from; d <= f.to; d = addDays(d, 1)) {
          const day = days.get(d) ?? empty();
          series.push({ date: d, received: fromCents(day.received), refunded: fromCents(day.refunded), pending: fromCents(day.pending) });
        }
      }
      return {
        from: f.from,
        to: f.to,
        totals: money(totals),
        rows: [...rows.values()]
          .map((r) => ({ location_id: r.location_id, location_name: names.get(r.location_id) ?? '', method: r.method, method_label: PAYMENT_METHOD_CATALOG[r.method].label, ...money(r) }))
          .sort((a, b) => a.location_name.localeCompare(b.location_name, 'pt-BR') || a.method_label.localeCompare(b.method_label, 'pt-BR')),
        days: series,
      };
    },

    async list(caller: Caller, q: PaymentTransactionListQuery) {
      const f = await filters(caller, q);
      const { rows, total } = await repo.list(caller.accountId, f, { page: q.page, quantity: q.quantity, orderBy: q.order_by, direction: q.order_direction });
      return pageOf(rows.map(toListRow), q, total);
    },

    /** The period's transactions as CSV (";", UTF-8 with BOM, amounts with a decimal comma), and its file name. */
    async exportCsv(caller: Caller, q: PaymentTransactionExportQuery) {
      const f = await filters(caller, q);
      const rows = await repo.exportRows(caller.accountId, f, EXPORT_MAX_ROWS);
      const header = ['Data', 'Pedido', 'Loja', 'Forma de pagamento', 'Provedor', 'Referência', 'Status', 'Valor', 'Capturado', 'Reembolsado', 'Parcelas', 'Cartão', 'Recusa'];
      const lines = rows.map((t) =>
        [
          t.createdAt.toISOString(),
          t.order.number,
          t.location.name,
          PAYMENT_METHOD_CATALOG[t.method as PaymentMethodCode].label,
          PAYMENT_PROVIDER_LABELS[t.provider as PaymentProviderName] ?? t.provider,
          t.providerReference ?? '',
          TRANSACTION_STATUS_LABELS[t.status as TransactionStatus],
          brl(t.amountCents),
          brl(t.capturedCents),
          brl(t.refundedCents),
          t.installments,
          t.cardBrand && t.cardLast4 ? `${t.cardBrand} final ${t.cardLast4}` : '',
          t.status === 'refused' ? (t.refusalReason ?? t.refusalCode ?? '') : '',
        ]
          .map(cell)
          .join(';'),
      );
      return { fileName: `pagamentos-${f.from}-a-${f.to}.csv`, body: `\uFEFF${[header.join(';'), ...lines].join('\r\n')}\r\n` };
    },
  };
}
export type PaymentReports = ReturnType<typeof createPaymentReports>;
