import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { AuthenticateBody } from '@backoffice/contracts';
import { AuthCard } from './auth-card';
import { useSignIn } from './api';
import { safeCallback } from './safe-callback';
import { t } from '../../i18n';

/** Sign-in; returns to `callback_url` (a path of this site) afterwards. */
export function LoginPage({ callbackUrl, origin }: { callbackUrl?: string; origin?: string }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '', password: '' }, validate: schemaResolver(AuthenticateBody, { sync: true }) });
  const submit = form.onSubmit((values) =>
    signIn.mutate(values, { onSuccess: () => void navigate({ href: safeCallback(callbackUrl), replace: true }) }),
  );
  return (
    <AuthCard title={t('auth.login.title')} subtitle={origin ? t('auth.login.from', { origin }) : t('auth.login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('auth.login.email')} type="email" autoComplete="username" required key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordInput label={t('auth.login.password')} autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')} />
          <Button type="submit" loading={signIn.isPending} fullWidth>
            {t('auth.login.submit')}
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/forgot-password">
              {t('auth.login.forgot')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
