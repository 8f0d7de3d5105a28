import { useQuery } from '@tanstack/react-query';
import { accountInfoQuery } from '../../../shared/account/queries';
import { useAccountId } from './api';

/** Admins and managers create audiences (the API's write roles). */
export function useCanWriteAudiences(): boolean {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  const role = data?.[0]?.role;
  return role === 'admin' || role === 'manager';
}
