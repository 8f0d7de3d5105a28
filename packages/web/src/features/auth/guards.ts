import { redirect } from '@tanstack/react-router';
import { getSession } from '../../shared/session/session';
import { safeCallback } from './safe-callback';

/** The sign-in pages are for signed-out visitors: a signed-in one goes on to where they were heading. */
export function redirectIfSignedIn(callbackUrl: string | undefined) {
  if (getSession()) throw redirect({ href: safeCallback(callbackUrl), replace: true });
}
