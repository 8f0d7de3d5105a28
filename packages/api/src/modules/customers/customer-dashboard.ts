import type { z } from 'zod';
import { CUSTOMER_DASHBOARD_MAX_DAYS, fromCents, type CustomerDashboard, type CustomerDashboardQuery } from '@backoffice/contracts';
import { BUSINESS_TZ, businessDate, endOfBusinessDay, startOfBusinessDay } from '../../lib/business-day.ts';
import type { CustomersRepo } from './customers.repo.ts';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Every day from `from` to `to` (YYYY-MM-DD), both included. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The period asked for, as São Paulo days: `to` defaults to today, `from` to 29 days before it; a
 * lone `from` after today ends on it; never longer than the contract's limit (a lone `from` long ago
 * keeps its last 366 days).
 */
export function dashboardPeriod(q: CustomerDashboardQuery, now: Date): { from: string; to: string } {
  let to = q.to ?? businessDate(now);
  if (!q.to && q.from && q.from > to) to = q.from;
  let from = q.from ?? addDays(to, 1 - DEFAULT_DAYS);
  if (daysBetween(from, to).length > CUSTOMER_DASHBOARD_MAX_DAYS) from = addDays(to, 1 - CUSTOMER_DASHBOARD_MAX_DAYS);
  return { from, to };
}

/** New and returning customers per day and per store, and who spends most (carts until orders exist). */
export function createCustomerDashboard({ repo, clock = () => new Date() }: { repo: CustomersRepo; clock?: () => Date }) {
  return async (accountId: number, q: CustomerDashboardQuery): Promise<z.input<typeof CustomerDashboard>> => {
    const { from, to } = dashboardPeriod(q, clock());
    const [r, stores] = await Promise.all([
      repo.dashboard(accountId, startOfBusinessDay(from), endOfBusinessDay(to), BUSINESS_TZ, q.location_id),
      repo.storeNames(accountId),
    ]);
    const newByDay = new Map(r.newPerDay.map((d) => [d.day, Number(d.n)]));
    const returningByDay = new Map(r.returningPerDay.map((d) => [d.day, Number(d.n)]));
    const returningByStore = new Map(r.byStoreReturning.map((s) => [s.store_id, Number(s.n)]));

    const storeIds = new Set<number | null>([...r.byStoreCustomers.map((s) => s.store_id), ...returningByStore.keys()]);
    const customersByStore = new Map(r.byStoreCustomers.map((s) => [s.store_id, s]));
    const byStore = [...storeIds]
      .map((id) => {
        const c = customersByStore.get(id);
        return {
          location_id: id,
          location_name: id === null ? null : (stores.get(id) ?? null),
          customers: Number(c?.customers ?? 0),
          new_customers: Number(c?.new_customers ?? 0),
          returning_customers: id === null ? 0 : (returningByStore.get(id) ?? 0),
        };
      })
      // Stores by size, the customers no store serves last.
      .sort((a, b) => Number(a.location_id === null) - Number(b.location_id === null) || b.customers - a.customers || (a.location_name ?? '').localeCompare(b.location_name ?? '', 'pt-BR'));

    return {
      from,
      to,
      location_id: q.location_id ?? null,
      totals: {
        customers: Number(r.totals.customers),
        new_customers: Number(r.totals.new_customers),
        returning_customers: Number(r.totals.returning),
        customers_with_carts: Number(r.totals.with_carts),
        opt_in: Number(r.totals.opt_in),
        spend: fromCents(r.totals.spend ?? 0n),
      },
      per_day: daysBetween(from, to).map((date) => ({
        date,
        new_customers: newByDay.get(date) ?? 0,
        returning_customers: returningByDay.get(date) ?? 0,
      })),
      by_store: byStore,
      top_customers: r.top.map((t) => ({ id: t.id, name: t.name, carts: Number(t.carts), spend: fromCents(t.spend) })),
    };
  };
}
export type CustomerDashboardService = ReturnType<typeof createCustomerDashboard>;
