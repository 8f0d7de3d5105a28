import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { z } from 'zod';
import { ChangePasswordBody } from '@backoffice/contracts';
import { useChangePassword } from './api';
import { t } from '../../i18n';

/** The contract's body plus the repeated new password, which must match. */
const ChangePasswordValues = ChangePasswordBody.extend({ confirm_password: z.string() }).refine((v) => v.new_password === v.confirm_password, {
  path: ['confirm_password'],
  message: t('profile.password.mismatch'),
});

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm({ mode: 'uncontrolled', initialValues: EMPTY, validate: schemaResolver(ChangePasswordValues, { sync: true }) });
  const submit = form.onSubmit(({ current_password, new_password }) =>
    change.mutate({ current_password, new_password }, { onSuccess: () => form.reset() }),
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={4}>{t('profile.password.title')}</Title>
          <PasswordInput label={t('profile.password.current')} required autoComplete="current-password" key={form.key('current_password')} {...form.getInputProps('current_password')} />
          <PasswordInput
            label={t('profile.password.new')}
            description={t('profile.password.newHint')}
            required
            autoComplete="new-password"
            key={form.key('new_password')}
            {...form.getInputProps('new_password')}
          />
          <PasswordInput label={t('profile.password.confirm')} required autoComplete="new-password" key={form.key('confirm_password')} {...form.getInputProps('confirm_password')} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} leftSection={<IconLock size={16} />}>
              {t('profile.password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
