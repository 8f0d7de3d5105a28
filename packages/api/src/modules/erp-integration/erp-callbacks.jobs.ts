import { ERP_CALLBACK_ATTEMPTS } from '@backoffice/contracts';
import type { JobQueue } from '../../lib/queue.ts';
import type { ErpCallbacksRepo } from './erp-callbacks.repo.ts';
import { postSigned, type PostResult } from './signed-post.ts';
import { checkCallbackUrl, UrlRefused, type UrlGuardOptions } from './url-guard.ts';

/** Thrown to have the queue try the delivery again after its backoff. */
export class RetryLater extends Error {}

const DISABLED = 'Envio de avisos desativado: a entrega foi encerrada.';

/**
 * One attempt at a callback: the URL checked again against SSRF (its name resolved now, the request
 * sent to the address just checked), the body POSTed signed, and the attempt logged. A 2xx delivers
 * it; anything else is tried again (the queue's backoff doubles the wait) until the last attempt,
 * which fails it. A refused address or a name that does not exist fails it at once.
 */
export async function sendCallback(
  deps: { repo: ErpCallbacksRepo; guard: UrlGuardOptions; clock?: () => Date; timeoutMs?: number },
  deliveryId: number,
): Promise<void> {
  const { repo, guard, clock = () => new Date() } = deps;
  const found = await repo.forSend(deliveryId);
  if (!found || found.delivery.status !== 'pending') return;
  const { delivery, config } = found;
  const attempt = delivery.attempts + 1;
  const last = attempt >= ERP_CALLBACK_ATTEMPTS;
  if (!config?.enabled || !config.url || !config.secret) {
    await repo.recordAttempt(deliveryId, { attempt, statusCode: null, durationMs: 0, error: DISABLED }, 'failed');
    return;
  }
  let result: PostResult;
  try {
    const target = await checkCallbackUrl(config.url, guard);
    result = await postSigned(target, { body: delivery.body, secret: config.secret, event: delivery.event, deliveryId, now: clock() }, deps.timeoutMs);
  } catch (err) {
    if (!(err instanceof UrlRefused)) throw err;
    const final = last || err.definitive;
    await repo.recordAttempt(deliveryId, { attempt, statusCode: null, durationMs: 0, error: err.text }, final ? 'failed' : 'pending');
    if (!final) throw new RetryLater(err.text);
    return;
  }
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const status = ok ? 'delivered' : last ? 'failed' : 'pending';
  const recorded = await repo.recordAttempt(deliveryId, { attempt, statusCode: result.statusCode, durationMs: result.durationMs, error: result.error }, status);
  if (recorded && status === 'pending') throw new RetryLater(result.error ?? 'falhou');
}

export function registerErpCallbackJobs(queue: JobQueue, deps: { repo: ErpCallbacksRepo; guard: UrlGuardOptions }) {
  queue.handle('erp.callback', ({ deliveryId }) => sendCallback(deps, deliveryId));
}
