import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { useSession } from '../../shared/session/session';

/** What the API tells the account's sockets when one of its orders moves or one of their deliveries changes. */
export interface OrderOrDeliveryChange {
  /** order_changed */
  id?: number;
  /** delivery_changed */
  order_id?: number;
}

/**
 * Calls `onChange` when the order, or one of its deliveries, changes (`order_changed`,
 * `delivery_changed`), while the card is shown. Its own socket: the app-wide one only forwards
 * notifications and chats.
 */
export function useDeliveryChanges(orderId: number, onChange: () => void) {
  const token = useSession()?.token;
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket'] });
    const mine = (change: OrderOrDeliveryChange) => {
      if (change.order_id === orderId || change.id === orderId) handler.current();
    };
    socket.on('delivery_changed', mine);
    socket.on('order_changed', mine);
    return () => {
      socket.disconnect();
    };
  }, [token, orderId]);
}
