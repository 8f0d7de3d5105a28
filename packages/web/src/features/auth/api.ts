import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api/client';
import { setSession } from '../../shared/session/session';

export const useSignIn = () =>
  useMutation({
    mutationFn: async (body: { email: string; password: string }) => {
      const session = await unwrap(api.POST('/authenticate', { body }));
      setSession(session);
      return session;
    },
  });
