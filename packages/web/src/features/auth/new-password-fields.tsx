import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { t } from '../../i18n';

interface Props<T extends { password: string; confirmation: string }> {
  form: UseFormReturnType<T>;
  passwordLabel: string;
  confirmationLabel: string;
  autoFocus?: boolean;
}

/** A new password and its confirmation, with the password rules as a hint (reset and invite). */
export function NewPasswordFields<T extends { password: string; confirmation: string }>({ form, passwordLabel, confirmationLabel, autoFocus }: Props<T>) {
  return (
    <>
      <PasswordInput
        label={passwordLabel}
        description={t('auth.validation.passwordHint')}
        autoComplete="new-password"
        required
        data-autofocus={autoFocus || undefined}
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput label={confirmationLabel} autoComplete="new-password" required key={form.key('confirmation')} {...form.getInputProps('confirmation')} />
    </>
  );
}
