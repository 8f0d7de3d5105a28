import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_CATALOG,
  REFUND_STATUS_LABELS,
  TRANSACTION_STATUS_LABELS,
  toCents,
  type ChargeInput,
  type OrderStatus,
  type PaymentProviderName,
  type RefundInput,
  type RefundStatus,
  type RefusalAnswer,
  type TransactionStatus,
} from '@backoffice/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, BusinessRuleError, ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { translate, type Lang } from '../../i18n/messages.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import type { OrdersService, OrderTransition } from '../orders/orders.service.ts';
import type { NamedOrder } from '../orders/orders.repo.ts';
import { ADJUSTMENT_REFUND_KEY, CANCEL_REFUND_KEY, ORDER_REFUNDED_KEY, brl, fromBalance, toTransaction } from './payment-hub.mapping.ts';
import type { PaymentHubRepo, PaymentSums, RefundRow, TransactionRow } from './payment-hub.repo.ts';
import { ProviderError, type PaymentProvider, type PaymentState, type WebhookRequest, type ChargeRequest } from './providers/provider.ts';
import { describeRefusal } from './providers/refusals.ts';

/** The providers the hub knows: the one new charges go to, and each by name (refunds go to the transaction's own). */
export interface ProviderRegistry {
  active: PaymentProvider & { afterRecorded?(state: PaymentState, req: ChargeRequest): Promise<void> };
  byName(name: PaymentProviderName): PaymentProvider | undefined;
}

interface Deps {
  repo: PaymentHubRepo;
  orders: Pick<OrdersService, 'visible' | 'find' | 'moveByProvider' | 'noteByProvider'>;
  providers: ProviderRegistry;
  scope: StoreScope;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** Statuses an order leaves once it is paid: a cancel from any of them refunds what was captured. */
const AFTER_PAYMENT: readonly OrderStatus[] = ['paid', 'picking', 'picked', 'ready', 'out_for_delivery', 'awaiting_pickup', 'delivered', 'picked_up'];
const CANCELED_REASON = 'pedido cancelado';
const REFUNDED_REASON = 'pedido reembolsado';
/** Once the order leaves the store its total is final: what was charged beyond it goes back (and again, should a try fail, at delivery). */
const SETTLES_AT: readonly OrderStatus[] = ['out_for_delivery', 'awaiting_pickup', 'delivered', 'picked_up'];

const brief = (o: NamedOrder) => ({ id: o.id, number: o.number, status: o.status });
const requestHash = (orderId: number, amountCents: bigint | null, reason: string | null) =>
  createHash('sha256').update(JSON.stringify({ order: orderId, amount: amountCents === null ? null : String(amountCents), reason })).digest('hex');
const fieldError = (status: 400 | 422, code: Parameters<typeof translate>[0], field: string, params: Record<string, string | number>) =>
  new AppError(status, status === 400 ? 'VALIDATION_ERROR' : code, code, params, [{ field, code: 'custom', message: translate(code, 'pt-BR', params) }]);
const isConflict = (err: unknown) => err instanceof ConflictError;

/** A refund as the order's timeline tells it (`later`: the provider's answer to one it kept in process). */
function refundNote(r: RefundRow, status: RefundStatus, later = false): string {
  const amount = `R$ ${brl(r.amountCents)}`;
  if (status === 'failed') return `Reembolso de ${amount} recusado pelo provedor de pagamento: o valor volta a ser reembolsável.`;
  if (later) return `Reembolso de ${amount} concluído pelo provedor de pagamento.`;
  if (status === 'pending') return `Reembolso de ${amount} em processamento no provedor de pagamento${r.reason ? `: ${r.reason}` : ''}.`;
  if (r.idempotencyKey.startsWith(ADJUSTMENT_REFUND_KEY)) return `Ajuste ao total final: ${amount} devolvidos ao cliente.`;
  if (r.idempotencyKey.startsWith(CANCEL_REFUND_KEY)) return `Reembolso automático de ${amount} (pedido cancelado).`;
  if (r.idempotencyKey.startsWith(ORDER_REFUNDED_KEY)) return `Reembolso automático de ${amount} (pedido movido para Reembolsado).`;
  return `Reembolso de ${amount}${r.reason ? `: ${r.reason}` : ''}.`;
}

/** The payment hub: charges of orders through a provider, their confirmation by webhook, refunds and the order's moves that follow. */
export function createPaymentHubService({ repo, orders, providers, scope, log }: Deps) {
  const refundListeners: Array<(accountId: number, orderId: number) => Promise<void> | void> = [];
  async function withRefunds(rows: TransactionRow[]) {
    const refunds = await repo.refundsOf(rows.map((r) => r.id));
    return rows.map((r) => toTransaction(r, refunds));
  }

  /** Moves the order on the provider's word; a refused move (the order moved on meanwhile) is logged, not thrown. */
  async function move(accountId: number, orderId: number, to: OrderStatus, note: string) {
    try {
      return await orders.moveByProvider(accountId, orderId, to, 'payment', note);
    } catch (err) {
      if (!isConflict(err)) throw err;
      log.warn({ order_id: orderId, to, err }, 'payment hub: order move refused');
      return null;
    }
  }

  /** Writes what the hub did on the order's timeline; a note that cannot be written never undoes the payment. */
  async function note(accountId: number, orderId: number, text: string) {
    try {
      await orders.noteByProvider(accountId, orderId, 'payment', text);
    } catch (err) {
      log.error({ err, order_id: orderId }, 'payment hub: timeline note not written');
    }
  }

  /**
   * A captured payment pays its order; one captured for an order canceled meanwhile goes back at
   * once; one of an order paid already (the difference picking added) is written on its timeline.
   */
  async function captured(t: TransactionRow) {
    const order = await orders.find(t.accountId, t.orderId);
    if (!order) return;
    const label = PAYMENT_METHOD_CATALOG[t.method as keyof typeof PAYMENT_METHOD_CATALOG].label;
    if (order.status === 'created' || order.status === 'payment_pending') {
      await move(t.accountId, t.orderId, 'paid', `Pagamento confirmado: ${label}, R$ ${brl(t.capturedCents)}.`);
    } else if (order.status === 'canceled') {
      await refundAll(t.accountId, t.orderId);
    } else {
      await note(t.accountId, t.orderId, `Diferença paga: ${label}, R$ ${brl(t.capturedCents)}.`);
    }
  }

  /**
   * Sends a reserved refund to the transaction's provider and records its answer. When the provider
   * cannot be reached the reservation is undone (the same key may be tried again) and 503 answers.
   * A total refund of a delivered or picked-up order ends it as refunded.
   */
  async function execute(accountId: number, refund: RefundRow) {
    const t = (await repo.find(accountId, refund.transactionId))!;
    const provider = providers.byName(t.provider as PaymentProviderName);
    let outcome;
    try {
      if (!provider || !t.providerReference) throw new ProviderError(`provider ${t.provider} not configured`);
      outcome = await provider.refund(t.providerReference, refund.amountCents, `refund-${refund.id}`);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.warn({ err, refund_id: refund.id }, 'payment hub: refund not sent to the provider');
      await repo.dropRefund(refund.id);
      throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'PAYMENT_PROVIDER_UNAVAILABLE');
    }
    await recordOutcome(accountId, refund, t.orderId, outcome.status, outcome.reference);
  }

  /**
   * What follows a refund's answer (at once, or later for one the provider kept in process): it is
   * recorded (a failed one gives its amount back to the payment), written on the order's timeline
   * and told to the listeners; everything captured on the order given back (over all its payments)
   * ends a delivered or picked-up order as refunded.
   */
  async function recordOutcome(accountId: number, refund: RefundRow, orderId: number, status: RefundStatus, reference: string | null, later = false) {
    await repo.settleRefund(refund.id, status, reference);
    await note(accountId, orderId, refundNote(refund, status, later));
    for (const listener of refundListeners) {
      try {
        await listener(accountId, orderId);
      } catch (err) {
        log.error({ err, order_id: orderId, refund_id: refund.id }, 'payment hub: refund listener failed');
      }
    }
    if (status === 'failed') return;
    const sums = await repo.balance(accountId, orderId);
    if (sums.chargedCents > 0n && sums.adjustedCents + sums.refundedCents >= sums.chargedCents) {
      const order = await orders.find(accountId, orderId);
      if (order && (order.status === 'delivered' || order.status === 'picked_up')) {
        await move(accountId, orderId, 'refunded', `Reembolso total: R$ ${brl(sums.refundedCents)}.`);
      }
    }
  }

  /**
   * Refunds everything left on the order's payments (a paid order canceled, or a delivered one moved
   * to refunded), once per transaction whatever the retries.
   */
  async function refundAll(accountId: number, orderId: number, why: 'canceled' | 'refunded' = 'canceled') {
    const [prefix, reason] = why === 'canceled' ? [CANCEL_REFUND_KEY, CANCELED_REASON] : [ORDER_REFUNDED_KEY, REFUNDED_REASON];
    for (const t of await repo.refundable(accountId, orderId)) {
      const reserved = await repo.reserveRefund(accountId, {
        orderId,
        transactionId: t.id,
        idempotencyKey: `${prefix}${orderId}:${t.id}`,
        requestHash: requestHash(orderId, null, reason),
        amountCents: null,
        reason,
        automatic: true,
        createdById: null,
      });
      if ('kind' in reserved || reserved.replay) continue;
      await execute(accountId, reserved.refund);
    }
  }

  /** Voids what still waits on a canceled order (Pix not paid, card not captured). */
  async function cancelWaiting(accountId: number, orderId: number) {
    for (const t of await repo.liveUncaptured(accountId, orderId)) {
      const provider = providers.byName(t.provider as PaymentProviderName);
      if (provider && t.providerReference) {
        try {
          await provider.cancel(t.providerReference);
        } catch (err) {
          log.warn({ err, transaction_id: t.id }, 'payment hub: provider did not void the payment');
        }
      }
      await repo.cancelUncaptured(accountId, t.id);
    }
  }

  /**
   * The order's payments against its total, which picking changes after payment. `owed`: the final
   * total passed what was charged (less the hub's adjustments): the difference may be charged.
   * `over`: what was charged, less every refund, passed the final total: it goes back when the order
   * leaves the store. Nothing of either for an order with nothing captured, canceled or refunded.
   */
  async function balanceOf(order: NamedOrder) {
    return balanceFrom(order, await repo.balance(order.accountId, order.id));
  }
  function balanceFrom(order: NamedOrder, b: PaymentSums) {
    const open = b.chargedCents > 0n && order.status !== 'canceled' && order.status !== 'refunded';
    const kept = b.chargedCents - b.adjustedCents;
    const owedCents = open && order.totalCents > kept ? order.totalCents - kept : 0n;
    const overCents = open && kept - b.refundedCents > order.totalCents ? kept - b.refundedCents - order.totalCents : 0n;
    return { totalCents: order.totalCents, ...b, owedCents, overCents };
  }

  /**
   * Gives back what was charged beyond the order's final total (lighter weighings, cheaper
   * substitutes, missing items, a discount after payment), from the oldest captured payment on. The
   * key is the balance it corrects: the same balance seen twice (a retry, a courier bringing the order
   * back and taking it out again) gives back once.
   */
  async function settle(accountId: number, orderId: number) {
    const order = await orders.find(accountId, orderId);
    if (!order) return;
    const b = await balanceOf(order);
    let left = b.overCents;
    if (left <= 0n) return;
    const reason = `ajuste ao total final do pedido, R$ ${brl(order.totalCents)}`;
    const state = `${orderId}:${order.totalCents}:${b.chargedCents}:${b.adjustedCents + b.refundedCents}`;
    for (const t of await repo.refundable(accountId, orderId)) {
      if (left <= 0n) break;
      const room = t.capturedCents - t.refundedCents;
      const amountCents = left < room ? left : room;
      const reserved = await repo.reserveRefund(accountId, {
        orderId,
        transactionId: t.id,
        idempotencyKey: `${ADJUSTMENT_REFUND_KEY}${state}:${t.id}`,
        requestHash: requestHash(orderId, amountCents, reason),
        amountCents,
        reason,
        automatic: true,
        createdById: null,
      });
      if ('kind' in reserved || reserved.replay) return;
      await execute(accountId, reserved.refund);
      left -= amountCents;
    }
  }

  async function refundAnswer(accountId: number, refund: RefundRow, lang: Lang) {
    const t = (await repo.find(accountId, refund.transactionId))!;
    const [transaction] = await withRefunds([t]);
    const order = (await orders.find(accountId, t.orderId))!;
    const current = (await repo.refundsOf([t.id])).find((r) => r.id === refund.id) ?? refund;
    return {
      message: translate('PAYMENT_REFUND_CREATED', lang, { amount: brl(current.amountCents), number: order.number, status: REFUND_STATUS_LABELS[current.status as keyof typeof REFUND_STATUS_LABELS] }),
      refund: transaction!.refunds.find((r) => r.id === refund.id)!,
      transaction: transaction!,
      order: brief(order),
    };
  }

  return {
    /**
     * Charges the order's total through the active provider: checks the store's configuration of the
     * method, creates the transaction (one live per order), moves the order to payment_pending and
     * records the provider's answer. A refusal leaves the order waiting for a new attempt. After
     * payment, charges what the order owes beyond what was captured (picking raised its total), once.
     */
    async charge(caller: Caller, orderId: number, input: ChargeInput, lang: Lang) {
      const order = await orders.visible(caller, orderId);
      if (order.paysInPerson) throw new BusinessRuleError('PAYMENT_ORDER_PAYS_IN_PERSON', { number: order.number });
      // After payment, what picking added to the total (heavier weighings, dearer substitutes) is charged on its own.
      const difference = AFTER_PAYMENT.includes(order.status);
      if (!difference && order.status !== 'created' && order.status !== 'payment_pending') {
        throw new ConflictError('PAYMENT_ORDER_NOT_PAYABLE', { number: order.number, status: ORDER_STATUS_LABELS[order.status] });
      }
      if (difference && (await balanceOf(order)).owedCents <= 0n) throw new ConflictError('PAYMENT_NOTHING_OWED', { number: order.number });
      const def = PAYMENT_METHOD_CATALOG[input.method];
      const config = await repo.methodConfig(caller.accountId, order.locationId, input.method);
      if (!(config ? config.active : def.defaultActive)) throw fieldError(422, 'PAYMENT_METHOD_INACTIVE', 'method', { method: def.label });
      if (config?.minOrderCents != null && order.totalCents < config.minOrderCents) {
        throw fieldError(422, 'PAYMENT_MIN_ORDER', 'method', { method: def.label, min: brl(config.minOrderCents) });
      }
      const maxInstallments = def.installments ? (config?.maxInstallments ?? 1) : 1;
      if (input.installments > maxInstallments) throw fieldError(422, 'PAYMENT_INSTALLMENTS_ABOVE_MAX', 'installments', { max: maxInstallments, method: def.label });
      if (order.totalCents <= 0n) throw new BusinessRuleError('PAYMENT_ORDER_ZERO', { number: order.number });

      const provider = providers.active;
      const fields = {
        orderId: order.id,
        locationId: order.locationId,
        method: input.method,
        provider: provider.name,
        installments: input.installments,
        cardBrand: null,
        cardLast4: input.card ? input.card.number.slice(-4) : null,
        createdById: caller.userId,
      };
      const created = difference
        ? await repo.createDifference(caller.accountId, fields, (sums) => balanceFrom(order, sums).owedCents)
        : ((await repo.create(caller.accountId, { ...fields, amountCents: order.totalCents })) ?? ('waiting' as const));
      if (created === 'nothing_owed') throw new ConflictError('PAYMENT_NOTHING_OWED', { number: order.number });
      if (created === 'waiting') throw new ConflictError('PAYMENT_IN_PROGRESS', { number: order.number });
      const row = created;
      const amountCents = row.amountCents;
      if (order.status === 'created') {
        try {
          await orders.moveByProvider(caller.accountId, order.id, 'payment_pending', 'payment', `Cobrança criada: ${def.label}, R$ ${brl(order.totalCents)}.`);
        } catch (err) {
          await repo.recordCharge(caller.accountId, row.id, { providerReference: null, status: 'canceled' });
          throw err;
        }
      }

      const payer = await repo.payer(caller.accountId, order.customerId);
      const request: ChargeRequest = {
        transactionId: row.id,
        orderId: order.id,
        orderNumber: order.number,
        amountCents,
        method: input.method,
        installments: input.installments,
        card: input.card
          ? { number: input.card.number, holderName: input.card.holder_name, expiryMonth: input.card.expiry_month, expiryYear: input.card.expiry_year, cvv: input.card.cvv }
          : undefined,
        payer: { name: payer?.name ?? order.customerName, email: payer?.email ?? null, cpf: payer?.cpf ?? null },
        description: `Pedido ${order.number}${difference ? ' (diferença da separação)' : ''} - ${order.locationName}`,
        idempotencyKey: `charge-${row.id}`,
      };
      let state: PaymentState | { reference: null; status: 'refused'; refusalCode: string; cardBrand?: undefined; capturedCents?: undefined; pixCopyPaste?: undefined; boletoLine?: undefined };
      try {
        state = await provider.charge(request);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        log.warn({ err, transaction_id: row.id }, 'payment hub: charge not answered by the provider');
        state = { reference: null, status: 'refused', refusalCode: 'provider_unavailable' };
      }
      const refusal = state.status === 'refused' ? describeRefusal(state.refusalCode ?? 'other') : null;
      await repo.recordCharge(caller.accountId, row.id, {
        providerReference: state.reference,
        status: state.status,
        capturedCents: state.capturedCents ?? amountCents,
        cardBrand: state.cardBrand ?? null,
        refusalCode: state.status === 'refused' ? (state.refusalCode ?? 'other') : null,
        refusalReason: refusal?.reason ?? null,
        pixCopyPaste: state.pixCopyPaste ?? null,
        boletoLine: state.boletoLine ?? null,
      });
      const recorded = (await repo.find(caller.accountId, row.id))!;
      if (recorded.status === 'captured') await captured(recorded);
      // The answer is read before the provider's follow-up is set off (the simulator's webhook may land at once).
      const [transaction] = await withRefunds([(await repo.find(caller.accountId, row.id))!]);
      const now = (await orders.find(caller.accountId, order.id))!;
      if (state.reference && providers.active.afterRecorded) await providers.active.afterRecorded(state as PaymentState, request);
      const message = refusal
        ? translate('PAYMENT_CHARGE_REFUSED', lang, { number: order.number, reason: refusal.reason })
        : translate(difference ? 'PAYMENT_DIFFERENCE_CHARGE_CREATED' : 'PAYMENT_CHARGE_CREATED', lang, { number: order.number, amount: brl(amountCents), status: TRANSACTION_STATUS_LABELS[transaction!.status] });
      return { message, transaction: transaction!, order: brief(now) };
    },

    /** The order's transactions (the order page's payment card), newest first, with their refunds. */
    async ofOrder(caller: Caller, orderId: number) {
      const order = await orders.visible(caller, orderId);
      const [rows, balance] = await Promise.all([repo.ofOrder(caller.accountId, order.id), balanceOf(order)]);
      return { data: await withRefunds(rows), balance: fromBalance(balance) };
    },

    /** Why a transaction the caller sees was refused; 409 when it was not. */
    async verifyRefusal(caller: Caller, id: number): Promise<z.input<typeof RefusalAnswer>> {
      const [t, allowed] = await Promise.all([repo.find(caller.accountId, id), scope(caller.accountId, caller.userId)]);
      if (!t || (allowed !== null && !allowed.includes(t.locationId))) throw new NotFoundError('PAYMENT_TRANSACTION_NOT_FOUND');
      if (t.status !== 'refused') throw new ConflictError('PAYMENT_NOT_REFUSED', { status: TRANSACTION_STATUS_LABELS[t.status as TransactionStatus] });
      const code = t.refusalCode ?? 'other';
      const info = describeRefusal(code);
      return {
        transaction_id: t.id,
        order_id: t.orderId,
        method: t.method as ChargeInput['method'],
        code,
        reason: t.refusalReason ?? info.reason,
        advice: info.advice,
        can_retry: info.canRetry,
        refused_at: (t.refusedAt ?? t.updatedAt).toISOString(),
      };
    },

    /**
     * Refunds the order's captured payment, partly or wholly, once per Idempotency-Key: the same key
     * and body answer the first refund (`replayed`), the same key with another body is a 422.
     */
    async refund(caller: Caller, orderId: number, input: RefundInput, key: string, lang: Lang) {
      const order = await orders.visible(caller, orderId);
      const amountCents = input.amount === undefined ? null : BigInt(toCents(input.amount));
      const hash = requestHash(order.id, amountCents, input.reason ?? null);
      const replay = (prior: RefundRow) => {
        if (prior.requestHash !== hash) throw fieldError(422, 'PAYMENT_IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key', {});
        return refundAnswer(caller.accountId, prior, lang).then((body) => ({ replayed: true, body }));
      };
      const prior = await repo.findRefundByKey(caller.accountId, key);
      if (prior) return replay(prior);
      const reservation = {
        orderId: order.id,
        idempotencyKey: key,
        requestHash: hash,
        amountCents,
        reason: input.reason ?? null,
        automatic: false,
        createdById: caller.userId,
      };
      const reserved = await repo.reserveRefund(caller.accountId, reservation);
      if ('kind' in reserved) {
        if (reserved.kind === 'nothing_captured') throw new ConflictError('PAYMENT_NOTHING_CAPTURED', { number: order.number });
        throw fieldError(422, 'PAYMENT_REFUND_ABOVE_CAPTURED', 'amount', { amount: brl(amountCents ?? 0n), refundable: brl(reserved.refundableCents) });
      }
      if (reserved.replay) return replay(reserved.refund);
      await execute(caller.accountId, reserved.refund);
      // A total refund gives back what is left on every payment of the order (the difference charged after picking too).
      if (amountCents === null) {
        for (const t of await repo.refundable(caller.accountId, order.id)) {
          const more = await repo.reserveRefund(caller.accountId, { ...reservation, transactionId: t.id, idempotencyKey: `${key}#${t.id}` });
          if (!('kind' in more) && !more.replay) await execute(caller.accountId, more.refund);
        }
      }
      return { replayed: false, body: await refundAnswer(caller.accountId, reserved.refund, lang) };
    },

    /**
     * A provider's notification: 401 (no effect) unless its signature is right; recorded once by
     * event id (a replay answers `duplicate`); the payment's new state applied to its transaction and
     * the order moved after it (captured → paid).
     */
    async webhook(providerName: PaymentProviderName, req: WebhookRequest) {
      const provider = providers.byName(providerName);
      const event = provider?.verifyWebhook(req);
      if (!provider || !event) throw new UnauthorizedError('PAYMENT_WEBHOOK_SIGNATURE');
      if (await repo.eventExists(provider.name, event.eventId)) return { received: true as const, outcome: 'duplicate' as const };
      let state: PaymentState | null = null;
      if (event.reference) {
        try {
          state = await provider.stateAfter(event, req);
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
          // The provider sends the notification again when it is not acknowledged.
          log.warn({ err, event_id: event.eventId }, 'payment hub: payment state not read back');
          throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'PAYMENT_PROVIDER_UNAVAILABLE');
        }
      }
      const change = state
        ? {
            status: state.status,
            capturedCents: state.capturedCents,
            refusalCode: state.refusalCode ?? null,
            refusalReason: state.status === 'refused' ? describeRefusal(state.refusalCode ?? 'other').reason : null,
          }
        : null;
      const applied = await repo.applyEvent(provider.name, { eventId: event.eventId, type: event.type, payload: req.body }, event.reference, change);
      if (applied.outcome === 'processed' && applied.after?.status === 'captured') await captured(applied.after);
      return { received: true as const, outcome: applied.outcome };
    },

    /**
     * Asks the providers again about the refunds they kept in process (answered more than a minute
     * ago): each one settled or failed since is recorded as if it had been answered so at once.
     */
    async settlePendingRefunds() {
      for (const r of await repo.pendingRefunds(new Date(Date.now() - 60_000), 200)) {
        const provider = providers.byName(r.transaction.provider as PaymentProviderName);
        if (!provider || !r.transaction.providerReference || !r.providerReference) continue;
        let status: RefundStatus;
        try {
          status = await provider.refundState(r.transaction.providerReference, r.providerReference);
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
          log.warn({ err, refund_id: r.id }, 'payment hub: refund state not read back');
          continue;
        }
        if (status !== 'pending') await recordOutcome(r.transaction.accountId, r, r.transaction.orderId, status, r.providerReference, true);
      }
    },

    /** Registers a listener of every refund sent to a provider (its order), told after it was recorded. */
    onRefund(listener: (accountId: number, orderId: number) => Promise<void> | void) {
      refundListeners.push(listener);
    },

    /** What was given back of the order's payments otherwise than by adjusting to its final total (a member's refunds, a cancel), in cents. */
    refundedCents: async (accountId: number, orderId: number) => Number((await repo.balance(accountId, orderId)).refundedCents),

    /**
     * Hears the orders' transitions: a canceled order's waiting payments are voided and what it paid
     * is refunded, as is what is left of an order moved to refunded; an order leaving the store gets
     * back what was charged beyond its final total.
     */
    async onTransition(t: OrderTransition) {
      if (SETTLES_AT.includes(t.to)) return settle(t.accountId, t.order.id);
      // Moved to refunded by a member: what is left goes back (after the hub's own total refund, nothing is).
      if (t.to === 'refunded') return refundAll(t.accountId, t.order.id, 'refunded');
      if (t.to !== 'canceled') return;
      await cancelWaiting(t.accountId, t.order.id);
      if (t.from === null || AFTER_PAYMENT.includes(t.from) || t.from === 'payment_pending') await refundAll(t.accountId, t.order.id);
    },
  };
}
export type PaymentHubService = ReturnType<typeof createPaymentHubService>;

/** Thrown for a refund's Idempotency-Key header that is missing or malformed. */
export const idempotencyKeyError = (message: string) =>
  new ValidationError('VALIDATION_ERROR', { field: 'Idempotency-Key', detail: message }, [{ field: 'Idempotency-Key', code: 'header', message }]);
