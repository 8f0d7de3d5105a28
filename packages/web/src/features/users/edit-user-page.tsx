import { Alert, Button, Card, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ChangeRoleBody, type Role } from '@backoffice/contracts';
import { Field } from '../../shared/components/field';
import { PageHeader } from '../../shared/components/page-header';
import { formatDateTime } from '../../shared/ui/format';
import { useAccountId, useChangeRole, userQuery } from './api';
import { BackToUsers } from './back-to-users';
import { UserStatusBadge } from './user-status-badge';
import { isRole, roleOptions } from './roles';
import { useIsAccountAdmin } from './use-is-admin';
import { t } from '../../i18n';

/** A member of the account (loaded by the route) and the form that changes their role. */
export function EditUserPage({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const isAdmin = useIsAccountAdmin();
  const { data: user } = useSuspenseQuery(userQuery(useAccountId(), userId));
  const changeRole = useChangeRole();
  const form = useForm<{ user_id: number; role: Role }>({
    initialValues: { user_id: user.id, role: user.role },
    validate: schemaResolver(ChangeRoleBody, { sync: true }),
  });
  const submit = form.onSubmit((body) => changeRole.mutate(body, { onSuccess: () => void navigate({ to: '/users/list' }) }));

  return (
    <Stack gap="lg">
      <PageHeader title={t('users.edit.title')} description={user.name} back={<BackToUsers />} />
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
          <Field label={t('users.form.name')}>{user.name}</Field>
          <Field label={t('users.form.email')}>{user.email}</Field>
          <Field label={t('users.form.status')}>
            <UserStatusBadge status={user.status} />
          </Field>
          <Field label={t('users.form.lastAccess')}>{user.last_login_at ? formatDateTime(user.last_login_at) : t('users.neverAccessed')}</Field>
          <Field label={t('users.form.createdAt')}>{formatDateTime(user.created_at)}</Field>
          <Field label={t('users.form.modules')}>
            {user.all_modules ? t('users.form.allModules') : t('users.form.modulesCount', { count: user.access_module_ids.length })}
          </Field>
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {!isAdmin && (
              <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
                {t('users.adminOnly')}
              </Alert>
            )}
            <Select
              label={t('users.form.role')}
              description={t('users.edit.roleHint')}
              data={roleOptions()}
              allowDeselect={false}
              disabled={!isAdmin}
              maw={360}
              {...form.getInputProps('role')}
              onChange={(value) => isRole(value) && form.setFieldValue('role', value)}
            />
            {isAdmin && (
              <Group justify="flex-end" gap="sm">
                <Button variant="default" component={Link} to="/users/list">
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={changeRole.isPending} disabled={!form.isDirty()} leftSection={<IconDeviceFloppy size={16} />}>
                  {t('users.edit.submit')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
