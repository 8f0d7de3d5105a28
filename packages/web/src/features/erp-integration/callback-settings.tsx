import { Button, Card, Group, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconKey, IconRefresh, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ErpCallbackBody } from '@backoffice/contracts';
import { ApiError } from '../../shared/api/client';
import { useConfirmModal } from '../../shared/components/confirm-modal';
import { formatDateTime } from '../../shared/ui/format';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { t } from '../../i18n';
import { useRotateErpSecret, useSaveErpCallback, useTestErpCallback, type ErpCallbackConfig } from './api';
import { SecretModal } from './secret-modal';

interface Values {
  url: string;
  enabled: boolean;
}
const check = schemaResolver(ErpCallbackBody, { sync: true });
const toBody = (v: Values) => ({ url: v.url.trim() || null, enabled: v.enabled });

/** The callback URL and switch, the signing secret (shown once: on enabling, or when rotated) and a test send. */
export function CallbackSettings({ config }: { config: ErpCallbackConfig | undefined }) {
  const save = useSaveErpCallback();
  const rotate = useRotateErpSecret();
  const test = useTestErpCallback();
  const confirm = useConfirmModal();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: { url: '', enabled: false }, validate: (v) => check(toBody(v)) });

  useEffect(() => {
    if (config) form.setInitialValues({ url: config.url ?? '', enabled: config.enabled });
    if (config && !form.isDirty()) form.setValues({ url: config.url ?? '', enabled: config.enabled });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form follows the saved settings, not itself
  }, [config]);

  if (!config)
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack>{[0, 1, 2].map((i) => <Skeleton key={i} height={32} />)}</Stack>
      </Card>
    );

  const submit = form.onSubmit((values) =>
    save.mutate(toBody(values), {
      onSuccess: (saved) => {
        notifySuccess(t('erpIntegration.callback.saved'));
        form.resetDirty({ url: saved.url ?? '', enabled: saved.enabled });
        if (saved.secret) setSecret(saved.secret);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.details?.length) error.details.forEach((d) => form.setFieldError(d.field, d.message));
        else notifyError(error);
      },
    }),
  );

  const askRotate = () =>
    confirm.open({
      title: t('erpIntegration.callback.rotateConfirm.title'),
      message: t('erpIntegration.callback.rotateConfirm.message'),
      confirmLabel: t('erpIntegration.callback.rotate'),
      confirmColor: 'orange',
      onConfirm: async () => setSecret((await rotate.mutateAsync()).secret),
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="erp-callback-settings">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={4}>{t('erpIntegration.callback.settingsTitle')}</Title>
            <Text size="sm" c="dimmed">
              {t('erpIntegration.callback.settingsHint')}
            </Text>
          </Stack>
          <TextInput
            label={t('erpIntegration.callback.url')}
            description={t('erpIntegration.callback.urlHint')}
            placeholder={t('erpIntegration.callback.urlPlaceholder')}
            {...form.getInputProps('url')}
          />
          <Switch label={t('erpIntegration.callback.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <IconKey size={18} style={{ marginTop: 2, flexShrink: 0 }} />
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {t('erpIntegration.callback.secret')}
              </Text>
              <Text size="sm" c="dimmed" data-testid="erp-secret-hint">
                {config.secret_hint && config.secret_created_at
                  ? t('erpIntegration.callback.secretHint', { hint: config.secret_hint, date: formatDateTime(config.secret_created_at) })
                  : t('erpIntegration.callback.noSecret')}
              </Text>
            </Stack>
          </Group>
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={askRotate} loading={rotate.isPending}>
                {t('erpIntegration.callback.rotate')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconSend size={16} />}
                disabled={!config.enabled || form.isDirty()}
                loading={test.isPending}
                onClick={() => test.mutate(undefined, { onSuccess: () => notifySuccess(t('erpIntegration.callback.testQueued')) })}
              >
                {t('erpIntegration.callback.test')}
              </Button>
            </Group>
            <Button type="submit" loading={save.isPending}>
              {t('erpIntegration.callback.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      {confirm.modal}
    </Card>
  );
}
