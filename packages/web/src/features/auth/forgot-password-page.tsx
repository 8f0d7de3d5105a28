import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { PasswordRecoveryBody } from '@backoffice/contracts';
import { AuthCard } from './auth-card';
import { BackToLogin } from './back-to-login';
import { useRequestPasswordRecovery } from './api';
import { errorMessage } from './error-message';
import { FormError } from './form-error';
import { t } from '../../i18n';

/** Asks for a reset link; the answer is the same whether or not the e-mail is registered. */
export function ForgotPasswordPage() {
  const recovery = useRequestPasswordRecovery();
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '' }, validate: schemaResolver(PasswordRecoveryBody, { sync: true }) });

  if (recovery.isSuccess) {
    return (
      <AuthCard title={t('auth.forgotPassword.sentTitle')}>
        <Alert color="green" variant="light" icon={<IconMailCheck size={20} />} role="status">
          {recovery.data.message}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('auth.forgotPassword.sentHint')}
        </Text>
        <Stack gap="xs">
          <Button variant="default" fullWidth onClick={() => recovery.reset()}>
            {t('auth.forgotPassword.again')}
          </Button>
          <BackToLogin />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgotPassword.title')} subtitle={t('auth.forgotPassword.subtitle')}>
      <form onSubmit={form.onSubmit((values) => recovery.mutate(values))} noValidate>
        <Stack>
          <TextInput
            label={t('auth.forgotPassword.email')}
            type="email"
            autoComplete="email"
            required
            data-autofocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          {recovery.isError && <FormError>{errorMessage(recovery.error)}</FormError>}
          <Button type="submit" loading={recovery.isPending} fullWidth>
            {t('auth.forgotPassword.submit')}
          </Button>
          <BackToLogin />
        </Stack>
      </form>
    </AuthCard>
  );
}
