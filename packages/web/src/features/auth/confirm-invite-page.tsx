import { Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { components } from '../../shared/api/schema';
import { formatDateTime } from '../../shared/ui/format';
import { AuthCard } from './auth-card';
import { AuthNotice } from './auth-notice';
import { inviteQuery, useActivateInvite } from './api';
import { errorMessage } from './error-message';
import { FormError } from './form-error';
import { ExistingUserInviteForm, NewUserInviteForm, isInviteCode } from './schemas';
import { NewPasswordFields } from './new-password-fields';
import { t } from '../../i18n';

type InviteInfo = components['schemas']['InviteInfo'];

const toLogin = { to: '/login', label: t('auth.backToLogin') } as const;

/** The link from the invite e-mail: checks the code, then accepts the invite and signs in. */
export function ConfirmInvitePage({ code }: { code?: string }) {
  if (!isInviteCode(code)) {
    return <AuthNotice title={t('auth.confirmInvite.invalidTitle')} message={t('auth.confirmInvite.missingCode')} link={toLogin} />;
  }
  return <CheckedInvite code={code} />;
}

function CheckedInvite({ code }: { code: string }) {
  const invite = useQuery(inviteQuery(code));
  if (invite.isPending) {
    return (
      <AuthCard title={t('auth.confirmInvite.title')}>
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text c="dimmed">{t('auth.confirmInvite.loading')}</Text>
        </Group>
      </AuthCard>
    );
  }
  if (invite.isError) {
    return (
      <AuthNotice
        title={t('auth.confirmInvite.invalidTitle')}
        message={errorMessage(invite.error)}
        hint={t('auth.confirmInvite.invalidHint')}
        link={toLogin}
      />
    );
  }
  return <AcceptInvite code={code} invite={invite.data} />;
}

function AcceptInvite({ code, invite }: { code: string; invite: InviteInfo }) {
  const navigate = useNavigate();
  const activate = useActivateInvite();
  const existing = invite.user_exists;
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: invite.name, password: '', confirmation: '' },
    validate: schemaResolver(existing ? ExistingUserInviteForm : NewUserInviteForm, { sync: true }),
  });
  const submit = form.onSubmit(({ name, password }) =>
    activate.mutate(existing ? { code, password } : { code, name, password }, {
      onSuccess: () => void navigate({ to: '/', replace: true }),
    }),
  );

  return (
    <AuthCard
      title={t('auth.confirmInvite.title')}
      subtitle={t('auth.confirmInvite.invitedTo', { account: invite.account_name })}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('auth.confirmInvite.email')} value={invite.email} readOnly variant="filled" autoComplete="username" />
          {existing ? (
            <>
              <Text size="sm">{t('auth.confirmInvite.existingHint', { account: invite.account_name })}</Text>
              <PasswordInput
                label={t('auth.confirmInvite.currentPassword')}
                autoComplete="current-password"
                required
                data-autofocus
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
            </>
          ) : (
            <>
              <TextInput label={t('auth.confirmInvite.name')} autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
              <NewPasswordFields form={form} passwordLabel={t('auth.confirmInvite.password')} confirmationLabel={t('auth.confirmInvite.confirmation')} />
            </>
          )}
          {activate.isError && <FormError>{errorMessage(activate.error)}</FormError>}
          <Button type="submit" loading={activate.isPending} fullWidth>
            {t('auth.confirmInvite.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('auth.confirmInvite.expires', { date: formatDateTime(invite.expires_at) })}
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
