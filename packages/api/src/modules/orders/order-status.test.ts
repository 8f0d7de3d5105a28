import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '@backoffice/contracts';
import { FINAL_STATUSES, nextStatuses, ORDER_TRANSITIONS, refusal, type OrderFacts } from './order-status.ts';

const order = (status: OrderStatus, facts: Partial<OrderFacts> = {}): OrderFacts => ({
  status,
  fulfilment: 'delivery',
  fraudStatus: 'not_required',
  paysInPerson: false,
  ...facts,
});

/** Every move the table allows, written out: a change to the machine changes this list on purpose. */
const ALLOWED = [
  'created→payment_pending', 'created→paid', 'created→picking', 'created→canceled',
  'payment_pending→paid', 'payment_pending→canceled',
  'paid→picking', 'paid→canceled',
  'picking→picked', 'picking→canceled',
  'picked→ready', 'picked→picking', 'picked→canceled',
  'ready→out_for_delivery', 'ready→awaiting_pickup', 'ready→picking', 'ready→canceled',
  'out_for_delivery→delivered', 'out_for_delivery→ready',
  'awaiting_pickup→picked_up', 'awaiting_pickup→canceled',
  'delivered→refunded', 'picked_up→refunded',
];

describe('order state machine', () => {
  it('allows exactly the listed moves and refuses every other pair of statuses', () => {
    const allowed: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (ORDER_TRANSITIONS[from].includes(to)) allowed.push(`${from}→${to}`);
        else expect(refusal(order(from), to), `${from}→${to}`).toBe('ORDER_TRANSITION_NOT_ALLOWED');
      }
    }
    expect(allowed.sort()).toEqual([...ALLOWED].sort());
  });

  it('ends at canceled and refunded, and every other status reaches one of them', () => {
    for (const s of FINAL_STATUSES) expect(ORDER_TRANSITIONS[s]).toEqual([]);
    const reachesEnd = (s: OrderStatus, seen = new Set<OrderStatus>()): boolean =>
      FINAL_STATUSES.includes(s) || ORDER_TRANSITIONS[s].some((to) => !seen.has(to) && reachesEnd(to, new Set([...seen, s])));
    for (const s of ORDER_STATUSES) expect(reachesEnd(s), s).toBe(true);
  });

  it('starts picking an unpaid order only when it is paid in person', () => {
    expect(refusal(order('created'), 'picking')).toBe('ORDER_NOT_PAID');
    expect(refusal(order('created', { paysInPerson: true }), 'picking')).toBeNull();
    expect(refusal(order('paid'), 'picking')).toBeNull();
  });

  it('holds picking while the fraud analysis is pending and never starts it when denied', () => {
    expect(refusal(order('paid', { fraudStatus: 'pending' }), 'picking')).toBe('ORDER_FRAUD_PENDING');
    expect(refusal(order('paid', { fraudStatus: 'denied' }), 'picking')).toBe('ORDER_FRAUD_DENIED');
    expect(refusal(order('paid', { fraudStatus: 'approved' }), 'picking')).toBeNull();
    expect(refusal(order('created', { paysInPerson: true, fraudStatus: 'pending' }), 'picking')).toBe('ORDER_FRAUD_PENDING');
    // A denied order can still be canceled; a restart of picking already under way is not held.
    expect(refusal(order('paid', { fraudStatus: 'denied' }), 'canceled')).toBeNull();
    expect(refusal(order('picked', { fraudStatus: 'pending' }), 'picking')).toBeNull();
  });

  it('sends a delivery out and waits for a pickup, not the other way round', () => {
    expect(refusal(order('ready'), 'out_for_delivery')).toBeNull();
    expect(refusal(order('ready'), 'awaiting_pickup')).toBe('ORDER_NOT_FOR_PICKUP');
    expect(refusal(order('ready', { fulfilment: 'pickup' }), 'awaiting_pickup')).toBeNull();
    expect(refusal(order('ready', { fulfilment: 'pickup' }), 'out_for_delivery')).toBe('ORDER_NOT_FOR_DELIVERY');
  });

  it("lists the moves an order's card may be dragged to", () => {
    expect(nextStatuses(order('ready'))).toEqual(['out_for_delivery', 'picking', 'canceled']);
    expect(nextStatuses(order('paid', { fraudStatus: 'pending' }))).toEqual(['canceled']);
    expect(nextStatuses(order('created'))).toEqual(['payment_pending', 'paid', 'canceled']);
    expect(nextStatuses(order('delivered'))).toEqual(['refunded']);
  });
});
