import { useQuery } from '@tanstack/react-query';
import { accountInfoQuery } from '../../shared/account/queries';
import { useAccountId } from './api';

/** Admins and managers change stores and their users (the API's writers); the other roles only see them. */
export function useCanEditLocations(): boolean {
  const { data } = useQuery(accountInfoQuery(useAccountId()));
  const role = data?.[0]?.role;
  return role === 'admin' || role === 'manager';
}
