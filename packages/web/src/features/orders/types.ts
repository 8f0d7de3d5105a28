import type { components } from '../../shared/api/schema';

export type OrderCard = components['schemas']['OrderCard'];
export type FullOrder = components['schemas']['FullOrder'];
export type Order = components['schemas']['Order'];
export type OrderItem = components['schemas']['OrderItem'];
export type OrderEvent = components['schemas']['OrderEvent'];
export type OrderBoard = components['schemas']['OrderBoard'];

/** What the API tells the account's sockets when an order is created or moves. */
export interface OrderChange {
  id: number;
  number: number;
  location_id: number;
  from_status: string | null;
  status: string;
  version: number;
}
