import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { InviteBody, type Role } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { accessModulesQuery } from '../../shared/account/queries';
import { PageHeader } from '../../shared/components/page-header';
import { notifyError } from '../../shared/ui/notify';
import { useAccountId, useInviteUser } from './api';
import { AccessModuleTree } from './access-module-tree';
import { BackToUsers } from './back-to-users';
import { isRole, roleOptions } from './roles';
import { useIsAccountAdmin } from './use-is-admin';
import { t } from '../../i18n';

interface InviteValues {
  name: string;
  email: string;
  role: Role;
  access_module_ids: number[];
  /** Not sent: whether `access_module_ids` applies. */
  restrict: boolean;
}

const checkBody = schemaResolver(InviteBody, { sync: true });

function validate({ restrict, ...body }: InviteValues) {
  const errors = checkBody(body);
  if (restrict && body.access_module_ids.length === 0) errors.access_module_ids = t('users.new.modulesRequired');
  return errors;
}

/** Invites a person to the account by e-mail, optionally limited to some access modules. */
export function InviteUserPage() {
  const navigate = useNavigate();
  const isAdmin = useIsAccountAdmin();
  const { data: modules = [] } = useQuery(accessModulesQuery(useAccountId()));
  const invite = useInviteUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<InviteValues>({
    initialValues: { name: '', email: '', role: 'operator', access_module_ids: [], restrict: false },
    validate,
  });

  const submit = form.onSubmit(({ restrict, access_module_ids, ...body }) => {
    setServerError(null);
    invite.mutate(
      { ...body, access_module_ids: restrict ? access_module_ids : undefined },
      {
        onSuccess: () => void navigate({ to: '/users/list' }),
        onError: (error) => {
          if (!(error instanceof ApiError)) return notifyError(error);
          if (error.status === 409) form.setFieldError('email', error.message);
          else if (error.status === 422) setServerError(error.message);
          else if (error.status === 400 && error.details?.length) error.details.forEach((d) => form.setFieldError(d.field, d.message));
          else notifyError(error);
        },
      },
    );
  });

  return (
    <Stack gap="lg">
      <PageHeader title={t('users.new.title')} description={t('users.new.subtitle')} back={<BackToUsers />} />
      {!isAdmin ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
          {t('users.adminOnly')}
        </Alert>
      ) : (
        <Card withBorder radius="md" padding="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {serverError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} withCloseButton onClose={() => setServerError(null)}>
                  {serverError}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('users.form.name')} required autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
                <TextInput label={t('users.form.email')} type="email" required autoComplete="off" key={form.key('email')} {...form.getInputProps('email')} />
              </SimpleGrid>
              <Select
                label={t('users.form.role')}
                data={roleOptions()}
                required
                allowDeselect={false}
                maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
                key={form.key('role')}
                {...form.getInputProps('role')}
                onChange={(value) => isRole(value) && form.setFieldValue('role', value)}
              />
              <Stack gap={4}>
                <Switch label={t('users.new.restrict')} key={form.key('restrict')} {...form.getInputProps('restrict', { type: 'checkbox' })} />
                <Text size="xs" c="dimmed" pl={54}>
                  {t('users.new.restrictHint')}
                </Text>
              </Stack>
              {form.values.restrict && (
                <AccessModuleTree
                  modules={modules}
                  value={form.values.access_module_ids}
                  onChange={(ids) => form.setFieldValue('access_module_ids', ids)}
                  error={form.errors.access_module_ids as string | undefined}
                />
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" component={Link} to="/users/list">
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={invite.isPending} leftSection={<IconSend size={16} />}>
                  {t('users.new.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
