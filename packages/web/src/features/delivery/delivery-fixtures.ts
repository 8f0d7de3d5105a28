import type { Delivery, DeliveryDashboard, DeliveryFigures } from './api';

const figures = (f: Partial<DeliveryFigures> = {}): DeliveryFigures => ({
  deliveries: 0,
  delivered: 0,
  on_time: 0,
  with_window: 0,
  on_time_rate: null,
  failed: 0,
  canceled: 0,
  average_minutes: null,
  ...f,
});

/** Two days of deliveries of Bom Preço, in two regions, by two couriers. */
export const DASHBOARD: DeliveryDashboard = {
  from: '2026-11-24',
  to: '2026-11-25',
  location_id: null,
  totals: figures({ deliveries: 12, delivered: 9, on_time: 7, with_window: 8, on_time_rate: 0.875, failed: 2, canceled: 1, average_minutes: 42.5 }),
  per_day: [
    { date: '2026-11-24', ...figures({ deliveries: 5, delivered: 4, on_time: 3, with_window: 4, on_time_rate: 0.75, failed: 1, average_minutes: 40 }) },
    { date: '2026-11-25', ...figures({ deliveries: 7, delivered: 5, on_time: 4, with_window: 4, on_time_rate: 1, failed: 1, canceled: 1, average_minutes: 44.5 }) },
  ],
  regions: [
    { region_id: 3, name: 'Pinheiros', ...figures({ deliveries: 8, delivered: 6, on_time: 5, with_window: 6, on_time_rate: 0.8333, failed: 1, canceled: 1, average_minutes: 38 }) },
    { region_id: null, name: 'Sem região', ...figures({ deliveries: 4, delivered: 3, on_time: 2, with_window: 2, on_time_rate: 1, failed: 1, average_minutes: 51.5 }) },
  ],
  couriers: [
    { name: 'Juliana Ferreira', vehicle: 'Moto', ...figures({ deliveries: 6, delivered: 6, on_time: 5, with_window: 6, on_time_rate: 0.8333, average_minutes: 39 }) },
    { name: 'Rafael Almeida', vehicle: 'Bicicleta elétrica', ...figures({ deliveries: 4, delivered: 3, on_time: 2, with_window: 2, on_time_rate: 1, failed: 1, average_minutes: 49.5 }) },
  ],
};

export const EMPTY_DASHBOARD: DeliveryDashboard = { ...DASHBOARD, totals: figures(), per_day: DASHBOARD.per_day.map((d) => ({ date: d.date, ...figures() })), regions: [], couriers: [] };

/** A delivery of order 42 at `status`, with its timeline so far. */
export function delivery(status: Delivery['status'] = 'requested', over: Partial<Delivery> = {}): Delivery {
  const steps: Delivery['status'][] = ['requested', 'courier_assigned', 'picked_up', 'delivered'];
  const reached: Delivery['status'][] = steps.includes(status) ? steps.slice(0, steps.indexOf(status) + 1) : ['requested', 'courier_assigned', status];
  const active = ['requested', 'courier_assigned', 'picked_up'].includes(status);
  return {
    id: 7,
    order_id: 42,
    order_number: 1007,
    location: { id: 2, name: 'Bom Preço Centro' },
    region: { id: 3, name: 'Pinheiros' },
    provider: 'simulator',
    reference: 'SIM-0A1B2C3D4E5F6A7B',
    status,
    status_label: status,
    active,
    courier: status === 'requested' ? null : { name: 'Juliana Ferreira', vehicle: 'Moto' },
    fee: 10.74,
    distance_km: 3.2,
    eta: '2026-11-25T15:40:00.000Z',
    slot_start: '2026-11-25T13:00:00.000Z',
    slot_end: '2026-11-25T16:00:00.000Z',
    on_time: status === 'delivered' ? true : null,
    requested_at: '2026-11-25T14:50:00.000Z',
    courier_assigned_at: null,
    picked_up_at: null,
    delivered_at: status === 'delivered' ? '2026-11-25T15:32:00.000Z' : null,
    failed_at: null,
    canceled_at: status === 'canceled' ? '2026-11-25T15:00:00.000Z' : null,
    failure_reason: null,
    cancel_reason: status === 'canceled' ? 'Cliente vai retirar na loja' : null,
    events: reached.map((s, i) => ({
      id: i + 1,
      status: s,
      note: s === 'courier_assigned' ? 'Entregador Juliana Ferreira (Moto) a caminho da loja' : null,
      occurred_at: new Date(Date.parse('2026-11-25T14:50:00.000Z') + i * 10 * 60_000).toISOString(),
    })),
    ...over,
  };
}
