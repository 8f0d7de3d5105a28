import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChangePasswordBody, UpdateProfileBody } from '@backoffice/contracts';
import { api, unwrap } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import { getSession, setSession } from '../../shared/session/session';
import { notifySuccess } from '../../shared/ui/notify';
import { t } from '../../i18n';

export type Profile = components['schemas']['Profile'];

/** The profile belongs to the person, not to the account. */
export const profileKeys = {
  me: (userId: number) => ['user', userId, 'profile'] as const,
};

export const profileQuery = (userId: number) =>
  queryOptions({
    queryKey: profileKeys.me(userId),
    queryFn: () => unwrap(api.GET('/api/user/profile')),
  });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateProfileBody>) => unwrap(api.PUT('/api/user/profile', { body })),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.me(profile.id), profile);
      // The top bar shows the stored session's name.
      const session = getSession();
      if (session) setSession({ ...session, user: { ...session.user, name: profile.name, language: profile.language } });
      notifySuccess(t('profile.info.success'));
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof ChangePasswordBody>) => unwrap(api.POST('/api/user/change-password', { body })),
    onSuccess: ({ message }) => notifySuccess(message),
  });
}
