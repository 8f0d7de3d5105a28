import { createHash, randomUUID } from 'node:crypto';
import type { DeliveryWebhookInput } from '@backoffice/contracts';
import type { JobQueue } from '../../lib/queue.ts';
import type { CreatedDelivery, DeliveryProvider, DeliveryQuote, DeliveryRequest, SimulatedOutcome } from './delivery-provider.ts';
import { signDeliveryUpdate, verifyDeliveryUpdate } from './delivery-signing.ts';

/** The simulator's couriers: one is assigned to each delivery, by its reference. */
export const SIMULATED_COURIERS = [
  { name: 'Carlos Eduardo Souza', vehicle: 'Moto' },
  { name: 'Juliana Ferreira', vehicle: 'Moto' },
  { name: 'Rafael Almeida', vehicle: 'Bicicleta elétrica' },
  { name: 'Patrícia Gomes', vehicle: 'Carro' },
  { name: 'Thiago Nascimento', vehicle: 'Moto' },
  { name: 'Larissa Ribeiro', vehicle: 'Bicicleta' },
] as const;

/** Why a simulated delivery did not arrive. */
export const SIMULATED_REASONS: Record<Exclude<SimulatedOutcome, 'delivered'>, string> = {
  failed: 'Cliente ausente no endereço após três tentativas de contato',
  returned: 'Endereço não localizado: pedido devolvido à loja',
};

/** The steps of a simulated courier after the request: assigned, picked up at the store, then the outcome. */
export const SIMULATOR_STEPS = 3;

export interface SimulatorOptions {
  secret: string;
  queue: Pick<JobQueue, 'add'>;
  /** Waits before each step; null: nothing moves until someone sends the updates (tests step them). */
  delaysMs: { assign: number; pickup: number; finish: number } | null;
  /** Share of deliveries that fail or come back when the outcome is not given. */
  failureRate: number;
  /** The provider's view of a delivery's status (the hub's record of it). */
  statusOf: (reference: string) => Promise<string | null>;
  random?: () => number;
  clock?: () => Date;
}

const RAD = Math.PI / 180;
/** Distance over the road: the great-circle distance times a detour factor. */
function roadMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLng = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(h)) * 1.3);
}

const hashOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

/** The courier the simulator assigns to a delivery (the same one on every replay). */
export const simulatedCourier = (reference: string) => SIMULATED_COURIERS[hashOf(reference) % SIMULATED_COURIERS.length]!;

/**
 * The simulator's quote: the distance from the store to the address (or, without coordinates, a
 * plausible one by order), R$ 6,90 plus R$ 1,20 a km, and arrival 15 minutes plus 3 a km from now.
 */
export function simulatedQuote(r: DeliveryRequest, now: Date): DeliveryQuote {
  const { store, dropoff } = r;
  const distanceMeters =
    store.latitude !== null && store.longitude !== null && dropoff.latitude !== null && dropoff.longitude !== null
      ? roadMeters({ latitude: store.latitude, longitude: store.longitude }, { latitude: dropoff.latitude, longitude: dropoff.longitude })
      : 1_500 + (hashOf(`order-${r.orderId}`) % 60) * 100;
  const km = distanceMeters / 1000;
  return { distanceMeters, feeCents: 690 + Math.round(km * 120), etaAt: new Date(now.getTime() + (15 + Math.round(km * 3)) * 60_000) };
}

/** The update the simulated courier sends at `step` (1: assigned, 2: picked up, 3: the outcome). */
export function simulatedUpdate(reference: string, step: number, outcome: SimulatedOutcome, now: Date): DeliveryWebhookInput {
  const base = { event_id: `${reference}:${step}`, reference, occurred_at: now.toISOString() };
  if (step === 1) return { ...base, status: 'courier_assigned', courier: { ...simulatedCourier(reference) } };
  if (step === 2) return { ...base, status: 'picked_up', eta: new Date(now.getTime() + 25 * 60_000).toISOString() };
  if (outcome === 'delivered') return { ...base, status: 'delivered' };
  return { ...base, status: outcome, reason: SIMULATED_REASONS[outcome] };
}

/** The job id of a simulated delivery's step: each is queued once. */
export const simulatorJobId = (reference: string, step: number) => `delivery-sim:${reference}:${step}`;

/**
 * The local courier provider (DESIGN §6): quotes by distance, and once a delivery is recorded plays
 * it out through jobs on the app's queue — a courier assigned, the order picked up, then delivered
 * (or failed / returned) — each step sent to the hub as a signed webhook, as a real provider would.
 */
export function createDeliverySimulator(o: SimulatorOptions): DeliveryProvider & {
  /** Queues the step after a delay (none when the simulator is stepped by hand). */
  schedule(reference: string, step: number, outcome: SimulatedOutcome): Promise<void>;
  /** A signed update, as the simulator sends it. */
  signed(update: DeliveryWebhookInput): { body: DeliveryWebhookInput; signature: string };
} {
  const random = o.random ?? Math.random;
  const now = o.clock ?? (() => new Date());
  const delayOf = (step: number) => (step === 1 ? o.delaysMs!.assign : step === 2 ? o.delaysMs!.pickup : o.delaysMs!.finish);

  const schedule = async (reference: string, step: number, outcome: SimulatedOutcome) => {
    if (!o.delaysMs || step > SIMULATOR_STEPS) return;
    await o.queue.add('delivery.simulate', { reference, step, outcome }, { jobId: simulatorJobId(reference, step), delayMs: delayOf(step) || undefined });
  };

  const pickOutcome = (): SimulatedOutcome => {
    if (random() >= o.failureRate) return 'delivered';
    return random() < 0.5 ? 'failed' : 'returned';
  };

  return {
    name: 'simulator',
    async quote(r) {
      return simulatedQuote(r, now());
    },
    async create(r, { outcome }): Promise<CreatedDelivery> {
      const reference = `SIM-${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
      const chosen = outcome ?? pickOutcome();
      return { reference, ...simulatedQuote(r, now()), start: () => schedule(reference, 1, chosen) };
    },
    // The courier stops at its next step: the job finds the delivery no longer active.
    async cancel() {},
    status: (reference) => o.statusOf(reference),
    verify: (body, signature) => verifyDeliveryUpdate(o.secret, body, signature),
    schedule,
    signed: (update) => ({ body: update, signature: signDeliveryUpdate(o.secret, update) }),
  };
}
export type DeliverySimulator = ReturnType<typeof createDeliverySimulator>;
