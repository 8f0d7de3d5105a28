import { createFileRoute, redirect } from '@tanstack/react-router';
import { clearSession } from '../shared/session/session';

/** Clears every persisted key and the cache, then goes to /login (the socket closes with the layout). */
export const Route = createFileRoute('/logout')({
  beforeLoad: ({ context }) => {
    clearSession();
    context.queryClient.clear();
    throw redirect({ to: '/login', replace: true });
  },
});
