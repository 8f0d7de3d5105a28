import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { ApiError } from '../../shared/api/client';
import { notifySuccess } from '../../shared/ui/notify';
import { AuthCard } from './auth-card';
import { AuthNotice } from './auth-notice';
import { BackToLogin } from './back-to-login';
import { useUpdatePassword } from './api';
import { errorMessage } from './error-message';
import { FormError } from './form-error';
import { ResetPasswordForm, isResetCode } from './schemas';
import { NewPasswordFields } from './new-password-fields';
import { t } from '../../i18n';

/** The link from the recovery e-mail: a new password for the code in the URL. */
export function ResetPasswordPage({ code }: { code?: string }) {
  if (!isResetCode(code)) {
    return (
      <AuthNotice
        title={t('auth.resetPassword.invalidTitle')}
        message={t('auth.resetPassword.missingCode')}
        link={{ to: '/forgot-password', label: t('auth.resetPassword.requestNew') }}
      />
    );
  }
  return <NewPasswordForm code={code} />;
}

function NewPasswordForm({ code }: { code: string }) {
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const form = useForm({ mode: 'uncontrolled', initialValues: { password: '', confirmation: '' }, validate: schemaResolver(ResetPasswordForm, { sync: true }) });
  const submit = form.onSubmit(({ password }) =>
    update.mutate(
      { code, password },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          void navigate({ to: '/login', replace: true });
        },
      },
    ),
  );
  // 422: the code was used, expired or replaced by a newer one; only a new link helps.
  const codeRejected = update.error instanceof ApiError && update.error.status === 422;

  return (
    <AuthCard title={t('auth.resetPassword.title')} subtitle={t('auth.resetPassword.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <NewPasswordFields form={form} passwordLabel={t('auth.resetPassword.password')} confirmationLabel={t('auth.resetPassword.confirmation')} autoFocus />
          {update.isError && (
            <FormError>
              <Text size="sm">{errorMessage(update.error)}</Text>
              {codeRejected && (
                <Anchor component={Link} to="/forgot-password" size="sm" fw={600}>
                  {t('auth.resetPassword.requestNew')}
                </Anchor>
              )}
            </FormError>
          )}
          <Button type="submit" loading={update.isPending} fullWidth>
            {t('auth.resetPassword.submit')}
          </Button>
          <BackToLogin />
        </Stack>
      </form>
    </AuthCard>
  );
}
