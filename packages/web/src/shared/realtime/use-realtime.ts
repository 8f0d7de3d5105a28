import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { notifications } from '@mantine/notifications';

interface AppNotification {
  id: number;
  title: string;
  body: string;
}

/** Opens the realtime socket while signed in (events whatsapp and app_notification); closes on logout. */
export function useRealtime(token: string | undefined) {
  useEffect(() => {
    if (!token) return;
    const socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket'] });
    socket.on('app_notification', (n: AppNotification) => {
      notifications.show({ id: `app-notification-${n.id}`, title: n.title, message: n.body, autoClose: 8000 });
    });
    socket.on('whatsapp', (payload: unknown) => {
      window.dispatchEvent(new CustomEvent('bo:whatsapp', { detail: payload }));
    });
    return () => {
      socket.disconnect();
    };
  }, [token]);
}
