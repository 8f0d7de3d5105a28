import { randomBytes } from 'node:crypto';
import {
  ERP_CALLBACK_ATTEMPTS,
  ERP_SECRET_PREFIX,
  type ErpCallbackConfig,
  type ErpCallbackDelivery,
  type ErpCallbackEvent,
  type ErpCallbackInput,
  type ErpDeliveryStatus,
} from '@backoffice/contracts';
import { BusinessRuleError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { JobQueue } from '../../lib/queue.ts';
import type { OrderTransition } from '../orders/orders.service.ts';
import type { CallbackConfigRow, ErpCallbacksRepo } from './erp-callbacks.repo.ts';
import { checkCallbackUrl, UrlRefused, type UrlGuardOptions } from './url-guard.ts';

export const callbackJobId = (id: number) => `erp-callback-${id}`;
const newSecret = () => `${ERP_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function configView(row: CallbackConfigRow | null): ErpCallbackConfig {
  return {
    url: row?.url ?? null,
    enabled: row?.enabled ?? false,
    has_secret: !!row?.secret,
    secret_hint: row?.secret ? `${row.secret.slice(0, ERP_SECRET_PREFIX.length + 4)}…` : null,
    secret_created_at: iso(row?.secretCreatedAt ?? null),
    updated_at: iso(row?.updatedAt ?? null),
  };
}

type DeliveryRow = Awaited<ReturnType<ErpCallbacksRepo['deliveries']>>['rows'][number];
const deliveryView = (d: Omit<DeliveryRow, 'attemptLog'> & { attemptLog?: DeliveryRow['attemptLog'] }): ErpCallbackDelivery => ({
  id: d.id,
  event: d.event as ErpCallbackEvent,
  order_id: d.orderId,
  order_status: d.orderStatus,
  status: d.status as ErpDeliveryStatus,
  attempts: d.attempts,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  created_at: d.createdAt.toISOString(),
  delivered_at: iso(d.deliveredAt),
  attempt_log: (d.attemptLog ?? []).map((a) => ({
    attempt: a.attempt,
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    error: a.error,
    at: a.createdAt.toISOString(),
  })),
});

/** A refused URL as a 400 naming the field. */
const refusedUrl = (err: UrlRefused) => new ValidationError('VALIDATION_ERROR', { field: 'url', detail: err.text }, [{ field: 'url', code: 'url_refused', message: err.text }]);

interface Deps {
  repo: ErpCallbacksRepo;
  queue: JobQueue;
  guard: UrlGuardOptions;
  clock?: () => Date;
}

/** Order status callbacks to the account's ERP: the settings, the secret, each delivery queued as a job. */
export function createErpCallbacksService({ repo, queue, guard, clock = () => new Date() }: Deps) {
  async function deliver(accountId: number, event: ErpCallbackEvent, order: { id: number; number: number; status: string; from: string | null } | null) {
    const payload = {
      event,
      order_id: order?.id ?? null,
      order_number: order?.number ?? null,
      status: order?.status ?? null,
      previous_status: order?.from ?? null,
      occurred_at: clock().toISOString(),
    };
    const row = await repo.createDelivery({ accountId, event, orderId: order?.id ?? null, orderStatus: order?.status ?? null, body: JSON.stringify(payload) });
    await queue.add('erp.callback', { deliveryId: row.id }, { jobId: callbackJobId(row.id), attempts: ERP_CALLBACK_ATTEMPTS });
    return row;
  }

  return {
    async get(accountId: number) {
      return configView(await repo.config(accountId));
    },

    /** Saves the URL (checked against SSRF: a 400 naming `url`) and the switch; enabling without a secret generates it, shown in this answer only. */
    async save(accountId: number, input: ErpCallbackInput) {
      if (input.url !== null) {
        try {
          await checkCallbackUrl(input.url, guard);
        } catch (err) {
          if (err instanceof UrlRefused) throw refusedUrl(err);
          throw err;
        }
      }
      let row = await repo.saveConfig(accountId, { url: input.url, enabled: input.enabled });
      let secret: string | null = null;
      if (input.enabled && !row.secret) {
        const candidate = newSecret();
        if (await repo.ensureSecret(accountId, candidate)) secret = candidate;
        row = (await repo.config(accountId))!;
      }
      return { ...configView(row), secret };
    },

    /** A new secret, at once the only one that signs; shown in this answer only. */
    async rotate(accountId: number) {
      const secret = newSecret();
      return { ...configView(await repo.saveConfig(accountId, { secret })), secret };
    },

    /** Queues a signed test callback; 422 until callbacks are enabled with a URL. */
    async test(accountId: number) {
      const config = await repo.config(accountId);
      if (!config?.enabled || !config.url || !config.secret) throw new BusinessRuleError('ERP_CALLBACK_NOT_ENABLED');
      return { delivery: deliveryView(await deliver(accountId, 'test', null)) };
    },

    async deliveries(accountId: number, q: { page: number; quantity: number }) {
      const { rows, total } = await repo.deliveries(accountId, q.page, q.quantity);
      return pageOf(rows.map(deliveryView), q, total);
    },

    /** The orders' transition listener: an enabled account's ERP hears of each new order and each status change. */
    async onTransition(t: Pick<OrderTransition, 'accountId' | 'order' | 'from' | 'to'>) {
      const config = await repo.config(t.accountId);
      if (!config?.enabled || !config.url || !config.secret) return;
      await deliver(t.accountId, t.from === null ? 'order.created' : 'order.status_changed', { id: t.order.id, number: t.order.number, status: t.to, from: t.from });
    },
  };
}
export type ErpCallbacksService = ReturnType<typeof createErpCallbacksService>;
