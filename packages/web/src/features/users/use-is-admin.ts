import { useQuery } from '@tanstack/react-query';
import { accountInfoQuery } from '../../shared/account/queries';
import { useAccountId } from './api';

/** Whether the signed-in user is an admin of the current account (account-info's first item). */
export function useIsAccountAdmin(): boolean {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  return data?.[0]?.role === 'admin';
}
