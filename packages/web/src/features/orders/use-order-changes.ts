import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { useSession } from '../../shared/session/session';
import type { OrderChange } from './types';

/**
 * Listens to the account's `order_changed` events while the screen is open. Its own socket: the
 * app-wide one only forwards notifications and chats.
 */
export function useOrderChanges(onChange: (change: OrderChange) => void) {
  const token = useSession()?.token;
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket'] });
    socket.on('order_changed', (change: OrderChange) => handler.current(change));
    return () => {
      socket.disconnect();
    };
  }, [token]);
}
